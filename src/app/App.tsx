import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { RouterProvider } from '@tanstack/react-router';
import { getSystem } from '@/theme/system';
import { ActorsProvider } from './actors-context';
import { QueriesProvider } from './queries-context';
import type { createShop } from './router';

// A production build ships the system's global styles (tokens, reset, globalCss) as a stylesheet made at build time
// (scripts/vite/chakra-global-css.ts), so that the provider has nothing left to serialise at start-up.
let appSystem: ReturnType<typeof getSystem> | undefined;
function shopSystem() {
  appSystem ??= import.meta.env.PROD ? { ...getSystem(), _global: [] } : getSystem();
  return appSystem;
}

/**
 * The whole shop for one router, query client and set of actors (the browser entry, prerender and UI tests). Over
 * prerendered markup it first renders exactly what the markup shows: the parts that load after the first paint
 * (src/app/lazy-handle.ts) join in after that first render.
 */
export function App({ shop }: { shop: ReturnType<typeof createShop> }) {
  return (
    <ChakraProvider value={shopSystem()}>
      <QueriesProvider queries={shop.queries}>
        <ActorsProvider actors={shop.actors}>
          <RouterProvider router={shop.router} />
        </ActorsProvider>
      </QueriesProvider>
    </ChakraProvider>
  );
}
