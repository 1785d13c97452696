-- The person's data rights under the DPDP Act 2023 (consents, a copy of their data, erasure) and the shop's audit log.

-- The shop's audit log: who did what to which record, when, from which address, and why. Every staff action and every
-- use of a person's data rights writes a row; nothing updates or deletes one. `actor_user_id` NULL is the system
-- itself; `subject_user_id` is the person whose data it is. No foreign keys: a row outlives what it describes.
-- A row about an erasure holds ids and counts only, never the person's name, e-mail, phone or address.
CREATE TABLE audit_log (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at              timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor_user_id   text,
  actor_role      text,
  actor_ip        text,
  -- `<entity>.<what happened>`, e.g. consent.granted, data.exported, erasure.completed.
  action          text NOT NULL,
  entity          text NOT NULL,
  entity_id       text,
  subject_user_id text,
  before          jsonb,
  after           jsonb,
  reason          text
);
CREATE INDEX audit_log_subject_at_idx ON audit_log (subject_user_id, at DESC);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);

-- One row per purpose the person has answered; no row means never asked (not granted).
CREATE TABLE consents (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('marketing', 'ebook', 'questionnaires', 'research')),
  granted    boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose)
);

-- GAD-7 and PSQI results, kept only while the person consents to `questionnaires`. The questionnaires that fill this
-- table arrive with a later change; the data rights already export these rows, and erase them when the consent is
-- withdrawn or the account is erased.
CREATE TABLE questionnaire_responses (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  instrument text NOT NULL CHECK (instrument IN ('gad7', 'psqi')),
  score      integer NOT NULL CHECK (score >= 0),
  answers    jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX questionnaire_responses_user_idx ON questionnaire_responses (user_id, created_at DESC);

-- A person's request to erase their account, completed by staff by `due_by`.
CREATE TABLE erasure_requests (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'cancelled')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  due_by       timestamptz NOT NULL,
  completed_at timestamptz,
  -- The staff member who completed it.
  completed_by text REFERENCES users (id),
  cancelled_at timestamptz,
  reason       text,
  CHECK ((status = 'completed') = (completed_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))
);
-- At most one pending request per person: a second one is refused rather than queued.
CREATE UNIQUE INDEX erasure_requests_one_pending_idx ON erasure_requests (user_id) WHERE status = 'pending';
CREATE INDEX erasure_requests_user_idx ON erasure_requests (user_id, requested_at DESC);
CREATE INDEX erasure_requests_status_due_idx ON erasure_requests (status, due_by, id);
CREATE INDEX erasure_requests_status_requested_idx ON erasure_requests (status, requested_at, id);

-- When the profile was erased: its name, e-mail, phone and Firebase account are gone, its orders and kits stay for
-- the tax law's 72 months, and no sign-in ever finds it again.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
