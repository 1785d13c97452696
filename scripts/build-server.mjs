#!/usr/bin/env node
/**
 * `npm run build:server` (and the second half of `npm run build`): bundles the API, `server/main.ts` with the
 * `machines/` it shares with the SPA, into one ES module, `dist-server/main.js`, which production runs with plain
 * `node`. Packages stay imports of `node_modules` (sharp and PGlite carry native and WebAssembly files of their own);
 * `--out-dir=DIR` builds elsewhere (the test of the build): anywhere those imports find `node_modules`.
 *
 * What the server reads from beside its source at run time, it names as `new URL('<relative path>', import.meta.url)`
 * (the migrations, the OpenAPI contract, the PDF fonts). In the bundle every module has the bundle's URL, so each
 * such path is rewritten to the same file's path from the project's root, and the file (or folder) is copied there
 * under the output: `dist-server/server/db/migrations/`, `dist-server/openapi/openapi.yaml`, … Anything else that
 * asks where its module is would find the wrong place, and stops the build.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = join(ROOT, 'dist-server');

const BESIDE_SOURCE = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;
const WHERE_AM_I = /import\.meta\b|__dirname|__filename/;

/** Rewrites each module's run-time paths as described above, and collects the files they name in `copies`. */
function besideSourcePlugin(copies) {
  return {
    name: 'beside-source',
    setup(bundle) {
      bundle.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!WHERE_AM_I.test(source)) return undefined;
        const contents = source.replace(BESIDE_SOURCE, (_call, _quote, path) => {
          const target = fileURLToPath(new URL(path, pathToFileURL(args.path)));
          const fromRoot = relative(ROOT, target).split(sep).join('/');
          if (fromRoot.startsWith('../')) throw new Error(`${args.path}: ${path} is outside the project`);
          copies.add(fromRoot);
          return `new URL(${JSON.stringify(`./${fromRoot}${path.endsWith('/') ? '/' : ''}`)}, import.meta.url)`;
        });
        if (WHERE_AM_I.test(source.replace(BESIDE_SOURCE, ''))) {
          throw new Error(
            `${relative(ROOT, args.path)} asks where its module is other than as new URL('<relative path>', import.meta.url): ` +
              'in the bundle that would be dist-server/, so write it in that form, which the build knows how to carry.',
          );
        }
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** Builds the server into `outDir` (emptied first) and returns the path of its `main.js`. */
export async function buildServer(outDir = SERVER_OUT_DIR) {
  const out = resolve(outDir);
  // A wrong --out-dir must not empty the project or any other folder of value.
  if (existsSync(out) && readdirSync(out).length > 0 && !existsSync(join(out, 'main.js'))) {
    throw new Error(`${out} is neither empty nor an earlier build of the server: not emptying it`);
  }
  rmSync(out, { recursive: true, force: true });
  const copies = new Set();
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [besideSourcePlugin(copies)],
  });
  for (const path of copies) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    cpSync(join(ROOT, path), join(out, path), { recursive: true });
  }
  // The bundle is an ES module wherever the folder is put (in an image, beside node_modules, without our package.json).
  writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
  return join(out, 'main.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length);
  const started = Date.now();
  try {
    const main = await buildServer(outDir);
    console.log(`Built the server: ${relative(process.cwd(), main)} (${Date.now() - started} ms)`);
  } catch (error) {
    // esbuild has printed its own errors, with the file and line.
    if (!error.errors) console.error(error.message);
    process.exit(1);
  }
}
