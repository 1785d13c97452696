import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '@/features/admin/coupons/components/CouponsPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/coupons')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/coupons/load')).loadCouponList(context.queries, deps, cause),
  component: AdminCouponsPage,
});

function AdminCouponsPage() {
  return <CouponsPage search={Route.useSearch()} />;
}
