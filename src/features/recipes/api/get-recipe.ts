import { queryOptions } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { components } from '../../../../openapi/schema';
import { hasEmbeddedAnswer, takeEmbeddedAnswer } from '@/lib/embedded-answer';
import { unlessNotFound } from '@/lib/public-queries';
import { useEarlyQuery, type QueriesHandle } from '@/lib/queries-context';

export type Recipe = components['schemas']['Recipe'];

/** A published recipe; `null` when no published recipe has this slug (the page says so). */
export const recipeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['recipes', 'recipe', slug],
    queryFn: async ({ signal }): Promise<Recipe | null> =>
      takeEmbeddedAnswer<{ recipe: Recipe }>('getRecipe', slug)?.recipe ??
      unlessNotFound(async ({ api, dataOf }) => dataOf(await api.GET('/api/recipes/{slug}', { params: { path: { slug } }, signal })).recipe),
    staleTime: 5 * 60_000,
    retry: 1,
  });

/**
 * Starts fetching the recipe (the route's loader); the page shows its own loading and error states. When the page
 * came with the recipe's answer (its text in the server's HTML), the route waits for it, a moment, so that the
 * shop replaces the server's text with the same recipe rather than with its loading state.
 */
export function prefetchRecipe(queries: QueriesHandle, slug: string | undefined): Promise<void> | void {
  if (!slug) return;
  const fetched = queries.ready.then(
    (client) => client.prefetchQuery(recipeQueryOptions(slug)),
    // The page reads the same failure through `useRecipe`.
    () => undefined,
  );
  if (hasEmbeddedAnswer('getRecipe', slug)) return fetched;
}

export function useRecipe(slug: string) {
  const options = useMemo(() => recipeQueryOptions(slug), [slug]);
  return useEarlyQuery(options);
}
