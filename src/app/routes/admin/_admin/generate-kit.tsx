import { createFileRoute } from '@tanstack/react-router';
import { GenerateKitPage } from '@/features/admin/kit-batches/components/GenerateKitPage';
import { kitBatchesSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/generate-kit')({
  validateSearch: kitBatchesSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, deps, cause }) => {
    const [client, { kitBatchesQueryOptions }] = await Promise.all([context.queries.ready, import('@/features/admin/kit-batches/api/list-kit-batches')]);
    // A failure is the page's to show, with its retry.
    const loaded = client.ensureQueryData(kitBatchesQueryOptions(deps.page)).catch(() => undefined);
    // Arriving, the page opens with its rows; another page keeps the rows on screen while the next arrive.
    if (cause !== 'stay') await loaded;
  },
  component: GenerateKitAdminPage,
});

function GenerateKitAdminPage() {
  return <GenerateKitPage page={Route.useSearch().page ?? 1} />;
}
