-- Every e-mail and SMS the shop sends, written in the transaction of the event that causes it (an outbox) and sent by
-- the queue's worker. The row is the record of the message and of its idempotency: an event that happens twice
-- queues nothing twice (`idempotency_key`), and a send is recorded only by the worker that holds the lease.
CREATE TABLE outbound_messages (
  id                  text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  -- `<event>:<entity id>:<channel>`, e.g. order-paid:<order id>:email; a staff resend adds `:resend-<n>`.
  idempotency_key     text NOT NULL UNIQUE,
  channel             text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient           text NOT NULL,
  template            text NOT NULL,
  payload             jsonb NOT NULL,
  -- A document made when the message is sent: {"kind": "invoice", "orderId": …} or {"kind": "credit-note", "orderId": …, "refundId": …}.
  attachment          jsonb,
  -- Promotional messages go only with consent and carry an unsubscribe link; transactional ones always go.
  category            text NOT NULL DEFAULT 'transactional' CHECK (category IN ('transactional', 'promotional')),
  order_id            text REFERENCES orders (id) ON DELETE CASCADE,
  user_id             text REFERENCES users (id) ON DELETE CASCADE,
  status              text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
  attempts            integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts        integer NOT NULL DEFAULT 8 CHECK (max_attempts > 0),
  -- The worker holding the message: its token, and until when. A send is recorded only with the matching token.
  lease_token         text,
  lease_until         timestamptz,
  last_error          text,
  provider_message_id text,
  -- The staff member who asked for a resend, when this row is one.
  resent_by           text REFERENCES users (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  sent_at             timestamptz,
  CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);
CREATE INDEX outbound_messages_order_idx ON outbound_messages (order_id, created_at DESC) WHERE order_id IS NOT NULL;
CREATE INDEX outbound_messages_user_idx ON outbound_messages (user_id, created_at DESC) WHERE user_id IS NOT NULL;
-- The sweep that hands the queue messages whose job was lost.
CREATE INDEX outbound_messages_open_idx ON outbound_messages (created_at) WHERE status IN ('queued', 'sending');

-- SMS about an order and a report (shipped, report ready) is sent only with this consent.
ALTER TABLE consents DROP CONSTRAINT consents_purpose_check;
ALTER TABLE consents ADD CONSTRAINT consents_purpose_check CHECK (purpose IN ('marketing', 'ebook', 'questionnaires', 'research', 'sms'));
