/**
 * Writes a .br and a .gz beside every compressible file of the build, once, at the strongest settings, so that the
 * server sends them as they are (`preCompressed` in server/plugins/static.ts) instead of compressing per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes the compressed twins of every compressible file under `outDir`. */
export async function precompress(outDir: string): Promise<void> {
  const work: Promise<void>[] = [];
  for await (const path of filesUnder(outDir)) {
    work.push(
      readFile(path).then(async (content) => {
        if (content.length < MIN_BYTES) return;
        const [br, gzipped] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gz(content, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
      }),
    );
  }
  await Promise.all(work);
}
