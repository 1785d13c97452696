import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;
const inBrowser = () => true;
const beforeTakeover = () => false;

/**
 * False while a page is rendered ahead of time (src/prerender.tsx) and while the browser takes over that markup,
 * true from then on (and at once in a page the browser renders itself). Parts that exist in the browser only wait
 * for it, so that the markup and the first render in the browser agree.
 */
export function useMounted(): boolean {
  return useSyncExternalStore(unchanging, inBrowser, beforeTakeover);
}
