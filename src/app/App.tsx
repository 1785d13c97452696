import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { system } from '@/theme/system';
import { ActorsProvider } from './actors-context';
import type { createShop } from './router';

// A production build ships the system's global styles (tokens, reset, globalCss) as a stylesheet made at build time
// (scripts/vite/chakra-global-css.ts), so that the provider has nothing left to serialise at start-up.
const chakraSystem = import.meta.env.PROD ? { ...system, _global: [] } : system;

/** The whole shop for one router, query client and set of actors (the browser entry and UI tests share it). */
export function App({ shop }: { shop: ReturnType<typeof createShop> }) {
  return (
    <ChakraProvider value={chakraSystem}>
      <QueryClientProvider client={shop.queryClient}>
        <ActorsProvider actors={shop.actors}>
          <RouterProvider router={shop.router} />
        </ActorsProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
