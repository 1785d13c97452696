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
