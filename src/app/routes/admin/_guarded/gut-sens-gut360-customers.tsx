import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-sens-gut360-customers')({
  component: AdminGuardedGutSensGut360CustomersPage,
});

function AdminGuardedGutSensGut360CustomersPage() {
  return <ComingSoon title="Gut Sens Gut360 Customers" />;
}
