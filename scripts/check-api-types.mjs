#!/usr/bin/env node
/** Fails when openapi/schema.d.ts is not what openapi-typescript makes of openapi/openapi.yaml today. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const fresh = join(mkdtempSync(join(tmpdir(), 'api-types-')), 'schema.d.ts');
execFileSync(process.execPath, [join(root, 'node_modules/openapi-typescript/bin/cli.js'), join(root, 'openapi/openapi.yaml'), '-o', fresh], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (readFileSync(fresh, 'utf8') !== readFileSync(join(root, 'openapi/schema.d.ts'), 'utf8')) {
  console.error('openapi/schema.d.ts is stale: run `npm run gen:api` and commit the result.');
  process.exit(1);
}
console.log('API types are current.');
