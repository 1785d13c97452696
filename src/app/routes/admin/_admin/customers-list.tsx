import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/customers-list')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'all', deps, cause),
  component: CustomersListPage,
});

function CustomersListPage() {
  return <CustomersPage list="all" search={Route.useSearch()} />;
}
