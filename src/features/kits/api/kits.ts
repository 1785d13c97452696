import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { kitsQueryOptions, type OwnedKit } from '@/lib/kits';
import { saveFile } from '../../../lib/save-file';

export type { OwnedKit };

export function useKits() {
  return useQuery(kitsQueryOptions);
}

export function useActivateKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string; kitId?: string }): Promise<OwnedKit> =>
      dataOf(await api.POST('/api/kits/activate', { body: input })).kit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitsQueryOptions.queryKey }),
  });
}

/** E-mails the kit's code to someone, to activate in their own account; the kit with the gift recorded. */
export async function giveKit(kitId: string, recipient: { email: string; name: string }): Promise<OwnedKit> {
  const body = { email: recipient.email, ...(recipient.name ? { name: recipient.name } : {}) };
  return dataOf(await api.POST('/api/kits/{id}/gift', { params: { path: { id: kitId } }, body })).kit;
}

/** The report staff uploaded as a PDF, saved as a file named after the kit. */
export async function downloadKitReport(kit: Pick<OwnedKit, '_id' | 'name'>): Promise<void> {
  const file = dataOf(await api.GET('/api/kits/{id}/report', { params: { path: { id: kit._id } }, parseAs: 'blob' }));
  saveFile(file, `${kit.name.replace(/[^A-Za-z0-9]+/g, '-')}-report.pdf`);
}
