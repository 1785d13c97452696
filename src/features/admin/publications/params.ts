/** What the staff's publication list is asked for (operation `listAdminPublications`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import { PUBLICATION_TOPICS, type PublicationTopic } from '@/lib/publication-topics';
import type { components } from '../../../../openapi/schema';

export type AdminPublicationSort = components['schemas']['AdminPublicationSort'];

export const PUBLICATION_SORTS = [
  '-year',
  'year',
  'title',
  '-title',
  'journal',
  '-journal',
  '-createdAt',
  'createdAt',
  '-updatedAt',
  'updatedAt',
] as const satisfies readonly AdminPublicationSort[];

/** Whether an entry is on the public page: the address says it in words, the contract as `visible`. */
export const PUBLICATION_STATES = ['shown', 'hidden'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export const PUBLICATION_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type PublicationsSearch = {
  q?: string | undefined;
  topic?: PublicationTopic | undefined;
  state?: PublicationState | undefined;
  sort?: AdminPublicationSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in. */
export interface PublicationListParams {
  q: string | undefined;
  topic: PublicationTopic | undefined;
  state: PublicationState | undefined;
  sort: AdminPublicationSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const publicationsSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.trim(), v.minLength(1), v.maxLength(100))),
  topic: optional(v.picklist(PUBLICATION_TOPICS)),
  state: optional(v.picklist(PUBLICATION_STATES)),
  sort: optional(v.picklist(PUBLICATION_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function publicationsSearchFrom(raw: unknown): PublicationsSearch {
  return v.parse(publicationsSearchSchema, raw ?? {});
}

export function publicationListParams(search: PublicationsSearch): PublicationListParams {
  return { q: search.q, topic: search.topic, state: search.state, sort: search.sort ?? '-year', page: search.page ?? 1 };
}

/** The address's search for `params`, leaving the defaults out so that the plain address is the usual view. */
export function publicationsSearchFor(params: PublicationListParams): PublicationsSearch {
  return {
    q: params.q,
    topic: params.topic,
    state: params.state,
    sort: params.sort === '-year' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}
