import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/gut-heal-gut360-customers')({
  component: AdminGuardedGutHealGut360CustomersPage,
});

function AdminGuardedGutHealGut360CustomersPage() {
  return <ComingSoon title="Gut Heal Gut360 Customers" />;
}
