/**
 * Chakra's system turns its tokens, reset and global styles into one large style object that Emotion serialises on
 * the phone at start-up, before the first paint. The build does that work once instead: it loads the shop's system
 * (src/theme/system.ts) in Node, serialises the same styles the same way, and ships them as a stylesheet, which the
 * browser fetches in parallel with the scripts. `import 'virtual:chakra-global.css'` in the entry. A production build
 * also leaves the runtime copy out: Chakra's `createSystem` makes it eagerly, which was about a third of the system's
 * making on a phone, and the provider then gets none (src/app/App.tsx). The dev server keeps the runtime copy, so a
 * theme edit shows at once. The reset's maker goes with it: the global styles were its only use.
 */
import type { AliasOptions, Plugin } from 'vite';
import { loadInNode } from './node-module.ts';

const VIRTUAL_ID = 'virtual:chakra-global.css';
// Ends in .css so that Vite's CSS pipeline minifies it and emits it as a stylesheet.
const RESOLVED_ID = '/__chakra-global.css';
/** The shop's system, and Chakra's system factory (also transformed by ./chakra-token-dictionary.ts). */
export const SYSTEM_MODULE = '/src/theme/system.ts';
export const CHAKRA_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
/** The statement in Chakra's system factory that makes the global styles. */
const EAGER_GLOBAL = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
/** The reset's maker, which only the global styles use: with them made at build time, the browser needs none of it. */
const PREFLIGHT_IMPORT = "import { createPreflight } from './preflight.js';";
const PREFLIGHT_CALL = 'createPreflight({ preflight })';

interface ShopSystem {
  _global: unknown[];
  layers: { atRule: string };
}

async function globalCssOf(root: string, alias: AliasOptions): Promise<string> {
  const { getSystem } = await loadInNode<{ getSystem: () => ShopSystem }>(root, alias, SYSTEM_MODULE);
  const system = getSystem();
  const [{ serializeStyles }, { compile, middleware, prefixer, serialize, stringify }] = await Promise.all([
    import('@emotion/serialize'),
    import('stylis'),
  ]);
  // What Emotion's <Global> does with the same object: serialise, then compile with its default vendor prefixer.
  const { styles } = serializeStyles([system._global as never], undefined, {});
  // The layer order statement comes first, as Chakra's provider inserts it before everything else.
  return `${system.layers.atRule}\n${serialize(compile(styles), middleware([prefixer, stringify]))}`;
}

export function chakraGlobalCss(): Plugin {
  let root = process.cwd();
  let alias: AliasOptions = [];
  let isBuild = false;
  return {
    name: 'shop:chakra-global-css',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
      isBuild = config.command === 'build';
    },
    resolveId: {
      filter: { id: new RegExp(`^${VIRTUAL_ID}$`) },
      handler: () => RESOLVED_ID,
    },
    load: {
      filter: { id: new RegExp(`^${RESOLVED_ID.replace(/[.]/g, '\\.')}$`) },
      handler: () => (isBuild ? globalCssOf(root, alias) : ''),
    },
    transform: {
      filter: { id: CHAKRA_SYSTEM },
      handler(code) {
        if (!isBuild) return null;
        // Loud rather than silently slow when a new Chakra version words it differently.
        for (const statement of [EAGER_GLOBAL, PREFLIGHT_IMPORT, PREFLIGHT_CALL]) {
          if (!code.includes(statement)) this.error(`Chakra's system no longer contains "${statement}"`);
        }
        return {
          code: code.replace(EAGER_GLOBAL, 'const _global = [];').replace(PREFLIGHT_IMPORT, '').replace(PREFLIGHT_CALL, '{}'),
          map: null,
        };
      },
    },
  };
}
