import { createFileRoute } from '@tanstack/react-router';
import { prefetchProducts } from '@/lib/catalogue';
import { HomePage } from '@/features/home/HomePage';

export const Route = createFileRoute('/')({
  // Start the catalogue request with the route; the page shows its own loading and error states.
  loader: ({ context }) => prefetchProducts(context.queries),
  component: HomePage,
});
