/**
 * What the customer lists are asked for (operation `listCustomers`), as their pages keep it in the address. Free of
 * imports but types: the routes' search schemas (src/app/search.ts) read these lists, and that module ships with the
 * shop's first page.
 */
import type { components } from '../../../../openapi/schema';

export type CustomerSort = components['schemas']['CustomerSort'];
type KitJourneyState = components['schemas']['KitJourneyState'];

export const CUSTOMER_SORTS = [
  '-signedUpAt',
  'signedUpAt',
  'name',
  '-name',
  'email',
  '-email',
  '-orders',
  'orders',
  '-lastOrderAt',
  'lastOrderAt',
] as const satisfies readonly CustomerSort[];

/** The kit states a customer can be found by, in the order of a kit's journey. */
export const CUSTOMER_KIT_STATES = [
  'paid',
  'shipped',
  'delivered',
  'activated',
  'sampleReceived',
  'reportReady',
  'qcFailed',
  'cancelled',
  'refunded',
] as const satisfies readonly KitJourneyState[];
export type CustomerKitState = (typeof CUSTOMER_KIT_STATES)[number];

/** The product filter of the list of every customer; the per-product lists fix theirs. */
export const CUSTOMER_PRODUCTS = ['PROD-G3G-LITE', 'PROD-G360', 'PROD-GSENS', 'PROD-IBS-HEAL'] as const;
export type CustomerProduct = (typeof CUSTOMER_PRODUCTS)[number];

export const CUSTOMER_PAGE_SIZE = 20;
/** The contract's largest offset (1,000,000) divided into pages. */
const CUSTOMER_LAST_PAGE = 1_000_000 / CUSTOMER_PAGE_SIZE + 1;

export function isCustomerPage(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= CUSTOMER_LAST_PAGE;
}

/** Days a kit has been in its state: a whole number from 1 to ten years. */
export function isStateDays(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3650;
}

/** A day as the date field gives it, e.g. 2026-11-24; the server checks that it exists. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export interface CustomersSearch {
  q?: string | undefined;
  product?: CustomerProduct | undefined;
  kitState?: CustomerKitState | undefined;
  /** With `kitState`: in that state for at least this many days. */
  days?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: CustomerSort | undefined;
  page?: number | undefined;
}

/** One page of a list, with the defaults filled in. */
export interface CustomerListParams {
  q: string | undefined;
  /** Who bought every one of these; the per-product lists fix them, the list of every customer has one filter. */
  products: readonly string[];
  kitState: CustomerKitState | undefined;
  days: number | undefined;
  from: string | undefined;
  to: string | undefined;
  sort: CustomerSort;
  page: number;
}

export function customerListParams(search: CustomersSearch, fixedProducts: readonly string[] = []): CustomerListParams {
  return {
    q: search.q,
    products: fixedProducts.length > 0 ? fixedProducts : search.product ? [search.product] : [],
    kitState: search.kitState,
    days: search.kitState ? search.days : undefined,
    from: search.from,
    to: search.to,
    sort: search.sort ?? '-signedUpAt',
    page: search.page ?? 1,
  };
}

/** The contract's filter for these parameters (an export takes the same). */
export function customerFilter(params: CustomerListParams): components['schemas']['CustomerFilter'] {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.products.length > 0 ? { product: [...params.products] } : {}),
    ...(params.kitState ? { kitState: params.kitState } : {}),
    ...(params.kitState && params.days ? { kitStateDays: params.days } : {}),
    ...(params.from ? { signedUpFrom: params.from } : {}),
    ...(params.to ? { signedUpTo: params.to } : {}),
    sort: params.sort,
  };
}
