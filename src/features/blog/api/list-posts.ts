import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components, operations } from '../../../../openapi/schema';
import { CONTENT_PAGE_SIZE, offsetOf } from '@/lib/content-search';
import { embeddedAnswerOf, takeEmbeddedAnswer } from '@/lib/embedded-answer';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';
import type { BlogListSearch } from '../search';

export type PostSummary = components['schemas']['PostSummary'];
export type PostList = operations['listPosts']['responses'][200]['content']['application/json'];

/**
 * The list's first page, without words or a tag, as the server puts its answer into /blogs-list (its key there: the
 * query the page would ask with), beside the list already in the page's markup.
 */
export const FIRST_PAGE_KEY = `limit=${CONTENT_PAGE_SIZE}&offset=0`;

const isFirstPage = ({ q, tag, page }: BlogListSearch) => !q && !tag && (page ?? 1) === 1;

export const postsQueryOptions = ({ q, tag, page }: BlogListSearch) =>
  queryOptions({
    queryKey: ['posts', 'list', { q, tag, page: page ?? 1 }],
    queryFn: async ({ signal }): Promise<PostList> => {
      // The API client arrives with the shop's machines, after the first page: the list is asked for after it.
      const { api, dataOf } = await import('@/lib/api-client');
      const query = { q, tag, limit: CONTENT_PAGE_SIZE, offset: offsetOf(page) };
      return dataOf(await api.GET('/api/posts', { params: { query }, signal }));
    },
    // The first page the page came with, once: the list is not asked for again until it is stale.
    initialData: isFirstPage({ q, tag, page }) ? () => takeEmbeddedAnswer<PostList>('listPosts', FIRST_PAGE_KEY) : undefined,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the page of posts the address asks for (the route's loader); the page shows its own loading and error states. */
export function prefetchPosts(queries: QueriesHandle, search: BlogListSearch): void {
  queries.ready.then(
    (client) => client.prefetchQuery(postsQueryOptions(search)),
    // The page reads the same failure through `usePosts`.
    () => undefined,
  );
}

/**
 * The page of posts for `search`. Until TanStack Query has loaded: the first page the page came with, which its
 * markup already shows, or pending (the list is prerendered loading).
 */
export function usePosts({ q, tag, page }: BlogListSearch) {
  const options = useMemo(() => postsQueryOptions({ q, tag, page }), [q, tag, page]);
  const before = isFirstPage({ q, tag, page }) ? embeddedAnswerOf<PostList>('listPosts', FIRST_PAGE_KEY) : undefined;
  return useEarlyQuery(options, before);
}
