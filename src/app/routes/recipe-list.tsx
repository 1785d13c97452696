import { createFileRoute } from '@tanstack/react-router';
import { prefetchRecipes } from '@/features/recipes/api/list-recipes';
import { RecipeListPage as RecipeList } from '@/features/recipes/components/RecipeListPage';
import { recipeListSearch, type RecipeListSearch } from '@/features/recipes/search';
import { useMounted } from '@/lib/use-mounted';
import { listSearch } from '../search';

const NO_FILTER: RecipeListSearch = {};

export const Route = createFileRoute('/recipe-list')({
  // Read as it arrives: the page's own rules come with its code (src/app/search.ts).
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // Start the list's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchRecipes(context.queries, recipeListSearch(deps)),
  component: RecipeListPage,
});

function RecipeListPage() {
  const search = recipeListSearch(Route.useSearch());
  // The page is prerendered without filters, the address unknown at build time: the takeover renders that same
  // page, and only then applies the filters, words and page the address asks for.
  const mounted = useMounted();
  return <RecipeList search={mounted ? search : NO_FILTER} />;
}
