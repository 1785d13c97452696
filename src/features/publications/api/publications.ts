import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components } from '../../../../openapi/schema';
import { useEarlyQuery, useQueriesHandle, type QueriesHandle } from '@/lib/queries-context';
import type { PublicationsSearch } from '../search';

export type Publication = components['schemas']['Publication'];
export type PublicationList = components['schemas']['PublicationList'];

export const publicationsQueryOptions = ({ topic, year, q }: PublicationsSearch) =>
  queryOptions({
    queryKey: ['publications', { topic, year, q }],
    queryFn: async ({ signal }): Promise<PublicationList> => {
      // The API client arrives with the shop's machines, after the first page: the list is asked for after it.
      const { api, dataOf } = await import('@/lib/api-client');
      return dataOf(await api.GET('/api/publications', { params: { query: { topic, year, q } }, signal }));
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the list the address asks for (the route's loader); the page shows its own loading and error states. */
export function prefetchPublications(queries: QueriesHandle, search: PublicationsSearch): void {
  queries.ready.then(
    (client) => client.prefetchQuery(publicationsQueryOptions(search)),
    // The page reads the same failure through `usePublications`.
    () => undefined,
  );
}

/** The list for `search`; pending until TanStack Query has loaded, as the page is prerendered before it. */
export function usePublications({ topic, year, q }: PublicationsSearch) {
  const options = useMemo(() => publicationsQueryOptions({ topic, year, q }), [topic, year, q]);
  return useEarlyQuery(options);
}

/** Asks again after a failure, showing the loading state meanwhile; reloads the page when the shop's code itself failed to load. */
export function useRetryPublications(search: PublicationsSearch): () => void {
  const queries = useQueriesHandle();
  return () => {
    const client = queries.current;
    if (client) void client.resetQueries({ queryKey: publicationsQueryOptions(search).queryKey });
    else window.location.reload();
  };
}
