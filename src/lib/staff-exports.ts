/** The staff lists' CSV exports: started on the server, followed until done, then saved. */
import type { components } from '../../openapi/schema';
import { api, dataOf } from './api-client';
import { saveFile } from './save-file';

export type ExportRequest = components['schemas']['ExportRequest'];
export type ExportJob = components['schemas']['ExportJob'];

export async function startExport(request: ExportRequest): Promise<ExportJob> {
  return dataOf(await api.POST('/api/admin/exports', { body: request })).export;
}

export async function exportProgress(id: string, signal?: AbortSignal): Promise<ExportJob> {
  return dataOf(await api.GET('/api/admin/exports/{id}', { params: { path: { id } }, signal })).export;
}

export async function saveExport(job: ExportJob): Promise<void> {
  const file = dataOf(await api.GET('/api/admin/exports/{id}/file', { params: { path: { id: job._id } }, parseAs: 'blob' }));
  saveFile(file, job.fileName);
}
