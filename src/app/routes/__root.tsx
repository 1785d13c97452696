import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { PageTitle } from '@/components/layout/PageTitle';
import { NoticeOutlet } from '@/components/ui/NoticeOutlet';
import { NOT_FOUND_TITLE, site } from '@/lib/site';
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

/** Any address the shop does not have; the server answers it with 404 (server/plugins/static.ts). */
function NotFound() {
  return (
    <Box maxW="2xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }} data-testid="not-found">
      <PageTitle title={NOT_FOUND_TITLE}>We could not find a page at this address. It may have moved, or the link may be mistyped.</PageTitle>
      <Button asChild colorPalette="brand">
        <Link to="/">Go to the home page</Link>
      </Button>
      <Box as="h2" mt="8" mb="2" fontWeight="semibold" color="gray.800">
        Our test kits
      </Box>
      <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" gap="2">
        {site.products.map((product) => (
          <li key={product.to}>
            <Button asChild variant="outline" size="sm">
              <Link to={product.to}>{product.label}</Link>
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}
