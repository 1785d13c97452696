import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '@/features/admin/orders/components/OrderPage';
import { staffOrderSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/order')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => (await import('@/features/admin/orders/load')).loadStaffOrder(context.queries, deps.id),
  component: AdminOrderPage,
});

function AdminOrderPage() {
  return <OrderPage id={Route.useSearch().id} />;
}
