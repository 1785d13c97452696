import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components, operations } from '../../../../openapi/schema';
import { CONTENT_PAGE_SIZE, offsetOf } from '@/lib/content-search';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';
import type { BlogListSearch } from '../search';

export type PostSummary = components['schemas']['PostSummary'];
export type PostList = operations['listPosts']['responses'][200]['content']['application/json'];

export const postsQueryOptions = ({ q, tag, page }: BlogListSearch) =>
  queryOptions({
    queryKey: ['posts', 'list', { q, tag, page: page ?? 1 }],
    queryFn: async ({ signal }): Promise<PostList> => {
      // The API client arrives with the shop's machines, after the first page: the list is asked for after it.
      const { api, dataOf } = await import('@/lib/api-client');
      const query = { q, tag, limit: CONTENT_PAGE_SIZE, offset: offsetOf(page) };
      return dataOf(await api.GET('/api/posts', { params: { query }, signal }));
    },
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

/** The page of posts for `search`; pending until TanStack Query has loaded, as the list is prerendered before it. */
export function usePosts({ q, tag, page }: BlogListSearch) {
  const options = useMemo(() => postsQueryOptions({ q, tag, page }), [q, tag, page]);
  return useEarlyQuery(options);
}
