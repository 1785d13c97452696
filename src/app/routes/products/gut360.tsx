import { createFileRoute } from '@tanstack/react-router';
import { prefetchProducts } from '@/lib/catalogue';
import { ProductPage } from '@/features/products/components/ProductPage';
import { gut360 } from '@/features/products/content/gut360';

export const Route = createFileRoute('/products/gut360')({
  // The price comes from the catalogue; start fetching it with the route, the page shows its own loading state.
  loader: ({ context }) => prefetchProducts(context.queries),
  component: () => <ProductPage kit={gut360} />,
});
