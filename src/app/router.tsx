import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PendingPage } from '@/components/layout/PageStatus';
import { RouteError } from '@/components/layout/RouteError';
import type { AppActors } from './actors';
import { actorsHandle, type ActorsHandle } from './actors-handle';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  actors: ActorsHandle;
}

export function createShopQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 } },
  });
}

interface ShopOptions {
  queryClient?: QueryClient;
  /** The actors, or their promise (one that never settles renders the pages as before anyone is known). */
  actors?: AppActors | Promise<AppActors>;
  /** The browser's history by default; a memory history renders a given address outside a browser. */
  history?: RouterHistory;
  /** Restores the scroll position on back and forward (the default); rendering ahead of time has none. */
  scrollRestoration?: boolean;
}

/** The router, the query client and the long-lived actors, wired together. */
export function createShop(options: ShopOptions = {}) {
  const queryClient = options.queryClient ?? createShopQueryClient();
  // The actors navigate through the router, which needs the actors in its context: bind late.
  let navigateTo: (to: string) => void = (to) => window.location.assign(to);
  const actors = actorsHandle(
    options.actors
      ? Promise.resolve(options.actors)
      : import('./actors').then(({ createAppActors }) => createAppActors({ navigate: (to) => navigateTo(to) })),
  );
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { queryClient, actors },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: () => <PendingPage />,
    defaultErrorComponent: RouteError,
    scrollRestoration: options.scrollRestoration ?? true,
  });
  navigateTo = (to) => void router.navigate({ to });
  return { router, queryClient, actors };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShop>['router'];
  }
}
