import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { ORDER_PAGE_SIZE, type OrderListParams } from '../params';

export type StaffOrderSummary = components['schemas']['StaffOrderSummary'];
export type OrdersPage = operations['listStaffOrders']['responses'][200]['content']['application/json'];

/** Every page of the order list and every order: what a step on an order makes stale. */
/** The contract's filter for these parameters (the export takes the same). */
export function orderFilter(params: OrderListParams): components['schemas']['OrderFilter'] {
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.payment ? { paymentStatus: params.payment } : {}),
    ...(params.product ? { product: params.product } : {}),
    ...(params.kitState ? { kitState: params.kitState } : {}),
    ...(params.kitState && params.days ? { kitStateDays: params.days } : {}),
    ...(params.from ? { from: params.from } : {}),
    ...(params.to ? { to: params.to } : {}),
    ...(params.dates !== 'placed' ? { dates: params.dates } : {}),
    ...(params.attention ? { attention: params.attention } : {}),
    sort: params.sort,
  };
}

export const STAFF_ORDERS_KEY = ['admin', 'orders'] as const;

export const staffOrdersQueryOptions = (params: OrderListParams) =>
  queryOptions({
    queryKey: [...STAFF_ORDERS_KEY, 'list', params],
    queryFn: async ({ signal }): Promise<OrdersPage> =>
      dataOf(
        await api.GET('/api/admin/orders', {
          params: {
            query: {
              ...orderFilter(params),
              limit: ORDER_PAGE_SIZE,
              offset: (params.page - 1) * ORDER_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
    retryOnMount: false,
  });

export function useStaffOrders(params: OrderListParams) {
  return useQuery(staffOrdersQueryOptions(params));
}
