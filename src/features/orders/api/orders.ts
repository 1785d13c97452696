import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentFileName } from '../../../../machines/document-numbers';
import { api, ApiError, dataOf } from '@/lib/api-client';
import { orderQueryOptions, ordersQueryOptions, type Order } from '@/lib/orders';
import { saveFile } from '@/lib/save-file';

export { orderQueryOptions, ordersQueryOptions, type Order };

export function useOrders() {
  return useQuery(ordersQueryOptions);
}

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}

/**
 * A document the server made (a GST invoice, a credit note) saved as a file: a refusal says why in the server's words;
 * anything else says what failed and what happened.
 */
async function downloadDocument(request: Promise<Blob>, fileName: string, failed: string): Promise<void> {
  const file = await request.catch((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'refused' && error.serverMessage) throw error;
    const cause = error instanceof ApiError ? error.message : 'Please try again.';
    throw new ApiError(error instanceof ApiError ? error.status : 0, `${failed} ${cause}`, error instanceof ApiError ? error.code : undefined);
  });
  saveFile(file, fileName);
}

/** The invoice PDF as a file; made on the server, so the browser only downloads it. */
export function downloadInvoice(order: Pick<Order, '_id' | 'invoiceNumber'>): Promise<void> {
  return downloadDocument(
    api.GET('/api/orders/{id}/invoice', { params: { path: { id: order._id } }, parseAs: 'blob' }).then(dataOf),
    order.invoiceNumber ? documentFileName(order.invoiceNumber) : 'invoice.pdf',
    'The invoice could not be downloaded.',
  );
}

export type CreditNote = NonNullable<Order['creditNotes']>[number];

/** The GST credit note of one refund of the order, as a file. */
export function downloadCreditNote(order: Pick<Order, '_id'>, note: CreditNote): Promise<void> {
  return downloadDocument(
    api.GET('/api/orders/{id}/refunds/{refundId}/credit-note', { params: { path: { id: order._id, refundId: note.refundId } }, parseAs: 'blob' }).then(dataOf),
    documentFileName(note.number),
    'The credit note could not be downloaded.',
  );
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
