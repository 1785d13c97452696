import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/product/edit')({
  component: AdminProductEditPage,
});

function AdminProductEditPage() {
  return <ComingSoon title="Edit Product" />;
}
