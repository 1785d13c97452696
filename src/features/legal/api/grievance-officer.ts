import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { useEarlyQuery } from '@/lib/queries-context';

type GrievanceContact = components['schemas']['GrievanceContact'];

export const grievanceOfficerQueryOptions = queryOptions({
  queryKey: ['grievance-officer'],
  queryFn: async ({ signal }): Promise<GrievanceContact> => {
    // The API client arrives with the shop's machines, after the first paint (see src/lib/catalogue.ts).
    const { api, dataOf } = await import('@/lib/api-client');
    return dataOf(await api.GET('/api/privacy/grievance-officer', { signal })).grievance;
  },
  staleTime: 60 * 60_000,
  retry: 1,
});

/** The grievance officer as the server is configured; until it answers (or if it cannot), the page points to the contact page. */
export function useGrievanceOfficer(): GrievanceContact | undefined {
  return useEarlyQuery(grievanceOfficerQueryOptions).data;
}
