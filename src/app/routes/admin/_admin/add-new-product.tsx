import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/add-new-product')({
  component: AdminAddNewProductPage,
});

function AdminAddNewProductPage() {
  return <ComingSoon title="Add New Product" />;
}
