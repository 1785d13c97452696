import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import type { Instrument } from '../../../../machines/questionnaire-scoring';
import { api, ApiError, dataOf } from '@/lib/api-client';

export type SavedQuestionnaireResult = components['schemas']['QuestionnaireResult'];
export type QuestionnaireScore = components['schemas']['QuestionnaireScore'];
export type StaffQuestionnaireResult = components['schemas']['StaffQuestionnaireResult'];
export type QuestionnaireOffer = components['schemas']['QuestionnaireOffer'];

export const questionnaireOffersQueryOptions = queryOptions({
  queryKey: ['questionnaires', 'offers'],
  queryFn: async ({ signal }): Promise<QuestionnaireOffer[]> => dataOf(await api.GET('/api/questionnaires', { signal })).instruments,
  staleTime: 10 * 60_000,
});


export const myQuestionnaireResultsQueryOptions = queryOptions({
  queryKey: ['questionnaires', 'mine'],
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/questionnaires/results', { signal })),
  retryOnMount: false,
});

/** The same query, asked for by nobody: a visitor has no results. */
export const noQuestionnaireResultsQueryOptions = { ...myQuestionnaireResultsQueryOptions, enabled: false };

export function useMyQuestionnaireResults() {
  return useQuery(myQuestionnaireResultsQueryOptions);
}

/** Keeps the signed-in person's answers; the server scores them. */
export async function saveQuestionnaireResult(
  instrument: Instrument,
  answers: Record<string, unknown>,
  consent: boolean,
): Promise<SavedQuestionnaireResult> {
  return dataOf(
    await api.POST('/api/questionnaires/{instrument}/results', {
      params: { path: { instrument } },
      body: { answers, ...(consent ? { consent: true } : {}) },
    }),
  ).result;
}

export function staffCustomerQuestionnairesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: ['staff', 'questionnaires', 'customer', customerId],
    queryFn: async ({ signal }) =>
      dataOf(await api.GET('/api/staff/customers/{id}/questionnaire-results', { params: { path: { id: customerId } }, signal })),
    // A refusal (404: no such customer) is the answer; only a call that got no good answer is worth a second try.
    retry: (failures, error) => !(error instanceof ApiError && error.kind === 'refused') && failures < 1,
    retryOnMount: false,
  });
}

export interface StaffQuestionnaireQuery {
  q?: string | undefined;
  instrument?: Instrument | undefined;
  sort?: 'createdAt' | '-createdAt' | 'score' | '-score' | undefined;
  limit: number;
  offset: number;
}

export function staffQuestionnaireResultsQueryOptions(query: StaffQuestionnaireQuery) {
  return queryOptions({
    queryKey: ['staff', 'questionnaires', 'list', query],
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/staff/questionnaire-results', { params: { query }, signal })),
    placeholderData: (previous) => previous,
    retryOnMount: false,
  });
}
