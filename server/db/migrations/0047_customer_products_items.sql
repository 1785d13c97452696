-- A customer's products are counted whenever a paid order or one of its items is written, in whichever order the rows
-- come. 0030 counted them only when an order was written, on the belief that an order's items always exist before it
-- is paid: an order paid at a counter is inserted already paid, before its item, so its buyer was missing from the
-- per-product lists and the Bought filter until their next order was written.

-- An order's changes, as before, and its deletion too: a paid order that goes leaves its customer's counts.
CREATE OR REPLACE FUNCTION orders_refresh_customer_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'paid' THEN
      PERFORM refresh_customer_purchases(OLD.user_id);
    END IF;
    RETURN NULL;
  END IF;
  PERFORM refresh_customer_purchases(NEW.user_id);
  IF TG_OP = 'UPDATE' THEN
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM refresh_customer_purchases(OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

DROP TRIGGER orders_customer_purchases ON orders;
CREATE TRIGGER orders_customer_purchases AFTER INSERT OR UPDATE OF status, paid_at, user_id OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_refresh_customer_purchases();

-- An item counts once its order is paid: written into a paid order it counts now; written into an order not paid yet
-- (an online order before its payment) it costs one look at its order, and counts when the order's status changes.
CREATE FUNCTION order_items_refresh_customer_purchases() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM refresh_customer_purchases(o.user_id) FROM orders o WHERE o.id = OLD.order_id AND o.status = 'paid';
    RETURN NULL;
  END IF;
  PERFORM refresh_customer_purchases(o.user_id) FROM orders o WHERE o.id = NEW.order_id AND o.status = 'paid';
  IF TG_OP = 'UPDATE' THEN
    IF OLD.order_id IS DISTINCT FROM NEW.order_id THEN
      PERFORM refresh_customer_purchases(o.user_id) FROM orders o WHERE o.id = OLD.order_id AND o.status = 'paid';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_items_customer_purchases AFTER INSERT OR UPDATE OF order_id, code OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_refresh_customer_purchases();

-- Every customer counted again from their paid orders: those who bought at a counter lagged one counter order behind.
-- The function writes only the rows whose counts change.
SELECT refresh_customer_purchases(id) FROM users
 WHERE id IN (SELECT user_id FROM orders) OR paid_orders <> 0 OR products_bought <> '{}';
