-- Corrections by staff.
-- An order's delivery address can be corrected until its kits ship. Its tax invoice keeps the address it was issued
-- with: the first correction of an invoiced order keeps that address here (null while the order's own address is
-- still the invoice's).
ALTER TABLE orders ADD COLUMN invoice_address jsonb;
-- A replacement kit can go to another address than its order's; null sends it to the order's.
ALTER TABLE kits ADD COLUMN ship_address jsonb;
