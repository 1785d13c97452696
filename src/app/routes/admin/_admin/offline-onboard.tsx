import { createFileRoute } from '@tanstack/react-router';
import { OfflineOnboardPage } from '@/features/admin/onboarding/components/OfflineOnboardPage';
import { productsQueryOptions } from '@/lib/catalogue';

export const Route = createFileRoute('/admin/_admin/offline-onboard')({
  loader: async ({ context }) => {
    const client = await context.queries.ready;
    // A failure is the page's to show, with its retry.
    await client.ensureQueryData(productsQueryOptions).catch(() => undefined);
  },
  component: OfflineOnboardPage,
});
