import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/admin/orders/components/OrdersPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/orders')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/orders/load')).loadOrderList(context.queries, deps, cause),
  component: AdminOrdersPage,
});

function AdminOrdersPage() {
  return <OrdersPage search={Route.useSearch()} />;
}
