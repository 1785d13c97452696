import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/customers-list')({
  component: AdminGuardedCustomersListPage,
});

function AdminGuardedCustomersListPage() {
  return <ComingSoon title="List of Customers" />;
}
