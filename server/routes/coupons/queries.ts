import type { Queryable } from '../../db';

/** Why a coupon code cannot be used right now by a person; the codes are part of the contract (applyCartCoupon). */
export type CouponRefusal =
  | 'COUPON_UNKNOWN'
  | 'COUPON_INACTIVE'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_ALREADY_USED'
  | 'COUPON_USED_UP';

export interface UsableCoupon {
  id: string;
  code: string;
  percentage: number;
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
             >= k.per_user_limit) AS used_by_person`;
}

/** The first reason, if any, why a coupon in this state cannot be used. The person's own use is named first. */
export function refusalOf(state: {
  active: boolean | null;
  not_started: boolean | null;
  expired: boolean | null;
  used_up: boolean | null;
  used_by_person: boolean | null;
}): Exclude<CouponRefusal, 'COUPON_UNKNOWN'> | null {
  if (!state.active) return 'COUPON_INACTIVE';
  if (state.expired) return 'COUPON_EXPIRED';
  if (state.not_started) return 'COUPON_NOT_STARTED';
  if (state.used_by_person) return 'COUPON_ALREADY_USED';
  if (state.used_up) return 'COUPON_USED_UP';
  return null;
}

export type CouponCheck =
  | { coupon: UsableCoupon }
  | { refusal: CouponRefusal; code: string; validFrom: Date | null; validUntil: Date | null; perUserLimit: number };

/** Looks a code up (any case) and says whether `userId` may use it now. */
export async function checkCoupon(db: Queryable, code: string, userId: string): Promise<CouponCheck> {
  const normalised = code.trim().toUpperCase();
  const [row] = await db.query<CouponStateRow>(
    `SELECT k.id, k.code, k.percentage, k.active, k.valid_from, k.valid_until, k.per_user_limit,
            ${couponStateColumns('$2')}
       FROM coupons k WHERE k.code = $1`,
    [normalised, userId],
  );
  if (!row) return { refusal: 'COUPON_UNKNOWN', code: normalised, validFrom: null, validUntil: null, perUserLimit: 0 };
  const refusal = refusalOf(row);
  if (refusal) {
    return {
      refusal,
      code: row.code,
      validFrom: row.valid_from === null ? null : new Date(row.valid_from),
      validUntil: row.valid_until === null ? null : new Date(row.valid_until),
      perUserLimit: row.per_user_limit,
    };
  }
  return { coupon: { id: row.id, code: row.code, percentage: row.percentage } };
}

/** Attaches a coupon to the person's cart, replacing the one there. */
export async function attachCoupon(db: Queryable, userId: string, couponId: string | null): Promise<void> {
  await db.query('UPDATE carts SET coupon_id = $2, updated_at = now() WHERE user_id = $1', [userId, couponId]);
}
