import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '@/features/admin/products/components/ProductPages';
// The same `?id=` rule as the other staff pages about one record.
import { staffOrderSearch } from '../../../../search';

export const Route = createFileRoute('/admin/_admin/product/edit')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('@/features/admin/products/load')).loadStaffProduct(context.queries, deps.id),
  component: AdminProductEditPage,
});

function AdminProductEditPage() {
  return <EditProductPage id={Route.useSearch().id} />;
}
