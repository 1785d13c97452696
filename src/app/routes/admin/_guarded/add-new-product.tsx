import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/add-new-product')({
  component: AdminGuardedAddNewProductPage,
});

function AdminGuardedAddNewProductPage() {
  return <ComingSoon title="Add New Product" />;
}
