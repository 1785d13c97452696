import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/coupons')({
  component: AdminGuardedCouponsPage,
});

function AdminGuardedCouponsPage() {
  return <ComingSoon title="Coupons" />;
}
