import type { Db } from '../../db';

export interface CartRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  coupon_code: string | null;
  coupon_percentage: number | null;
  /** The attached coupon is active and inside its validity window right now. */
  coupon_usable: boolean | null;
}

export interface CartItemRow extends Record<string, unknown> {
  id: string;
  product_id: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
  image: string;
}

const CART_SELECT = `
  SELECT c.id, c.user_id, k.code AS coupon_code, k.percentage AS coupon_percentage,
         (k.active AND (k.valid_from IS NULL OR k.valid_from <= now())
                   AND (k.valid_until IS NULL OR k.valid_until > now())) AS coupon_usable
    FROM carts c LEFT JOIN coupons k ON k.id = c.coupon_id
   WHERE c.user_id = $1`;

/** The user's cart, created empty on first use. */
export async function cartOfUser(db: Db, userId: string): Promise<CartRow> {
  const [existing] = await db.query<CartRow>(CART_SELECT, [userId]);
  if (existing) return existing;
  await db.query('INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
  const [created] = await db.query<CartRow>(CART_SELECT, [userId]);
  if (!created) throw new Error(`cart of user ${userId} was not created`);
  return created;
}

/** The cart's kits with today's prices from the catalogue, oldest first. */
export async function cartItems(db: Db, cartId: string): Promise<CartItemRow[]> {
  return db.query<CartItemRow>(
    `SELECT i.id, p.id AS product_id, p.code, p.name, p.price, p.actual_price, p.image
       FROM cart_items i JOIN products p ON p.id = i.product_id
      WHERE i.cart_id = $1
      ORDER BY i.added_at, i.id`,
    [cartId],
  );
}
