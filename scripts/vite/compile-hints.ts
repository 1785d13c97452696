/**
 * Every script of the shop starts with V8's compile hint for code that runs as soon as it loads
 * (`//# allFunctionsCalledOnLoad`): the shell, the parts that join the first page, and each page's own chunk all
 * run their functions the moment they arrive. Chromium then compiles a file's functions while it downloads, on a
 * thread of its own, instead of one by one on the main thread as they are first called; on a cheap phone that is
 * much of the start-up's blocking time. Browsers without the hint read a comment.
 */
import type { Plugin } from 'vite';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(): Plugin {
  return {
    name: 'shop:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = COMPILE_HINT + chunk.code;
          // One more line at the top: each mapping of the chunk's source map moves down by one.
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (map?.type === 'asset') {
            const json = JSON.parse(String(map.source)) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
