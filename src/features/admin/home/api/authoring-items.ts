/**
 * The staff home's view of the authoring work (operation `listAuthoringItems`): the person's own pieces, and for an
 * admin the pieces waiting for review, those waiting longest first.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';

export type AuthoringSummary = components['schemas']['AuthoringSummary'];
type ListQuery = NonNullable<operations['listAuthoringItems']['parameters']['query']>;
type ListAnswer = operations['listAuthoringItems']['responses'][200]['content']['application/json'];

/** How many pieces each panel shows. */
export const OWN_PIECES_SHOWN = 10;
export const WAITING_SHOWN = 5;

async function listItems(query: ListQuery, signal: AbortSignal): Promise<ListAnswer> {
  return dataOf(await api.GET('/api/authoring/items', { params: { query }, signal }));
}

export const ownPiecesQueryOptions = queryOptions({
  queryKey: ['authoring', 'mine', OWN_PIECES_SHOWN],
  queryFn: ({ signal }) => listItems({ mine: true, limit: OWN_PIECES_SHOWN }, signal),
  staleTime: 0,
  retryOnMount: false,
});

export function useOwnPieces() {
  return useQuery(ownPiecesQueryOptions);
}

/**
 * The oldest pieces waiting for review. The server lists the most recently changed first and has no other order, so
 * when more are waiting than shown, the last page (the oldest) is asked for.
 */
export const waitingForReviewQueryOptions = queryOptions({
  queryKey: ['authoring', 'waiting', WAITING_SHOWN],
  queryFn: async ({ signal }): Promise<ListAnswer> => {
    const query: ListQuery = { state: 'submitted', limit: WAITING_SHOWN };
    let page = await listItems(query, signal);
    if (page.total > WAITING_SHOWN) page = await listItems({ ...query, offset: page.total - WAITING_SHOWN }, signal);
    return { items: [...page.items].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)), total: page.total };
  },
  staleTime: 0,
  retryOnMount: false,
});

export function useWaitingForReview() {
  return useQuery(waitingForReviewQueryOptions);
}
