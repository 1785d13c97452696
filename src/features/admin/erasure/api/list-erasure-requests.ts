import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { ERASURE_PAGE_SIZE, type ErasureListParams } from '../params';

export type StaffErasureRequest = components['schemas']['StaffErasureRequest'];
export type ErasureRequestsPage = operations['listErasureRequests']['responses'][200]['content']['application/json'];

/** Every page of the list, whatever its filter: what completing a request makes stale. */
export const ERASURE_REQUESTS_KEY = ['admin', 'erasure-requests'] as const;

export const erasureRequestsQueryOptions = ({ status, sort, page }: ErasureListParams) =>
  queryOptions({
    queryKey: [...ERASURE_REQUESTS_KEY, { status, sort, page }],
    queryFn: async ({ signal }): Promise<ErasureRequestsPage> =>
      dataOf(
        await api.GET('/api/admin/erasure-requests', {
          params: { query: { status, sort, limit: ERASURE_PAGE_SIZE, offset: (page - 1) * ERASURE_PAGE_SIZE } },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
    retryOnMount: false,
  });

export function useErasureRequests(params: ErasureListParams) {
  return useQuery(erasureRequestsQueryOptions(params));
}
