import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-360-customer-details')({
  component: AdminGuardedGut360CustomerDetailsPage,
});

function AdminGuardedGut360CustomerDetailsPage() {
  return <ComingSoon title="Gut 360 Customer Details" />;
}
