import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import type { QueriesHandle } from '@/lib/queries-context';

export type StaffHomeData = components['schemas']['StaffHome'];
export type StaffQueue = components['schemas']['StaffQueue'];

export const staffHomeQueryOptions = queryOptions({
  queryKey: ['admin', 'home'],
  queryFn: async ({ signal }): Promise<StaffHomeData> => dataOf(await api.GET('/api/staff/home', { signal })),
  // The figures move with every order: coming back to the page shows them afresh.
  staleTime: 0,
  retryOnMount: false,
});

export function useStaffHome() {
  return useQuery(staffHomeQueryOptions);
}

/** Opens the page with its figures; a failure is the page's to show, with its retry. */
export async function loadStaffHome(queries: QueriesHandle): Promise<void> {
  const client = await queries.ready;
  await client.ensureQueryData(staffHomeQueryOptions).catch(() => undefined);
}
