import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/kits/components/DashboardPage';

export const Route = createFileRoute('/_signedIn/user/dashboard')({
  loader: async ({ context }) => {
    const [client, { kitsQueryOptions }] = await Promise.all([context.queries.ready, import('@/features/kits/api/kits')]);
    // A failure is the page's to show, with its retry.
    await client.ensureQueryData(kitsQueryOptions).catch(() => undefined);
  },
  component: DashboardPage,
});
