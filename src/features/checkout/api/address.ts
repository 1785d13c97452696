import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryAddress } from '../../../../machines/address';
import { api, dataOf } from '../../../lib/api-client';

export const addressQueryOptions = queryOptions({
  queryKey: ['address'],
  queryFn: async ({ signal }): Promise<DeliveryAddress | null> => dataOf(await api.GET('/api/address', { signal })).address,
  staleTime: 60_000,
});

export function useSavedAddress() {
  return useQuery(addressQueryOptions);
}

export async function saveAddress(address: DeliveryAddress): Promise<DeliveryAddress> {
  return dataOf(await api.PUT('/api/address', { body: address })).address as DeliveryAddress;
}
