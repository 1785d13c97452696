import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-heal-gut360-customers')({
  component: AdminGutHealGut360CustomersPage,
});

function AdminGutHealGut360CustomersPage() {
  return <ComingSoon title="Gut Heal Gut360 Customers" />;
}
