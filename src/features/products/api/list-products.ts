import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';

export type Product = components['schemas']['Product'];

export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: async ({ signal }): Promise<Product[]> => {
    // The API client arrives with the shop's machines, after the first page: the catalogue is asked for after it.
    const { api, dataOf } = await import('../../../lib/api-client');
    return dataOf(await api.GET('/api/products', { signal })).data;
  },
  staleTime: 5 * 60_000,
  retry: 1,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
