import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components } from '../../../../openapi/schema';
import { unlessNotFound } from '@/lib/public-queries';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type Recipe = components['schemas']['Recipe'];

/** A published recipe; `null` when no published recipe has this slug (the page says so). */
export const recipeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['recipes', 'recipe', slug],
    queryFn: ({ signal }): Promise<Recipe | null> =>
      unlessNotFound(async ({ api, dataOf }) => dataOf(await api.GET('/api/recipes/{slug}', { params: { path: { slug } }, signal })).recipe),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** Starts fetching the recipe (the route's loader); the page shows its own loading and error states. */
export function prefetchRecipe(queries: QueriesHandle, slug: string | undefined): void {
  if (!slug) return;
  queries.ready.then(
    (client) => client.prefetchQuery(recipeQueryOptions(slug)),
    // The page reads the same failure through `useRecipe`.
    () => undefined,
  );
}

export function useRecipe(slug: string) {
  const options = useMemo(() => recipeQueryOptions(slug), [slug]);
  return useEarlyQuery(options);
}
