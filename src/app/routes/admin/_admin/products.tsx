import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/products')({
  component: AdminProductsPage,
});

function AdminProductsPage() {
  return <ComingSoon title="Products" />;
}
