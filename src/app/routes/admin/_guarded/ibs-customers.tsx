import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/ibs-customers')({
  component: AdminGuardedIbsCustomersPage,
});

function AdminGuardedIbsCustomersPage() {
  return <ComingSoon title="IBS Customers" />;
}
