import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '../../../lib/api-client';

export type Product = components['schemas']['Product'];

export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: async ({ signal }): Promise<Product[]> => dataOf(await api.GET('/api/products', { signal })).data,
  staleTime: 5 * 60_000,
  retry: 1,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
