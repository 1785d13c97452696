/**
 * TanStack Query's client for the shop. Its code is loaded after the first paint (src/lib/queries-context.tsx):
 * the public pages render their loading state without it, then read the catalogue through it.
 */
import { QueryClient, QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';

export class ShopQueryClient extends QueryClient {
  constructor() {
    super({ defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 } } });
  }

  /** An observer of one query, for the hooks that render before this code has loaded (`useEarlyQuery`). */
  observe<TData, TKey extends QueryKey>(options: QueryObserverOptions<TData, Error, TData, TData, TKey>) {
    return new QueryObserver(this, options);
  }
}

export function createShopQueryClient(): ShopQueryClient {
  return new ShopQueryClient();
}
