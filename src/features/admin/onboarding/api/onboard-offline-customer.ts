import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';

export type OfflineOnboardingRequest = components['schemas']['OfflineOnboardingRequest'];
export type OfflineOnboarding = components['schemas']['OfflineOnboarding'];

/** Registers a kit bought at a clinic or event counter to its buyer (operation `onboardOfflineCustomer`). */
export function useOnboardOfflineCustomer() {
  return useMutation({
    mutationFn: async (request: OfflineOnboardingRequest): Promise<OfflineOnboarding> =>
      dataOf(await api.POST('/api/admin/offline-onboardings', { body: request })).onboarding,
  });
}
