import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { leadFilter, LEAD_PAGE_SIZE, type LeadListParams } from '../params';

export type EbookLead = components['schemas']['EbookLead'];

export const EBOOK_LEADS_KEY = ['admin', 'ebook-leads'] as const;

export const ebookLeadsQueryOptions = (params: LeadListParams) =>
  queryOptions({
    queryKey: [...EBOOK_LEADS_KEY, 'list', params],
    queryFn: async ({ signal }) =>
      dataOf(
        await api.GET('/api/admin/ebook-leads', {
          params: { query: { ...leadFilter(params), limit: LEAD_PAGE_SIZE, offset: (params.page - 1) * LEAD_PAGE_SIZE } },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useEbookLeads(params: LeadListParams) {
  return useQuery(ebookLeadsQueryOptions(params));
}
