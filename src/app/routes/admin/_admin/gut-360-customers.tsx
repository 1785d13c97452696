import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-360-customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'gut360', deps, cause),
  component: Gut360CustomersPage,
});

function Gut360CustomersPage() {
  return <CustomersPage list="gut360" search={Route.useSearch()} />;
}
