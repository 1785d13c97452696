-- A cart's version goes up with every change to it (a kit added or removed, a coupon applied or removed, the cart
-- emptied into an order), so that placing an order can tell whether the cart is still the one the person reviewed.
ALTER TABLE carts ADD COLUMN version integer NOT NULL DEFAULT 0 CHECK (version >= 0);
