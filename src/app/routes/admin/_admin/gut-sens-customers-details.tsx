import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-sens-customers-details')({
  component: AdminGutSensCustomersDetailsPage,
});

function AdminGutSensCustomersDetailsPage() {
  return <ComingSoon title="Gut Sens Customer Details" />;
}
