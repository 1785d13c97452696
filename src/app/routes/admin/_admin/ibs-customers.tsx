import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/ibs-customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'ibs', deps, cause),
  component: IbsCustomersPage,
});

function IbsCustomersPage() {
  return <CustomersPage list="ibs" search={Route.useSearch()} />;
}
