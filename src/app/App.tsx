import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { RouterProvider } from '@tanstack/react-router';
import { getSystem } from '@/theme/system';
import { ActorsProvider } from '@/lib/actors-context';
import { QueriesProvider } from '@/lib/queries-context';
import type { createShop } from './router';

interface AppProps {
  shop: ReturnType<typeof createShop>;
  /**
   * The markup is already on the page (src/prerender.tsx): render first exactly what it shows. The parts that load
   * after the first paint (src/lib/lazy-handle.ts) join in after that first render.
   */
  hydrating?: boolean;
}

/** The whole shop for one router, query client and set of actors (the browser entry, prerender and UI tests). */
export function App({ shop, hydrating = false }: AppProps) {
  // A production build's system has no global styles to insert: they ship as a stylesheet made at build time
  // (scripts/vite/chakra-global-css.ts).
  return (
    <ChakraProvider value={getSystem()}>
      <QueriesProvider queries={shop.queries} hydrating={hydrating}>
        <ActorsProvider actors={shop.actors} hydrating={hydrating}>
          <RouterProvider router={shop.router} />
        </ActorsProvider>
      </QueriesProvider>
    </ChakraProvider>
  );
}
