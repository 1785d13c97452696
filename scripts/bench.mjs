#!/usr/bin/env node
/**
 * Performance budgets (DESIGN §9): the home route's initial JavaScript and every lazily loaded route chunk,
 * gzip-compressed, from the production build's manifest. Exits non-zero when a budget is broken.
 *
 *   npm run bench            build, then report
 *   npm run bench -- --no-build   report on the existing dist/
 */
import { execSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const HOME_BUDGET_KB = 150;
const ROUTE_CHUNK_BUDGET_KB = 50;
const dist = new URL('../dist/', import.meta.url).pathname;

if (!process.argv.includes('--no-build') || !existsSync(join(dist, '.vite/manifest.json'))) {
  execSync('npx vite build', { stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically, as output file names. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gzipKb(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);

// Route chunks: the lazily loaded parts of each route file (autoCodeSplitting adds ?tsr-split to their ids).
const routeChunks = Object.entries(manifest)
  .filter(([key, chunk]) => key.includes('src/app/routes/') && chunk.isDynamicEntry)
  .map(([key]) => {
    const files = closure(key);
    for (const f of entryFiles) files.delete(f);
    const route = key.replace(/^.*src\/app\/routes\//, '').replace(/\?.*$/, '');
    return { route, kb: sum(files) };
  })
  .sort((a, b) => b.kb - a.kb);

const homeChunkKeys = Object.keys(manifest).filter((k) => /src\/app\/routes\/index\.tsx/.test(k));
const homeFiles = new Set(entryFiles);
for (const key of homeChunkKeys) closure(key, homeFiles);
const homeKb = sum(homeFiles);

const rows = [['home route initial JS', homeKb, HOME_BUDGET_KB]];
const largest = routeChunks[0];
console.log('Bundle budgets (gzip, KB)');
console.log(`  entry (shell) ............................ ${sum(entryFiles).toFixed(1)}`);
console.log(`  home route initial JS .................... ${homeKb.toFixed(1)}  (budget ${HOME_BUDGET_KB})`);
console.log(`  largest route chunk ...................... ${largest ? `${largest.kb.toFixed(1)}  ${largest.route}` : 'none'}  (budget ${ROUTE_CHUNK_BUDGET_KB})`);
console.log('  route chunks (beyond the shell):');
for (const { route, kb } of routeChunks) console.log(`    ${kb.toFixed(1).padStart(6)}  ${route}`);

const broken = [
  ...rows.filter(([, kb, budget]) => kb > budget).map(([name, kb, budget]) => `${name} ${kb.toFixed(1)} KB > ${budget} KB`),
  ...routeChunks.filter((c) => c.kb > ROUTE_CHUNK_BUDGET_KB).map((c) => `route ${c.route} ${c.kb.toFixed(1)} KB > ${ROUTE_CHUNK_BUDGET_KB} KB`),
];
if (broken.length) {
  console.error(`\nBudget broken:\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');
