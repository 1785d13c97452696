import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { chakraGlobalCss } from './scripts/vite/chakra-global-css.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { prerenderPages } from './scripts/vite/prerender.ts';

const BOOT = fileURLToPath(new URL('./src/boot.tsx', import.meta.url));
let shellModules: Set<string> | undefined;

/** Names the chunk of the modules src/boot.tsx reaches through static imports; the others split as usual. */
function shellChunk(id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) {
  if (!shellModules) {
    shellModules = new Set();
    const pending = [BOOT];
    while (pending.length) {
      const next = pending.pop()!;
      if (shellModules.has(next)) continue;
      shellModules.add(next);
      pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return shellModules.has(id) ? 'shell' : null;
}

const OUT_DIR = fileURLToPath(new URL('./dist/', import.meta.url));
const PRERENDER_DIR = fileURLToPath(new URL('./node_modules/.cache/shop-prerender/', import.meta.url));

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    chakraGlobalCss(),
  ],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      {
        // The package exports its recipes but not its token sets; the slim system takes both from the same build.
        find: /^@chakra-theme\/(.*)$/,
        replacement: fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/$1.js', import.meta.url)),
      },
    ],
  },
  environments: {
    // The renderer of the public pages, run once at build time; it never ships.
    ssr: { build: { ssr: 'src/prerender.tsx', outDir: PRERENDER_DIR, emptyOutDir: true, copyPublicDir: false } },
  },
  builder: {
    // `vite build`: the SPA, then the renderer, then the public pages as HTML, then compressed twins of it all.
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('the build needs its client and ssr environments');
      await builder.build(client);
      await builder.build(ssr);
      // `--outDir` moves the client's output (the browser tests build into their own directory).
      const outDir = resolve(builder.config.root, client.config.build.outDir);
      const serverEntry = join(resolve(builder.config.root, ssr.config.build.outDir), 'prerender.js');
      const pages = await prerenderPages({ outDir, serverEntry });
      await precompress(outDir);
      builder.config.logger.info(`${pages} public pages prerendered into ${join(outDir, 'pages')}`);
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: OUT_DIR,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    reportCompressedSize: false,
    // The shell chunk holds everything the first page runs (about 600 kB before compression); `npm run bench` keeps
    // its compressed size in budget.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // Unused re-exports of side-effect-free barrels (@ark-ui/react's index, say) stay out of the module graph, so
      // the static imports that shellChunk follows are the ones the shell really uses.
      experimental: { lazyBarrel: true },
      output: {
        // Everything the entry imports statically travels as one file: on a slow mobile network each extra request
        // for the first page costs a round trip, and the split would only serve later pages that load it anyway.
        // The loader of lazy modules stays apart: src/main.tsx needs it before the shell may run.
        codeSplitting: {
          groups: [
            { name: 'loader', test: /^\0vite\/preload-helper/, priority: 20 },
            { name: shellChunk, debugName: 'shell', priority: 10 },
          ],
        },
      },
    },
  },
});
