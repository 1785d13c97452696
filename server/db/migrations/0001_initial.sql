-- Ids are text holding UUIDs so that a malformed id in a URL is simply "not found" rather than a cast error.

CREATE TABLE users (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  firebase_uid text UNIQUE,
  email        text,
  phone        text,
  fullname     text NOT NULL DEFAULT '',
  role         text NOT NULL DEFAULT 'customer' CHECK (role IN ('admin', 'doctor', 'nutritionist', 'customer')),
  created_at   timestamptz NOT NULL DEFAULT now()
);
-- E-mail addresses are unique regardless of case (what citext would give, without the extension).
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE sessions (
  -- sha256 of the bearer token: a leaked table does not leak usable sessions.
  token_hash text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE products (
  id           text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  code         text NOT NULL UNIQUE,
  name         text NOT NULL,
  slug         text NOT NULL UNIQUE,
  summary      text NOT NULL DEFAULT '',
  price        integer NOT NULL CHECK (price >= 0),
  actual_price integer NOT NULL CHECK (actual_price >= 0),
  image        text NOT NULL DEFAULT '',
  active       boolean NOT NULL DEFAULT true,
  sort         integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE coupons (
  id              text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  code            text NOT NULL UNIQUE CHECK (code <> '' AND code = upper(code)),
  percentage      integer NOT NULL CHECK (percentage BETWEEN 1 AND 100),
  valid_from      timestamptz,
  valid_until     timestamptz,
  max_redemptions integer CHECK (max_redemptions > 0),
  per_user_limit  integer NOT NULL DEFAULT 1 CHECK (per_user_limit > 0),
  active          boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_from IS NULL OR valid_until IS NULL OR valid_until > valid_from)
);

CREATE TABLE carts (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id    text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  coupon_id  text REFERENCES coupons (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  cart_id    text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES products (id),
  added_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_items_cart_id_idx ON cart_items (cart_id, added_at);

-- Fixed-window counters shared by every API process.
CREATE TABLE rate_limits (
  key          text NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_window_start_idx ON rate_limits (window_start);
