import { createFileRoute } from '@tanstack/react-router';
import { GenerateKitPage } from '@/features/admin/kit-batches/components/GenerateKitPage';
import { kitBatchPageFrom } from '@/features/admin/kit-batches/params';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/generate-kit')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    const [client, { kitBatchesQueryOptions }, { kitBatchPageFrom: pageFrom }] = await Promise.all([
      context.queries.ready,
      import('@/features/admin/kit-batches/api/list-kit-batches'),
      import('@/features/admin/kit-batches/params'),
    ]);
    // A failure is the page's to show, with its retry.
    const loaded = client.ensureQueryData(kitBatchesQueryOptions(pageFrom(deps))).catch(() => undefined);
    // Arriving, the page opens with its rows; another page keeps the rows on screen while the next arrive.
    if (cause !== 'stay') await loaded;
  },
  component: GenerateKitAdminPage,
});

function GenerateKitAdminPage() {
  return <GenerateKitPage page={kitBatchPageFrom(Route.useSearch())} />;
}
