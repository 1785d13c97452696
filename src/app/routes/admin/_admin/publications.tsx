import { createFileRoute } from '@tanstack/react-router';
import { PublicationsPage } from '@/features/admin/publications/components/PublicationsPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/publications')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/publications/load')).loadPublicationList(context.queries, deps, cause),
  component: AdminPublicationsPage,
});

function AdminPublicationsPage() {
  return <PublicationsPage search={Route.useSearch()} />;
}
