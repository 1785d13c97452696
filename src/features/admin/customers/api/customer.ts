import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { CUSTOMERS_KEY } from './list-customers';

export type StaffCustomerDetail = components['schemas']['StaffCustomerDetail'];
export type CustomerNote = components['schemas']['CustomerNote'];

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'detail', id],
    queryFn: async ({ signal }): Promise<StaffCustomerDetail> =>
      dataOf(await api.GET('/api/admin/customers/{id}', { params: { path: { id } }, signal })).customer,
    retryOnMount: false,
  });

/** The customer `id`; nothing is asked for without one. */
export function useCustomer(id: string | undefined) {
  return useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Adds a note; the customer's page then shows it, and the history its entry. */
export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string): Promise<CustomerNote> =>
      dataOf(await api.POST('/api/admin/customers/{id}/notes', { params: { path: { id } }, body: { body } })).note,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey }),
  });
}

export type StaffCustomerCorrection = components['schemas']['StaffCustomerCorrection'];

/** Corrects the customer's name, e-mail address or mobile number; the page then shows the profile as corrected. */
export function useCorrectCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (correction: StaffCustomerCorrection): Promise<StaffCustomerDetail> =>
      dataOf(await api.PATCH('/api/admin/customers/{id}', { params: { path: { id } }, body: correction })).customer,
    onSuccess: (customer) => {
      queryClient.setQueryData(customerQueryOptions(id).queryKey, customer);
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
}
