/**
 * The code every page runs first (src/boot.tsx and what it imports, after tree-shaking) as a single file: on a slow
 * mobile network each extra request for the first page costs a round trip. Which modules those are is learnt from
 * a first build with the bundler's own chunking (it follows only the imports that are used, where a walk over the
 * import graph would also take every module a package's index re-exports); the second build groups them.
 *
 * What every page loads next, right after its first paint (the actors, the query client, and what they import
 * beyond the shell), is one more file, for the same reason: left to the bundler it was fourteen, each a request
 * and a preload link the page's main thread adds to its head.
 */
import type { Plugin } from 'vite';

export interface FirstPageChunk {
  /** Records, during a build, which modules the first page loads. */
  plugin: Plugin;
  /** For `output.codeSplitting.groups[].name`: the group's name for its recorded modules, nothing before a record. */
  name: (group: FirstPageGroup) => (id: string) => string | null;
  /** Whether a build has recorded them. */
  readonly recorded: boolean;
  /** Forgets the record, before the first build. */
  reset(): void;
}

// Vite evaluates the config once per environment, so the record lives where every evaluation finds it.
const STORE = Symbol.for('shop.firstPageModules');
const store = globalThis as { [STORE]?: Map<string, FirstPageGroup> };

export type FirstPageGroup = 'shell' | 'after-paint';

/** `afterPaint`: the modules every page imports once it has painted, by their ids. */
export function firstPageChunk(bootModule: string, afterPaint: readonly string[]): FirstPageChunk {
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
        const found = new Map<string, FirstPageGroup>();
        const seen = new Set<string>();
        const visit = (fileName: string, group: FirstPageGroup) => {
          const chunk = byFile.get(fileName);
          if (!chunk || seen.has(fileName)) return;
          seen.add(fileName);
          for (const id of chunk.moduleIds) found.set(id, group);
          for (const imported of chunk.imports) visit(imported, group);
        };
        // The entry and what it imports stay as they are: the page runs them before its first paint.
        const before = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) before(imported);
        };
        for (const chunk of chunks) if (chunk.isEntry) before(chunk.fileName);
        visit(boot.fileName, 'shell');
        for (const module of afterPaint) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
          if (!chunk) throw new Error(`the build has no chunk for ${module}`);
          visit(chunk.fileName, 'after-paint');
        }
        store[STORE] = found;
        // The first build only learns: none of its files are written, so the second build's are the only ones.
        for (const fileName of Object.keys(bundle)) delete bundle[fileName];
      },
    },
  };
  return {
    plugin,
    name: (group) => (id) => (store[STORE]?.get(id) === group ? group : null),
    get recorded() {
      return store[STORE] !== undefined;
    },
    reset() {
      delete store[STORE];
    },
  };
}
