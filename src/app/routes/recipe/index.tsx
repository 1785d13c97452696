import { createFileRoute } from '@tanstack/react-router';
import { prefetchRecipe } from '@/features/recipes/api/get-recipe';
import { RecipePage as Recipe } from '@/features/recipes/components/RecipePage';
import { slugOf } from '@/lib/content-search';
import { slugSearch } from '../../search';

export const Route = createFileRoute('/recipe/')({
  validateSearch: slugSearch,
  loaderDeps: ({ search }) => ({ slug: search.slug }),
  // Start the recipe's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchRecipe(context.queries, slugOf(deps.slug)),
  component: RecipePage,
});

function RecipePage() {
  const slug = slugOf(Route.useSearch().slug);
  return <Recipe slug={slug} />;
}
