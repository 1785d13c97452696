import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-sens-gut360-customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'gutSensGut360', deps, cause),
  component: GutSensGut360CustomersPage,
});

function GutSensGut360CustomersPage() {
  return <CustomersPage list="gutSensGut360" search={Route.useSearch()} />;
}
