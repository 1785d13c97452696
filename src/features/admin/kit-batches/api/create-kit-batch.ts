import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api-client';
import { KIT_BATCHES_KEY, type KitBatch } from './list-kit-batches';

export interface CreateKitBatchInput {
  productId: string;
  size: number;
  /** Where the batch goes; left out when blank. */
  note?: string | undefined;
}

/** Issues a batch of codes (operation `createKitBatch`); the list then shows it first. */
export function useCreateKitBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, size, note }: CreateKitBatchInput): Promise<KitBatch> => {
      const trimmed = note?.trim();
      return dataOf(await api.POST('/api/admin/kit-batches', { body: { productId, size, ...(trimmed ? { note: trimmed } : {}) } })).batch;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KIT_BATCHES_KEY }),
  });
}
