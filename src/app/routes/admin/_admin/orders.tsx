import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/orders')({
  component: AdminOrdersPage,
});

function AdminOrdersPage() {
  return <ComingSoon title="Orders" />;
}
