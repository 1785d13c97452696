/**
 * TanStack Query arrives in a chunk of its own, after the first paint (src/lib/lazy-handle.ts). The first page and
 * the other public pages render without it: `useEarlyQuery` reads a query as pending until the client has loaded,
 * then through TanStack Query's own observer. Every other page uses TanStack Query's hooks as usual; their routes
 * wait for the client (`queryClientLoaded` in src/app/guards.ts), and it is provided to them here.
 */
import { QueryClientContext, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { NOT_LOADED, useTakenOver, type LazyHandle } from './lazy-handle';
import type { ShopQueryClient } from './query-client';

export type QueriesHandle = LazyHandle<ShopQueryClient>;

const QueriesContext = createContext<{ handle: QueriesHandle; client: ShopQueryClient | null; failed: boolean } | null>(null);

interface QueriesProviderProps {
  queries: QueriesHandle;
  /** Rendering over prerendered markup: start as it was made, before the client. */
  hydrating?: boolean;
  children: ReactNode;
}

export function QueriesProvider({ queries: handle, hydrating = false, children }: QueriesProviderProps) {
  // At once rather than in a transition: a page of TanStack Query's hooks renders as soon as its route has waited for
  // the client (`queryClientLoaded`), and must find it here by then. A takeover of prerendered markup starts without
  // it, as the markup was made, and lets it in once the takeover is done.
  const loaded = useSyncExternalStore(handle.subscribe, () => handle.state, () => NOT_LOADED);
  const { value: client, failed } = useTakenOver(hydrating) ? loaded : NOT_LOADED;
  useEffect(() => {
    // As TanStack Query's own provider does: refetch on reconnect while the shop is on screen.
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  const value = useMemo(() => ({ handle, client, failed }), [handle, client, failed]);
  return (
    <QueriesContext.Provider value={value}>
      <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>
    </QueriesContext.Provider>
  );
}

function useQueriesContext() {
  const value = useContext(QueriesContext);
  if (!value) throw new Error('Queries are read inside QueriesProvider only.');
  return value;
}

/** The query client's handle, for work that may wait for it to load (a machine's fetch, say). */
export function useQueriesHandle(): QueriesHandle {
  return useQueriesContext().handle;
}

/** What the public pages read of a query. */
export interface EarlyQueryResult<TData> {
  data: TData | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
}

const PENDING: EarlyQueryResult<never> = { data: undefined, error: null, isPending: true, isError: false, isSuccess: false };

/** The client's code could not be fetched: the query fails as a failed request would. */
const UNAVAILABLE: EarlyQueryResult<never> = {
  data: undefined,
  error: new Error('The shop’s code could not be loaded.'),
  isPending: false,
  isError: true,
  isSuccess: false,
};

const noSubscription = () => undefined;

/**
 * A query for the pages that render before TanStack Query has loaded: pending until then, TanStack Query's result
 * after. `options` must keep its identity between renders (query options made once, in the feature's api module).
 * `before` is the data already known until then (the answer the page came with, src/lib/embedded-answer.ts): the
 * query reads as having it, and the query's own options give TanStack Query the same data once it has loaded.
 */
export function useEarlyQuery<TData, TKey extends QueryKey>(
  options: QueryObserverOptions<TData, Error, TData, TData, TKey>,
  before?: TData,
): EarlyQueryResult<TData> {
  const { client, failed } = useQueriesContext();
  const observer = useMemo(() => client?.observe(options), [client, options]);
  const subscribe = useCallback((onChange: () => void) => observer?.subscribe(onChange) ?? noSubscription, [observer]);
  const known = useMemo<EarlyQueryResult<TData> | undefined>(
    () => (before === undefined ? undefined : { data: before, error: null, isPending: false, isError: false, isSuccess: true }),
    [before],
  );
  return useSyncExternalStore<EarlyQueryResult<TData>>(
    subscribe,
    () => observer?.getCurrentResult() ?? known ?? (failed ? UNAVAILABLE : PENDING),
    () => known ?? PENDING,
  );
}
