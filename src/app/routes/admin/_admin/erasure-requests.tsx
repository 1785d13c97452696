import { createFileRoute } from '@tanstack/react-router';
import { ErasureRequestsPage } from '@/features/admin/erasure/components/ErasureRequestsPage';
import { erasureSearchFrom } from '@/features/admin/erasure/params';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/erasure-requests')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const [client, { erasureRequestsQueryOptions }, { erasureListParams, erasureSearchFrom: searchFrom }] = await Promise.all([
      context.queries.ready,
      import('@/features/admin/erasure/api/list-erasure-requests'),
      import('@/features/admin/erasure/params'),
    ]);
    // A failure is the page's to show, with its retry.
    const loaded = client.ensureQueryData(erasureRequestsQueryOptions(erasureListParams(searchFrom(deps)))).catch(() => undefined);
    // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
    if (cause !== 'stay') await loaded;
  },
  component: ErasureRequestsAdminPage,
});

function ErasureRequestsAdminPage() {
  return <ErasureRequestsPage search={erasureSearchFrom(Route.useSearch())} />;
}
