import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components, operations } from '../../../../openapi/schema';
import { unlessNotFound } from '@/lib/public-queries';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type Post = components['schemas']['Post'];
export type PostAnswer = operations['getPost']['responses'][200]['content']['application/json'];

/** A published post with its related posts; `null` when no published post has this slug (the page says so). */
export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['posts', 'post', slug],
    queryFn: ({ signal }): Promise<PostAnswer | null> =>
      unlessNotFound(async ({ api, dataOf }) => dataOf(await api.GET('/api/posts/{slug}', { params: { path: { slug } }, signal }))),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the post (the route's loader); the page shows its own loading and error states. */
export function prefetchPost(queries: QueriesHandle, slug: string | undefined): void {
  if (!slug) return;
  queries.ready.then(
    (client) => client.prefetchQuery(postQueryOptions(slug)),
    // The page reads the same failure through `usePost`.
    () => undefined,
  );
}

/** Pending until TanStack Query has loaded: the fixed posts (/blogs/ibs…) are prerendered before it. */
export function usePost(slug: string) {
  const options = useMemo(() => postQueryOptions(slug), [slug]);
  return useEarlyQuery(options);
}
