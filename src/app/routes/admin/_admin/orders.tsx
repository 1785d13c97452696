import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/admin/orders/components/OrdersPage';
import { loadOrderList } from '@/features/admin/orders/load';
import { orderListParams } from '@/features/admin/orders/params';
import { ordersSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/orders')({
  validateSearch: ordersSearch,
  loaderDeps: ({ search }) => orderListParams(search),
  loader: ({ context, deps, cause }) => loadOrderList(context.queries, deps, cause),
  component: AdminOrdersPage,
});

function AdminOrdersPage() {
  return <OrdersPage search={Route.useSearch()} />;
}
