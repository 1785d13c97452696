/** What the coupon list is asked for (operation `listAdminCoupons`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';

export type AdminCouponSort = components['schemas']['AdminCouponSort'];
export type AdminCouponStatus = components['schemas']['AdminCouponStatus'];

export const COUPON_SORTS = [
  '-createdAt',
  'createdAt',
  'code',
  '-code',
  'percentage',
  '-percentage',
  'validUntil',
  '-validUntil',
  'redemptions',
  '-redemptions',
] as const satisfies readonly AdminCouponSort[];
export const COUPON_STATUSES = ['active', 'scheduled', 'ended', 'inactive'] as const satisfies readonly AdminCouponStatus[];

export const COUPON_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type CouponsSearch = {
  q?: string | undefined;
  status?: AdminCouponStatus | undefined;
  sort?: AdminCouponSort | undefined;
  page?: number | undefined;
  /** The coupon being changed in the dialog. */
  edit?: string | undefined;
  /** The dialog for a new coupon is open. */
  new?: 1 | undefined;
};

/** One page of the list, with the defaults filled in, and the dialog open on it. */
export interface CouponListParams {
  q: string | undefined;
  status: AdminCouponStatus | undefined;
  sort: AdminCouponSort;
  page: number;
  edit: string | undefined;
  new: boolean;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const couponsSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(40))),
  status: optional(v.picklist(COUPON_STATUSES)),
  sort: optional(v.picklist(COUPON_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
  edit: optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
  new: optional(v.pipe(v.union([v.literal(1), v.literal('1')]), v.transform(() => 1 as const))),
});

/** The coupon list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function couponsSearchFrom(raw: unknown): CouponsSearch {
  return v.parse(couponsSearchSchema, raw ?? {});
}

export function couponListParams(search: CouponsSearch): CouponListParams {
  return {
    q: search.q,
    status: search.status,
    sort: search.sort ?? '-createdAt',
    page: search.page ?? 1,
    edit: search.edit,
    new: search.new === 1 && !search.edit,
  };
}

/** The address's search for `params`, leaving the defaults out so that the plain address is the usual view. */
export function couponsSearchFor(params: CouponListParams): CouponsSearch {
  return {
    q: params.q,
    status: params.status,
    sort: params.sort === '-createdAt' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
    edit: params.edit,
    new: params.new ? 1 : undefined,
  };
}
