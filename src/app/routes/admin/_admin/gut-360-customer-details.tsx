import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-360-customer-details')({
  component: AdminGut360CustomerDetailsPage,
});

function AdminGut360CustomerDetailsPage() {
  return <ComingSoon title="Gut 360 Customer Details" />;
}
