import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/gut-sens-customers')({
  component: AdminGutSensCustomersPage,
});

function AdminGutSensCustomersPage() {
  return <ComingSoon title="Gut Sens Customers" />;
}
