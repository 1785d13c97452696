import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/coupons')({
  component: AdminCouponsPage,
});

function AdminCouponsPage() {
  return <ComingSoon title="Coupons" />;
}
