#!/usr/bin/env node
/**
 * `npm run restore:check`: the backup and restore of docs/operations.md, done for real on the Postgres that
 * DATABASE_URL names, or else the PG* variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE):
 *
 * 1. a database of its own, on which the shop starts (migrating it and adding the demo data) and a customer places
 *    and pays an order through the API, as the checkout page does; the shop is then stopped;
 * 2. `pg_dump --format=custom` of it;
 * 3. `pg_restore --no-owner --single-transaction` into a second new database;
 * 4. the same table row counts on both, pg-boss's tables included; the shop started on the copy without demo data
 *    answers its health check, lists the four kits, shows the customer's paid order and its invoice to the same
 *    session, migrates nothing, and exits cleanly on SIGTERM;
 * 5. both databases dropped whatever happened.
 *
 * Prints each step's time and exits non-zero on any failure. `npm test` runs it beside its first steps whenever the
 * API suite runs on Postgres (CI does).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ADDRESS, ROOT, call, logOf, newSession, startShop, terminate } from './shop-process.mjs';
const SOURCE = `gutshop_restore_src_${process.pid}`;
const COPY = `gutshop_restore_dst_${process.pid}`;
/** How long a shop may take to start: generous, since CI runs this beside the typecheck and the lint. */
const START_TIMEOUT_MS = 120_000;
/** The shop's own shutdown deadline (SHUTDOWN_TIMEOUT_SECONDS, 25 s by default) and a little more. */
const STOP_TIMEOUT_MS = 30_000;
const KITS = ['PROD-G3G-LITE', 'PROD-G360', 'PROD-GSENS', 'PROD-IBS-HEAL'];
const DEMO_CUSTOMER = 'customer@demo.test';

/** The server named by DATABASE_URL or the PG* variables, as a URL, and its password kept apart from it. */
function serverUrl(env = process.env) {
  const given = env.DATABASE_URL?.trim();
  const url = new URL(given || 'postgres://localhost');
  if (!given) {
    const host = env.PGHOST || '127.0.0.1';
    url.username = encodeURIComponent(env.PGUSER || 'postgres');
    url.port = env.PGPORT || '5432';
    url.pathname = `/${encodeURIComponent(env.PGDATABASE || 'test')}`;
    // A directory is a Unix socket, which a URL carries as a parameter.
    if (host.startsWith('/')) url.searchParams.set('host', host);
    else url.hostname = host.includes(':') ? `[${host}]` : host;
  }
  const password = url.password ? decodeURIComponent(url.password) : env.PGPASSWORD;
  url.password = '';
  return { url, password };
}

const server = serverUrl();
const urlOf = (database) => {
  const url = new URL(server.url);
  url.pathname = `/${database}`;
  return url.toString();
};
/** With the password: for the pg client and the shop, which take it in the URL. */
const urlWithPassword = (database) => {
  const url = new URL(urlOf(database));
  if (server.password) url.password = encodeURIComponent(server.password);
  return url.toString();
};
/** For pg_dump and pg_restore: the password in their environment, not on their command line. */
const toolEnv = { ...process.env, ...(server.password ? { PGPASSWORD: server.password } : {}) };

async function withClient(database, fn) {
  const client = new pg.Client({ connectionString: urlWithPassword(database) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const maintenanceDatabase = decodeURIComponent(server.url.pathname.slice(1)) || 'postgres';
const onServer = (sql) => withClient(maintenanceDatabase, (client) => client.query(sql));

/** Runs a command to its end; rejects with its output when it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: toolEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${Buffer.concat(output).toString().trim()}`)),
    );
  });
}

const shops = new Set();

/** The shop on `database`, isolated as `startShop` makes it; remembered so that it is stopped whatever happens. */
function startShopOn(database, { demoData }) {
  const shop = startShop({ databaseUrl: urlWithPassword(database), env: { DEMO_DATA: String(demoData) }, startTimeoutMs: START_TIMEOUT_MS });
  shops.add(shop);
  void shop.exited.then(() => shops.delete(shop));
  return shop;
}

/** SIGTERM, then the shop must exit by itself, with 0, within STOP_TIMEOUT_MS. */
async function stopShop(shop) {
  const { outcome } = await terminate(shop, STOP_TIMEOUT_MS);
  if (!outcome) throw new Error(`the shop did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
  if (outcome.code !== 0) throw new Error(`the shop exited with ${outcome.code ?? outcome.signal} after SIGTERM`);
}

function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${answer.bytes.toString().slice(0, 300)}`);
  return answer.json;
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A session for the demo customer (sign-in itself needs Firebase). */
async function customerSession(database) {
  return withClient(database, async (client) => {
    const { rows } = await client.query('SELECT id FROM users WHERE email = $1', [DEMO_CUSTOMER]);
    check(rows.length === 1, `the demo data has no ${DEMO_CUSTOMER}`);
    return newSession(client, rows[0].id);
  });
}

/** Two kits in the cart, the address, the order, and its payment through the test gateway, as the checkout page does. */
async function placeAndPayOrder(base, token) {
  const { data: products } = expectStatus(await call(base, 'GET', '/api/products'), 200, 'GET /api/products');
  for (const code of ['PROD-G3G-LITE', 'PROD-GSENS']) {
    const product = products.find((candidate) => candidate.code === code);
    check(product, `the catalogue has no ${code}`);
    expectStatus(await call(base, 'POST', '/api/cart/items', { token, body: { productId: product._id } }), 200, 'adding a kit to the cart');
  }
  expectStatus(await call(base, 'PUT', '/api/address', { token, body: ADDRESS }), 200, 'saving the address');
  // The order is placed for the cart as the checkout's review shows it: its version and total.
  const { cart } = expectStatus(await call(base, 'GET', '/api/cart', { token }), 200, 'reading the cart');
  const { order } = expectStatus(
    await call(base, 'POST', '/api/orders', {
      token,
      body: { cartVersion: cart.version, cartPrice: cart.price },
      headers: { 'idempotency-key': `restore-check-${process.pid}` },
    }),
    201,
    'placing the order',
  );
  const payment = expectStatus(await call(base, 'POST', `/api/orders/${order._id}/payment`, { token }), 200, 'starting the payment');
  const authorization = expectStatus(
    await call(base, 'POST', '/api/payments/test-gateway', { token, body: { gatewayOrderId: payment.gatewayOrderId, outcome: 'success' } }),
    200,
    'paying at the test gateway',
  );
  const paid = expectStatus(await call(base, 'POST', '/api/payments/verify', { token, body: authorization }), 200, 'verifying the payment');
  check(paid.order.status === 'paid' && paid.order.invoiceNumber, `the order is ${paid.order.status}, without an invoice`);
  return paid.order;
}

/** Every table of the shop's schema and pg-boss's with its row count, `schema.table` → count. */
async function rowCounts(database) {
  return withClient(database, async (client) => {
    const { rows: tables } = await client.query(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'pgboss') ORDER BY 1, 2`,
    );
    if (tables.length === 0) return new Map();
    const quoted = (identifier) => `"${identifier.replaceAll('"', '""')}"`;
    const { rows } = await client.query(
      tables
        .map((table, i) => `SELECT ${i} AS i, count(*)::int AS n FROM ${quoted(table.schema)}.${quoted(table.name)}`)
        .join(' UNION ALL '),
    );
    return new Map(rows.map((row) => [`${tables[row.i].schema}.${tables[row.i].name}`, row.n]));
  });
}

async function migrationsOf(database) {
  return withClient(database, async (client) => {
    const { rows } = await client.query('SELECT count(*)::int AS n, max(applied_at)::text AS last FROM schema_migrations');
    return rows[0];
  });
}

function compareCounts(source, copy) {
  const differences = [...new Set([...source.keys(), ...copy.keys()])]
    .filter((table) => source.get(table) !== copy.get(table))
    .map((table) => `${table}: ${source.get(table) ?? 'missing'} before, ${copy.get(table) ?? 'missing'} restored`);
  check(differences.length === 0, `the restored database differs:\n  ${differences.join('\n  ')}`);
}

const steps = [];
let interrupted = false;
async function timed(title, fn, { evenIfInterrupted = false } = {}) {
  const started = Date.now();
  try {
    if (interrupted && !evenIfInterrupted) throw new Error('interrupted');
    const result = await fn();
    steps.push({ title, ms: Date.now() - started, ok: true });
    return result;
  } catch (error) {
    steps.push({ title, ms: Date.now() - started, ok: false });
    throw error;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Side by side: each drop waits for a checkpoint, which the two can share. */
async function dropDatabases() {
  await Promise.all([SOURCE, COPY].map((database) => onServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)));
}

async function main() {
  const started = Date.now();
  const workDir = mkdtempSync(join(tmpdir(), 'gutshop-restore-'));
  const dumpFile = join(workDir, 'shop.dump');
  const facts = [];
  let failure;
  let lastShop;
  try {
    await timed('create the source database', async () => {
      await dropDatabases();
      await onServer(`CREATE DATABASE ${SOURCE}`);
    });

    const order = await timed('shop on it: migrate, demo data, an order paid', async () => {
      const shop = (lastShop = startShopOn(SOURCE, { demoData: true }));
      const base = await shop.url;
      const token = await customerSession(SOURCE);
      const paid = await placeAndPayOrder(base, token);
      await stopShop(shop);
      return { ...paid, token };
    });
    const before = await rowCounts(SOURCE);
    const migrationsBefore = await migrationsOf(SOURCE);
    for (const table of ['public.users', 'public.orders', 'public.payments', 'public.kits', 'public.outbound_messages', 'public.schema_migrations']) {
      check(before.get(table) > 0, `${table} is empty before the backup`);
    }

    await timed('pg_dump --format=custom', () => run('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${urlOf(SOURCE)}`]));
    facts.push(`dump ${(statSync(dumpFile).size / 1024).toFixed(0)} KiB`);

    await timed('pg_restore --no-owner --single-transaction, new database', async () => {
      await onServer(`CREATE DATABASE ${COPY}`);
      await run('pg_restore', ['--no-owner', '--single-transaction', `--dbname=${urlOf(COPY)}`, dumpFile]);
    });

    await timed('row counts of every table compared', async () => {
      const after = await rowCounts(COPY);
      compareCounts(before, after);
      for (const table of ['pgboss.job', 'pgboss.queue', 'pgboss.version']) check(after.has(table), `pg-boss's ${table} was not restored`);
      facts.push(
        `${after.size} tables, ` +
          ['users', 'orders', 'payments', 'kits', 'outbound_messages', 'schema_migrations'].map((t) => `${t} ${after.get(`public.${t}`)}`).join(', ') +
          `, pgboss.job ${after.get('pgboss.job')}`,
      );
    });

    await timed('shop on the copy: health, kits, the order, SIGTERM', async () => {
      const shop = (lastShop = startShopOn(COPY, { demoData: false }));
      const base = await shop.url;
      expectStatus(await call(base, 'GET', '/api/health'), 200, 'GET /api/health');
      const { data: products } = expectStatus(await call(base, 'GET', '/api/products'), 200, 'GET /api/products');
      const codes = products.map((product) => product.code).sort();
      check(JSON.stringify(codes) === JSON.stringify([...KITS].sort()), `the catalogue lists ${codes.join(', ') || 'nothing'}, not the four kits`);
      const { orders } = expectStatus(await call(base, 'GET', '/api/orders', { token: order.token }), 200, 'GET /api/orders with the session made before the backup');
      const restored = orders.find((candidate) => candidate._id === order._id);
      check(restored, `order ${order.number} is not in the restored shop`);
      check(
        restored.status === 'paid' && restored.invoiceNumber === order.invoiceNumber && restored.price === order.price,
        `order ${order.number} came back as ${restored.status}, ${restored.invoiceNumber}, ${restored.price} paise`,
      );
      const invoice = await call(base, 'GET', `/api/orders/${order._id}/invoice`, { token: order.token });
      expectStatus(invoice, 200, 'the invoice PDF');
      check(invoice.type.startsWith('application/pdf') && invoice.bytes.subarray(0, 5).toString() === '%PDF-', 'the invoice is not a PDF');
      await stopShop(shop);
      const migrated = logOf(shop).find((entry) => entry.msg === 'database migrated');
      check(!migrated, `the shop migrated the restored database again: ${JSON.stringify(migrated?.applied)}`);
      const migrationsAfter = await migrationsOf(COPY);
      check(
        migrationsAfter.n === migrationsBefore.n && migrationsAfter.last === migrationsBefore.last,
        `schema_migrations changed on the copy: ${migrationsBefore.n} → ${migrationsAfter.n}`,
      );
      facts.push(`order ${order.number} (${restored.invoiceNumber}) paid on the copy, ${migrationsAfter.n} migrations, none re-run`);
    });
  } catch (error) {
    failure = interrupted ? new Error('interrupted') : error;
  } finally {
    for (const shop of shops) shop.child.kill('SIGKILL');
    await timed('drop both databases', dropDatabases, { evenIfInterrupted: true }).catch((error) => {
      failure ??= error;
    });
    rmSync(workDir, { recursive: true, force: true });
  }

  const where = new URL(server.url);
  where.pathname = '';
  console.log(`Backup and restore on ${where}`);
  for (const step of steps) console.log(`  ${step.ok ? 'ok  ' : 'FAIL'}  ${seconds(step.ms).padStart(6)}  ${step.title}`);
  for (const fact of facts) console.log(`  ${fact}`);
  console.log(`  total ${seconds(Date.now() - started)}`);
  if (failure) {
    console.error(`\nThe backup and restore check failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    if (lastShop) console.error(`\nThe shop's last lines:\n${lastShop.lines.slice(-30).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('Backup and restore: passed.');
  }
}

// Ctrl-C or a stopped CI job: the shops stop and the databases are still dropped.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    for (const shop of shops) shop.child.kill('SIGTERM');
  });
}

await main();
