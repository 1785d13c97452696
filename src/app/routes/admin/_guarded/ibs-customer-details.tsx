import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/ibs-customer-details')({
  component: AdminGuardedIbsCustomerDetailsPage,
});

function AdminGuardedIbsCustomerDetailsPage() {
  return <ComingSoon title="IBS Customer Details" />;
}
