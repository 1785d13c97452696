import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-sens-customers-details')({
  component: AdminGuardedGutSensCustomersDetailsPage,
});

function AdminGuardedGutSensCustomersDetailsPage() {
  return <ComingSoon title="Gut Sens Customer Details" />;
}
