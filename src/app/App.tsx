import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { getSystem } from '@/theme/system';
import { ActorsProvider } from './actors-context';
import type { createShop } from './router';

// A production build ships the system's global styles (tokens, reset, globalCss) as a stylesheet made at build time
// (scripts/vite/chakra-global-css.ts), so that the provider has nothing left to serialise at start-up.
let appSystem: ReturnType<typeof getSystem> | undefined;
function shopSystem() {
  appSystem ??= import.meta.env.PROD ? { ...getSystem(), _global: [] } : getSystem();
  return appSystem;
}

interface AppProps {
  shop: ReturnType<typeof createShop>;
  /** The markup is already on the page (src/prerender.tsx): render first exactly what it shows. */
  hydrating?: boolean;
  /** Called once the shop is on screen. */
  onReady?: () => void;
}

/** The whole shop for one router, query client and set of actors (the browser entry, prerender and UI tests). */
export function App({ shop, hydrating = false, onReady }: AppProps) {
  useEffect(() => onReady?.(), [onReady]);
  return (
    <ChakraProvider value={shopSystem()}>
      <QueryClientProvider client={shop.queryClient}>
        <ActorsProvider actors={shop.actors} hydrating={hydrating}>
          <RouterProvider router={shop.router} />
        </ActorsProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
