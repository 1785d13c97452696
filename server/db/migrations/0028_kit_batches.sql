-- Kit codes printed in batches for kits sold outside the web shop (clinics, events), one registry of every code ever
-- issued, and orders paid at a counter.

-- A batch of codes made at once for one product, printed as labels and handed to a clinic or an event.
CREATE TABLE kit_batches (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  number     bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  product_id text NOT NULL REFERENCES products (id),
  size       integer NOT NULL CHECK (size BETWEEN 1 AND 5000),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  note       text CHECK (length(note) <= 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kit_batches_created_idx ON kit_batches (created_at DESC, number DESC);

-- Every code ever issued, from a batch or for a kit of an online order, so that no code is issued twice. `kit_id`
-- is set once the code is on a kit of someone's order. Codes issued before check characters existed are `legacy`:
-- activation accepts them exactly as stored.
CREATE TABLE kit_codes (
  code       text PRIMARY KEY,
  batch_id   text REFERENCES kit_batches (id),
  product_id text NOT NULL REFERENCES products (id),
  kit_id     text UNIQUE REFERENCES kits (id) ON DELETE SET NULL,
  legacy     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT legacy OR batch_id IS NULL)
);
CREATE INDEX kit_codes_batch_idx ON kit_codes (batch_id, code) WHERE batch_id IS NOT NULL;

INSERT INTO kit_codes (code, product_id, kit_id, legacy, created_at)
SELECT box_code, product_id, id, true, created_at FROM kits;

-- An order paid at a clinic or event counter and handed over there: its delivery address is the counter's, which is
-- also the place of supply on its invoice.
ALTER TABLE orders ADD COLUMN channel text NOT NULL DEFAULT 'online' CHECK (channel IN ('online', 'offline'));

-- Payments taken at the counter, in cash, by UPI or by card, recorded by the staff member who took them.
ALTER TABLE payments DROP CONSTRAINT payments_provider_check;
ALTER TABLE payments ADD CONSTRAINT payments_provider_check CHECK (provider IN ('test', 'razorpay', 'offline'));
ALTER TABLE payments ADD COLUMN method text CHECK (method IN ('cash', 'upi', 'card'));
ALTER TABLE payments ADD CONSTRAINT payments_offline_method_check CHECK ((provider = 'offline') = (method IS NOT NULL));
