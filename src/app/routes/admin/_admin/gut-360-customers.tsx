import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-360-customers')({
  component: AdminGut360CustomersPage,
});

function AdminGut360CustomersPage() {
  return <ComingSoon title="Gut 360 Customers" />;
}
