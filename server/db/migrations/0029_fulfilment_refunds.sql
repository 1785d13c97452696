-- Staff fulfil orders (ship, deliver, sample received, report ready, a replacement after a failed quality check) and
-- refund them through the payment gateway, each refund with a GST credit note of its own series.

-- The parcel a kit went out in, which the customer sees on their order and dashboard, and the report link staff gave.
ALTER TABLE kits ADD COLUMN courier text CHECK (length(courier) BETWEEN 2 AND 60);
ALTER TABLE kits ADD COLUMN tracking_number text CHECK (length(tracking_number) BETWEEN 4 AND 40);
ALTER TABLE kits ADD CONSTRAINT kits_shipment_check CHECK ((courier IS NULL) = (tracking_number IS NULL));
ALTER TABLE kits ADD COLUMN report_url text CHECK (report_url ~ '^https://' AND length(report_url) <= 500);

-- A kit sent in place of one whose sample failed quality control: it belongs to the same order line, so the line's
-- first kit is the one that keeps `order_item_id` unique and the replacement points at the kit it replaces.
ALTER TABLE kits ADD COLUMN replaces_kit_id text UNIQUE REFERENCES kits (id);
ALTER TABLE kits ALTER COLUMN order_item_id DROP NOT NULL;
ALTER TABLE kits ADD CONSTRAINT kits_item_or_replacement_check CHECK ((order_item_id IS NULL) <> (replaces_kit_id IS NULL));
ALTER TABLE kits DROP CONSTRAINT kits_state_check;
ALTER TABLE kits ADD CONSTRAINT kits_state_check CHECK (state IN ('ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived',
                                                                  'reportReady', 'cancelled', 'refunded', 'qcFailed', 'replaced'));
CREATE INDEX kits_order_idx ON kits (order_id, created_at);

-- Staff may cancel an unpaid order too.
ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_check;
ALTER TABLE orders ADD CONSTRAINT orders_cancel_reason_check CHECK (cancel_reason IN ('customer', 'expired', 'staff'));

-- What refunds have given back, kept on the order so that the staff list filters and shows it at any size.
ALTER TABLE orders ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0 AND refunded_amount <= price);

-- One row per refund made through the gateway. The row, the kits' steps, the credit note's number and the audit row
-- are written in the transaction that holds the order's lock while the gateway is asked, so a repeated request (same
-- idempotency key) finds its refund and a webhook for the refund waits for the row and then finds it.
CREATE TABLE refunds (
  id                 text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id           text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  payment_id         text NOT NULL REFERENCES payments (id),
  idempotency_key    text NOT NULL,
  gateway_refund_id  text NOT NULL UNIQUE,
  amount             integer NOT NULL CHECK (amount > 0),
  status             text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
  kit_ids            text[] NOT NULL CHECK (cardinality(kit_ids) > 0),
  reason             text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  -- The GST credit note issued for it (CGST Act section 34), in the credit_note series of document_series.
  credit_note_number text NOT NULL UNIQUE CHECK (credit_note_number ~ '^CN/[0-9]{2}-[0-9]{2}/[0-9]+$' AND length(credit_note_number) <= 16),
  created_by         text REFERENCES users (id) ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  processed_at       timestamptz,
  UNIQUE (order_id, idempotency_key)
);
CREATE INDEX refunds_order_idx ON refunds (order_id, created_at);

-- Whether the order's latest payment attempt was declined, kept on the order by the payments themselves, so that the
-- staff list finds orders whose payment failed with an index rather than by reading every order's payments.
ALTER TABLE orders ADD COLUMN payment_failed boolean NOT NULL DEFAULT false;

CREATE FUNCTION orders_note_payment_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET payment_failed = latest.failed
    FROM (SELECT p.status = 'failed' AS failed FROM payments p WHERE p.order_id = NEW.order_id ORDER BY p.created_at DESC, p.id DESC LIMIT 1) latest
   WHERE o.id = NEW.order_id AND o.payment_failed IS DISTINCT FROM latest.failed;
  RETURN NULL;
END;
$$;

CREATE TRIGGER payments_note_attempt AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION orders_note_payment_attempt();

UPDATE orders o SET payment_failed = true
 WHERE (SELECT p.status FROM payments p WHERE p.order_id = o.id ORDER BY p.created_at DESC, p.id DESC LIMIT 1) = 'failed';

-- The staff's order list: one index per order it sorts by and per filter it offers, each ending in the number that
-- makes pages stable. Searches are exact or by prefix (no trigram index on the embedded database).
CREATE INDEX orders_created_idx ON orders (created_at, number);
CREATE INDEX orders_status_created_idx ON orders (status, created_at, number);
CREATE INDEX orders_price_idx ON orders (price, number);
CREATE INDEX orders_ship_phone_idx ON orders (ship_phone);
CREATE INDEX orders_ship_name_idx ON orders (lower(ship_name) text_pattern_ops);
CREATE INDEX orders_refunded_idx ON orders (created_at, number) WHERE refunded_amount > 0;
CREATE INDEX orders_payment_failed_idx ON orders (created_at, number) WHERE payment_failed AND paid_at IS NULL;
CREATE INDEX order_items_code_idx ON order_items (code, order_id);
CREATE INDEX users_email_prefix_idx ON users (lower(email) text_pattern_ops);
CREATE INDEX users_name_prefix_idx ON users (lower(fullname) text_pattern_ops);
CREATE INDEX users_phone_idx ON users (phone);

-- An order's page lists what staff did to it.
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id, at DESC);
