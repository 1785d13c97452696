-- The staff's customer lists: what each customer bought, kept on their row so that the lists sort and filter by it
-- with an index at any size, staff notes on a customer, and CSV exports made in the background.

-- Paid orders, the latest payment and the product codes bought in paid orders, as of the last change to any of the
-- person's orders. The trigger below keeps them, whichever path marks an order paid, refunded or cancelled.
ALTER TABLE users ADD COLUMN paid_orders integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN last_paid_at timestamptz;
ALTER TABLE users ADD COLUMN products_bought text[] NOT NULL DEFAULT '{}';

CREATE FUNCTION refresh_customer_purchases(customer text) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET
    paid_orders = s.paid_orders,
    last_paid_at = s.last_paid_at,
    products_bought = s.products_bought
  FROM (
    SELECT count(*)::int AS paid_orders,
           max(o.paid_at) AS last_paid_at,
           coalesce((SELECT array_agg(DISTINCT i.code ORDER BY i.code)
                       FROM order_items i JOIN orders po ON po.id = i.order_id
                      WHERE po.user_id = customer AND po.status = 'paid'), '{}') AS products_bought
      FROM orders o WHERE o.user_id = customer AND o.status = 'paid'
  ) s
  WHERE u.id = customer
    AND (u.paid_orders, u.last_paid_at, u.products_bought) IS DISTINCT FROM (s.paid_orders, s.last_paid_at, s.products_bought);
$$;

CREATE FUNCTION orders_refresh_customer_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_customer_purchases(NEW.user_id);
  IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM refresh_customer_purchases(OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$;

-- Items are written after their order in the same transaction; the order's payment (an UPDATE of status) comes after
-- both, so a status change is the moment to count.
CREATE TRIGGER orders_customer_purchases AFTER INSERT OR UPDATE OF status, paid_at, user_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_refresh_customer_purchases();

SELECT refresh_customer_purchases(id) FROM users WHERE id IN (SELECT DISTINCT user_id FROM orders WHERE status = 'paid');

-- One index per order the list offers, each ending in the id that makes pages stable, for customers only.
CREATE INDEX users_customers_signed_up_idx ON users (created_at, id) WHERE role = 'customer';
CREATE INDEX users_customers_name_idx ON users (lower(fullname), id) WHERE role = 'customer';
CREATE INDEX users_customers_email_idx ON users (lower(coalesce(email, '')), id) WHERE role = 'customer';
CREATE INDEX users_customers_orders_idx ON users (paid_orders, id) WHERE role = 'customer';
CREATE INDEX users_customers_last_paid_idx ON users (coalesce(last_paid_at, '-infinity'::timestamptz), id) WHERE role = 'customer';
CREATE INDEX users_customers_products_idx ON users USING gin (products_bought) WHERE role = 'customer';
-- "Customers with a kit in this state" and a search by kit code.
CREATE INDEX kits_state_user_idx ON kits (state, user_id);

-- What the staff wrote about a customer. Notes are kept as written: never edited, never deleted but with the person.
CREATE TABLE customer_notes (
  id         text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id  text REFERENCES users (id) ON DELETE SET NULL,
  body       text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX customer_notes_user_idx ON customer_notes (user_id, created_at DESC);

-- A CSV export of a staff list, made by the API process that was asked, in batches. The file is kept in the database
-- in chunks, so that any API process behind the load balancer can hand it out, and deleted after a day.
CREATE TABLE exports (
  id          text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  kind        text NOT NULL CHECK (kind IN ('customers')),
  filter      jsonb NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  rows_done   integer NOT NULL DEFAULT 0,
  rows_total  integer NOT NULL DEFAULT 0,
  created_by  text REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Moves with every batch: a running export that has not moved for a while lost its process.
  touched_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX exports_created_idx ON exports (created_at);

CREATE TABLE export_chunks (
  export_id text NOT NULL REFERENCES exports (id) ON DELETE CASCADE,
  seq       integer NOT NULL,
  body      text NOT NULL,
  PRIMARY KEY (export_id, seq)
);
