import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../openapi/schema';
import { useEarlyQuery, type QueriesHandle } from './queries-context';

export type Product = components['schemas']['Product'];

export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: async ({ signal }): Promise<Product[]> => {
    // The API client arrives with the shop's machines, after the first page: the catalogue is asked for after it.
    const { api, dataOf } = await import('./api-client');
    return dataOf(await api.GET('/api/products', { signal })).data;
  },
  staleTime: 5 * 60_000,
  retry: 1,
});

/** Starts fetching the catalogue (a route's loader); the page shows its own loading and error states. */
export function prefetchProducts(queries: QueriesHandle): void {
  queries.ready.then(
    (client) => client.prefetchQuery(productsQueryOptions),
    // The page reads the same failure through `useProducts`.
    () => undefined,
  );
}

/** The catalogue; the public pages read it before TanStack Query has loaded (src/lib/queries-context.tsx). */
export function useProducts() {
  return useEarlyQuery(productsQueryOptions);
}
