import { Box } from '@chakra-ui/react/box';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { NoticeOutlet } from '@/components/ui/NoticeOutlet';
import { useMounted } from '@/lib/use-mounted';
import type { RouterContext } from '../router';

// The offer's machine and dialog arrive after the first paint; the dialog waits 3 s anyway.
const PromoDialog = lazy(() => import('@/features/promo/PromoDialog').then((m) => ({ default: m.PromoDialog })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <Box minH="100dvh" display="flex" flexDirection="column">
      <Box asChild position="absolute" left="-9999px" _focus={{ left: '2', top: '2', zIndex: 'skipNav', bg: 'white', p: '2' }}>
        <a href="#main">Skip to content</a>
      </Box>
      <Header />
      <Box as="main" id="main" flex="1" tabIndex={-1}>
        <Outlet />
      </Box>
      <Footer />
      <Promo />
      <NoticeOutlet />
    </Box>
  );
}

/** The offer's dialog, from the takeover on; only this part renders again when the page has been taken over. */
function Promo() {
  return useMounted() ? (
    <Suspense fallback={null}>
      <PromoDialog />
    </Suspense>
  ) : null;
}

function NotFound() {
  return (
    <Box textAlign="center" py="20" px="4">
      <Box as="h1" fontSize="2xl" fontWeight="bold" mb="2">
        Page not found
      </Box>
      <Box color="gray.600">The page you are looking for does not exist. Use the menu to find your way.</Box>
    </Box>
  );
}
