#!/usr/bin/env node
/**
 * `npm test`: every test the project has. Installs what is missing (packages; Debian's Chromium when it can), then:
 * contract types current, typecheck, lint, Vitest (machines, unit, UI, API on PGlite and, with PG_TESTS=1 or
 * DATABASE_URL, on Postgres), and the Playwright suite against the real stack.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies } from './ensure-deps.mjs';
import { browserTestBuild } from './stack.mjs';
import { profileText, RESULTS_DIR } from './test-profile.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = RESULTS_DIR;
const CHROMIUM = '/usr/bin/chromium';
const ci = Boolean(process.env.CI);

ensureDependencies();
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [];

function record(title, started, ok) {
  steps.push({ title, started, ms: Date.now() - started, ok });
  writeFileSync(join(results, 'steps.json'), JSON.stringify(steps, null, 1));
  return ok;
}

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return record(title, started, outcome.status === 0);
}

/**
 * Steps that each keep one core busy run side by side; each one's output is shown whole once it ends, under its
 * title, rather than interleaved.
 */
async function stepsSideBySide(list) {
  const outcomes = await Promise.all(
    list.map(
      ([title, command, args, env = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const end = (ok) => {
            console.log(`\n=== ${title}`);
            process.stdout.write(Buffer.concat(output));
            resolve(record(title, started, ok));
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            end(false);
          });
          child.on('close', (code) => end(code === 0));
        }),
    ),
  );
  return outcomes;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log('\n=== Installing Chromium for the browser tests (apt-get)');
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (install && existsSync(CHROMIUM)) return true;
  }
  return false;
}

const node = process.execPath;
const bin = (path) => join(root, 'node_modules', path);
let ok = true;
ok = step('Contract: generated API types are current', node, [join(root, 'scripts/check-api-types.mjs')]) && ok;
// The backup and restore of docs/operations.md, on the Postgres the API suite runs on (by the same rule as
// tests/api/setup/templates.ts). One process at a time, mostly the shop starting twice: beside the steps below it
// costs less time than after them.
const pgTests = ci ? (process.env.PG_TESTS ?? '1') : process.env.PG_TESTS;
const onPostgres = pgTests === '1' || (pgTests !== '0' && Boolean(process.env.DATABASE_URL || process.env.PGHOST || process.env.PGDATABASE));
const restoreCheck = onPostgres
  ? stepsSideBySide([['Backup and restore on Postgres (npm run restore:check)', node, [join(root, 'scripts/restore-check.mjs')]]])
  : Promise.resolve([true]);
const build = browserTestBuild();
const [typesOk, lintOk, built] = await stepsSideBySide([
  ['Typecheck', node, [bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', node, [bin('eslint/bin/eslint.js'), '.', '--max-warnings', '0']],
  // The browser tests' build, made here while the two above leave room: their global setup then only starts the stack.
  ['Build for the browser tests', build.command, build.args, build.env],
]);
ok = typesOk && lintOk && ok;
ok = (await restoreCheck)[0] && ok;

const vitestJson = join(results, 'vitest.json');
const vitestOk = step(
  'Vitest: machines, unit, UI, API',
  node,
  [
    bin('vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    '--reporter=./tests/profile-reporter.ts',
    `--outputFile.json=${vitestJson}`,
  ],
  ci ? { PG_TESTS: process.env.PG_TESTS ?? '1' } : {},
);
ok = vitestOk && ok;

const playwrightJson = join(results, 'playwright.json');
let e2eRan = false;
if (ensureChromium()) {
  e2eRan = true;
  ok =
    step('Playwright: end to end in Chromium', node, [bin('@playwright/test/cli.js'), 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      // A build that failed above is tried again (and shown failing) by the suite's own setup.
      ...(built ? { E2E_BUILT_DIST: build.distDir } : {}),
    }) && ok;
} else {
  console.error(`\n${CHROMIUM} is missing and could not be installed: the browser tests did not run.`);
  console.error('Install Debian\'s chromium package (apt-get install chromium) and run npm test again.');
  ok = false;
}

const count = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  count.passed += v.numPassedTests ?? 0;
  count.failed += v.numFailedTests ?? 0;
  count.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (e2eRan && existsSync(playwrightJson)) {
  const p = JSON.parse(readFileSync(playwrightJson, 'utf8'));
  count.passed += p.stats?.expected ?? 0;
  count.failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  count.skipped += p.stats?.skipped ?? 0;
}
console.log(`\n${profileText()}`);
if (!ok && count.failed === 0) count.failed = 1; // a failed check (types, lint, setup) counts as one failure
console.log(`\n${ok ? 'All checks passed.' : 'Some checks failed; see above.'}`);
console.log(`${count.passed} passed, ${count.failed} failed${count.skipped ? `, ${count.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
