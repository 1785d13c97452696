import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildTimeData } from './scripts/vite/build-time-data.ts';
import { chakraGlobalCss } from './scripts/vite/chakra-global-css.ts';
import { chakraTokenDictionary } from './scripts/vite/chakra-token-dictionary.ts';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { preloadLinks } from './scripts/vite/preload-links.ts';
import { requireFirebaseConfig } from './scripts/vite/firebase-config.ts';
import { firstPageChunk } from './scripts/vite/first-page-chunk.ts';
import { pageChunks } from './scripts/vite/page-chunks.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { prerenderPages } from './scripts/vite/prerender.ts';
import { shopSettingsDefine } from './scripts/vite/shop-settings.ts';

const BOOT = fileURLToPath(new URL('./src/boot.tsx', import.meta.url));
/** What every page imports once it has painted. */
const AFTER_PAINT = ['src/app/actors.ts', 'src/lib/query-client.ts'];
const firstPage = firstPageChunk(
  BOOT,
  AFTER_PAINT.map((module) => fileURLToPath(new URL(`./${module}`, import.meta.url))),
);

const OUT_DIR = fileURLToPath(new URL('./dist/', import.meta.url));

/**
 * The staff area's code (admin and authoring pages, the care team's questionnaire pages, their features and list
 * parts) and nothing the shop's own pages use.
 */
const STAFF_MODULE =
  /[\\/]src[\\/](?:app[\\/]routes[\\/](?:admin|_staff)[\\/]|features[\\/](?:admin|authoring|questionnaires[\\/]care)[\\/]|components[\\/]staff[\\/])/;
/**
 * The reading pages' code (about, FAQ, contact, legal, science, publications, the ebook, the blog, the recipes and the
 * questionnaires),
 * which the first page never runs: its files are fetched as a reading page asks for them (on hover, as the router
 * preloads a link's page) rather than listed for preloading in the code every page runs first.
 */
const READING_MODULE = new RegExp(
  [
    String.raw`[\\/]src[\\/](?:features[\\/](?:about|legal|science|blog|recipes|publications|ebook|contact|questionnaires[\\/](?:api|components))[\\/]`,
    String.raw`|components[\\/](?:content[\\/]|questionnaires[\\/]|layout[\\/](?:Prose|PageMeta|RichText|ContentCover)\.tsx)`,
    String.raw`|lib[\\/](?:content|recipe-terms|recipe-format|publication-topics|public-queries|embedded-answer|contact-topics|questionnaire-texts)\.ts`,
    String.raw`|app[\\/]routes[\\/](?:about-us|faq|contact-us|privacy-policy|terms-and-conditions|publications|Microbiomeandhealthebook|cookbook|recipe-list|blogs-list|science[\\/]|blogs?[\\/]|recipe[\\/]|questionaire[\\/]))`,
    // The contact topics are shared with the server (its acknowledgement names the topic), so they live in machines/.
    String.raw`|[\\/]machines[\\/]contact-topics\.ts`,
  ].join(''),
);
/** The shop's own modules, which decide where a chunk goes: the SPA's, and the shared ones only reading pages use. */
const SHOP_MODULE = /[\\/]src[\\/]|[\\/]machines[\\/]contact-topics\.ts/;
function ownModulesAll(moduleIds: readonly string[], area: RegExp): boolean {
  const own = moduleIds.filter((id) => SHOP_MODULE.test(id));
  return own.length > 0 && own.every((id) => area.test(id));
}
const isStaffChunk = (moduleIds: readonly string[]) => ownModulesAll(moduleIds, STAFF_MODULE);
const isReadingChunk = (moduleIds: readonly string[]) => ownModulesAll(moduleIds, READING_MODULE);
const PRERENDER_DIR = fileURLToPath(new URL('./node_modules/.cache/shop-prerender/', import.meta.url));

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's data calls (its loader) come with its page's code rather than in the code every page runs first,
      // which then holds only each route's address and search rules.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    requireFirebaseConfig(),
    chakraGlobalCss(),
    chakraTokenDictionary(),
    buildTimeData(['/src/theme/config.ts']),
    firstPage.plugin,
    compileHints(),
    preloadLinks(),
    // The signed-in pages whose first calls src/lib/early-answers.ts sends early: their code is asked for early too.
    pageChunks({
      everyPage: [...AFTER_PAINT, 'src/app/routes/_signedIn.tsx'],
      pages: {
        '/cart': ['src/app/routes/_signedIn/cart.tsx'],
        '/checkout': ['src/app/routes/_signedIn/checkout.tsx'],
        '/user/dashboard': ['src/app/routes/_signedIn/user.tsx', 'src/app/routes/_signedIn/user/dashboard.tsx'],
        '/user/orders': ['src/app/routes/_signedIn/user.tsx', 'src/app/routes/_signedIn/user/orders.tsx'],
      },
    }),
  ],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // One setting for the server and the pages' canonical addresses.
    'import.meta.env.VITE_PUBLIC_SITE_URL': JSON.stringify(process.env.VITE_PUBLIC_SITE_URL ?? process.env.PUBLIC_SITE_URL ?? ''),
    // The consumer grievance officer and the launch offer's last day, set under the server's names too.
    ...shopSettingsDefine(),
  },
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      {
        // The package exports its recipes but not its token sets; the slim system takes both from the same build.
        find: /^@chakra-theme\/(.*)$/,
        replacement: fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme/$1.js', import.meta.url)),
      },
      {
        // The styled system's own helpers, which the token dictionary the build makes is restored with.
        find: /^@chakra-styled-system\/(.*)$/,
        replacement: fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/styled-system/$1.js', import.meta.url)),
      },
      {
        // The router's store asks for the stand-in of React's own store hook, for React versions before 18; React 19
        // has the hook, and the stand-in would only hand it back, after shipping its own copy in the first page.
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  environments: {
    // The renderer of the public pages, run once at build time; it never ships.
    // Chakra is bundled into it, so that the pages are rendered with the same system as the browser's: without the
    // runtime copy of the global styles, which ship as a stylesheet (scripts/vite/chakra-global-css.ts).
    ssr: {
      resolve: { noExternal: ['@chakra-ui/react'] },
      build: { ssr: 'src/prerender.tsx', outDir: PRERENDER_DIR, emptyOutDir: true, copyPublicDir: false },
    },
  },
  builder: {
    // `vite build`: the SPA, then the renderer, then the public pages as HTML, then compressed twins of it all.
    async buildApp(builder) {
      const { client, ssr } = builder.environments;
      if (!client || !ssr) throw new Error('the build needs its client and ssr environments');
      // `--outDir` moves the client's output (the browser tests build into their own directory).
      const outDir = resolve(builder.config.root, client.config.build.outDir);
      // Twice: the first build learns which modules the first page loads, the second ships them as one file.
      firstPage.reset();
      await builder.build(client);
      if (!firstPage.recorded) throw new Error('the first build did not record the first page’s modules');
      await builder.build(client);
      await builder.build(ssr);
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
    // Every lazy import names the files it needs, so that they download at once; those lists ship with the shop's
    // first page. A staff page's or a reading page's files are instead fetched as its own code asks for them: a
    // moment longer on the way there, and the first page does not carry their file lists.
    modulePreload: {
      // Every browser the shop targets but Safari before 17 preloads modules itself; there the files are fetched as
      // the code asks for them instead. The polyfill was a quarter of a kilobyte of every page's first script.
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        filename.includes('/staff/') ? [] : deps.filter((dep) => !dep.includes('/staff/') && !dep.includes('/reading/')),
    },
    rolldownOptions: {
      treeshake: {
        // Emotion imports these for withTheme only, which the shop never uses; they have no side effects, so the
        // bare imports may go with it. Every other module keeps what its package says.
        moduleSideEffects: (id) => (/node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) ? false : undefined),
      },
      output: {
        // The staff's and the reading pages' code go under assets/staff/ and assets/reading/: their imports are not
        // preloaded (see modulePreload above).
        chunkFileNames: (chunk) =>
          isStaffChunk(chunk.moduleIds)
            ? 'assets/staff/[name]-[hash].js'
            : isReadingChunk(chunk.moduleIds)
              ? 'assets/reading/[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        // The code every page runs first is one file, and what it loads right after its first paint another
        // (scripts/vite/first-page-chunk.ts). The loader of lazy modules stays apart: src/main.tsx needs it before
        // that code may run.
        codeSplitting: {
          groups: [
            { name: 'loader', test: /^\0vite\/preload-helper/, priority: 20 },
            { name: firstPage.name('shell'), debugName: 'shell', priority: 10 },
            // Its modules only: what they import beyond them is the entry's, the shell's, or loaded later.
            {
              name: firstPage.name('after-paint'),
              debugName: 'after-paint',
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
