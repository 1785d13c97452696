/** What the list of ebook leads is asked for (operation `listEbookLeads`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';

export type EbookLeadSort = components['schemas']['EbookLeadSort'];

/** The consent filter as the address spells it: those who agreed to be contacted, or those who did not. */
export type ConsentView = 'yes' | 'no';

export const CONSENT_VIEWS = ['yes', 'no'] as const satisfies readonly ConsentView[];
export const LEAD_SORTS = [
  '-lastRequestedAt',
  'lastRequestedAt',
  '-firstRequestedAt',
  'firstRequestedAt',
  'name',
  '-name',
  'email',
  '-email',
  '-consentAt',
  'consentAt',
  '-downloads',
  'downloads',
] as const satisfies readonly EbookLeadSort[];

export const LEAD_PAGE_SIZE = STAFF_PAGE_SIZE;
const DEFAULT_SORT: EbookLeadSort = '-lastRequestedAt';

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type LeadSearch = {
  q?: string | undefined;
  consent?: ConsentView | undefined;
  sort?: EbookLeadSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in. */
export interface LeadListParams {
  q: string | undefined;
  consent: ConsentView | undefined;
  sort: EbookLeadSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const leadSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  consent: optional(v.picklist(CONSENT_VIEWS)),
  sort: optional(v.picklist(LEAD_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function leadSearchFrom(raw: unknown): LeadSearch {
  return v.parse(leadSearchSchema, raw ?? {});
}

export function leadListParams(search: LeadSearch): LeadListParams {
  return { q: search.q, consent: search.consent, sort: search.sort ?? DEFAULT_SORT, page: search.page ?? 1 };
}

/** The address's search for `params`, the defaults left out so that the plain address is the usual view. */
export function leadSearchFor(params: LeadListParams): LeadSearch {
  return {
    q: params.q,
    consent: params.consent,
    sort: params.sort === DEFAULT_SORT ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

/** The list's search, filter and order as the API and the export take them. */
export function leadFilter(params: LeadListParams): components['schemas']['EbookLeadFilter'] {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.consent ? { consent: params.consent === 'yes' } : {}),
    sort: params.sort,
  };
}
