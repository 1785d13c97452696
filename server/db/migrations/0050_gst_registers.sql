-- The invoice register and the credit-note register of a period, for the GST return, are exports like the lists.
ALTER TABLE exports DROP CONSTRAINT exports_kind_check;
ALTER TABLE exports ADD CONSTRAINT exports_kind_check
  CHECK (kind IN ('customers', 'orders', 'ebook-leads', 'invoice-register', 'credit-note-register'));
