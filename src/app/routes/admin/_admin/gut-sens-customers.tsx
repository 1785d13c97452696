import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-sens-customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'gutSens', deps, cause),
  component: GutSensCustomersPage,
});

function GutSensCustomersPage() {
  return <CustomersPage list="gutSens" search={Route.useSearch()} />;
}
