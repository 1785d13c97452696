import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { ApiError, api, dataOf } from '@/lib/api-client';

export type ProductDetail = components['schemas']['ProductDetail'];

/** A product's page by its slug; `null` when there is no such product (the page says so). */
export const productQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['products', 'page', slug],
    queryFn: async ({ signal }): Promise<ProductDetail | null> => {
      try {
        return dataOf(await api.GET('/api/products/{slug}', { params: { path: { slug } }, signal })).product;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    retry: 1,
  });
