import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, ApiError, dataOf } from '@/lib/api-client';
import { shopDayStamp } from '@/lib/dates';

export type PrivacyOverview = components['schemas']['PrivacyOverview'];
export type ConsentPurpose = components['schemas']['ConsentPurpose'];
export type Consent = components['schemas']['Consent'];
export type PrivacyEvent = components['schemas']['PrivacyEvent'];

export const privacyQueryOptions = queryOptions({
  queryKey: ['privacy'],
  queryFn: async ({ signal }): Promise<PrivacyOverview> => dataOf(await api.GET('/api/privacy', { signal })),
  // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
  retryOnMount: false,
});

export function usePrivacy() {
  return useQuery(privacyQueryOptions);
}

export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { purpose: ConsentPurpose; granted: boolean }): Promise<PrivacyOverview> =>
      dataOf(await api.PUT('/api/privacy/consents/{purpose}', { params: { path: { purpose: input.purpose } }, body: { granted: input.granted } })),
    onSuccess: (overview) => queryClient.setQueryData(privacyQueryOptions.queryKey, overview),
  });
}

export function useCancelErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<PrivacyOverview> => dataOf(await api.DELETE('/api/privacy/erasure')),
    onSuccess: (overview) => queryClient.setQueryData(privacyQueryOptions.queryKey, overview),
  });
}

/** Records the erasure request with the fresh sign-in's token; the page then shows it as pending. */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return async (idToken: string): Promise<void> => {
    const overview = dataOf(await api.POST('/api/privacy/erasure', { body: { idToken } }));
    queryClient.setQueryData(privacyQueryOptions.queryKey, overview);
  };
}

export type DownloadFormat = 'zip' | 'json';

const DOWNLOAD_FAILED = 'Your data could not be downloaded.';

/** The person's data as a file: made on the server, so the browser only saves it. */
export async function downloadPersonalData(format: DownloadFormat): Promise<void> {
  let file: Blob;
  try {
    file = dataOf(
      await (format === 'zip' ? api.GET('/api/privacy/data/archive', { parseAs: 'blob' }) : api.GET('/api/privacy/data', { parseAs: 'blob' })),
    );
  } catch (error) {
    // A refusal says why in the server's words; anything else says what failed and what happened.
    if (error instanceof ApiError && error.kind === 'refused' && error.serverMessage) throw error;
    const cause = error instanceof ApiError ? error.message : 'Please try again.';
    throw new ApiError(error instanceof ApiError ? error.status : 0, `${DOWNLOAD_FAILED} ${cause}`, error instanceof ApiError ? error.code : undefined);
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = `gut360-my-data-${shopDayStamp(new Date())}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
