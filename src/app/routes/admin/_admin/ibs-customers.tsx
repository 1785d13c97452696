import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/ibs-customers')({
  component: AdminIbsCustomersPage,
});

function AdminIbsCustomersPage() {
  return <ComingSoon title="IBS Customers" />;
}
