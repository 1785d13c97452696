-- When an unpaid order was cancelled, for its timeline.
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
