import type { Db, Queryable } from '../../db';
import { couponStateColumns, refusalOf } from '../coupons/queries';

export interface CartRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  /** Goes up with every change to the cart; placing an order compares it with the version reviewed. */
  version: number;
  coupon_code: string | null;
  coupon_percentage: number | null;
  /** The attached coupon is usable by the cart's owner right now (active, in its window, below its limits). */
  coupon_usable: boolean | null;
  /** The kits the attached coupon is limited to (product ids, and their names); empty when it applies to every kit. */
  coupon_products: string[];
  coupon_product_names: string[];
}

export interface CartItemRow extends Record<string, unknown> {
  id: string;
  product_id: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
  image: string;
  /** False once the product has been hidden: the line stays, out of every total and of the order. */
  available: boolean;
}

const CART_SELECT = `
  SELECT c.id, c.user_id, c.version, k.code AS coupon_code, k.percentage AS coupon_percentage, k.active AS coupon_active,
         ${couponStateColumns('c.user_id')}
    FROM carts c LEFT JOIN coupons k ON k.id = c.coupon_id
   WHERE c.user_id = $1`;

interface CartStateRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  version: number;
  coupon_code: string | null;
  coupon_percentage: number | null;
  coupon_active: boolean | null;
  not_started: boolean | null;
  expired: boolean | null;
  used_up: boolean | null;
  used_by_person: boolean | null;
  not_first_order: boolean | null;
  product_ids: string[] | null;
  product_names: string[] | null;
}

function toCartRow(row: CartStateRow): CartRow {
  return {
    id: row.id,
    user_id: row.user_id,
    version: row.version,
    coupon_code: row.coupon_code,
    coupon_percentage: row.coupon_percentage,
    coupon_usable: row.coupon_code === null ? null : refusalOf({ ...row, active: row.coupon_active }) === null,
    coupon_products: row.coupon_code === null ? [] : (row.product_ids ?? []),
    coupon_product_names: row.coupon_code === null ? [] : (row.product_names ?? []),
  };
}

/** The user's cart, created empty on first use. */
export async function cartOfUser(db: Db, userId: string): Promise<CartRow> {
  const [existing] = await db.query<CartStateRow>(CART_SELECT, [userId]);
  if (existing) return toCartRow(existing);
  await db.query('INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
  const [created] = await db.query<CartStateRow>(CART_SELECT, [userId]);
  if (!created) throw new Error(`cart of user ${userId} was not created`);
  return toCartRow(created);
}

/** The cart's kits with today's prices from the catalogue, oldest first. */
export async function cartItems(db: Db, cartId: string): Promise<CartItemRow[]> {
  return db.query<CartItemRow>(
    `SELECT i.id, p.id AS product_id, p.code, p.name, p.price, p.actual_price, p.image, p.active AS available
       FROM cart_items i JOIN products p ON p.id = i.product_id
      WHERE i.cart_id = $1
      ORDER BY i.added_at, i.id`,
    [cartId],
  );
}

/** A product's id and whether it is on sale, or undefined when there is no such product. */
export async function productForCart(db: Queryable, productId: string): Promise<{ id: string; active: boolean } | undefined> {
  const [row] = await db.query<{ id: string; active: boolean }>('SELECT id, active FROM products WHERE id = $1', [productId]);
  return row;
}

/**
 * Adds one kit unless the cart already holds `maxKits`. The cart row is locked so that concurrent adds cannot pass
 * the limit together. Returns false when the cart is full.
 */
export async function addItemBelowLimit(db: Db, cartId: string, productId: string, maxKits: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM carts WHERE id = $1 FOR UPDATE', [cartId]);
    const [counted] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM cart_items WHERE cart_id = $1', [cartId]);
    if ((counted?.count ?? 0) >= maxKits) return false;
    await tx.query('INSERT INTO cart_items (cart_id, product_id, added_at) VALUES ($1, $2, clock_timestamp())', [cartId, productId]);
    await tx.query('UPDATE carts SET updated_at = now(), version = version + 1 WHERE id = $1', [cartId]);
    return true;
  });
}

/**
 * Removes a kit from the user's own cart; false when the item is not in it. The cart row is locked first, as placing
 * an order locks it, so that an order being placed meanwhile sees the cart either before the removal or after it
 * with its new version.
 */
export async function removeItemOfUser(db: Db, userId: string, itemId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [cart] = await tx.query<{ id: string }>('SELECT id FROM carts WHERE user_id = $1 FOR UPDATE', [userId]);
    if (!cart) return false;
    const removed = await tx.query<{ id: string }>('DELETE FROM cart_items WHERE id = $1 AND cart_id = $2 RETURNING id', [itemId, cart.id]);
    if (removed.length === 0) return false;
    await tx.query('UPDATE carts SET updated_at = now(), version = version + 1 WHERE id = $1', [cart.id]);
    return true;
  });
}
