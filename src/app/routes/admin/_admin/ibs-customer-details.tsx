import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/ibs-customer-details')({
  component: AdminIbsCustomerDetailsPage,
});

function AdminIbsCustomerDetailsPage() {
  return <ComingSoon title="IBS Customer Details" />;
}
