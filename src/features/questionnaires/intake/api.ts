import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, ApiError, dataOf } from '@/lib/api-client';

export type KitIntakeResponse = components['schemas']['KitIntakeResponse'];
export type StaffKitIntake = components['schemas']['StaffKitIntake'];
type KitIntakeAnswers = components['schemas']['KitIntakeAnswers'];

export function kitIntakeQueryOptions(kitId: string) {
  return queryOptions({
    queryKey: ['kits', kitId, 'intake'],
    queryFn: async ({ signal }): Promise<KitIntakeResponse> => dataOf(await api.GET('/api/kits/{id}/intake', { params: { path: { id: kitId } }, signal })),
    retryOnMount: false,
  });
}

/** Keeps the answers of a kit's intake; the server checks them with the same rules and answers what it kept. */
export async function saveKitIntake(kitId: string, answers: KitIntakeAnswers): Promise<KitIntakeResponse> {
  return dataOf(await api.PUT('/api/kits/{id}/intake', { params: { path: { id: kitId } }, body: { answers } }));
}

export function staffCustomerIntakesQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: ['staff', 'intakes', 'customer', customerId],
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/staff/customers/{id}/intakes', { params: { path: { id: customerId } }, signal })).intakes,
    retry: (failures, error) => !(error instanceof ApiError && error.kind === 'refused') && failures < 1,
    retryOnMount: false,
  });
}
