import { createFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '@/features/admin/customers/components/CustomerDetailPage';
import { loadCustomer } from '@/features/admin/customers/load';
import { customerSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/ibs-customer-details')({
  validateSearch: customerSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadCustomer(context.queries, deps.id),
  component: IbsCustomerDetailsPage,
});

function IbsCustomerDetailsPage() {
  return <CustomerDetailPage id={Route.useSearch().id} backTo="/admin/ibs-customers" backLabel="IBS Customers" />;
}
