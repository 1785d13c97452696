import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '@/features/admin/products/components/ProductsPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/products')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/products/load')).loadProductList(context.queries, deps, cause),
  component: AdminProductsPage,
});

function AdminProductsPage() {
  return <ProductsPage search={Route.useSearch()} />;
}
