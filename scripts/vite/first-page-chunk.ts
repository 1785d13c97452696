/**
 * The code every page runs first (src/boot.tsx and what it imports, after tree-shaking) as a single file: on a slow
 * mobile network each extra request for the first page costs a round trip. Which modules those are is learnt from
 * a first build with the bundler's own chunking (it follows only the imports that are used, where a walk over the
 * import graph would also take every module a package's index re-exports); the second build groups them.
 */
import type { Plugin } from 'vite';

export interface FirstPageChunk {
  /** Records, during a build, which modules the first page loads. */
  plugin: Plugin;
  /** For `output.codeSplitting.groups[].name`: 'shell' for the recorded modules, nothing before a record exists. */
  name: (id: string) => string | null;
  /** Whether a build has recorded them. */
  readonly recorded: boolean;
  /** Forgets the record, before the first build. */
  reset(): void;
}

// Vite evaluates the config once per environment, so the record lives where every evaluation finds it.
const STORE = Symbol.for('shop.firstPageModules');
const store = globalThis as { [STORE]?: Set<string> };

export function firstPageChunk(bootModule: string): FirstPageChunk {
  const plugin: Plugin = {
    name: 'shop:first-page-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      // After every other plugin has added its files, so that the first build can drop them all.
      order: 'post',
      handler(_options, bundle) {
        if (store[STORE]) return;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const boot = chunks.find((chunk) => chunk.moduleIds.includes(bootModule));
        if (!boot) throw new Error(`the build has no chunk for ${bootModule}`);
        const found = new Set<string>();
        const visit = (fileName: string, seen = new Set<string>()) => {
          const chunk = byFile.get(fileName);
          if (!chunk || seen.has(fileName)) return;
          seen.add(fileName);
          for (const id of chunk.moduleIds) found.add(id);
          for (const imported of chunk.imports) visit(imported, seen);
        };
        visit(boot.fileName);
        store[STORE] = found;
        // The first build only learns: none of its files are written, so the second build's are the only ones.
        for (const fileName of Object.keys(bundle)) delete bundle[fileName];
      },
    },
  };
  return {
    plugin,
    name: (id) => (store[STORE]?.has(id) ? 'shell' : null),
    get recorded() {
      return store[STORE] !== undefined;
    },
    reset() {
      delete store[STORE];
    },
  };
}
