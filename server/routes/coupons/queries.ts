import type { Queryable } from '../../db';

/** Why a coupon code cannot be used right now by a person; the codes are part of the contract (applyCartCoupon). */
export type CouponRefusal =
  | 'COUPON_UNKNOWN'
  | 'COUPON_INACTIVE'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_ALREADY_USED'
  | 'COUPON_USED_UP'
  | 'COUPON_FIRST_ORDER_ONLY'
  | 'COUPON_NOT_FOR_CART';

export interface UsableCoupon {
  id: string;
  code: string;
  percentage: number;
  /** The kits it is limited to (product ids); empty when it applies to every kit. */
  products: string[];
}

interface CouponStateRow extends Record<string, unknown> {
  id: string;
  code: string;
  percentage: number;
  active: boolean;
  valid_from: string | Date | null;
  valid_until: string | Date | null;
  per_user_limit: number;
  not_started: boolean;
  expired: boolean;
  used_up: boolean;
  used_by_person: boolean;
  not_first_order: boolean;
  product_ids: string[] | null;
  product_names: string[] | null;
}

/**
 * SQL columns saying whether coupon `k` is usable by the person whose id is the parameter `userParam` right now:
 * active, inside its validity window, below its total redemptions and below the person's own limit. Redemptions are
 * the rows of coupon_redemptions, written when an order uses the coupon.
 */
export function couponStateColumns(userParam: string): string {
  return `(k.valid_from IS NOT NULL AND k.valid_from > now()) AS not_started,
          (k.valid_until IS NOT NULL AND k.valid_until <= now()) AS expired,
          (k.max_redemptions IS NOT NULL
             AND (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = k.id) >= k.max_redemptions) AS used_up,
          ((SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = k.id AND r.user_id = ${userParam})
             >= k.per_user_limit) AS used_by_person,
          (k.first_order_only
             AND EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${userParam} AND o.paid_at IS NOT NULL)) AS not_first_order,
          ARRAY(SELECT cp.product_id FROM coupon_products cp WHERE cp.coupon_id = k.id ORDER BY cp.product_id) AS product_ids,
          ARRAY(SELECT p.name FROM coupon_products cp JOIN products p ON p.id = cp.product_id
                 WHERE cp.coupon_id = k.id ORDER BY p.sort, p.name) AS product_names`;
}

/** The first reason, if any, why a coupon in this state cannot be used. The person's own use is named first. */
export function refusalOf(state: {
  active: boolean | null;
  not_started: boolean | null;
  expired: boolean | null;
  used_up: boolean | null;
  used_by_person: boolean | null;
  not_first_order?: boolean | null;
}): Exclude<CouponRefusal, 'COUPON_UNKNOWN' | 'COUPON_NOT_FOR_CART'> | null {
  if (!state.active) return 'COUPON_INACTIVE';
  if (state.expired) return 'COUPON_EXPIRED';
  if (state.not_started) return 'COUPON_NOT_STARTED';
  if (state.used_by_person) return 'COUPON_ALREADY_USED';
  if (state.used_up) return 'COUPON_USED_UP';
  if (state.not_first_order) return 'COUPON_FIRST_ORDER_ONLY';
  return null;
}

export type CouponCheck =
  | { coupon: UsableCoupon }
  | {
      refusal: CouponRefusal;
      code: string;
      validFrom: Date | null;
      validUntil: Date | null;
      perUserLimit: number;
      /** The names of the kits it is limited to (for COUPON_NOT_FOR_CART). */
      productNames: string[];
    };

/** "Gut 360", "Gut 360 and Gut SEnS", "Gut Start, Gut 360 and Gut SEnS" (or with "or"). */
function listOf(names: readonly string[], joiner: 'and' | 'or'): string {
  if (names.length <= 1) return names[0] ?? 'some kits';
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names.at(-1)}`;
}

export const firstOrderOnlyMessage = (code: string) =>
  `The coupon ${code} is for a first order only, and you have ordered from us before.`;

/** A coupon limited to kits the cart does not hold: which kits it is for, and what to do. */
export const notForCartMessage = (code: string, productNames: readonly string[]) =>
  `The coupon ${code} applies to ${listOf(productNames, 'and')} only; add ${listOf(
    productNames.map((name) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`),
    'or',
  )} to use it.`;

/** Whether a coupon limited to `products` has a kit to apply to among the cart's (every coupon does when unlimited). */
export function fitsCart(products: readonly string[], cartProducts: readonly string[]): boolean {
  return products.length === 0 || cartProducts.some((product) => products.includes(product));
}

/** The products on sale in the person's cart, one entry per kit. */
async function cartProductIds(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db.query<{ product_id: string }>(
    `SELECT i.product_id FROM carts c JOIN cart_items i ON i.cart_id = c.id JOIN products p ON p.id = i.product_id
      WHERE c.user_id = $1 AND p.active`,
    [userId],
  );
  return rows.map((row) => row.product_id);
}

/** Looks a code up (any case) and says whether `userId` may use it now, on the cart they hold. */
export async function checkCoupon(db: Queryable, code: string, userId: string): Promise<CouponCheck> {
  const normalised = code.trim().toUpperCase();
  const [row] = await db.query<CouponStateRow>(
    `SELECT k.id, k.code, k.percentage, k.active, k.valid_from, k.valid_until, k.per_user_limit,
            ${couponStateColumns('$2')}
       FROM coupons k WHERE k.code = $1`,
    [normalised, userId],
  );
  if (!row) return { refusal: 'COUPON_UNKNOWN', code: normalised, validFrom: null, validUntil: null, perUserLimit: 0, productNames: [] };
  const products = row.product_ids ?? [];
  const refusal = refusalOf(row) ?? (fitsCart(products, await cartProductIds(db, userId)) ? null : 'COUPON_NOT_FOR_CART');
  if (refusal) {
    return {
      refusal,
      code: row.code,
      validFrom: row.valid_from === null ? null : new Date(row.valid_from),
      validUntil: row.valid_until === null ? null : new Date(row.valid_until),
      perUserLimit: row.per_user_limit,
      productNames: row.product_names ?? [],
    };
  }
  return { coupon: { id: row.id, code: row.code, percentage: row.percentage, products } };
}

/** Attaches a coupon to the person's cart, replacing the one there; the cart's version goes up when the coupon changes. */
export async function attachCoupon(db: Queryable, userId: string, couponId: string | null): Promise<void> {
  await db.query(
    `UPDATE carts SET version = version + CASE WHEN coupon_id IS DISTINCT FROM $2 THEN 1 ELSE 0 END, coupon_id = $2, updated_at = now()
      WHERE user_id = $1`,
    [userId, couponId],
  );
}
