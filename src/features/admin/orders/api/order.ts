import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { documentFileName } from '../../../../../machines/document-numbers';
import { api, dataOf } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { SENT_MESSAGES_KEY } from '../../sent-messages/api/sent-messages';
import { STAFF_ORDERS_KEY } from './list-orders';

export type StaffOrder = components['schemas']['StaffOrder'];
export type StaffKit = components['schemas']['StaffKit'];
export type StaffRefund = components['schemas']['StaffRefund'];
export type OrderJourneyStep = components['schemas']['OrderJourneyStep'];
export type CourierShipment = components['schemas']['CourierShipment'];
export type TrackingStatus = components['schemas']['TrackingStatus'];
/** How a payment at a counter was made. */
export type CounterPaymentMethod = NonNullable<components['schemas']['StaffPayment']['method']>;
/** How the money of a counter sale went back. */
export type CounterRefundMethod = components['schemas']['CounterRefundMethod'];

export const staffOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_ORDERS_KEY, 'order', id],
    queryFn: async ({ signal }): Promise<StaffOrder> =>
      dataOf(await api.GET('/api/admin/orders/{id}', { params: { path: { id } }, signal })).order,
    retryOnMount: false,
  });

export function useStaffOrder(id: string) {
  return useQuery(staffOrderQueryOptions(id));
}

/**
 * A change to an order: the page shows the order the server answers at once, and the list is read again. A refusal
 * leaves the order as the server holds it, which may have moved on meanwhile, so it is read again too.
 */
function useOrderChange<Input>(id: string, send: (input: Input) => Promise<StaffOrder>) {
  const queryClient = useQueryClient();
  // The order lists, and the messages the change queued (shipped, refunded, …).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY }),
      queryClient.invalidateQueries({ queryKey: SENT_MESSAGES_KEY }),
    ]);
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(staffOrderQueryOptions(id).queryKey, order);
      void refresh();
    },
    onError: () => void refresh(),
  });
}

/** One step of the order's kits along their journey (operation `advanceStaffOrder`). */
export function useJourneyStep(id: string) {
  return useOrderChange(
    id,
    async (step: OrderJourneyStep) =>
      dataOf(await api.POST('/api/admin/orders/{id}/journey', { params: { path: { id } }, body: step })).order,
  );
}

export function useCancelStaffOrder(id: string) {
  return useOrderChange(
    id,
    async (reason: string) => dataOf(await api.POST('/api/admin/orders/{id}/cancel', { params: { path: { id } }, body: { reason } })).order,
  );
}

export type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** Corrects the order's delivery address before its kits ship (operation `correctOrderAddress`). */
export function useCorrectOrderAddress(id: string) {
  return useOrderChange(
    id,
    async ({ address, reason }: { address: DeliveryAddress; reason?: string | undefined }) =>
      dataOf(await api.PUT('/api/admin/orders/{id}/address', { params: { path: { id } }, body: { address, ...(reason ? { reason } : {}) } })).order,
  );
}

/** Sends a replacement kit to another address, or (null) back to the order's. */
export function useReplacementKitAddress(id: string) {
  return useOrderChange(
    id,
    async ({ kitId, address, reason }: { kitId: string; address: DeliveryAddress | null; reason?: string | undefined }) =>
      dataOf(
        await api.PUT('/api/admin/orders/{id}/kits/{kitId}/address', {
          params: { path: { id, kitId } },
          body: { address, ...(reason ? { reason } : {}) },
        }),
      ).order,
  );
}

/** What the refund dialog asks for. */
export interface RefundDetails {
  /** The customer's: printed on the credit note and e-mailed to them. */
  reason: string;
  /** For staff only, kept in the audit log. */
  internalNote?: string | undefined;
  /** For an order paid at a counter: how the money went back, and the transfer's or reversal's reference. */
  counter?: { method: CounterRefundMethod; reference?: string | undefined } | undefined;
}

export interface RefundInput extends RefundDetails {
  /** The kits to refund; all that are left when absent. */
  kitIds?: string[] | undefined;
  /** Made once per confirmation, so that a repeated press refunds once. */
  idempotencyKey: string;
}

export function useRefundOrder(id: string) {
  return useOrderChange(
    id,
    async ({ kitIds, reason, internalNote, counter, idempotencyKey }: RefundInput) =>
      dataOf(
        await api.POST('/api/admin/orders/{id}/refunds', {
          params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
          body: {
            ...(kitIds ? { kitIds } : {}),
            reason,
            ...(counter ? { method: counter.method, ...(counter.reference ? { reference: counter.reference } : {}) } : {}),
            ...(internalNote ? { internalNote } : {}),
          },
        }),
      ).order,
  );
}

/** The order's GST invoice, as a file: the same document the customer downloads. */
export async function downloadInvoice(order: Pick<StaffOrder, '_id' | 'invoice'>): Promise<void> {
  if (!order.invoice) throw new Error('This order has no invoice: an invoice is made once an order is paid.');
  const file = dataOf(await api.GET('/api/admin/orders/{id}/invoice', { params: { path: { id: order._id } }, parseAs: 'blob' }));
  saveFile(file, documentFileName(order.invoice.number));
}

/** The credit note of a refund, as a file. */
export async function downloadCreditNote(orderId: string, refund: Pick<StaffRefund, '_id' | 'creditNoteNumber'>): Promise<void> {
  const file = dataOf(
    await api.GET('/api/admin/orders/{id}/refunds/{refundId}/credit-note', {
      params: { path: { id: orderId, refundId: refund._id } },
      parseAs: 'blob',
    }),
  );
  saveFile(file, documentFileName(refund.creditNoteNumber));
}

/** Corrects a mistyped courier or tracking number of shipped kits; the customer is e-mailed the right one (`correctShipment`). */
export function useCorrectShipment(id: string) {
  return useOrderChange(
    id,
    async (correction: components['schemas']['ShipmentCorrection']) =>
      dataOf(await api.PUT('/api/admin/orders/{id}/shipment', { params: { path: { id } }, body: correction })).order,
  );
}

/** Withdraws a report published on the wrong kit (`withdrawKitReport`). */
export function useWithdrawReport(id: string) {
  return useOrderChange(
    id,
    async ({ kitId, reason }: { kitId: string; reason: string }) =>
      dataOf(await api.POST('/api/admin/orders/{id}/kits/{kitId}/report/withdrawal', { params: { path: { id, kitId } }, body: { reason } })).order,
  );
}

/** The report PDF uploaded for a kit, as a file, whatever the kit's state (`getStaffKitReport`). */
export async function downloadKitReport(orderId: string, kit: Pick<StaffKit, '_id' | 'boxCode'>): Promise<void> {
  const file = dataOf(await api.GET('/api/admin/orders/{id}/kits/{kitId}/report', { params: { path: { id: orderId, kitId: kit._id } }, parseAs: 'blob' }));
  saveFile(file, `report-${kit.boxCode}.pdf`);
}

/** Ships the named kits through the courier service: the PIN checked, the parcel booked, the kits shipped under its AWB (`bookShipment`). */
export function useBookShipment(id: string) {
  return useOrderChange(
    id,
    async (kitIds: string[]) => dataOf(await api.POST('/api/admin/orders/{id}/shipments', { params: { path: { id } }, body: { kitIds } })).order,
  );
}

/** A booked parcel's label, as the PDF to print (`getShipmentLabel`). */
export async function downloadShipmentLabel(orderId: string, shipment: Pick<CourierShipment, '_id' | 'awb'>): Promise<void> {
  const file = dataOf(await api.GET('/api/admin/orders/{id}/shipments/{shipmentId}/label', { params: { path: { id: orderId, shipmentId: shipment._id } }, parseAs: 'blob' }));
  saveFile(file, `label-${shipment.awb}.pdf`);
}
