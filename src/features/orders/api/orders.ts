import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '../../../lib/api-client';
import { env } from '../../../lib/env';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { ApiError } from '../../../lib/api-client';

export type Order = components['schemas']['Order'];

export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'],
  queryFn: async ({ signal }): Promise<Order[]> => dataOf(await api.GET('/api/orders', { signal })).orders,
});

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['orders', id],
    queryFn: async ({ signal }): Promise<Order> => dataOf(await api.GET('/api/orders/{id}', { params: { path: { id } }, signal })).order,
  });

export function useOrders() {
  return useQuery(ordersQueryOptions);
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/** The invoice PDF as a file; made on the server, so the browser only downloads it. */
export async function downloadInvoice(order: Pick<Order, '_id' | 'invoiceNumber'>): Promise<void> {
  const token = storage.get(STORAGE_KEYS.authToken);
  const response = await fetch(`${env.apiBaseUrl}/api/orders/${encodeURIComponent(order._id)}/invoice`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? 'The invoice could not be downloaded. Please try again.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${order.invoiceNumber ?? 'invoice'}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Order> =>
      dataOf(await api.POST('/api/orders/{id}/cancel', { params: { path: { id } }, body: {} })).order,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order._id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: ordersQueryOptions.queryKey });
    },
  });
}
