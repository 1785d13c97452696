import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/kits/components/DashboardPage';
import { dashboardSearch } from '../../../search';

export const Route = createFileRoute('/_signedIn/user/dashboard')({
  validateSearch: dashboardSearch,
  loader: async ({ context }) => {
    const [client, { kitsQueryOptions }] = await Promise.all([context.queries.ready, import('@/features/kits/api/kits')]);
    // A failure is the page's to show, with its retry.
    await client.ensureQueryData(kitsQueryOptions).catch(() => undefined);
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  return <DashboardPage scannedCode={Route.useSearch().code} />;
}
