import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentFileName } from '../../../../machines/document-numbers';
import { api, ApiError, dataOf } from '@/lib/api-client';
import { orderQueryOptions, type Order } from '@/lib/orders';

export { orderQueryOptions, type Order };

export const ordersQueryOptions = queryOptions({
  queryKey: ['orders'],
  queryFn: async ({ signal }): Promise<Order[]> => dataOf(await api.GET('/api/orders', { signal })).orders,
  // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
  retryOnMount: false,
});

export function useOrders() {
  return useQuery(ordersQueryOptions);
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

const INVOICE_FAILED = 'The invoice could not be downloaded.';

/** The invoice PDF as a file; made on the server, so the browser only downloads it. */
export async function downloadInvoice(order: Pick<Order, '_id' | 'invoiceNumber'>): Promise<void> {
  const invoice = await api
    .GET('/api/orders/{id}/invoice', { params: { path: { id: order._id } }, parseAs: 'blob' })
    .then(dataOf, (error: unknown) => {
      // A refusal says why in the server's words; anything else says what failed and what happened.
      if (error instanceof ApiError && error.kind === 'refused' && error.serverMessage) throw error;
      const cause = error instanceof ApiError ? error.message : 'Please try again.';
      throw new ApiError(error instanceof ApiError ? error.status : 0, `${INVOICE_FAILED} ${cause}`, error instanceof ApiError ? error.code : undefined);
    });
  const url = URL.createObjectURL(invoice);
  const link = document.createElement('a');
  link.href = url;
  link.download = order.invoiceNumber ? documentFileName(order.invoiceNumber) : 'invoice.pdf';
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
