import { queryOptions } from '@tanstack/react-query';
import type { operations } from '../../../../openapi/schema';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type Cookbook = operations['getCookbook']['responses'][200]['content']['application/json'];
export type CookbookCourse = Cookbook['courses'][number];

export const cookbookQueryOptions = queryOptions({
  queryKey: ['recipes', 'cookbook'],
  queryFn: async ({ signal }): Promise<Cookbook> => {
    // The API client arrives with the shop's machines, after the first page: the cookbook is asked for after it.
    const { api, dataOf } = await import('@/lib/api-client');
    return dataOf(await api.GET('/api/cookbook', { signal }));
  },
  staleTime: 5 * 60_000,
  retry: 1,
});

/** Starts fetching the cookbook (the route's loader); the page shows its own loading and error states. */
export function prefetchCookbook(queries: QueriesHandle): void {
  queries.ready.then(
    (client) => client.prefetchQuery(cookbookQueryOptions),
    // The page reads the same failure through `useCookbook`.
    () => undefined,
  );
}

/** Pending until TanStack Query has loaded, as the cookbook is prerendered before it. */
export function useCookbook() {
  return useEarlyQuery(cookbookQueryOptions);
}
