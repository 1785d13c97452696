-- What each product is for GST: its HSN or SAC code (4, 6 or 8 digits, as GST invoices print them) and the rate it is
-- taxed at, in percent, one of the slabs in force since 22 September 2025 (nil, 5%, 18% and 40%). The kits sold so
-- far are all SAC 999316 at 18%.
ALTER TABLE products ADD COLUMN hsn_sac text NOT NULL DEFAULT '999316'
  CONSTRAINT products_hsn_sac_check CHECK (hsn_sac ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})$');
ALTER TABLE products ADD COLUMN gst_rate integer NOT NULL DEFAULT 18
  CONSTRAINT products_gst_rate_check CHECK (gst_rate IN (0, 5, 18, 40));

-- Each order line keeps the code and rate its kit was sold with, as it keeps its name and price: an invoice or credit
-- note issued again after the product's rate changed says what it said the first time. A line written without them
-- takes its product's at that moment.
ALTER TABLE order_items ADD COLUMN hsn_sac text;
ALTER TABLE order_items ADD COLUMN gst_rate integer;
UPDATE order_items SET hsn_sac = '999316', gst_rate = 18;
ALTER TABLE order_items ALTER COLUMN hsn_sac SET NOT NULL;
ALTER TABLE order_items ALTER COLUMN gst_rate SET NOT NULL;
ALTER TABLE order_items ADD CONSTRAINT order_items_gst_rate_check CHECK (gst_rate >= 0 AND gst_rate <= 100);

CREATE FUNCTION order_items_product_tax() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hsn_sac IS NULL OR NEW.gst_rate IS NULL THEN
    SELECT coalesce(NEW.hsn_sac, p.hsn_sac), coalesce(NEW.gst_rate, p.gst_rate) INTO NEW.hsn_sac, NEW.gst_rate
      FROM products p WHERE p.id = NEW.product_id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER order_items_product_tax BEFORE INSERT ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_product_tax();
