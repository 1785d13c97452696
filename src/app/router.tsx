import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PendingPage } from '@/components/layout/PageStatus';
import { RouteError } from '@/components/layout/RouteError';
import { nextTask } from '@/lib/next-task';
import type { AppActors } from '@/lib/actors-handle';
import type { ActorsHandle } from '@/lib/actors-handle';
import { lazyHandle } from '@/lib/lazy-handle';
import type { QueriesHandle } from '@/lib/queries-context';
import type { ShopQueryClient } from '@/lib/query-client';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  /** TanStack Query's client, once its code has loaded (src/lib/queries-context.tsx). */
  queries: QueriesHandle;
  actors: ActorsHandle;
}

export interface ShopOptions {
  /** The query client, or its promise (one that never settles renders the pages as before the catalogue is known). */
  queryClient?: ShopQueryClient | Promise<ShopQueryClient>;
  /** The actors, or their promise (one that never settles renders the pages as before anyone is known). */
  actors?: AppActors | Promise<AppActors>;
  /** The browser's history by default; a memory history renders a given address outside a browser. */
  history?: RouterHistory;
  /** Restores the scroll position on back and forward (the default); rendering ahead of time has none. */
  scrollRestoration?: boolean;
}

/**
 * Loads a part from a task of its own: asking for a chunk has the browser add a preload for each of its imports,
 * which would otherwise lengthen the router's creation on a phone.
 */
function loadSoon<T>(load: () => Promise<T>): Promise<T> {
  return nextTask().then(load);
}

/** The router, the query client and the long-lived actors, wired together. */
export function createShop(options: ShopOptions = {}) {
  // Given (prerender, tests) or loaded after the first paint.
  const queries = lazyHandle(
    Promise.resolve(options.queryClient ?? loadSoon(() => import('@/lib/query-client').then(({ createShopQueryClient }) => createShopQueryClient()))),
  );
  // The actors navigate through the router, which needs the actors in its context: bind late.
  let navigateTo: (to: string) => void = (to) => window.location.assign(to);
  const actors = lazyHandle(
    Promise.resolve(
      options.actors ?? loadSoon(() => import('./actors').then(({ createAppActors }) => createAppActors({ navigate: (to) => navigateTo(to) }))),
    ),
  );
  const router = createRouter({
    routeTree,
    history: options.history,
    context: { queries, actors },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
    defaultPendingComponent: () => <PendingPage />,
    defaultErrorComponent: RouteError,
    scrollRestoration: options.scrollRestoration ?? true,
  });
  // An address with its search (/login?session=expired): `href` keeps it, where `to` would take it as a path.
  navigateTo = (to) => void router.navigate({ href: to });
  return { router, queries, actors };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShop>['router'];
  }
}
