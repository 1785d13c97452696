import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '@/features/admin/orders/components/OrderPage';
import { loadStaffOrder } from '@/features/admin/orders/load';
import { staffOrderSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/order')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => loadStaffOrder(context.queries, deps.id),
  component: AdminOrderPage,
});

function AdminOrderPage() {
  return <OrderPage id={Route.useSearch().id} />;
}
