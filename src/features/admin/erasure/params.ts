/** What the erasure-request list is asked for (operation `listErasureRequests`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { operations } from '../../../../openapi/schema';

type ListQuery = NonNullable<operations['listErasureRequests']['parameters']['query']>;
export type ErasureStatusFilter = NonNullable<ListQuery['status']>;
export type ErasureSort = NonNullable<ListQuery['sort']>;

export const ERASURE_STATUS_FILTERS = ['pending', 'completed', 'cancelled', 'all'] as const satisfies readonly ErasureStatusFilter[];
export const ERASURE_SORTS = ['dueBy', '-dueBy', 'requestedAt', '-requestedAt'] as const satisfies readonly ErasureSort[];

export const ERASURE_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type ErasureRequestsSearch = {
  status?: ErasureStatusFilter | undefined;
  sort?: ErasureSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the contract's defaults filled in. */
export interface ErasureListParams {
  status: ErasureStatusFilter;
  sort: ErasureSort;
  page: number;
}

export function erasureListParams(search: ErasureRequestsSearch): ErasureListParams {
  return { status: search.status ?? 'pending', sort: search.sort ?? 'dueBy', page: search.page ?? 1 };
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const erasureSearchSchema = v.object({
  status: optional(v.picklist(ERASURE_STATUS_FILTERS)),
  sort: optional(v.picklist(ERASURE_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function erasureSearchFrom(raw: unknown): ErasureRequestsSearch {
  return v.parse(erasureSearchSchema, raw ?? {});
}
