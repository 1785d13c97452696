-- The team: when a member's access was ended by an admin (their sign-in and sessions are refused while it is set),
-- when they last signed in (set as each session begins; never signed in is an invited member), and when Firebase
-- last sent them the link to set their password.
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;
ALTER TABLE users ADD COLUMN password_link_sent_at timestamptz;

UPDATE users u SET last_sign_in_at = s.at
  FROM (SELECT user_id, max(created_at) AS at FROM sessions GROUP BY user_id) s
 WHERE s.user_id = u.id;

-- The team list reads the staff alone, however many customers there are.
CREATE INDEX users_staff_idx ON users (role, created_at) WHERE role <> 'customer';
