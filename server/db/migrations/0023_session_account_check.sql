-- When the session's Firebase account was last found neither disabled nor deleted; until the first check the
-- session's own creation counts, as the sign-in that made it proved the account then.
ALTER TABLE sessions ADD COLUMN account_checked_at timestamptz;
-- Why a revoked session was revoked when it was not a sign-out: the SessionEndCode its next use answers with
-- (ACCOUNT_DISABLED when the account was ended in Firebase). NULL answers SESSION_REVOKED.
ALTER TABLE sessions ADD COLUMN revoked_code text;
