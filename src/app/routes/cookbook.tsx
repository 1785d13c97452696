import { createFileRoute } from '@tanstack/react-router';
import { prefetchCookbook } from '@/features/recipes/api/get-cookbook';
import { CookbookPage } from '@/features/recipes/components/CookbookPage';

export const Route = createFileRoute('/cookbook')({
  // Start the cookbook's request with the route; prerendered, the page shows its heading and the recipes loading.
  loader: ({ context }) => prefetchCookbook(context.queries),
  component: CookbookPage,
});
