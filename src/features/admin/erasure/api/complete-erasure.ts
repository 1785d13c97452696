import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { ERASURE_REQUESTS_KEY, type StaffErasureRequest } from './list-erasure-requests';

export interface CompleteErasureInput {
  id: string;
  /** Why, for the audit log; left out when blank. */
  reason?: string | undefined;
}

/** Erases the person's account (operation `completeErasure`); the list is refreshed whatever the answer. */
export function useCompleteErasure() {
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: ERASURE_REQUESTS_KEY });
  return useMutation({
    mutationFn: async ({ id, reason }: CompleteErasureInput): Promise<StaffErasureRequest> => {
      const trimmed = reason?.trim();
      return dataOf(
        await api.POST('/api/admin/erasure-requests/{id}/complete', {
          params: { path: { id } },
          body: trimmed ? { reason: trimmed } : {},
        }),
      ).erasure;
    },
    // Done: the list shows it before the dialog closes.
    onSuccess: refreshList,
    // Refused as already done, or no answer at all: the list shows what the server now holds.
    onError: () => void refreshList(),
  });
}
