import { createFileRoute } from '@tanstack/react-router';
import { prefetchProducts } from '@/lib/catalogue';
import { GutStartLanding } from '@/features/products/components/GutStartLanding';

export const Route = createFileRoute('/landing-page')({
  loader: ({ context }) => prefetchProducts(context.queries),
  component: GutStartLanding,
});
