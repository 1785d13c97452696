/** The staff lists' CSV exports: started on the server, followed until done, then saved. */
import type { components } from '../../openapi/schema';
import { api, dataOf } from './api-client';
import { saveFile } from './save-file';

/** Which list to export, with its filter. */
export type ExportRequest =
  | { kind: 'customers'; filter: components['schemas']['CustomerFilter'] }
  | { kind: 'orders'; filter: components['schemas']['OrderFilter'] }
  | { kind: 'ebook-leads'; filter: components['schemas']['EbookLeadFilter'] }
  | { kind: 'gst-register'; filter: components['schemas']['GstRegisterFilter'] };
export type ExportJob = components['schemas']['ExportJob'];

/** The export a request makes, as its progress names it. */
export function jobKindOf(request: ExportRequest): ExportJob['kind'] {
  if (request.kind !== 'gst-register') return request.kind;
  return request.filter.register === 'invoices' ? 'invoice-register' : 'credit-note-register';
}

/** The export's start (operation `startCustomerExport`, `startOrderExport`, `startEbookLeadExport` or `startGstRegisterExport`). */
async function started(request: ExportRequest) {
  switch (request.kind) {
    case 'customers':
      return api.POST('/api/admin/exports/customers', { body: request.filter });
    case 'orders':
      return api.POST('/api/admin/exports/orders', { body: request.filter });
    case 'ebook-leads':
      return api.POST('/api/admin/exports/ebook-leads', { body: request.filter });
    case 'gst-register':
      return api.POST('/api/admin/exports/gst-register', { body: request.filter });
  }
}

export async function startExport(request: ExportRequest): Promise<ExportJob> {
  return dataOf(await started(request)).export;
}

export async function exportProgress(id: string, signal?: AbortSignal): Promise<ExportJob> {
  return dataOf(await api.GET('/api/admin/exports/{id}', { params: { path: { id } }, signal })).export;
}

export async function saveExport(job: ExportJob): Promise<void> {
  const file = dataOf(await api.GET('/api/admin/exports/{id}/file', { params: { path: { id: job._id } }, parseAs: 'blob' }));
  saveFile(file, job.fileName);
}
