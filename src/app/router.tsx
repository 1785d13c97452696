import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
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

/** The router, the query client and the long-lived actors, wired together. */
export function createShop(options: { queryClient?: QueryClient; actors?: AppActors } = {}) {
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
    context: { queryClient, actors },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: () => <PendingPage />,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
  navigateTo = (to) => void router.navigate({ to });
  return { router, queryClient, actors };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShop>['router'];
  }
}
