-- Delivery addresses, orders, payments and kits. Money is integer paise; ids are text holding UUIDs.

CREATE TABLE addresses (
  user_id    text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  name       text NOT NULL,
  phone      text NOT NULL CHECK (phone ~ '^[6-9][0-9]{9}$'),
  line1      text NOT NULL,
  line2      text,
  city       text NOT NULL,
  state      text NOT NULL,
  pincode    text NOT NULL CHECK (pincode ~ '^[1-9][0-9]{5}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE order_numbers;
CREATE SEQUENCE invoice_numbers;

CREATE TABLE orders (
  id                    text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  number                bigint NOT NULL UNIQUE DEFAULT nextval('order_numbers'),
  user_id               text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- A double click or a retried request carries the same key and gets the same order.
  idempotency_key       text NOT NULL,
  status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'cancelled', 'refunded')),
  actual_price          integer NOT NULL CHECK (actual_price >= 0),
  price                 integer NOT NULL CHECK (price >= 0 AND price <= actual_price),
  discount_percentage   integer NOT NULL DEFAULT 0 CHECK (discount_percentage BETWEEN 0 AND 100),
  coupon_id             text REFERENCES coupons (id) ON DELETE SET NULL,
  coupon_code           text,
  -- The address as it was when the order was placed: later edits of the saved address do not change an order.
  ship_name             text NOT NULL,
  ship_phone            text NOT NULL,
  ship_line1            text NOT NULL,
  ship_line2            text,
  ship_city             text NOT NULL,
  ship_state            text NOT NULL,
  ship_pincode          text NOT NULL,
  invoice_number        bigint UNIQUE,
  created_at            timestamptz NOT NULL DEFAULT now(),
  paid_at               timestamptz,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);

CREATE TABLE order_items (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id     text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_id   text NOT NULL REFERENCES products (id),
  code         text NOT NULL,
  name         text NOT NULL,
  price        integer NOT NULL CHECK (price >= 0),
  actual_price integer NOT NULL CHECK (actual_price >= 0),
  position     integer NOT NULL
);
CREATE INDEX order_items_order_idx ON order_items (order_id, position);

ALTER TABLE coupon_redemptions
  ADD CONSTRAINT coupon_redemptions_order_fk FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE;

-- One row per gateway order opened for an order; the amount is the order's stored price when it was opened.
CREATE TABLE payments (
  id                 text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id           text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider           text NOT NULL CHECK (provider IN ('test', 'razorpay')),
  gateway_order_id   text NOT NULL UNIQUE,
  gateway_payment_id text UNIQUE,
  amount             integer NOT NULL CHECK (amount >= 0),
  status             text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'failed', 'paid')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  failed_at          timestamptz,
  paid_at            timestamptz
);
CREATE INDEX payments_order_idx ON payments (order_id, created_at);

-- Webhook events already handled: a replayed event id changes nothing.
CREATE TABLE payment_events (
  event_id    text PRIMARY KEY,
  event_type  text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- One row per physical kit of a paid order. `box_code` is printed in the box and activates it once.
CREATE TABLE kits (
  id            text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id      text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  order_item_id text NOT NULL UNIQUE REFERENCES order_items (id) ON DELETE CASCADE,
  user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id    text NOT NULL REFERENCES products (id),
  box_code      text NOT NULL UNIQUE,
  state         text NOT NULL CHECK (state IN ('ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived',
                                               'reportReady', 'cancelled', 'refunded', 'qcFailed')),
  activated_at  timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kits_user_idx ON kits (user_id, created_at DESC);

CREATE TABLE kit_events (
  id     text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kit_id text NOT NULL REFERENCES kits (id) ON DELETE CASCADE,
  state  text NOT NULL,
  at     timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX kit_events_kit_idx ON kit_events (kit_id, at);
