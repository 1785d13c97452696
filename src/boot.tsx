/**
 * Starts the shop: on a prerendered public page (src/prerender.tsx) it takes over the markup already on screen; on
 * the frame that every other address gets (header, footer, the page loading) it renders the page in its place; on
 * an empty page (the development server) it simply renders.
 */
import { createBrowserHistory } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createShop } from './app/router';
import { nextTask } from './lib/next-task';
import { getSystem } from './theme/system';

export async function boot(root: HTMLElement): Promise<void> {
  // The start-up runs in steps, each in a task of its own, so that a cheap phone never stops answering for long:
  // the code has just been evaluated; the history and the router come next, then the styling system, then the page.
  await nextTask();
  // The browser history first, in a task of its own: it records its key in the current entry, which can take a
  // phone tens of milliseconds.
  const history = createBrowserHistory();
  await nextTask();
  const shop = createShop({ history });
  await nextTask();
  getSystem();
  await nextTask();
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App shop={shop} />
      </StrictMode>,
    );
  if (!root.hasChildNodes()) {
    render();
    return;
  }
  if (root.dataset.frame !== undefined) {
    // The frame stays until the page is ready to replace it whole (its code loaded, its guard passed).
    const replace = () => startTransition(render);
    void shop.router.load().then(replace, replace);
    return;
  }
  // The markup shows the page before the catalogue and the person are known; the first render matches it, and they
  // fill in after. The router renders its matches as the prerender did, without a suspense boundary of its own.
  shop.router.ssr = { manifest: undefined };
  const adopt = () =>
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App shop={shop} hydrating />
        </StrictMode>,
      );
    });
  // The page's own code loads first, so that the page is taken over by itself rather than by a loading state.
  void shop.router.load().then(adopt, adopt);
}
