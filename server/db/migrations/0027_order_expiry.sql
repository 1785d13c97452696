-- Why an order was cancelled: by the person, or by the shop when it stayed unpaid for UNPAID_ORDER_EXPIRY_HOURS.
ALTER TABLE orders ADD COLUMN cancel_reason text CHECK (cancel_reason IN ('customer', 'expired'));
UPDATE orders SET cancel_reason = 'customer' WHERE status = 'cancelled';
-- The expiry sweep reads only the orders still waiting for payment.
CREATE INDEX orders_pending_created_idx ON orders (created_at) WHERE status = 'pending';
