import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../openapi/schema';
import { api, dataOf } from './api-client';

export type OwnedKit = components['schemas']['OwnedKit'];

/** Gut SEnS's product code: the kit that asks for both questionnaires, and which a questionnaire's result offers. */
export const GUT_SENS_CODE = 'PROD-GSENS';

/** The signed-in person's kits: My kits lists them, a questionnaire's result offers Gut SEnS only to someone without one. */
export const kitsQueryOptions = queryOptions({
  queryKey: ['kits'],
  queryFn: async ({ signal }): Promise<OwnedKit[]> => dataOf(await api.GET('/api/kits', { signal })).kits,
  // The route's loader has just tried (with its retry); a failure is the page's to show, with its own retry.
  retryOnMount: false,
});

/** For a visitor: no kits to ask for. */
export const noKitsQueryOptions = { ...kitsQueryOptions, enabled: false };
