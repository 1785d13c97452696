/**
 * Chakra's system turns its tokens, reset and global styles into one large style object that Emotion serialises on
 * the phone at start-up, before the first paint. The build does that work once instead: it loads the shop's system
 * (src/theme/system.ts) in Node, serialises the same styles the same way, and ships them as a stylesheet, which the
 * browser fetches in parallel with the scripts. `import 'virtual:chakra-global.css'` in the entry; the system leaves
 * its runtime copy out of production builds (see src/theme/system.ts). The dev server keeps the runtime copy, so a
 * theme edit shows at once.
 */
import { createServer, type AliasOptions, type Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:chakra-global.css';
// Ends in .css so that Vite's CSS pipeline minifies it and emits it as a stylesheet.
const RESOLVED_ID = '/__chakra-global.css';
const SYSTEM_MODULE = '/src/theme/system.ts';

interface ShopSystem {
  _global: unknown[];
  layers: { atRule: string };
}

async function globalCssOf(root: string, alias: AliasOptions): Promise<string> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    resolve: { alias },
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { getSystem } = (await server.ssrLoadModule(SYSTEM_MODULE)) as { getSystem: () => ShopSystem };
    const system = getSystem();
    const [{ serializeStyles }, { compile, middleware, prefixer, serialize, stringify }] = await Promise.all([
      import('@emotion/serialize'),
      import('stylis'),
    ]);
    // What Emotion's <Global> does with the same object: serialise, then compile with its default vendor prefixer.
    const { styles } = serializeStyles([system._global as never], undefined, {});
    // The layer order statement comes first, as Chakra's provider inserts it before everything else.
    return `${system.layers.atRule}\n${serialize(compile(styles), middleware([prefixer, stringify]))}`;
  } finally {
    await server.close();
  }
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
  };
}
