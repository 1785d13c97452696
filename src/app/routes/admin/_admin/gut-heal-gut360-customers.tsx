import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-heal-gut360-customers')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) =>
    (await import('@/features/admin/customers/load')).loadCustomerList(context.queries, 'gutHealGut360', deps, cause),
  component: GutHealGut360CustomersPage,
});

function GutHealGut360CustomersPage() {
  return <CustomersPage list="gutHealGut360" search={Route.useSearch()} />;
}
