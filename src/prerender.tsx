/**
 * Renders the public pages to HTML at build time (scripts/vite/prerender.ts), so that a phone paints the page from
 * the HTML while the script is still on its way. The pages are rendered as they look before anyone is known and
 * before the catalogue arrives: the header's loading state, "Loading the price…". The script then renders the same
 * page over it and fills in the person and the live catalogue.
 */
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppActors } from './lib/actors-handle';
import { App } from './app/App';
import type { ShopQueryClient } from '@/lib/query-client';
import { createShop, type RouterContext } from './app/router';
import { Route as RootRoute } from './app/routes/__root';
import { PageSpinner } from './components/layout/PageStatus';
import { SignedInBody } from './components/layout/SignedInBody';
import { CartFrame } from './features/cart/components/CartPage';
import { CheckoutFrame } from './features/checkout/components/CheckoutPage';
import { OrdersFrame } from './features/orders/components/OrdersPage';
import { DashboardFrame } from './features/kits/components/DashboardPage';
import { takePrerenderedHead, type PageHead } from './components/layout/PageMeta';
import { BLOG_LIST_TEMPLATE } from './features/blog/list-template';
import { setEmbeddedAnswer, type EmbeddedAnswer } from './lib/embedded-answer';
import { HOME_CATALOGUE_TEMPLATE, kitCatalogueTemplate } from './lib/catalogue-template';
import { gutStart } from './features/products/content/gut-start';
import { gut360 } from './features/products/content/gut360';
import { gutSens } from './features/products/content/gutsens';
import { ibsHeal } from './features/products/content/ibs-heal';

export { NOT_FOUND_TITLE, site } from './lib/site';

/**
 * Pages that look the same for everyone until the script runs; pages behind a guard or about one person are not,
 * nor the posts and recipes, whose text the server puts into the frame (server/plugins/page-content.ts).
 */
export const PRERENDERED_PATHS = [
  '/',
  '/landing-page',
  '/products/gut360-start',
  '/products/gut360',
  '/products/gutsens',
  '/products/ibs-heal',
  '/science/our-science',
  '/science/sens',
  '/science/modelling',
  '/science/food-microbiome',
  '/about-us',
  '/faq',
  '/contact-us',
  '/privacy-policy',
  '/terms-and-conditions',
  '/publications',
  '/Microbiomeandhealthebook',
  '/cookbook',
  '/blogs-list',
  '/recipe-list',
  '/questionaire/gad7',
  '/questionaire/psqi',
  '/forgot-password',
] as const;

/** The parts that load after the first paint, as they are before they have. */
function beforeTheScript() {
  return { actors: new Promise<AppActors>(() => undefined), queryClient: new Promise<ShopQueryClient>(() => undefined) };
}

/** The shop's markup for a router that has loaded its page. */
function toHtml(shop: ReturnType<typeof createShop>): string {
  return renderToString(
    <StrictMode>
      <App shop={shop} />
    </StrictMode>,
  );
}

/** The markup of `path` inside #root, and the head its page asked for (PageMeta), if it did. */
export async function render(path: string): Promise<{ markup: string; head?: PageHead }> {
  const shop = createShop({
    history: createMemoryHistory({ initialEntries: [path] }),
    // Nobody and no catalogue are known at build time: the actors and the query client never arrive, so the pages
    // show their starting state ("Loading the price…").
    ...beforeTheScript(),
    scrollRestoration: false,
  });
  await shop.router.load();
  takePrerenderedHead();
  const markup = toHtml(shop);
  return { markup, head: takePrerenderedHead() };
}

/**
 * Pages the server sends filled in with the answer it embeds (server/plugins/list-page.ts): each is also rendered
 * from a sample answer of markers, as a template in which the server finds where each value goes.
 */
export const PAGE_TEMPLATES: Readonly<Record<string, EmbeddedAnswer>> = {
  '/blogs-list': BLOG_LIST_TEMPLATE,
};

/** The pages that show the catalogue's kits or a kit's price, with the kit each shows. */
const KIT_PAGES: readonly { path: string; code: string }[] = [
  { path: '/products/gut360-start', code: gutStart.code },
  { path: '/products/gut360', code: gut360.code },
  { path: '/products/gutsens', code: gutSens.code },
  { path: '/products/ibs-heal', code: ibsHeal.code },
  { path: '/landing-page', code: gutStart.code },
];

/**
 * Pages the server sends with the catalogue as it is when they are asked for (server/plugins/catalogue-page.ts),
 * by the template's name: each rendered from a sample catalogue, as a template in which the server finds where
 * each kit, name and price goes. A kit's page has one template for a kit sold below its list price and one for a
 * kit sold at it, as their markup differs.
 */
export const CATALOGUE_TEMPLATES: Readonly<Record<string, { path: string; answer: EmbeddedAnswer }>> = Object.fromEntries([
  ['index', { path: '/', answer: HOME_CATALOGUE_TEMPLATE }],
  ...KIT_PAGES.flatMap(({ path, code }) => [
    [`${path.slice(1)}.reduced`, { path, answer: kitCatalogueTemplate(code, true) }],
    [`${path.slice(1)}.plain`, { path, answer: kitCatalogueTemplate(code, false) }],
  ]),
]);

/** The markup of `path` as it renders when the page came with `answer`, and its head. */
export async function renderWithAnswer(path: string, answer: EmbeddedAnswer): Promise<{ markup: string; head?: PageHead }> {
  setEmbeddedAnswer(answer);
  try {
    return await render(path);
  } finally {
    setEmbeddedAnswer(undefined);
  }
}

/**
 * Every address the router knows, dynamic segments as they are written ('/discount/$code'), for the server to answer
 * any other address with 404 (server/plugins/static.ts).
 */
export function routePaths(): string[] {
  const shop = createShop({ ...beforeTheScript(), history: createMemoryHistory() });
  return Object.keys(shop.router.routesByPath);
}

/** The shop's markup at `address` with `Page` in the root layout's place for a page: the frame of a page to come. */
async function frameOf(address: string, Page: (props: Record<string, never>) => React.JSX.Element): Promise<string> {
  const shop = createShop({ ...beforeTheScript(), history: createMemoryHistory() });
  const root = createRootRouteWithContext<RouterContext>()({ component: RootRoute.options.component });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: Page });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [address] }),
    context: { queries: shop.queries, actors: shop.actors },
  });
  await router.load();
  return toHtml({ ...shop, router: router as unknown as typeof shop.router });
}

/**
 * The shop's frame for every other address (pages behind a guard or about one person, sign-in pages): the header
 * and footer around the page-loading indicator. The browser paints it at once; the shop then renders the page
 * itself in its place (src/boot.tsx). At an address of its own, so that no menu item shows as the current page.
 */
export function renderFrame(): Promise<string> {
  return frameOf('/loading', PageSpinner);
}

/**
 * Signed-in pages whose frame is their own rather than the loading indicator: the page as it is before the person
 * and their data are known (headings, the words that are the same for everyone, skeletons where the data goes).
 * The server sends it for the page's address, so that a phone paints the page's frame from the first bytes while
 * the kept session is verified and the data fetched; the shop then renders the page in its place, as on the frame.
 * Nothing in it is about a person.
 */
const SIGNED_IN_FRAMES: Readonly<Record<string, () => React.JSX.Element>> = {
  '/cart': () => (
    <SignedInBody>
      <CartFrame />
    </SignedInBody>
  ),
  '/checkout': () => (
    <SignedInBody>
      <CheckoutFrame />
    </SignedInBody>
  ),
  '/user/dashboard': () => (
    <SignedInBody>
      <DashboardFrame />
    </SignedInBody>
  ),
  '/user/orders': () => (
    <SignedInBody>
      <OrdersFrame />
    </SignedInBody>
  ),
};

export const SIGNED_IN_FRAME_PATHS = Object.keys(SIGNED_IN_FRAMES);

/** The frame of the signed-in page at `path`, one of SIGNED_IN_FRAME_PATHS. */
export async function renderSignedInFrame(path: string): Promise<string> {
  const Page = SIGNED_IN_FRAMES[path];
  if (!Page) throw new Error(`${path} has no frame of its own`);
  return frameOf(path, Page);
}
