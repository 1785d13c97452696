-- Indexes the staff lists need at scale (100,000 customers, 250,000 orders and kits; `npm run bench -- --only=admin`).

-- The kit batches' counts read each batch's codes with the kit each is on: with the kit in the index the codes are
-- read from the index alone, batch by batch, instead of every batch's rows from the table.
CREATE INDEX kit_codes_batch_kit_idx ON kit_codes (batch_id, kit_id) WHERE batch_id IS NOT NULL;

-- Orders not paid, newest first, for the payment filters "unpaid" and "failed": a few thousand among all orders.
CREATE INDEX orders_unpaid_created_idx ON orders (created_at, number) WHERE paid_at IS NULL;

-- The status of an order's latest payment attempt, asked once per unpaid order by those filters, from the index alone.
CREATE INDEX payments_order_status_idx ON payments (order_id, created_at) INCLUDE (status);
DROP INDEX payments_order_idx;

-- Orders of one status in a date range, with the id each filter joins on (its items, its payments) read from the
-- index too: the range is then counted without reading the orders themselves. It serves all that the index of
-- migration 0029 on the same columns did.
CREATE INDEX orders_status_created_id_idx ON orders (status, created_at, number) INCLUDE (id);
DROP INDEX IF EXISTS orders_status_created_idx;

-- Customers found by any part of their name, e-mail address or phone number (`LIKE '%…%'`): without an index every
-- search reads every customer twice, for the page and for the count. Trigram indexes answer them from the index, on
-- a Postgres that offers pg_trgm. The embedded database has no such extension and keeps reading every customer, as
-- one that may not create it does (the searches are the same either way, only slower). The extension goes into a
-- schema of its own, so that it outlives any one schema of the database that installed it first.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    RETURN;
  END IF;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE SCHEMA IF NOT EXISTS extensions;
      CREATE EXTENSION pg_trgm SCHEMA extensions;
    END IF;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm could not be installed (%): customer searches read every customer', SQLERRM;
    RETURN;
  END;
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX users_customers_name_trgm_idx ON users USING gin (lower(fullname) %I.gin_trgm_ops) WHERE role = ''customer''', trgm_schema);
  EXECUTE format('CREATE INDEX users_customers_email_trgm_idx ON users USING gin (lower(email) %I.gin_trgm_ops) WHERE role = ''customer''', trgm_schema);
  EXECUTE format('CREATE INDEX users_customers_phone_trgm_idx ON users USING gin (phone %I.gin_trgm_ops) WHERE role = ''customer''', trgm_schema);
END;
$$;
