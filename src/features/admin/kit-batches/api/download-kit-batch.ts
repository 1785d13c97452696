import { ApiError, api, dataOf } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import type { KitBatch } from './list-kit-batches';

export type KitBatchFile = 'csv' | 'labels';

const WHAT: Record<KitBatchFile, string> = { csv: 'The list of codes', labels: 'The labels' };

/** The batch's CSV or label sheets, made by the server and saved under the batch's number and product. */
export async function downloadKitBatch(batch: Pick<KitBatch, '_id' | 'number' | 'product'>, file: KitBatchFile): Promise<void> {
  const path = { params: { path: { id: batch._id } }, parseAs: 'blob' } as const;
  const blob = await (file === 'csv' ? api.GET('/api/admin/kit-batches/{id}/codes.csv', path) : api.GET('/api/admin/kit-batches/{id}/labels.pdf', path)).then(
    dataOf,
    (error: unknown) => {
      const cause = error instanceof ApiError ? error.message : 'Please try again.';
      throw new ApiError(error instanceof ApiError ? error.status : 0, `${WHAT[file]} could not be downloaded. ${cause}`, error instanceof ApiError ? error.code : undefined);
    },
  );
  saveFile(blob, `kit-batch-${batch.number}-${batch.product.code}.${file === 'csv' ? 'csv' : 'pdf'}`);
}
