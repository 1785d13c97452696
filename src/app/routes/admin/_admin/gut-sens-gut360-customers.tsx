import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-sens-gut360-customers')({
  component: AdminGutSensGut360CustomersPage,
});

function AdminGutSensGut360CustomersPage() {
  return <ComingSoon title="Gut Sens Gut360 Customers" />;
}
