#!/usr/bin/env node
/**
 * Performance budgets (DESIGN §9), measured on the production build. Exits non-zero when a budget is broken.
 *
 *   npm run bench                          build, then measure everything
 *   npm run bench -- --no-build            measure the existing dist/
 *   npm run bench -- --only=bundle         one part: bundle, catalogue, lighthouse, admin or load (comma-separated)
 *   npm run bench -- --runs=3              Lighthouse runs per page (default 5; the median counts)
 *   npm run bench -- --pages=/cart,/faq    Lighthouse on these pages instead of its own list
 *   LIGHTHOUSE_REPORTS=<dir> npm run bench keeps every Lighthouse report as JSON
 *
 * bundle      gzip, from the manifest: the home route's initial JavaScript (what index.html loads, the shop's code
 *             src/main.tsx imports right after the first paint, and the home route's own chunk); what every page
 *             loads next, whatever its route (the actors and the query client); and every lazily loaded route chunk
 *             beyond those
 * catalogue   GET /api/products requests per second, asked for as a browser does (br, gzip), against a bare Fastify
 *             hello-world on this machine; the uncompressed answer's for the record
 * lighthouse  mobile performance score, CLS, FCP, LCP, TBT and speed index on /, /products/gut360, a science page,
 *             /blogs-list, a post, /recipe-list, /questionaire/gad7, and as the signed-in demo customer /cart,
 *             /checkout (with a kit in the cart), /user/dashboard and /user/orders
 * admin       the staff lists at scale (100,000 customers, 250,000 orders and kits) on Postgres and PGlite: p50 and
 *             p95 of each list's first page, searches, filters and sorts, and a CSV export of every customer (the
 *             API's extra memory, the list meanwhile); scripts/bench-admin.ts, whose options (--db=postgres,
 *             --requests=50, --pglite-customers=…) pass through
 * load        the customer path under load on Postgres: virtual customers browse, and three in ten buy (session, cart,
 *             coupon, address, order, test-gateway payment, dashboard), in steps of more and more customers up to the
 *             knee (a p95 over 1 s), against two API processes behind a round-robin balancer, then one; requests and
 *             paid orders per second, p50/p95/p99 of each call, errors, and a CPU profile of one API process at the
 *             knee; scripts/bench-load.mjs, whose options (--steps=1,2,5,10,20,40,80, --step-seconds=15,
 *             --processes=2,1, --profile-seconds=10, …) pass through
 */
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_FIREBASE_WEB_CONFIG, freePort, ROOT, startStack, waitForUrl } from './stack.mjs';

const HOME_BUDGET_KB = 150;
const ROUTE_CHUNK_BUDGET_KB = 50;
const LATE_BUDGET_KB = 50;
const CATALOGUE_RATIO_BUDGET = 0.8;
const CATALOGUE_ROUNDS = 5;
/** What a browser sends: the catalogue's budget counts its answer as phones get it. */
const BROWSER_ENCODING = { 'accept-encoding': 'br, gzip' };
const LIGHTHOUSE_SCORE_BUDGET = 95;
const CLS_BUDGET = 0.05;
// The shop's first pages, the reading pages (a science page, the blog and a post with its text in the HTML, the
// recipes), a questionnaire, and the signed-in person's pages: the cart (empty), checkout (with a kit in the cart),
// the dashboard and the orders.
const LIGHTHOUSE_PAGES = ['/', '/products/gut360', '/science/our-science', '/blogs-list', '/blogs/sleep-stress', '/recipe-list',
  '/questionaire/gad7', '/cart', '/checkout', '/user/dashboard', '/user/orders'];
/** Pages for a signed-in person: each run starts with the demo customer's session kept, as after an earlier visit. */
const SIGNED_IN_PAGE = /^\/(cart|checkout|user)(\/|$)/;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const parts = new Set((option('only') ?? 'bundle,catalogue,lighthouse,admin,load').split(','));
const lighthouseRuns = Number(option('runs') ?? 5);
const dist = join(ROOT, 'dist');
const broken = [];

const needsBuild = ['bundle', 'catalogue', 'lighthouse', 'load'].some((part) => parts.has(part));
if (needsBuild && (!args.includes('--no-build') || !existsSync(join(dist, '.vite/manifest.json')))) {
  // The demo project's web configuration: the measured pages never sign in through Firebase.
  execSync('npx vite build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...DEMO_FIREBASE_WEB_CONFIG } });
}

if (parts.has('bundle')) bundleBudgets();
if (parts.has('catalogue') || parts.has('lighthouse')) await withStack(async (stack) => {
  if (parts.has('catalogue')) await catalogueThroughput(stack);
  if (parts.has('lighthouse')) await lighthouseScores(stack);
});
if (parts.has('admin')) staffListBudgets();
if (parts.has('load')) customerPathUnderLoad();

if (broken.length) {
  console.error(`\nBudget broken:\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log('\nAll budgets met.');

function bundleBudgets() {
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

  // What every page loads first: index.html's scripts and module preloads, with their imports, and the shop's code
  // that src/main.tsx imports right after the first paint (src/boot.tsx, its only dynamic import).
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = [...html.matchAll(/<(?:script[^>]* src|link[^>]* href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const entryFiles = new Set();
  for (const file of referenced) closure(keyOf.get(file), entryFiles);
  const entry = manifest['index.html'];
  if (!entry?.dynamicImports?.length) throw new Error('index.html imports no shop code: the bench must follow src/main.tsx');
  for (const key of entry.dynamicImports) closure(key, entryFiles);

  // What every page loads next, right after its first paint, whatever the route: the shop's actors (XState, the
  // machines, the API client) and TanStack Query's client (src/app/router.tsx asks for both), which the build puts in
  // one file (scripts/vite/first-page-chunk.ts). A budget of their own.
  const lateKeys = Object.keys(manifest).filter((key) => /^assets\/after-paint-[^/]+\.js$/.test(manifest[key].file));
  if (lateKeys.length !== 1) throw new Error(`expected one file of what every page loads after its first paint, found ${lateKeys.length}`);
  const lateFiles = new Set();
  for (const key of lateKeys) closure(key, lateFiles);
  for (const f of entryFiles) lateFiles.delete(f);
  const lateKb = sum(lateFiles);

  // Route chunks: the lazily loaded parts of each route file (autoCodeSplitting adds ?tsr-split to their ids), beyond
  // what every page has loaded by then.
  const routeChunks = Object.entries(manifest)
    .filter(([key, chunk]) => key.includes('src/app/routes/') && chunk.isDynamicEntry)
    .map(([key]) => {
      const files = closure(key);
      for (const f of entryFiles) files.delete(f);
      for (const f of lateFiles) files.delete(f);
      const route = key.replace(/^.*src\/app\/routes\//, '').replace(/\?.*$/, '');
      return { route, kb: sum(files) };
    })
    .sort((a, b) => b.kb - a.kb);

  const homeFiles = new Set(entryFiles);
  for (const key of Object.keys(manifest).filter((k) => /src\/app\/routes\/index\.tsx/.test(k))) closure(key, homeFiles);
  const homeKb = sum(homeFiles);
  const largest = routeChunks[0];

  console.log('Bundle budgets (gzip, KB)');
  console.log(`  entry (shell) ............................ ${sum(entryFiles).toFixed(1)}`);
  console.log(`  home route initial JS .................... ${homeKb.toFixed(1)}  (budget ${HOME_BUDGET_KB})`);
  console.log(`  every page, after its first paint ....... ${lateKb.toFixed(1)}  (actors and query client; budget ${LATE_BUDGET_KB})`);
  console.log(`  largest route chunk ...................... ${largest ? `${largest.kb.toFixed(1)}  ${largest.route}` : 'none'}  (budget ${ROUTE_CHUNK_BUDGET_KB})`);
  console.log('  route chunks (beyond the shell):');
  for (const { route, kb } of routeChunks) console.log(`    ${kb.toFixed(1).padStart(6)}  ${route}`);

  // The authoring editor (Tiptap, on ProseMirror) is for staff alone: none of it may reach the shop's first page.
  const withEditor = [...homeFiles, ...lateFiles].filter((f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('ProseMirror'));
  console.log(`  the editor's code in the first page ...... ${withEditor.length ? withEditor.join(', ') : 'none'}`);
  if (withEditor.length) broken.push(`the editor's code reaches the first page: ${withEditor.join(', ')}`);
  if (homeKb > HOME_BUDGET_KB) broken.push(`home route initial JS ${homeKb.toFixed(1)} KB > ${HOME_BUDGET_KB} KB`);
  if (lateKb > LATE_BUDGET_KB) broken.push(`the parts every page loads after its first paint ${lateKb.toFixed(1)} KB > ${LATE_BUDGET_KB} KB`);
  for (const c of routeChunks) if (c.kb > ROUTE_CHUNK_BUDGET_KB) broken.push(`route ${c.route} ${c.kb.toFixed(1)} KB > ${ROUTE_CHUNK_BUDGET_KB} KB`);
}

/** The staff lists at scale, in a process of its own (TypeScript, through tsx); it prints its figures and budgets. */
function staffListBudgets() {
  const passed = args.filter((a) => /^--(db|requests|postgres-requests|pglite-requests|warmup|pglite-customers)=/.test(a));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-admin.ts'), ...passed], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) broken.push('staff lists at scale (see above)');
}

/** The customer path under load, in a process of its own; it prints its figures and its budget. */
function customerPathUnderLoad() {
  const passed = args.filter((a) => /^--(steps|step-seconds|warmup-seconds|buy-share|processes|profile-seconds)=/.test(a));
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/bench-load.mjs'), ...passed], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) broken.push('customer path under load (see above)');
}


/** The real stack (emulator + API serving dist/) on free ports with a fresh embedded database. */
async function withStack(measure) {
  const dataDir = join(ROOT, '.data/bench');
  rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
  const port = await freePort();
  const emulatorPort = await freePort();
  const stack = await startStack({
    port,
    emulatorPort,
    dataDir,
    distDir: dist,
    quiet: true,
    env: { DATABASE_URL: '', PGLITE_DATA_DIR: join(dataDir, 'pglite'), LOG_LEVEL: 'warn', SESSION_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  try {
    await measure({ url: `http://127.0.0.1:${port}`, emulatorHost: stack.emulatorHost });
  } finally {
    await stack.stop();
  }
}

async function requestsPerSecond(url, seconds, headers = {}) {
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({ url, connections: 50, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function catalogueThroughput(stack) {
  const helloPort = await freePort();
  const hello = spawn(process.execPath, ['--input-type=module', '-e', `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${helloPort}, host: '127.0.0.1' });
  `], { cwd: ROOT, stdio: 'inherit' });
  try {
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    const catalogueUrl = `${stack.url}/api/products`;
    await waitForUrl(helloUrl, 30_000);
    // As a browser asks for it: the catalogue then comes precompressed (br), which is what phones get.
    const check = await fetch(catalogueUrl, { headers: BROWSER_ENCODING });
    if (check.headers.get('content-encoding') !== 'br') throw new Error(`${catalogueUrl} came as ${check.headers.get('content-encoding') ?? 'identity'}, not br`);
    // A short warm-up lets the JIT and caches settle. Then the three take turns, so that a machine whose speed drifts
    // (other work on a shared host) slows them alike; the median of the rounds' ratios counts.
    await requestsPerSecond(helloUrl, 3);
    await requestsPerSecond(catalogueUrl, 3, BROWSER_ENCODING);
    await requestsPerSecond(catalogueUrl, 3);
    const rounds = [];
    for (let round = 0; round < CATALOGUE_ROUNDS; round++) {
      const helloRps = await requestsPerSecond(helloUrl, 5);
      const browserRps = await requestsPerSecond(catalogueUrl, 5, BROWSER_ENCODING);
      const plainRps = await requestsPerSecond(catalogueUrl, 5);
      rounds.push({ helloRps, browserRps, plainRps, ratio: browserRps / helloRps, plainRatio: plainRps / helloRps });
    }
    const ratio = median(rounds.map((r) => r.ratio));
    const list = (values) => values.map((v) => v.toFixed(0)).join(', ');
    const percents = (values) => values.map((v) => `${(v * 100).toFixed(0)}%`).join(', ');
    console.log(`\nCatalogue throughput (requests per second, 50 connections, ${CATALOGUE_ROUNDS} alternating rounds of 5 s)`);
    console.log(`  bare Fastify hello-world ................. ${median(rounds.map((r) => r.helloRps)).toFixed(0)}  [${list(rounds.map((r) => r.helloRps))}]`);
    console.log(`  GET /api/products, br, gzip .............. ${median(rounds.map((r) => r.browserRps)).toFixed(0)}  [${list(rounds.map((r) => r.browserRps))}]`);
    console.log(`  GET /api/products, no Accept-Encoding .... ${median(rounds.map((r) => r.plainRps)).toFixed(0)}  [${list(rounds.map((r) => r.plainRps))}]`);
    console.log(`  ratio as browsers get it (median) ........ ${(ratio * 100).toFixed(0)}%  [${percents(rounds.map((r) => r.ratio))}]  (budget ≥ ${CATALOGUE_RATIO_BUDGET * 100}%)`);
    console.log(`  ratio uncompressed, for the record ....... ${(median(rounds.map((r) => r.plainRatio)) * 100).toFixed(0)}%  [${percents(rounds.map((r) => r.plainRatio))}]`);
    if (ratio < CATALOGUE_RATIO_BUDGET) broken.push(`catalogue at ${(ratio * 100).toFixed(0)}% of hello-world < ${CATALOGUE_RATIO_BUDGET * 100}%`);
  } finally {
    hello.kill('SIGTERM');
  }
}

/** A session for the demo customer, the way the sign-in page gets one. */
async function customerSession(stack) {
  const signIn = await fetch(
    `http://${stack.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@demo.test', password: 'Passw0rd!', returnSecureToken: true }) },
  ).then((r) => r.json());
  const session = await fetch(`${stack.url}/api/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: signIn.idToken, audience: 'customer' }),
  }).then((r) => r.json());
  if (!session.token) throw new Error(`could not sign in the demo customer: ${JSON.stringify(session)}`);
  return session;
}

/** Gut 360 in the demo customer's cart, once. */
async function putKitInCart(stack, token) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const cart = await fetch(`${stack.url}/api/cart`, { headers }).then((r) => r.json());
  if (cart.kits?.length) return;
  const { product } = await fetch(`${stack.url}/api/products/gut360`).then((r) => r.json());
  const added = await fetch(`${stack.url}/api/cart/items`, { method: 'POST', headers, body: JSON.stringify({ productId: product._id }) });
  if (!added.ok) throw new Error(`could not put Gut 360 in the demo customer's cart: ${added.status} ${await added.text()}`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function lighthouseScores(stack) {
  const [{ default: lighthouse }, chromeLauncher, { chromium }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('playwright-core'),
  ]);
  const session = await customerSession(stack);
  console.log(`\nLighthouse mobile (median of ${lighthouseRuns}; simulated slow 4G and 4x CPU slowdown)`);
  const pages = option('pages')?.split(',') ?? LIGHTHOUSE_PAGES;
  for (const page of pages) {
    // Checkout with an empty cart sends the person back to the cart: it is measured with a kit in it.
    if (page === '/checkout') await putKitInCart(stack, session.token);
    const scores = [];
    const shifts = [];
    const timings = { fcp: [], lcp: [], tbt: [], si: [] };
    for (let run = 0; run < lighthouseRuns; run++) {
      // A fresh browser per run: nothing cached, as for a first visit.
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      try {
        const signedIn = SIGNED_IN_PAGE.test(page);
        if (signedIn) {
          // An earlier visit, signed in: the session kept, and what the shop keeps in the browser (the cart's
          // shape, src/lib/cart-shape.ts). Then the browser's cache is emptied, so that the page's files are
          // fetched as on a first visit.
          const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
          const tab = await browser.contexts()[0].newPage();
          await tab.goto(`${stack.url}/favicon.svg`);
          await tab.evaluate(({ token, role }) => {
            localStorage.setItem('authToken', token);
            localStorage.setItem('userRole', role);
          }, { token: session.token, role: session.user.user_role });
          await tab.goto(`${stack.url}/user/dashboard`);
          await tab.waitForFunction(() => localStorage.getItem('cartShape') !== null, undefined, { timeout: 30_000 });
          const cdp = await tab.context().newCDPSession(tab);
          await cdp.send('Network.clearBrowserCache');
          await tab.close();
          await browser.close();
        }
        const result = await lighthouse(`${stack.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: signedIn,
        });
        scores.push(Math.round(result.lhr.categories.performance.score * 100));
        // LIGHTHOUSE_REPORTS=<dir> keeps each run's full report, to see what a score is made of.
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${page.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`), result.report);
        }
        shifts.push(result.lhr.audits['cumulative-layout-shift'].numericValue);
        const audit = (id) => result.lhr.audits[id].numericValue;
        timings.fcp.push(audit('first-contentful-paint'));
        timings.lcp.push(audit('largest-contentful-paint'));
        timings.tbt.push(audit('total-blocking-time'));
        timings.si.push(audit('speed-index'));
      } finally {
        await chrome.kill();
      }
    }
    const score = median(scores);
    const cls = median(shifts);
    console.log(`  ${page.padEnd(40, '.')} score ${score} [${scores.join(', ')}]  CLS ${cls.toFixed(3)}  (budgets ≥ ${LIGHTHOUSE_SCORE_BUDGET}, ≤ ${CLS_BUDGET})`);
    const ms = (values) => `${Math.round(median(values))} ms`;
    console.log(`    FCP ${ms(timings.fcp)}, LCP ${ms(timings.lcp)}, TBT ${ms(timings.tbt)}, speed index ${ms(timings.si)}`);
    if (score < LIGHTHOUSE_SCORE_BUDGET) broken.push(`Lighthouse ${page} ${score} < ${LIGHTHOUSE_SCORE_BUDGET}`);
    if (cls > CLS_BUDGET) broken.push(`CLS ${page} ${cls.toFixed(3)} > ${CLS_BUDGET}`);
  }
}
