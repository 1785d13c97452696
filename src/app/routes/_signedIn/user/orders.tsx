import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/orders/components/OrdersPage';
import { orderSearch } from '../../../search';

export const Route = createFileRoute('/_signedIn/user/orders')({
  validateSearch: orderSearch,
  component: UserOrdersPage,
});

function UserOrdersPage() {
  const { order } = Route.useSearch();
  return <OrdersPage selected={order} />;
}
