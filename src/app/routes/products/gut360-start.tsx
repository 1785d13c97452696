import { createFileRoute } from '@tanstack/react-router';
import { prefetchProducts } from '@/lib/catalogue';
import { ProductPage } from '@/features/products/components/ProductPage';
import { gutStart } from '@/features/products/content/gut-start';

export const Route = createFileRoute('/products/gut360-start')({
  // The price comes from the catalogue; start fetching it with the route, the page shows its own loading state.
  loader: ({ context }) => prefetchProducts(context.queries),
  component: () => <ProductPage kit={gutStart} />,
});
