import { createFileRoute } from '@tanstack/react-router';
import { prefetchProducts } from '@/lib/catalogue';
import { ProductPage } from '@/features/products/components/ProductPage';
import { ibsHeal } from '@/features/products/content/ibs-heal';

export const Route = createFileRoute('/products/ibs-heal')({
  // The price comes from the catalogue; start fetching it with the route, the page shows its own loading state.
  loader: ({ context }) => prefetchProducts(context.queries),
  component: () => <ProductPage kit={ibsHeal} />,
});
