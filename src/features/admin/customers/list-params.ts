/**
 * One page of a customer list as the pages and their queries use it: the address's search with the defaults filled
 * in, and the contract's filter for it. Apart from params.ts, whose lists the routes' search schemas read on the
 * shop's first page, so that this comes only with the staff's own pages.
 */
import * as v from 'valibot';
import { isStaffPage } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';
import {
  CUSTOMER_KIT_STATES,
  CUSTOMER_SORTS,
  isDay,
  isProductCode,
  isStateDays,
  type CustomerKitState,
  type CustomersSearch,
  type CustomerSort,
} from './params';

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const customersSearchSchema = v.object({
  // A number typed into the address (?q=98765) arrives as a number: it is searched for as written.
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  product: optional(v.custom<string>(isProductCode)),
  kitState: optional(v.picklist(CUSTOMER_KIT_STATES)),
  days: optional(v.custom<number>(isStateDays)),
  from: optional(v.custom<string>(isDay)),
  to: optional(v.custom<string>(isDay)),
  sort: optional(v.picklist(CUSTOMER_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** A customer list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function customersSearchFrom(raw: unknown): CustomersSearch {
  return v.parse(customersSearchSchema, raw ?? {});
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

/**
 * `catalogue`, the codes of the shop's products once known: a product in the address that is not among them is left
 * out, as any other value the list does not know.
 */
export function customerListParams(search: CustomersSearch, fixedProducts: readonly string[] = [], catalogue?: readonly string[]): CustomerListParams {
  const product = search.product && (!catalogue || catalogue.includes(search.product)) ? search.product : undefined;
  return {
    q: search.q,
    products: fixedProducts.length > 0 ? fixedProducts : product ? [product] : [],
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
