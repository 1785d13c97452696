/** What the staff's order list is asked for (operation `listStaffOrders`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';
import { CUSTOMER_KIT_STATES, isDay, isProductCode, isStateDays } from '../customers/params';

export type StaffOrderSort = components['schemas']['StaffOrderSort'];
export type OrderStatus = components['schemas']['OrderStatus'];
export type StaffPaymentStatus = components['schemas']['StaffPaymentStatus'];
export type OrderDates = components['schemas']['OrderDates'];
export type OrderAttention = components['schemas']['OrderAttention'];

export const ORDER_SORTS = ['-createdAt', 'createdAt', '-number', 'number', '-total', 'total'] as const satisfies readonly StaffOrderSort[];
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const satisfies readonly OrderStatus[];
export const PAYMENT_STATUSES = ['unpaid', 'failed', 'paid', 'partlyRefunded', 'refunded'] as const satisfies readonly StaffPaymentStatus[];
/** The day the list's days are of: the order's placing, its payment, or one of its refunds. */
export const ORDER_DATES = ['placed', 'paid', 'refunded'] as const satisfies readonly OrderDates[];
/** What about an order's parcels or samples needs a look (the staff home's courier queues). */
export const ORDER_ATTENTIONS = ['stuckParcels', 'unbookedPickups'] as const satisfies readonly OrderAttention[];
/** The kit journey states an order can be found by: those of kits the shop has been paid for. */
export const ORDER_KIT_STATES = CUSTOMER_KIT_STATES;
export type OrderKitState = (typeof ORDER_KIT_STATES)[number];

export const ORDER_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type OrdersSearch = {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  payment?: StaffPaymentStatus | undefined;
  /** Orders holding a kit of this product of the catalogue, by its code. */
  product?: string | undefined;
  /** Orders holding a kit in this state (a work queue of the staff home). */
  kitState?: OrderKitState | undefined;
  /** With `kitState`: in that state for at least this many days. */
  days?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** What `from` and `to` are days of: placed (when left out), paid or refunded. */
  dates?: OrderDates | undefined;
  /** Orders with a parcel stuck with the courier, or a sample whose pickup is not booked. */
  attention?: OrderAttention | undefined;
  sort?: StaffOrderSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in. */
export interface OrderListParams {
  q: string | undefined;
  status: OrderStatus | undefined;
  payment: StaffPaymentStatus | undefined;
  product: string | undefined;
  kitState: OrderKitState | undefined;
  days: number | undefined;
  from: string | undefined;
  to: string | undefined;
  dates: OrderDates;
  attention: OrderAttention | undefined;
  sort: StaffOrderSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const ordersSearchSchema = v.object({
  // A number typed into the address (?q=98765) arrives as a number: it is searched for as written.
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  status: optional(v.picklist(ORDER_STATUSES)),
  payment: optional(v.picklist(PAYMENT_STATUSES)),
  product: optional(v.custom<string>(isProductCode)),
  kitState: optional(v.picklist(ORDER_KIT_STATES)),
  days: optional(v.custom<number>(isStateDays)),
  from: optional(v.custom<string>(isDay)),
  to: optional(v.custom<string>(isDay)),
  dates: optional(v.picklist(ORDER_DATES)),
  attention: optional(v.picklist(ORDER_ATTENTIONS)),
  sort: optional(v.picklist(ORDER_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The order list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function ordersSearchFrom(raw: unknown): OrdersSearch {
  return v.parse(ordersSearchSchema, raw ?? {});
}

/**
 * `catalogue`, the codes of the shop's products once known: a product in the address that is not among them is left
 * out, as any other value the list does not know.
 */
export function orderListParams(search: OrdersSearch, catalogue?: readonly string[]): OrderListParams {
  return {
    q: search.q,
    status: search.status,
    payment: search.payment,
    product: search.product && (!catalogue || catalogue.includes(search.product)) ? search.product : undefined,
    kitState: search.kitState,
    days: search.kitState ? search.days : undefined,
    from: search.from,
    to: search.to,
    dates: search.dates ?? 'placed',
    attention: search.attention,
    sort: search.sort ?? '-createdAt',
    page: search.page ?? 1,
  };
}
