import { createFileRoute } from '@tanstack/react-router';
import { CustomerDetailPage } from '@/features/admin/customers/components/CustomerDetailPage';
import { customerSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/gut-sens-customers-details')({
  validateSearch: customerSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => (await import('@/features/admin/customers/load')).loadCustomer(context.queries, deps.id),
  component: GutSensCustomerDetailsPage,
});

function GutSensCustomerDetailsPage() {
  return <CustomerDetailPage id={Route.useSearch().id} list="gutSens" />;
}
