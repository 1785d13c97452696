import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components, operations } from '../../../../openapi/schema';
import { hasEmbeddedAnswer, takeEmbeddedAnswer } from '@/lib/embedded-answer';
import { unlessNotFound } from '@/lib/public-queries';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type Post = components['schemas']['Post'];
export type PostAnswer = operations['getPost']['responses'][200]['content']['application/json'];

/** A published post with its related posts; `null` when no published post has this slug (the page says so). */
export const postQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['posts', 'post', slug],
    queryFn: async ({ signal }): Promise<PostAnswer | null> =>
      takeEmbeddedAnswer<PostAnswer>('getPost', slug) ??
      unlessNotFound(async ({ api, dataOf }) => dataOf(await api.GET('/api/posts/{slug}', { params: { path: { slug } }, signal }))),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/**
 * Starts fetching the post (the route's loader); the page shows its own loading and error states. When the page
 * came with the post's answer (its text in the server's HTML), the route waits for it, a moment, so that the
 * shop replaces the server's text with the same post rather than with its loading state.
 */
export function prefetchPost(queries: QueriesHandle, slug: string | undefined): Promise<void> | void {
  if (!slug) return;
  const fetched = queries.ready.then(
    (client) => client.prefetchQuery(postQueryOptions(slug)),
    // The page reads the same failure through `usePost`.
    () => undefined,
  );
  if (hasEmbeddedAnswer('getPost', slug)) return fetched;
}

/** Pending until TanStack Query has loaded (the page renders before it only when the post's answer came with it). */
export function usePost(slug: string) {
  const options = useMemo(() => postQueryOptions(slug), [slug]);
  return useEarlyQuery(options);
}
