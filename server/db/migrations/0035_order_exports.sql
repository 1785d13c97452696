-- The order list is exported as CSV like the customer list.
ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
ALTER TABLE exports ADD CONSTRAINT exports_kind_check CHECK (kind IN ('customers', 'orders'));
