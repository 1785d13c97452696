import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { KIT_BATCH_PAGE_SIZE } from '../params';

export type KitBatch = components['schemas']['KitBatch'];
export type KitBatchesPage = operations['listKitBatches']['responses'][200]['content']['application/json'];

/** Every page of the list: what a new batch, an onboarding or an activation makes stale. */
export const KIT_BATCHES_KEY = ['admin', 'kit-batches'] as const;

export const kitBatchesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...KIT_BATCHES_KEY, { page }],
    queryFn: async ({ signal }): Promise<KitBatchesPage> =>
      dataOf(
        await api.GET('/api/admin/kit-batches', {
          params: { query: { limit: KIT_BATCH_PAGE_SIZE, offset: (page - 1) * KIT_BATCH_PAGE_SIZE } },
          signal,
        }),
      ),
    // Another page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
    retryOnMount: false,
  });

export function useKitBatches(page: number) {
  return useQuery(kitBatchesQueryOptions(page));
}
