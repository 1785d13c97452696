import { createFileRoute } from '@tanstack/react-router';
import { productsQueryOptions } from '@/features/products/api/list-products';
import { GutStartLanding } from '@/features/products/components/GutStartLanding';

export const Route = createFileRoute('/landing-page')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(productsQueryOptions);
  },
  component: GutStartLanding,
});
