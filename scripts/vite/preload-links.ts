/**
 * When the shop imports a chunk lazily (the shop's code after the first paint, a page, the actors), Vite's preload
 * helper adds a `<link rel="modulepreload">` for each of the chunk's imports, so that they download beside it rather
 * than one after another. It adds them to the head one at a time, and the browser looks at the head again after
 * each: on the home page that was 21 links, about 40 ms of a cheap phone's main thread (4x CPU slowdown). The
 * helper here gathers one import's links and adds them to the head at once.
 */
import type { Plugin } from 'vite';

const HELPER = /^\0vite\/preload-helper\.js$/;
/** The statement that asks for the chunk's imports, and the one that adds each link. */
const DEPS_MAP = /promise = allSettled\(deps\.map\(\(depString\) => \{[\s\S]*?\}\)\.filter\(\(p\) => p !== void 0\)\);/;
const APPEND = 'document.head.appendChild(link);';

export function preloadLinks(): Plugin {
  return {
    name: 'shop:preload-links',
    apply: 'build',
    transform: {
      filter: { id: HELPER },
      handler(code) {
        // Loud rather than silently slow when a new Vite words it differently.
        const asks = DEPS_MAP.exec(code);
        if (!asks || !asks[0].includes(APPEND) || code.split(APPEND).length !== 2) {
          this.error("Vite's preload helper no longer adds its links as expected");
        }
        const batched = `const added = document.createDocumentFragment();${asks[0].replace(APPEND, 'added.appendChild(link);')}document.head.appendChild(added);`;
        return { code: code.replace(asks[0], batched), map: null };
      },
    },
  };
}
