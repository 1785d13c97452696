import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { operations } from '../../../../openapi/schema';
import { slugOf } from '@/lib/content-search';
import { unlessNotFound } from '@/lib/public-queries';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type GhostPostAnswer = operations['getGhostPost']['responses'][200]['content']['application/json'];

/** A post from Ghost (or from our own store when Ghost is not configured); `null` when the slug is unknown. */
export const ghostPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['posts', 'ghost', slug],
    queryFn: ({ signal }): Promise<GhostPostAnswer | null> =>
      unlessNotFound(async ({ api, dataOf, ApiError }) => {
        try {
          return dataOf(await api.GET('/api/ghost/posts/{slug}', { params: { path: { slug } }, signal }));
        } catch (error) {
          // The server's own words say that the blog service is down, which tells the reader more than "the shop is busy".
          if (error instanceof ApiError && error.status === 503 && error.serverMessage) {
            throw new ApiError(error.status, error.serverMessage, error.code, error.fields, error.serverMessage);
          }
          throw error;
        }
      }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the post (the route's loader); the page shows its own loading and error states. */
export function prefetchGhostPost(queries: QueriesHandle, slug: string): void {
  // Not a slug: the page says there is no such post without asking.
  if (!slugOf(slug)) return;
  queries.ready.then(
    (client) => client.prefetchQuery(ghostPostQueryOptions(slug)),
    // The page reads the same failure through `useGhostPost`.
    () => undefined,
  );
}

export function useGhostPost(slug: string) {
  const options = useMemo(() => ghostPostQueryOptions(slug), [slug]);
  return useEarlyQuery(options);
}
