import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/user/orders')({
  component: UserOrdersPage,
});

function UserOrdersPage() {
  return <ComingSoon title="My orders" />;
}
