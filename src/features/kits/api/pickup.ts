import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';

export type SamplePickupResponse = components['schemas']['SamplePickupResponse'];
export type SamplePickup = components['schemas']['SamplePickup'];
export type DeliveryAddress = components['schemas']['DeliveryAddress'];

/** Whether a kit's card asks about its sample's pickup: once activated, until the lab has it. */
export const showsPickup = (kit: { state: string; claim: string }) => kit.claim !== 'activatedByAnother' && kit.state === 'activated';

export function samplePickupQueryOptions(kitId: string) {
  return queryOptions({
    queryKey: ['kits', kitId, 'pickup'],
    queryFn: async ({ signal }): Promise<SamplePickupResponse> => dataOf(await api.GET('/api/kits/{id}/pickup', { params: { path: { id: kitId } }, signal })),
    retryOnMount: false,
  });
}

/** Books the pickup of the kit's sample, or moves the booked one to this day and address. */
export async function bookSamplePickup(kitId: string, booking: { address: DeliveryAddress; date: string }): Promise<SamplePickupResponse> {
  return dataOf(await api.PUT('/api/kits/{id}/pickup', { params: { path: { id: kitId } }, body: booking }));
}

export async function cancelSamplePickup(kitId: string): Promise<SamplePickupResponse> {
  return dataOf(await api.DELETE('/api/kits/{id}/pickup', { params: { path: { id: kitId } } }));
}
