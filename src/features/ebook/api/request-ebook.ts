import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { env } from '@/lib/env';

export type EbookDownloadRequest = components['schemas']['EbookDownloadRequest'];
export type EbookDownload = components['schemas']['EbookDownload'];

/** Asks for the ebook (operation `requestEbookDownload`); the answer holds the person's download link. */
export async function requestEbookDownload(body: EbookDownloadRequest): Promise<EbookDownload> {
  return dataOf(await api.POST('/api/ebook/downloads', { body }));
}

/** The link's address as the browser opens it: on the API's own origin when the shop calls one elsewhere. */
export const ebookFileHref = (download: EbookDownload) => `${env.apiBaseUrl}${download.downloadUrl}`;
