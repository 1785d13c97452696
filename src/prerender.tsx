/**
 * Renders the public pages to HTML at build time (scripts/vite/prerender.ts), so that a phone paints the page from
 * the HTML while the script is still on its way. The pages are rendered as they look before anyone is known and
 * before the catalogue arrives: the header's loading state, "Loading the price…". The script then renders the same
 * page over it and fills in the person and the live catalogue.
 */
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppActors } from './app/actors';
import { App } from './app/App';
import { createShop } from './app/router';

export { site } from './lib/site';

/** Pages that look the same for everyone until the script runs; pages behind a guard or about one person are not. */
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
  '/blogs/ibs',
  '/blogs/las-vegas',
  '/blogs/sleep-stress',
  '/recipe-list',
  '/questionaire/gad7',
  '/questionaire/psqi',
  '/forgot-password',
] as const;

// No API at build time: queries wait as they would offline, so every page renders its loading state.
onlineManager.setOnline(false);

/** The markup of `path` inside #root. */
export async function render(path: string): Promise<string> {
  const shop = createShop({
    history: createMemoryHistory({ initialEntries: [path] }),
    // Nobody is known at build time: the actors never arrive, so the shell shows their starting state.
    actors: new Promise<AppActors>(() => undefined),
    scrollRestoration: false,
  });
  await shop.router.load();
  try {
    return renderToString(
      <StrictMode>
        <App shop={shop} />
      </StrictMode>,
    );
  } finally {
    shop.queryClient.clear();
  }
}
