import type { AdminCoupon } from '../api/coupons';
import type { AdminCouponSort, AdminCouponStatus } from '../params';

/** A coupon waiting for the admin to confirm ending or deleting it. */
export type Pending = { coupon: AdminCoupon; action: 'end' | 'delete' };

export const COUPON_STATUS_LABEL: Record<AdminCouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  ended: 'Ended',
  inactive: 'Switched off',
};

export const COUPON_STATUS_COLOR: Record<AdminCouponStatus, string> = {
  active: 'green',
  scheduled: 'blue',
  ended: 'gray',
  inactive: 'orange',
};

export const COUPON_SORT_LABEL: Record<AdminCouponSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  code: 'Code, A to Z',
  '-code': 'Code, Z to A',
  percentage: 'Percentage, lowest first',
  '-percentage': 'Percentage, highest first',
  validUntil: 'Ending soonest first',
  '-validUntil': 'Ending latest first',
  redemptions: 'Fewest uses first',
  '-redemptions': 'Most uses first',
};
