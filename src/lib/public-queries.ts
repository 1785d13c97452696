/**
 * What the public pages that read with `useEarlyQuery` (src/lib/queries-context.tsx) need around it: asking again
 * after a failure, keeping a list on screen while the next arrives, and a missing item as an answer of its own.
 */
import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { useQueriesHandle } from './queries-context';

/** Asks again after a failure, showing the loading state meanwhile; reloads the page when the shop's code itself failed to load. */
export function useRetryQuery(queryKey: QueryKey): () => void {
  const queries = useQueriesHandle();
  return () => {
    const client = queries.current;
    if (client) void client.resetQueries({ queryKey, exact: true });
    else window.location.reload();
  };
}

/**
 * The latest data while the next is on its way (another filter, another page): each query has an observer of its
 * own, so TanStack Query's `placeholderData` cannot carry it over. `undefined` until data first arrives.
 */
export function useLastData<TData>(data: TData | undefined): TData | undefined {
  const [last, setLast] = useState<TData | undefined>(data);
  if (data !== undefined && data !== last) setLast(data);
  return data ?? last;
}

type ApiClientModule = typeof import('./api-client');

/**
 * A call's answer, or `null` when the server has no such thing (404), for the page to say so rather than fail. The
 * API client arrives with the shop's machines, after the first page: the call is made once it has.
 */
export async function unlessNotFound<T>(call: (client: ApiClientModule) => Promise<T>): Promise<T | null> {
  const client = await import('./api-client');
  try {
    return await call(client);
  } catch (error) {
    if (error instanceof client.ApiError && error.status === 404) return null;
    throw error;
  }
}
