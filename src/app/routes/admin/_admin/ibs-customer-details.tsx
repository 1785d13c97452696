import { createFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '@/features/admin/customers/components/CustomerDetailPage';
import { customerSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/ibs-customer-details')({
  validateSearch: customerSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => (await import('@/features/admin/customers/load')).loadCustomer(context.queries, deps.id),
  component: IbsCustomerDetailsPage,
});

function IbsCustomerDetailsPage() {
  return <CustomerDetailPage id={Route.useSearch().id} list="ibs" />;
}
