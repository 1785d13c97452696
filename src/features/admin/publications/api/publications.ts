import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { PUBLICATION_PAGE_SIZE, type PublicationListParams } from '../params';

export type AdminPublication = components['schemas']['AdminPublication'];
export type AdminPublicationInput = components['schemas']['AdminPublicationInput'];
export type AdminPublicationPatch = components['schemas']['AdminPublicationPatch'];
export type PublicationsPage = operations['listAdminPublications']['responses'][200]['content']['application/json'];

/** Every page of the staff's list: what a change makes stale. */
export const ADMIN_PUBLICATIONS_KEY = ['admin', 'publications'] as const;
/** The public page's lists (src/features/publications), which a change makes stale too. */
const PUBLIC_PUBLICATIONS_KEY = ['publications'] as const;

export const adminPublicationsQueryOptions = (params: PublicationListParams) =>
  queryOptions({
    queryKey: [...ADMIN_PUBLICATIONS_KEY, 'list', { q: params.q, topic: params.topic, state: params.state, sort: params.sort, page: params.page }],
    queryFn: async ({ signal }): Promise<PublicationsPage> =>
      dataOf(
        await api.GET('/api/admin/publications', {
          params: {
            query: {
              q: params.q,
              topic: params.topic,
              visible: params.state === undefined ? undefined : params.state === 'shown',
              sort: params.sort,
              limit: PUBLICATION_PAGE_SIZE,
              offset: (params.page - 1) * PUBLICATION_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useAdminPublications(params: PublicationListParams) {
  return useQuery(adminPublicationsQueryOptions(params));
}

function useInvalidatePublications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_PUBLICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: PUBLIC_PUBLICATIONS_KEY })]);
}

/** A new entry, or a change to one: its fields, or only whether it is shown. */
export type PublicationSave = { id: null; body: AdminPublicationInput } | { id: string; body: AdminPublicationPatch };

export function useSavePublication() {
  const invalidate = useInvalidatePublications();
  return useMutation({
    mutationFn: async (save: PublicationSave): Promise<AdminPublication> =>
      save.id === null
        ? dataOf(await api.POST('/api/admin/publications', { body: save.body })).publication
        : dataOf(await api.PATCH('/api/admin/publications/{id}', { params: { path: { id: save.id } }, body: save.body })).publication,
    onSuccess: invalidate,
  });
}

export function useDeletePublication() {
  const invalidate = useInvalidatePublications();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await api.DELETE('/api/admin/publications/{id}', { params: { path: { id } } });
    },
    onSuccess: invalidate,
  });
}
