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

/**
 * A product's code as the list of every customer is filtered by it (the per-product lists fix theirs): any product of
 * the catalogue, its code in capitals as staff give it.
 */
export function isProductCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z0-9][A-Z0-9-]{2,39}$/.test(value);
}

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
  product?: string | undefined;
  kitState?: CustomerKitState | undefined;
  /** With `kitState`: in that state for at least this many days. */
  days?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: CustomerSort | undefined;
  page?: number | undefined;
};
