-- Messages sent from the contact page. Staff close each once it is answered, with a note of what was done; the
-- reference the sender is given (CM-000042) is the message's number.
CREATE TABLE contact_messages (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  number        bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  name          text NOT NULL,
  email         text NOT NULL,
  mobile        text,
  topic         text NOT NULL CHECK (topic IN ('order', 'kit', 'report', 'privacy', 'business', 'other')),
  message       text NOT NULL,
  client_ip     text,
  received_at   timestamptz NOT NULL DEFAULT now(),
  closed_at     timestamptz,
  closed_by     text REFERENCES users (id) ON DELETE SET NULL,
  closing_note  text
);

-- The staff home reads the open messages, oldest first; the list pages through all of them, newest first.
CREATE INDEX contact_messages_open_idx ON contact_messages (received_at) WHERE closed_at IS NULL;
CREATE INDEX contact_messages_received_idx ON contact_messages (received_at DESC, id DESC);
