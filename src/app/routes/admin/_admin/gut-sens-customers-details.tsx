import { createFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '@/features/admin/customers/components/CustomerDetailPage';
import { loadCustomer } from '@/features/admin/customers/load';
import { customerSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-sens-customers-details')({
  validateSearch: customerSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadCustomer(context.queries, deps.id),
  component: GutSensCustomerDetailsPage,
});

function GutSensCustomerDetailsPage() {
  return <CustomerDetailPage id={Route.useSearch().id} backTo="/admin/gut-sens-customers" backLabel="Gut Sens Customers" />;
}
