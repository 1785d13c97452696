/** The staff lists' CSV exports: started on the server, followed until done, then saved. */
import type { components } from '../../openapi/schema';
import { api, dataOf } from './api-client';
import { saveFile } from './save-file';

/** Which list to export, with its filter. */
export type ExportRequest =
  | { kind: 'customers'; filter: components['schemas']['CustomerFilter'] }
  | { kind: 'orders'; filter: components['schemas']['OrderFilter'] };
export type ExportJob = components['schemas']['ExportJob'];

export async function startExport(request: ExportRequest): Promise<ExportJob> {
  const started =
    request.kind === 'customers'
      ? await api.POST('/api/admin/exports/customers', { body: request.filter })
      : await api.POST('/api/admin/exports/orders', { body: request.filter });
  return dataOf(started).export;
}

export async function exportProgress(id: string, signal?: AbortSignal): Promise<ExportJob> {
  return dataOf(await api.GET('/api/admin/exports/{id}', { params: { path: { id } }, signal })).export;
}

export async function saveExport(job: ExportJob): Promise<void> {
  const file = dataOf(await api.GET('/api/admin/exports/{id}/file', { params: { path: { id: job._id } }, parseAs: 'blob' }));
  saveFile(file, job.fileName);
}
