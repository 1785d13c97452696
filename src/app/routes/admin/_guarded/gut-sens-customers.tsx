import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-sens-customers')({
  component: AdminGuardedGutSensCustomersPage,
});

function AdminGuardedGutSensCustomersPage() {
  return <ComingSoon title="Gut Sens Customers" />;
}
