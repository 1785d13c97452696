import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/customers-list')({
  component: AdminCustomersListPage,
});

function AdminCustomersListPage() {
  return <ComingSoon title="List of Customers" />;
}
