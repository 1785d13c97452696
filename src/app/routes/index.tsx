import { createFileRoute } from '@tanstack/react-router';
import { productsQueryOptions } from '@/features/products/api/list-products';
import { HomePage } from '@/features/home/HomePage';

export const Route = createFileRoute('/')({
  loader: ({ context }) => {
    // Start the catalogue request with the route; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(productsQueryOptions);
  },
  component: HomePage,
});
