-- The replies staff send to a contact message from the shop: each is an e-mail through the outbox, kept with who
-- wrote it, when, its subject and text, and its outbox message (gone when the outbox row is, as after an erasure).
-- A reply goes with its message.
CREATE TABLE contact_message_replies (
  id                  text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  contact_message_id  text NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
  replied_by          text REFERENCES users (id) ON DELETE SET NULL,
  replied_at          timestamptz NOT NULL DEFAULT now(),
  subject             text NOT NULL,
  body                text NOT NULL,
  outbound_message_id text REFERENCES outbound_messages (id) ON DELETE SET NULL
);

CREATE INDEX contact_message_replies_message_idx ON contact_message_replies (contact_message_id, replied_at);
CREATE INDEX contact_message_replies_outbound_idx ON contact_message_replies (outbound_message_id);
