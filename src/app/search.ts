/**
 * The routes' search parameters, as valibot schemas (Standard Schema, which the router takes as `validateSearch`).
 * A value that does not fit is dropped rather than refused: the page then opens as it would without it.
 */
import * as v from 'valibot';
import { SESSION_END_REASONS } from '../../machines/session-end';
import { CUSTOMER_KIT_STATES, CUSTOMER_PRODUCTS, CUSTOMER_SORTS, isCustomerPage, isDay, isStateDays } from '@/features/admin/customers/params';
import { ERASURE_SORTS, ERASURE_STATUS_FILTERS, isErasurePage } from '@/features/admin/erasure/params';
import { isKitBatchPage } from '@/features/admin/kit-batches/params';
import { isOrderPage, ORDER_PRODUCTS, ORDER_SORTS, ORDER_STATUSES, PAYMENT_STATUSES } from '@/features/admin/orders/params';

/** A string parameter, kept when it is one (and, with `maxLength`, no longer than that). */
function optionalString(maxLength?: number) {
  const schema = maxLength === undefined ? v.string() : v.pipe(v.string(), v.maxLength(maxLength));
  return v.fallback(v.optional(schema), undefined);
}

/** `?order=` on checkout (an unpaid order to pay), the success page and the orders page (the order shown). */
export const orderSearch = v.object({ order: optionalString(64) });

/** The password-reset link's parameters (Firebase's action link: `mode` and `oobCode`). */
export const passwordResetSearch = v.object({ mode: optionalString(), oobCode: optionalString() });

/** `?session=` on the sign-in pages: why the session ended (src/lib/session-end.ts); any other value is ignored. */
export const sessionEndSearch = v.object({ session: v.fallback(v.optional(v.picklist(SESSION_END_REASONS)), undefined) });

/** The staff's erasure-request list: `?status=`, `?sort=` and `?page=` (from 1); the defaults stay out of the address. */
export const erasureRequestsSearch = v.object({
  status: v.fallback(v.optional(v.picklist(ERASURE_STATUS_FILTERS)), undefined),
  sort: v.fallback(v.optional(v.picklist(ERASURE_SORTS)), undefined),
  // One check rather than number, integer and range schemas: this module ships with the first page.
  page: v.fallback(v.optional(v.custom<number>(isErasurePage)), undefined),
});

/** The staff's customer lists: search, filters, order and page; the defaults stay out of the address. */
export const customersSearch = v.object({
  q: optionalString(100),
  product: v.fallback(v.optional(v.picklist(CUSTOMER_PRODUCTS)), undefined),
  kitState: v.fallback(v.optional(v.picklist(CUSTOMER_KIT_STATES)), undefined),
  days: v.fallback(v.optional(v.custom<number>(isStateDays)), undefined),
  from: v.fallback(v.optional(v.custom<string>(isDay)), undefined),
  to: v.fallback(v.optional(v.custom<string>(isDay)), undefined),
  sort: v.fallback(v.optional(v.picklist(CUSTOMER_SORTS)), undefined),
  page: v.fallback(v.optional(v.custom<number>(isCustomerPage)), undefined),
});

/** A staff page about one customer: `?id=`. */
export const customerSearch = v.object({ id: optionalString(64) });

/** The staff's list of kit code batches: `?page=` (from 1), left out on the first page. */
export const kitBatchesSearch = v.object({ page: v.fallback(v.optional(v.custom<number>(isKitBatchPage)), undefined) });

/** `?code=` on the kit dashboard: the code of a kit's label, whose QR code opens the page with it filled in. */
export const dashboardSearch = v.object({ code: optionalString(32) });

/** The staff's order list: search, filters, order and page; the defaults stay out of the address. */
export const ordersSearch = v.object({
  q: optionalString(100),
  status: v.fallback(v.optional(v.picklist(ORDER_STATUSES)), undefined),
  payment: v.fallback(v.optional(v.picklist(PAYMENT_STATUSES)), undefined),
  product: v.fallback(v.optional(v.picklist(ORDER_PRODUCTS)), undefined),
  from: v.fallback(v.optional(v.custom<string>(isDay)), undefined),
  to: v.fallback(v.optional(v.custom<string>(isDay)), undefined),
  sort: v.fallback(v.optional(v.picklist(ORDER_SORTS)), undefined),
  page: v.fallback(v.optional(v.custom<number>(isOrderPage)), undefined),
});

/** A staff page about one order: `?id=`. */
export const staffOrderSearch = v.object({ id: optionalString(64) });
