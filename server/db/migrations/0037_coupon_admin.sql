-- Coupons run by admins: a note for the staff, a first-order-only rule, the time of the last change, and the kits a
-- coupon may be limited to (none listed: every kit). Each order line keeps the coupon's discount on it, so that the
-- invoice, refunds and credit notes follow the discount as it was given, line by line.
ALTER TABLE coupons ADD COLUMN note text NOT NULL DEFAULT '';
ALTER TABLE coupons ADD COLUMN first_order_only boolean NOT NULL DEFAULT false;
ALTER TABLE coupons ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE coupon_products (
  coupon_id  text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id),
  PRIMARY KEY (coupon_id, product_id)
);
CREATE INDEX coupon_products_product_idx ON coupon_products (product_id);

-- The list's searches by the start of a code and its sorts.
CREATE INDEX coupons_created_idx ON coupons (created_at, id);

-- The coupon's discount on this kit, paise; NULL on orders placed before discounts were kept per line (their
-- discount is spread over the lines in proportion to their prices, as it was then).
ALTER TABLE order_items ADD COLUMN discount integer CHECK (discount >= 0 AND discount <= price);
