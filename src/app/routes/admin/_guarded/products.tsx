import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/products')({
  component: AdminGuardedProductsPage,
});

function AdminGuardedProductsPage() {
  return <ComingSoon title="Products" />;
}
