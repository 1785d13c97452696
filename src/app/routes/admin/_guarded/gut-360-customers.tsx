import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-360-customers')({
  component: AdminGuardedGut360CustomersPage,
});

function AdminGuardedGut360CustomersPage() {
  return <ComingSoon title="Gut 360 Customers" />;
}
