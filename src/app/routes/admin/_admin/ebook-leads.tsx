import { createFileRoute } from '@tanstack/react-router';
import { EbookLeadsPage } from '@/features/admin/ebook/components/EbookLeadsPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/ebook-leads')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/ebook/load')).loadLeadList(context.queries, deps, cause),
  component: AdminEbookLeadsPage,
});

function AdminEbookLeadsPage() {
  return <EbookLeadsPage search={Route.useSearch()} />;
}
