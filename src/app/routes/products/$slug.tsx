import { createFileRoute } from '@tanstack/react-router';
import { CatalogueProductPage } from '@/features/products/components/CatalogueProductPage';

export const Route = createFileRoute('/products/$slug')({
  // Start fetching the kit with the route; the page shows its own loading and error states.
  loader: async ({ context, params }) => {
    const [client, { productQueryOptions }] = await Promise.all([context.queries.ready, import('@/features/products/api/product')]);
    void client.prefetchQuery(productQueryOptions(params.slug));
  },
  component: CatalogueProductRoute,
});

function CatalogueProductRoute() {
  const { slug } = Route.useParams();
  return <CatalogueProductPage slug={slug} />;
}
