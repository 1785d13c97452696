-- A box code is the claim: whoever activates a kit's code owns that sample's journey and results in their own
-- account. A kit activated by someone other than its buyer moves to that person (`user_id`), and `bought_by` keeps
-- the buyer, whose orders and invoices stay theirs and who sees the kit only as activated by another account.
-- NULL: the kit's holder bought it.
ALTER TABLE kits ADD COLUMN bought_by text REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE kits ADD CONSTRAINT kits_bought_by_check CHECK (bought_by IS NULL OR bought_by <> user_id);
CREATE INDEX kits_bought_by_idx ON kits (bought_by, created_at DESC) WHERE bought_by IS NOT NULL;

-- A buyer's e-mail giving a kit's code to someone (a family member) to activate in their own account.
CREATE TABLE kit_gifts (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kit_id     text NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  sent_by    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email      text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  name       text CHECK (length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kit_gifts_kit_idx ON kit_gifts (kit_id, created_at DESC);
CREATE INDEX kit_gifts_sender_idx ON kit_gifts (sent_by, created_at DESC);
