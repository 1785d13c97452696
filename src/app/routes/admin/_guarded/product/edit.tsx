import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/product/edit')({
  component: AdminGuardedProductEditPage,
});

function AdminGuardedProductEditPage() {
  return <ComingSoon title="Edit Product" />;
}
