import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components, operations } from '../../../../openapi/schema';
import { CONTENT_PAGE_SIZE, offsetOf } from '@/lib/content-search';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';
import type { RecipeListSearch } from '../search';

export type RecipeSummary = components['schemas']['RecipeSummary'];
export type RecipeList = operations['listRecipes']['responses'][200]['content']['application/json'];

export const recipesQueryOptions = ({ q, vegetarian, vegan, glutenFree, jain, benefit, course, page }: RecipeListSearch) =>
  queryOptions({
    queryKey: ['recipes', 'list', { q, vegetarian, vegan, glutenFree, jain, benefit, course, page: page ?? 1 }],
    queryFn: async ({ signal }): Promise<RecipeList> => {
      // The API client arrives with the shop's machines, after the first page: the list is asked for after it.
      const { api, dataOf } = await import('@/lib/api-client');
      const query = { q, vegetarian, vegan, glutenFree, jain, benefit, course, limit: CONTENT_PAGE_SIZE, offset: offsetOf(page) };
      return dataOf(await api.GET('/api/recipes', { params: { query }, signal }));
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the page of recipes the address asks for (the route's loader); the page shows its own loading and error states. */
export function prefetchRecipes(queries: QueriesHandle, search: RecipeListSearch): void {
  queries.ready.then(
    (client) => client.prefetchQuery(recipesQueryOptions(search)),
    // The page reads the same failure through `useRecipes`.
    () => undefined,
  );
}

/** The page of recipes for `search`; pending until TanStack Query has loaded, as the list is prerendered before it. */
export function useRecipes({ q, vegetarian, vegan, glutenFree, jain, benefit, course, page }: RecipeListSearch) {
  const options = useMemo(
    () => recipesQueryOptions({ q, vegetarian, vegan, glutenFree, jain, benefit, course, page }),
    [q, vegetarian, vegan, glutenFree, jain, benefit, course, page],
  );
  return useEarlyQuery(options);
}
