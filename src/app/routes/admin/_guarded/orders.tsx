import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/orders')({
  component: AdminGuardedOrdersPage,
});

function AdminGuardedOrdersPage() {
  return <ComingSoon title="Orders" />;
}
