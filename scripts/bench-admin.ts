/**
 * The staff lists' budgets at scale (DESIGN §9), on Postgres and on PGlite: `npm run bench -- --only=admin`, or
 *
 *   npx tsx scripts/bench-admin.ts                         both databases
 *   npx tsx scripts/bench-admin.ts --db=postgres           one of them (postgres or pglite)
 *   npx tsx scripts/bench-admin.ts --requests=50 --warmup=5 --pglite-customers=100000
 *                                  (--postgres-requests and --pglite-requests for one database; PGlite's default is 20)
 *
 * Each database gets the scale data set (scripts/seed-scale.ts) once and keeps it for later runs, until a migration
 * or the seed script changes: Postgres in the database BENCH_DATABASE_URL names (gut_bench on the local server, made
 * when missing), PGlite in BENCH_PGLITE_DIR (.data/bench-admin/pglite). The API runs as a child process, so that its memory is its own, with a staff session
 * written straight into the database. For every list the first page, searches, filters and other orders are asked
 * one after another; p50 and p95 of each are printed. Then a CSV export of every customer is made and downloaded
 * while the API's resident memory is sampled every 100 ms, and the customers' first page is asked meanwhile.
 *
 * Budgets, on Postgres: p95 ≤ 100 ms for every call, also while the export runs; the export's peak memory at most
 * 150 MB above the API's at rest. PGlite (one connection, WebAssembly) is measured and reported only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp, prepareData } from '../server/app';
import { defineConfig } from '../server/config';
import { openDb, type Queryable } from '../server/db';
import { migrate } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';
import { hashSessionToken, newSessionToken } from '../server/plugins/auth';
import { DEFAULT_CUSTOMERS, isScaleSeeded, scaleCounts, seedScale } from './seed-scale';

const LIST_P95_BUDGET_MS = 100;
const EXPORT_EXTRA_MB_BUDGET = 150;
const RSS_SAMPLE_MS = 100;

type Backend = 'postgres' | 'pglite';

/** What the budget is about: what staff open and type every day. A deep page is measured and reported only. */
const BUDGETED_KINDS = new Set<Call['kind']>(['first page', 'search', 'filter', 'sort']);

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROOT = new URL('..', import.meta.url).pathname;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gut_bench';
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? `${ROOT}.data/bench-admin/pglite`;

/** What the searches look for, read from the data set so that each finds someone. */
interface Samples {
  kitCode: string;
  phoneFragment: string;
  mobile: string;
  orderNumber: string;
  emailPrefix: string;
}

type Query = Record<string, string | string[]>;

interface Call {
  kind: 'first page' | 'search' | 'filter' | 'sort' | 'page';
  label: string;
  query: Query;
}

interface List {
  name: string;
  path: string;
  calls: (samples: Samples) => Call[];
}

/**
 * The measured lists. A list whose route is not there (404 on its first page) is skipped, so that the table can name
 * lists before they are built.
 */
const LISTS: List[] = [
  {
    name: 'customers',
    path: '/api/admin/customers',
    calls: (s): Call[] => [
      { kind: 'first page', label: 'newest sign-ups', query: {} },
      { kind: 'sort', label: 'by name', query: { sort: 'name' } },
      { kind: 'sort', label: 'most paid orders', query: { sort: '-orders' } },
      { kind: 'sort', label: 'latest order', query: { sort: '-lastOrderAt' } },
      { kind: 'page', label: 'page 200, by e-mail', query: { sort: 'email', offset: '3980' } },
      { kind: 'search', label: 'name fragment "krish"', query: { q: 'krish' } },
      { kind: 'search', label: 'e-mail fragment', query: { q: s.emailPrefix } },
      { kind: 'search', label: 'phone fragment', query: { q: s.phoneFragment } },
      { kind: 'search', label: 'kit code', query: { q: s.kitCode } },
      { kind: 'filter', label: 'bought Gut SEnS', query: { product: 'PROD-GSENS' } },
      { kind: 'filter', label: 'a kit that failed QC', query: { kitState: 'qcFailed' } },
      { kind: 'filter', label: 'kit delivered 14+ days ago (a queue)', query: { kitState: 'delivered', kitStateDays: '14' } },
      { kind: 'filter', label: 'signed up in June 2026', query: { signedUpFrom: '2026-06-01', signedUpTo: '2026-06-30' } },
      {
        kind: 'filter',
        label: 'two products, report ready, 2026',
        query: { product: ['PROD-G360', 'PROD-IBS-HEAL'], kitState: 'reportReady', signedUpFrom: '2026-01-01', signedUpTo: '2026-12-31' },
      },
      { kind: 'filter', label: 'search "sharma", by name', query: { q: 'sharma', sort: 'name' } },
    ],
  },
  {
    name: 'orders',
    path: '/api/admin/orders',
    calls: (s): Call[] => [
      { kind: 'first page', label: 'newest', query: {} },
      { kind: 'sort', label: 'highest total', query: { sort: '-total' } },
      { kind: 'sort', label: 'by number', query: { sort: 'number' } },
      { kind: 'search', label: 'order number', query: { q: s.orderNumber } },
      { kind: 'search', label: 'mobile number', query: { q: s.mobile } },
      { kind: 'search', label: 'e-mail prefix', query: { q: s.emailPrefix } },
      { kind: 'search', label: 'name prefix "kavya"', query: { q: 'kavya' } },
      { kind: 'filter', label: 'waiting for payment', query: { status: 'pending' } },
      { kind: 'filter', label: 'payment declined', query: { paymentStatus: 'failed' } },
      { kind: 'filter', label: 'holding Gut Heal', query: { product: 'PROD-IBS-HEAL' } },
      { kind: 'filter', label: 'placed in August 2026', query: { from: '2026-08-01', to: '2026-08-31' } },
      { kind: 'filter', label: 'paid, Gut 360, October 2026', query: { status: 'paid', product: 'PROD-G360', from: '2026-10-01', to: '2026-10-31' } },
    ],
  },
  {
    name: 'staff home',
    path: '/api/staff/home',
    calls: (): Call[] => [{ kind: 'first page', label: "an admin's figures and work queues", query: {} }],
  },
  {
    name: 'kit batches',
    path: '/api/admin/kit-batches',
    calls: (): Call[] => [
      { kind: 'first page', label: 'newest', query: {} },
      { kind: 'page', label: 'page 2', query: { offset: '20' } },
    ],
  },
  {
    name: 'erasure requests',
    path: '/api/admin/erasure-requests',
    calls: (): Call[] => [
      { kind: 'first page', label: 'pending, due first', query: {} },
      { kind: 'filter', label: 'all, newest', query: { status: 'all', sort: '-requestedAt' } },
    ],
  },
];

const urlOf = (base: string, path: string, query: Query) => {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) url.searchParams.append(key, v);
  return url.toString();
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1)}`.padStart(7);
const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * What the bench's data set was made from: the migrations and the seed script, at this scale. A set made from other
 * files is made again: a migration edited after it ran would otherwise leave the bench measuring an old schema.
 */
function fingerprintOf(customers: number): string {
  const hash = createHash('sha256').update(`${customers}\n`);
  const migrations = new URL('../server/db/migrations/', import.meta.url);
  for (const name of readdirSync(migrations).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(new URL(name, migrations)));
  }
  hash.update(readFileSync(new URL('./seed-scale.ts', import.meta.url)));
  return `${FINGERPRINT_MARK} ${hash.digest('hex')}`;
}

/** Marks a database (a comment on it) or a directory (a file beside it) as the bench's own, made from these files. */
const FINGERPRINT_MARK = 'gut-shop bench scale data set';

/** The database made ready: migrated, the demo rows, the scale set (made once), a staff session and search samples. */
async function prepareDatabase(backend: Backend, customers: number) {
  const fingerprint = fingerprintOf(customers);
  if (backend === 'postgres') await ensurePostgresDatabase(POSTGRES_URL, fingerprint);
  else ensurePgliteDirectory(PGLITE_DIR, fingerprint);
  const target = backend === 'postgres' ? { databaseUrl: POSTGRES_URL, pgliteDataDir: '' } : { databaseUrl: undefined, pgliteDataDir: PGLITE_DIR };
  const db = await openDb(target);
  try {
    await migrate(db);
    await seedDemoData(db, null);
    let seeded: string;
    if (await isScaleSeeded(db)) {
      seeded = 'already there, reused';
    } else {
      console.log(`  seeding the scale data set (${customers.toLocaleString('en-IN')} customers) …`);
      const started = performance.now();
      await seedScale(db, { customers, log: (line) => console.log(`  ${line}`) });
      seeded = `made in ${((performance.now() - started) / 1000).toFixed(0)} s`;
      // The load's pages go to disk now rather than during the first measurements.
      await db.exec('CHECKPOINT');
    }
    if (backend === 'postgres') await db.query(`COMMENT ON DATABASE ${quoted(databaseName(POSTGRES_URL))} IS ${literal(fingerprint)}`);
    else writeFileSync(`${PGLITE_DIR}.fingerprint`, fingerprint);
    const counts = await scaleCounts(db);
    console.log(`  data set ${seeded}: ${Object.entries(counts).map(([what, n]) => `${n.toLocaleString('en-IN')} ${what}`).join(', ')}`);
    const token = newSessionToken();
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, account_checked_at)
       SELECT $1, id, now() + interval '1 day', now() FROM users WHERE email = 'admin@demo.test'`,
      [hashSessionToken(token)],
    );
    return { target, token, samples: await samplesOf(db), counts };
  } finally {
    await db.close();
  }
}

async function samplesOf(db: Queryable): Promise<Samples> {
  const [row] = await db.query<{ box_code: string; phone: string; number: string; email: string }>(`
    SELECT (SELECT box_code FROM kits ORDER BY box_code LIMIT 1 OFFSET 1000) AS box_code,
           u.phone, u.email,
           (SELECT number::text FROM orders WHERE user_id = u.id ORDER BY number LIMIT 1) AS number
      FROM users u WHERE u.id = md5('scale-user-4242')::uuid::text`);
  if (!row) throw new Error('The scale data set has no customer 4242.');
  return {
    kitCode: row.box_code.toLowerCase().replaceAll('-', ''),
    phoneFragment: row.phone.slice(5, 10),
    mobile: row.phone.slice(3),
    orderNumber: row.number ?? '1',
    emailPrefix: row.email.slice(0, Math.max(6, row.email.indexOf('@') - 2)),
  };
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * The database, made when missing. One the bench made from other files (its comment says so) is dropped and made
 * again; any other database is used as it is.
 */
async function ensurePostgresDatabase(url: string, fingerprint: string): Promise<void> {
  const name = databaseName(url);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  maintenance.search = '';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const found = await client.query<{ note: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = $1`,
      [name],
    );
    const note = found.rows[0]?.note;
    if (note?.startsWith(FINGERPRINT_MARK) && note !== fingerprint) {
      console.log(`  the data set in ${name} was made from other migrations or another seed: made again`);
      await client.query(`DROP DATABASE ${quoted(name)} WITH (FORCE)`);
    } else if (found.rowCount !== 0) {
      return;
    }
    await client.query(`CREATE DATABASE ${quoted(name)}`);
  } finally {
    await client.end();
  }
}

/** The same for the embedded database: a directory made from other files is deleted. */
function ensurePgliteDirectory(dir: string, fingerprint: string): void {
  const file = `${dir}.fingerprint`;
  const note = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (note !== undefined && note !== fingerprint) {
    console.log(`  the data set in ${dir} was made from other migrations or another seed: made again`);
    rmSync(dir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

/** The API in a process of its own, so that the resident memory measured is the API's alone. */
async function startApi(target: { databaseUrl: string | undefined; pgliteDataDir: string }): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_SERVE_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The API stopped before listening (exit ${code}).`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Child mode: the API on a free port, without the scheduled jobs that would change the data set under the bench. */
async function serve(): Promise<void> {
  const target = JSON.parse(process.env.BENCH_SERVE_TARGET ?? '{}') as { databaseUrl?: string; pgliteDataDir: string };
  const app = await buildApp(
    defineConfig({
      nodeEnv: 'development',
      databaseUrl: target.databaseUrl,
      pgliteDataDir: target.pgliteDataDir,
      logLevel: 'warn',
      demoData: true,
      firebaseAuthEmulatorHost: undefined,
      accountRecheckMinutes: 24 * 60,
    }),
    { scheduledJobs: false },
  );
  await prepareData(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

async function timedGet(url: string, token: string): Promise<{ ms: number; status: number; total: number | undefined }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
  const body = (await response.json()) as { total?: number };
  return { ms: performance.now() - started, status: response.status, total: body.total };
}

interface Measured {
  list: string;
  call: Call;
  p50: number;
  p95: number;
  total: number | undefined;
}

async function measureLists(base: string, token: string, samples: Samples, requests: number, warmup: number): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const list of LISTS) {
    const probe = await timedGet(urlOf(base, list.path, {}), token);
    if (probe.status === 404) {
      console.log(`  ${list.name}: no such list yet (404), skipped`);
      continue;
    }
    for (const call of list.calls(samples)) {
      const url = urlOf(base, list.path, call.query);
      const times: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < warmup + requests; i++) {
        const answer = await timedGet(url, token);
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        total = answer.total;
        if (i >= warmup) times.push(answer.ms);
      }
      times.sort((a, b) => a - b);
      const measured = { list: list.name, call, p50: percentile(times, 50), p95: percentile(times, 95), total };
      results.push(measured);
      console.log(
        `  ${`${list.name}: ${call.kind}, ${call.label}`.padEnd(62, '.')} p50 ${ms(measured.p50)}  p95 ${ms(measured.p95)} ms  ${total === undefined ? '' : ` (${total.toLocaleString('en-IN')} match)`}${BUDGETED_KINDS.has(call.kind) ? '' : ', no budget'}`,
      );
    }
  }
  return results;
}

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : NaN;
}

interface ExportMeasure {
  rows: number;
  restMb: number;
  beforeMb: number;
  peakMb: number;
  makeSeconds: number;
  downloadSeconds: number;
  fileMb: number;
  listP50: number;
  listP95: number;
  listSamples: number;
}

const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** The API's resident memory when idle: the most of ten samples over a second, after a moment to settle. */
async function restingBytes(pid: number): Promise<number> {
  await sleep(2000);
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(residentBytes(pid));
    await sleep(RSS_SAMPLE_MS);
  }
  return Math.max(...samples);
}

/**
 * `restBytes` is the API at rest before it answered anything: the extra memory counted against the budget is the
 * peak above that, so memory the lists left behind counts too, rather than hiding the export's share.
 */
async function measureExport(base: string, token: string, pid: number, restBytes: number): Promise<ExportMeasure> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const beforeBytes = await restingBytes(pid);
  let peakBytes = beforeBytes;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, residentBytes(pid));
  }, RSS_SAMPLE_MS);
  try {
    const started = performance.now();
    const created = await fetch(`${base}/api/admin/exports/customers`, { method: 'POST', headers, body: JSON.stringify({}) });
    if (created.status !== 202) throw new Error(`starting the export answered ${created.status}: ${await created.text()}`);
    const { export: job } = (await created.json()) as { export: { _id: string } };

    // The customers' first page, asked again and again while the export is made: nobody waits for the export.
    let done = false;
    const duringExport: number[] = [];
    const firstPage = urlOf(base, '/api/admin/customers', {});
    const asking = (async () => {
      while (!done) {
        const answer = await timedGet(firstPage, token);
        if (answer.status !== 200) throw new Error(`the first page answered ${answer.status} during the export`);
        duringExport.push(answer.ms);
        await sleep(50);
      }
    })();
    let status = 'queued';
    let rows = 0;
    while (status !== 'done') {
      await sleep(250);
      const progress = (await fetch(`${base}/api/admin/exports/${job._id}`, { headers }).then((r) => r.json())) as { export: { status: string; rows: number } };
      ({ status, rows } = progress.export);
      if (status === 'failed') throw new Error('The export failed.');
    }
    done = true;
    await asking;
    const makeSeconds = (performance.now() - started) / 1000;

    const downloadStarted = performance.now();
    const file = await fetch(`${base}/api/admin/exports/${job._id}/file`, { headers });
    if (file.status !== 200 || !file.body) throw new Error(`the download answered ${file.status}`);
    let bytes = 0;
    const reader = file.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    peakBytes = Math.max(peakBytes, residentBytes(pid));

    duringExport.sort((a, b) => a - b);
    return {
      rows,
      restMb: mb(restBytes),
      beforeMb: mb(beforeBytes),
      peakMb: mb(peakBytes),
      makeSeconds,
      downloadSeconds,
      fileMb: mb(bytes),
      listP50: percentile(duringExport, 50),
      listP95: percentile(duringExport, 95),
      listSamples: duringExport.length,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function benchBackend(backend: Backend, broken: string[]): Promise<void> {
  const budgeted = backend === 'postgres';
  const customers = backend === 'pglite' ? Number(option('pglite-customers') ?? DEFAULT_CUSTOMERS) : DEFAULT_CUSTOMERS;
  // PGlite answers one query at a time and is reported only: fewer requests keep its run to minutes.
  const requests = Number(option(`${backend}-requests`) ?? option('requests') ?? (backend === 'pglite' ? 20 : 50));
  const warmup = Number(option('warmup') ?? 5);
  console.log(`\nStaff lists on ${backend === 'postgres' ? 'Postgres' : 'PGlite (reported only)'}: ${requests} requests per call after ${warmup} to warm up, one at a time`);
  const { target, token, samples } = await prepareDatabase(backend, customers);
  const api = await startApi(target);
  try {
    const restBytes = await restingBytes(api.child.pid!);
    const measured = await measureLists(api.url, token, samples, requests, warmup);
    if (budgeted) {
      for (const m of measured) {
        if (BUDGETED_KINDS.has(m.call.kind) && m.p95 > LIST_P95_BUDGET_MS) broken.push(`${backend} ${m.list}: ${m.call.kind}, ${m.call.label}: p95 ${m.p95.toFixed(1)} ms > ${LIST_P95_BUDGET_MS} ms`);
      }
    }
    const e = await measureExport(api.url, token, api.child.pid!, restBytes);
    // Against the lower of the two resting figures: a collection between them must not hide the export's share.
    const extra = e.peakMb - Math.min(e.restMb, e.beforeMb);
    console.log(`  export of every customer (${e.rows.toLocaleString('en-IN')} rows, ${e.fileMb.toFixed(1)} MB of CSV)`);
    console.log(`    made in ${e.makeSeconds.toFixed(1)} s, downloaded in ${e.downloadSeconds.toFixed(1)} s`);
    console.log(
      `    API resident memory: ${e.restMb.toFixed(0)} MB at rest after starting, ${e.beforeMb.toFixed(0)} MB after the lists, ` +
        `${e.peakMb.toFixed(0)} MB at the peak of the export and download: ${extra.toFixed(0)} MB more than the lower of the two` +
        (budgeted ? `  (budget ≤ ${EXPORT_EXTRA_MB_BUDGET} MB)` : ''),
    );
    console.log(
      `    customers' first page meanwhile: p50 ${e.listP50.toFixed(1)} ms, p95 ${e.listP95.toFixed(1)} ms over ${e.listSamples} requests` +
        (budgeted ? `  (budget ≤ ${LIST_P95_BUDGET_MS} ms)` : ''),
    );
    if (budgeted && extra > EXPORT_EXTRA_MB_BUDGET) broken.push(`${backend} export: ${extra.toFixed(0)} MB above rest > ${EXPORT_EXTRA_MB_BUDGET} MB`);
    if (budgeted && e.listP95 > LIST_P95_BUDGET_MS) broken.push(`${backend} customers' first page during the export: p95 ${e.listP95.toFixed(1)} ms > ${LIST_P95_BUDGET_MS} ms`);
  } finally {
    await api.stop();
  }
}

async function main(): Promise<void> {
  if (args.includes('--serve')) return serve();
  const backends = (option('db') ?? 'postgres,pglite').split(',') as Backend[];
  const broken: string[] = [];
  for (const backend of backends) {
    if (backend !== 'postgres' && backend !== 'pglite') throw new Error(`--db takes postgres and pglite, not "${backend}".`);
    await benchBackend(backend, broken);
  }
  if (broken.length > 0) {
    console.error(`\nStaff list budgets broken:\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  if (backends.includes('postgres')) {
    console.log(`\nStaff list budgets met on Postgres (p95 ≤ ${LIST_P95_BUDGET_MS} ms, export ≤ ${EXPORT_EXTRA_MB_BUDGET} MB above rest).`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
