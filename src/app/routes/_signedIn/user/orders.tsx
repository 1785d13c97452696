import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/orders/components/OrdersPage';

interface OrdersSearch {
  order?: string;
}

export const Route = createFileRoute('/_signedIn/user/orders')({
  validateSearch: (search: Record<string, unknown>): OrdersSearch =>
    typeof search.order === 'string' && search.order.length <= 64 ? { order: search.order } : {},
  component: UserOrdersPage,
});

function UserOrdersPage() {
  const { order } = Route.useSearch();
  return <OrdersPage selected={order} />;
}
