import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../openapi/schema';
import { api, dataOf } from './api-client';

export type Order = components['schemas']['Order'];

/** One of the signed-in person's orders: the orders pages show it, checkout reads it to pay an unpaid one. */
export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', id],
    queryFn: async ({ signal }): Promise<Order> => dataOf(await api.GET('/api/orders/{id}', { params: { path: { id } }, signal })).order,
  });

/** The signed-in person's orders, newest first: the orders page lists them, checkout finds one waiting for payment. */
export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'],
  queryFn: async ({ signal }): Promise<Order[]> => dataOf(await api.GET('/api/orders', { signal })).orders,
  // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
  retryOnMount: false,
});
