import { createFileRoute } from '@tanstack/react-router';
import { prefetchRecipe } from '@/features/recipes/api/get-recipe';
import { RecipePage as Recipe } from '@/features/recipes/components/RecipePage';
import { recipeSearch } from '@/features/recipes/search';

export const Route = createFileRoute('/recipe/')({
  validateSearch: recipeSearch,
  loaderDeps: ({ search }) => ({ slug: search.slug }),
  // Start the recipe's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchRecipe(context.queries, deps.slug),
  component: RecipePage,
});

function RecipePage() {
  const { slug } = Route.useSearch();
  return <Recipe slug={slug} />;
}
