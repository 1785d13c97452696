/**
 * What the care team's list of questionnaire results is asked for (operation `listStaffQuestionnaireResults`), as
 * its page keeps it in the address.
 */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components, operations } from '../../../../openapi/schema';
import type { StaffQuestionnaireQuery } from '../api/questionnaires';

export type QuestionnaireInstrument = components['schemas']['QuestionnaireInstrument'];
export type CareResultSort = NonNullable<NonNullable<operations['listStaffQuestionnaireResults']['parameters']['query']>['sort']>;

export const CARE_INSTRUMENTS = ['gad7', 'psqi'] as const satisfies readonly QuestionnaireInstrument[];
export const CARE_SORTS = ['-createdAt', 'createdAt', '-score', 'score'] as const satisfies readonly CareResultSort[];

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type CareResultsSearch = {
  q?: string | undefined;
  instrument?: QuestionnaireInstrument | undefined;
  sort?: CareResultSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in: every instrument, newest first, the first page. */
export interface CareResultsParams {
  q: string | undefined;
  instrument: QuestionnaireInstrument | undefined;
  sort: CareResultSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const careSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  instrument: optional(v.picklist(CARE_INSTRUMENTS)),
  sort: optional(v.picklist(CARE_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function careSearchFrom(raw: unknown): CareResultsSearch {
  return v.parse(careSearchSchema, raw ?? {});
}

export function careResultsParams(search: CareResultsSearch): CareResultsParams {
  return {
    // The contract asks for at least one character: an empty or blank search is no search.
    q: search.q?.trim() ? search.q.trim() : undefined,
    instrument: search.instrument,
    sort: search.sort ?? '-createdAt',
    page: search.page ?? 1,
  };
}

/** The address's search for `params`, the defaults left out so that the plain address is the usual view. */
export function careSearchFor(params: CareResultsParams): CareResultsSearch {
  return {
    q: params.q,
    instrument: params.instrument,
    sort: params.sort === '-createdAt' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

/** The call's query for one page of the list. */
export function careResultsQuery(params: CareResultsParams): StaffQuestionnaireQuery {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.instrument ? { instrument: params.instrument } : {}),
    sort: params.sort,
    limit: STAFF_PAGE_SIZE,
    offset: (params.page - 1) * STAFF_PAGE_SIZE,
  };
}
