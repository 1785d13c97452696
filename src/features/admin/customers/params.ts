/**
 * What the customer lists are asked for (operation `listCustomers`), as their pages keep it in the address.
 */
import type { components } from '../../../../openapi/schema';
import { STAFF_PAGE_SIZE } from '@/lib/staff-pages';

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

export const CUSTOMER_PAGE_SIZE = STAFF_PAGE_SIZE;

/** Days a kit has been in its state: a whole number from 1 to ten years. */
export function isStateDays(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3650;
}

/** A day as the date field gives it, e.g. 2026-11-24; the server checks that it exists. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
}

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type CustomersSearch = {
  q?: string | undefined;
  product?: CustomerProduct | undefined;
  kitState?: CustomerKitState | undefined;
  /** With `kitState`: in that state for at least this many days. */
  days?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: CustomerSort | undefined;
  page?: number | undefined;
};
