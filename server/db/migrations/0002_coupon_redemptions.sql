-- One row per coupon use. A row is written in the same transaction that places the order, under a lock on the
-- coupon row, so that max_redemptions and per_user_limit hold even when many checkouts race.
CREATE TABLE coupon_redemptions (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  coupon_id  text NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The order that used the coupon; its foreign key arrives with the orders table.
  order_id   text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_redemptions_coupon_user_idx ON coupon_redemptions (coupon_id, user_id);
