#!/usr/bin/env node
/**
 * `npm run drill`: the faults a deployment meets, done to real shop processes (`server/main.ts`) on a Postgres of the
 * drill's own, which it can stop and start. `npm test` checks the same promises inside one process; only real
 * processes show what a client, a load balancer and a mail server see.
 *
 * 1. Two processes started at the same moment on an empty database, ten times: both migrate, seed and set up the
 *    queue in turn, become ready, and neither exits.
 * 2. Postgres stopped for 10 s under traffic, with confirmation e-mails queued just before: every answer is 200 or
 *    the shop's JSON error, all are 200 again within 5 s of Postgres being back, no process exits, and the e-mails
 *    arrive afterwards, each once.
 * 3. SIGTERM to one of two processes behind a load balancer under traffic: no client sees an error, and the process
 *    exits with 0 within its deadline. Then the same without the balancer, for the record.
 * 4. kill -9 to one of two processes during twenty concurrent checkouts, the clients retrying what failed: every
 *    customer has exactly one paid order, the invoice numbers have no gap, and the e-mails the killed process held
 *    are sent by the survivors within two minutes, each once.
 *
 * Needs initdb and pg_ctl on PATH (run as the `postgres` user when the drill runs as root). Prints a report, keeps
 * the processes' logs on failure, tears everything down whatever happens (Ctrl-C too), and exits non-zero on any
 * failure.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { ADDRESS, call, newSession, startShop, terminate } from './shop-process.mjs';
import { freePort } from './stack.mjs';

/** How long a process may take to start and become ready: generous, as the machine may be busy with other work. */
const START_TIMEOUT_MS = 180_000;
/** The processes' SHUTDOWN_TIMEOUT_SECONDS (the default), and how long past it the drill waits before killing. */
const SHUTDOWN_TIMEOUT_SECONDS = 25;
const STOP_TIMEOUT_MS = (SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000;
/** The first retry of a message after this many seconds instead of 30, so a try that failed in an outage comes soon. */
const MESSAGE_RETRY_DELAY_SECONDS = 2;
const START_TRIES = 10;
const OUTAGE_MS = 10_000;
/** The promise: every call answers 200 again this soon after Postgres is back. */
const RECOVERY_MS = 5_000;
const CHECKOUT_CUSTOMERS = 20;
/** The promise: messages a killed process held are sent within this time of the kill (a 60 s lease, a 30 s sweep). */
const HANDOVER_MS = 120_000;
const LOAD_CLIENTS = 4;
/** Between one client's calls: steady traffic that leaves room for the processes on a two-core machine. */
const LOAD_PAUSE_MS = 40;
const BROWSE_PATHS = ['/api/products', '/api/products/gut360', '/api/orders', '/api/cart'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const counted = (map) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ×${n}`)
    .join(', ') || 'none';

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function waitFor(what, timeoutMs, predicate, intervalMs = 250) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await predicate();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(timeoutMs)}`);
    await sleep(intervalMs);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Postgres of the drill's own

/** initdb and pg_ctl refuse to run as root: as root they run as `postgres`, in a directory it owns. */
const asRoot = process.getuid?.() === 0;
const postgresUser = asRoot ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : undefined;
const asPostgres = (tool, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args]);

function runTool(tool, args, timeoutMs = 120_000) {
  const [command, argv] = asPostgres(tool, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(output).toString());
      else reject(new Error(`${tool} ${args[0]} exited with ${code}:\n${Buffer.concat(output).toString().trim()}`));
    });
  });
}

class Postgres {
  constructor(workDir, port) {
    this.dataDir = join(workDir, 'data');
    this.logFile = join(workDir, 'postgres.log');
    this.socketDir = workDir;
    this.port = port;
  }

  url(database) {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async init() {
    await runTool('initdb', ['-D', this.dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-locale', '--no-sync', '--no-instructions']);
  }

  // fsync off: the drill never crashes Postgres itself (it is stopped cleanly), so durability is not what it tests.
  async start() {
    const options = [
      `-c listen_addresses=127.0.0.1 -c port=${this.port} -k ${this.socketDir}`,
      '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200',
    ].join(' ');
    await runTool('pg_ctl', ['start', '-D', this.dataDir, '-l', this.logFile, '-w', '-t', '120', '-o', options]);
  }

  async stop(mode = 'fast') {
    await runTool('pg_ctl', ['stop', '-D', this.dataDir, '-m', mode, '-w', '-t', '120']);
  }

  /** For the teardown: whatever state it is in, it stops now. */
  stopNowSync() {
    const [command, argv] = asPostgres('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30']);
    try {
      execFileSync(command, argv, { stdio: 'ignore' });
    } catch {
      // Not running.
    }
  }

  async withClient(database, fn) {
    const client = new pg.Client({ connectionString: this.url(database) });
    client.on('error', () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  }

  query(database, sql, params) {
    return this.withClient(database, async (client) => (await client.query(sql, params)).rows);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A mail server for all the processes, counting what each delivers

/**
 * One SMTP server per process (each process is pointed at its own port, so a delivery says who made it), all
 * counting into one list. A message counts as delivered when the sink answers 250 on a connection still open: a
 * sender that dies before the answer has not handed the message over. `delayMs` holds each answer for a while (a
 * slow mail server, so that messages are in a process's hands when it is killed); `hold()` holds every answer until
 * `release()`.
 */
async function startSink() {
  const deliveries = [];
  const pending = new Set();
  const servers = [];
  const closed = new Set();
  let holding;
  const sink = {
    deliveries,
    pending,
    delayMs: 0,
    hold() {
      if (holding) return;
      let release;
      holding = new Promise((resolve) => (release = resolve));
      holding.release = release;
    },
    release() {
      holding?.release();
      holding = undefined;
    },
    async portFor(via) {
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        disableReverseLookup: true,
        logger: false,
        closeTimeout: 1_000,
        size: 30 * 1024 * 1024,
        onClose: (session) => closed.add(session.id),
        onData: (stream, session, callback) => {
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('end', async () => {
            const header = Buffer.concat(chunks).toString('latin1').split(/\r?\n\r?\n/)[0] ?? '';
            const entry = {
              via,
              messageId: header.match(/^message-id:\s*(\S+)/im)?.[1] ?? null,
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              at: undefined,
            };
            pending.add(entry);
            if (sink.delayMs > 0) await sleep(sink.delayMs);
            while (holding) await holding;
            pending.delete(entry);
            if (closed.has(session.id)) return;
            entry.at = Date.now();
            deliveries.push(entry);
            callback();
          });
        },
      });
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      servers.push(server);
      return server.server.address().port;
    },
    async stop() {
      sink.release();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
    /** Deliveries to `recipients`, recipient → Message-IDs delivered (one entry per delivery). */
    deliveredTo(recipients) {
      const wanted = new Set(recipients.map((recipient) => recipient.toLowerCase()));
      const byRecipient = new Map([...wanted].map((recipient) => [recipient, []]));
      for (const delivery of deliveries) {
        for (const to of delivery.to) if (wanted.has(to)) byRecipient.get(to).push(delivery.messageId);
      }
      return byRecipient;
    },
  };
  return sink;
}

// ---------------------------------------------------------------------------------------------------------------
// A load balancer as nginx or Envoy would be set up in front of the processes

/**
 * Round-robin over the backends that are ready (`GET /api/health/ready` every 200 ms), with kept-alive connections
 * to them. A request whose backend refused the connection, or answered 503 `UNAVAILABLE` (a draining process, which
 * answers so before doing anything), is tried on the next backend. Any other failure (a connection closed under a
 * request already sent) is the client's 502: the balancer cannot know whether the backend acted on it.
 */
async function startBalancer() {
  const backends = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const stats = { retriedRefused: 0, retriedUnavailable: 0, badGateway: 0, noBackend: 0 };
  let turn = 0;

  const poll = async (backend) => {
    if (backend.polling || backend.removed) return;
    backend.polling = true;
    try {
      const response = await fetch(`${backend.base}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      backend.ready = response.status === 200;
    } catch (error) {
      // No answer in time says nothing; a refused connection says the process is gone.
      if (error?.name !== 'TimeoutError') backend.ready = false;
    } finally {
      backend.polling = false;
    }
  };
  const poller = setInterval(() => backends.forEach((backend) => void poll(backend)), 200);

  const forward = (backend, request, body) =>
    new Promise((resolve) => {
      const target = new URL(backend.base);
      const headers = { ...request.headers, host: target.host, 'content-length': String(body.length) };
      for (const hop of ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']) delete headers[hop];
      const outgoing = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.url, headers, agent },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve({ kind: 'answer', status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('aborted', () => resolve({ kind: 'reset', error: new Error('answer cut off') }));
          response.on('error', (error) => resolve({ kind: 'reset', error }));
        },
      );
      outgoing.setTimeout(60_000, () => outgoing.destroy(new Error('no answer within 60 s')));
      outgoing.on('error', (error) => resolve({ kind: error.code === 'ECONNREFUSED' ? 'refused' : 'reset', error }));
      outgoing.end(body);
    });

  const reply = (response, status, headers, body) => {
    const kept = { ...headers };
    for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) delete kept[hop];
    kept['content-length'] = String(body.length);
    response.writeHead(status, kept);
    response.end(body);
  };
  const codeOf = (body) => {
    try {
      return JSON.parse(body.toString()).code;
    } catch {
      return undefined;
    }
  };
  const replyError = (response, status, message, code) =>
    reply(response, status, { 'content-type': 'application/json; charset=utf-8' }, Buffer.from(JSON.stringify({ message, code })));

  const server = http.createServer((request, response) => {
    route(request, response).catch((error) => {
      // The client went away, say: its answer has nowhere to go.
      if (!response.headersSent) replyError(response, 502, error.message, 'BAD_GATEWAY');
      else response.destroy();
    });
  });
  const route = async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const live = backends.filter((backend) => !backend.removed);
    const start = turn++ % Math.max(live.length, 1);
    const rotated = [...live.slice(start), ...live.slice(0, start)];
    // The ready ones first; when none is ready, the others all the same (nginx does so when every upstream is down).
    const order = [...rotated.filter((backend) => backend.ready), ...rotated.filter((backend) => !backend.ready)];
    let unavailable;
    for (const backend of order) {
      backend.inFlight += 1;
      const outcome = await forward(backend, request, body).finally(() => (backend.inFlight -= 1));
      if (outcome.kind === 'refused') {
        backend.ready = false;
        stats.retriedRefused += 1;
        continue;
      }
      if (outcome.kind === 'reset') {
        stats.badGateway += 1;
        replyError(response, 502, `${backend.name} closed the connection before answering: ${outcome.error.message}`, 'BAD_GATEWAY');
        return;
      }
      if (outcome.status === 503 && codeOf(outcome.body) === 'UNAVAILABLE') {
        stats.retriedUnavailable += 1;
        unavailable = outcome;
        continue;
      }
      reply(response, outcome.status, outcome.headers, outcome.body);
      return;
    }
    if (unavailable) {
      reply(response, unavailable.status, unavailable.headers, unavailable.body);
      return;
    }
    stats.noBackend += 1;
    replyError(response, 503, 'No backend took the request.', 'NO_BACKEND');
  };
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stats,
    backends,
    async add(shop) {
      const backend = { name: shop.name, base: await shop.url, ready: false, polling: false, removed: false, inFlight: 0 };
      backends.push(backend);
      await poll(backend);
      return backend;
    },
    /** Requests sent to `shop` and not yet answered. */
    inFlight(shop) {
      return backends.filter((backend) => backend.name === shop.name).reduce((sum, backend) => sum + backend.inFlight, 0);
    },
    remove(shop) {
      for (const backend of backends) if (backend.name === shop.name) backend.removed = true;
    },
    async stop() {
      clearInterval(poller);
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      });
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Traffic

/** What one call got: `ok` (200 with JSON), `error-json` (5xx in the shop's error shape) or a failure of some kind. */
async function probe(base, path, token) {
  try {
    const answer = await call(base, 'GET', path, { token, timeoutMs: 30_000 });
    const json = answer.json;
    const isJson = answer.type.startsWith('application/json');
    if (answer.status === 200 && isJson && json !== undefined) return { kind: 'ok', status: 200 };
    const errorShape = isJson && typeof json?.message === 'string' && typeof json?.code === 'string';
    if (answer.status >= 500 && errorShape) return { kind: 'error-json', status: answer.status, code: json.code, retryAfter: answer.headers.get('retry-after') };
    return { kind: 'bad', status: answer.status, detail: answer.bytes.toString().slice(0, 200) };
  } catch (error) {
    const code = error?.cause?.code ?? error?.code;
    if (error?.name === 'TimeoutError') return { kind: 'timeout' };
    if (code === 'ECONNREFUSED') return { kind: 'refused' };
    if (['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(code)) return { kind: 'reset', detail: error?.cause?.message };
    return { kind: 'network', detail: `${code ?? ''} ${error?.cause?.message ?? error?.message}` };
  }
}

/**
 * `clients` clients, each calling the browse paths in turn on `targets()` (round robin) until stopped. Every call is
 * kept: when it started and ended, where it went and what it got.
 */
function startLoad({ clients = LOAD_CLIENTS, targets, token }) {
  const samples = [];
  let running = true;
  const client = async (index) => {
    let n = index;
    while (running) {
      const list = targets();
      // Every path on every target in turn.
      const base = list[Math.floor(n / BROWSE_PATHS.length) % list.length];
      const path = BROWSE_PATHS[n % BROWSE_PATHS.length];
      n += 1;
      const started = Date.now();
      const outcome = await probe(base, path, path.startsWith('/api/products') ? undefined : token);
      samples.push({ started, ended: Date.now(), base, path, ...outcome });
      await sleep(LOAD_PAUSE_MS);
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  return {
    samples,
    async stop() {
      running = false;
      await done;
    },
  };
}

const kindsOf = (samples) => {
  const kinds = new Map();
  for (const sample of samples) {
    const key = sample.kind === 'ok' ? '200' : sample.kind === 'error-json' ? `${sample.status} ${sample.code}` : sample.kind;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return kinds;
};

// ---------------------------------------------------------------------------------------------------------------
// Customers and checkouts

async function makeCustomers(pgServer, database, prefix, count) {
  return pgServer.withClient(database, async (client) => {
    const customers = [];
    for (let i = 1; i <= count; i++) {
      const email = `${prefix}-${String(i).padStart(2, '0')}@drill.example`;
      const { rows } = await client.query(`INSERT INTO users (email, phone, fullname, role) VALUES ($1, $2, $3, 'customer') RETURNING id`, [
        email,
        `+9197${String(i).padStart(8, '0')}`,
        `Drill Customer ${i}`,
      ]);
      customers.push({ email, userId: rows[0].id, token: await newSession(client, rows[0].id), key: `${prefix}-${i}-${process.pid}` });
    }
    return customers;
  });
}

function expectStatus(answer, statuses, what) {
  if (!statuses.includes(answer.status)) throw new Error(`${what}: expected ${statuses.join(' or ')}, got ${answer.status} ${answer.bytes.toString().slice(0, 300)}`);
  return answer.json;
}

/** A kit in the customer's cart and the address saved, as the cart and checkout pages do. */
async function fillCart(base, customer, productId) {
  expectStatus(await call(base, 'POST', '/api/cart/items', { token: customer.token, body: { productId } }), [200], 'adding a kit to the cart');
  expectStatus(await call(base, 'PUT', '/api/address', { token: customer.token, body: ADDRESS }), [200], 'saving the address');
}

/**
 * The order placed and paid through the test gateway, as the checkout page does. With `retries`, a call that fails
 * with no answer or a 5xx is made again as it was (the order with the same idempotency key, the payment verified
 * with the same authorisation), as a browser's retry would.
 */
async function placeAndPay(base, customer, { retries = 0, stats } = {}) {
  const step = async (what, send, statuses) => {
    for (let attempt = 0; ; attempt++) {
      let answer;
      let failure;
      try {
        answer = await send();
      } catch (error) {
        failure = `${error?.cause?.code ?? error?.name}: ${error?.cause?.message ?? error?.message}`;
      }
      if (answer && statuses.includes(answer.status)) return answer.json;
      const retriable = failure !== undefined || answer.status >= 500;
      if (!retriable || attempt >= retries) {
        throw new Error(`${customer.email}, ${what}: ${failure ?? `${answer.status} ${answer.bytes.toString().slice(0, 300)}`}`);
      }
      if (stats) {
        stats.retries += 1;
        const seen = failure ?? `${answer.status} ${answer.json?.code ?? ''}`.trim();
        stats.failures.set(`${what}: ${seen}`, (stats.failures.get(`${what}: ${seen}`) ?? 0) + 1);
      }
      await sleep(300);
    }
  };
  const token = customer.token;
  // The order is placed for the cart as the checkout's review shows it: its version and total.
  const { cart } = await step('reading the cart', () => call(base, 'GET', '/api/cart', { token }), [200]);
  const reviewed = { cartVersion: cart.version, cartPrice: cart.price };
  const { order } = await step(
    'placing the order',
    () => call(base, 'POST', '/api/orders', { token, body: reviewed, headers: { 'idempotency-key': customer.key } }),
    [200, 201],
  );
  const payment = await step('starting the payment', () => call(base, 'POST', `/api/orders/${order._id}/payment`, { token }), [200]);
  const authorization = await step(
    'paying at the test gateway',
    () => call(base, 'POST', '/api/payments/test-gateway', { token, body: { gatewayOrderId: payment.gatewayOrderId, outcome: 'success' } }),
    [200],
  );
  const paid = await step('verifying the payment', () => call(base, 'POST', '/api/payments/verify', { token, body: authorization }), [200]);
  check(paid.order.status === 'paid' && paid.order.invoiceNumber, `${customer.email}: the order is ${paid.order.status}, without an invoice`);
  return paid.order;
}

/** The confirmation e-mails of `recipients` as the outbox has them, status → count. */
async function confirmationStatuses(pgServer, database, recipients) {
  const rows = await pgServer.query(
    database,
    `SELECT status, count(*)::int AS n FROM outbound_messages WHERE template = 'order-confirmation' AND recipient = ANY($1) GROUP BY status`,
    [recipients],
  );
  return new Map(rows.map((row) => [row.status, row.n]));
}

/**
 * Waits until the outbox has the confirmations of `recipients` all sent, at most HANDOVER_MS after `since`; resolves
 * with the milliseconds from `since` to the last of them reaching the mail server.
 */
async function confirmationsSent(recipients, since, sinceWhat) {
  await waitFor(`the confirmation e-mails sent`, HANDOVER_MS - (Date.now() - since), async () => {
    const statuses = await confirmationStatuses(postgres, SHOP_DATABASE, recipients);
    return statuses.get('sent') === recipients.length;
  }, 500).catch(async (error) => {
    throw new Error(`${error.message} of ${sinceWhat}; outbox: ${counted(await confirmationStatuses(postgres, SHOP_DATABASE, recipients))}`);
  });
  // A second delivery of one of them would come now, if at all.
  await sleep(1_000);
  const wanted = new Set(recipients.map((recipient) => recipient.toLowerCase()));
  const last = Math.max(...sink.deliveries.filter((delivery) => delivery.to.some((to) => wanted.has(to))).map((delivery) => delivery.at));
  return last - since;
}

/** Each recipient got exactly one delivery; a list of what is wrong otherwise. */
function deliveryProblems(sink, recipients) {
  const problems = [];
  for (const [recipient, messageIds] of sink.deliveredTo(recipients)) {
    if (messageIds.length !== 1) problems.push(`${recipient}: ${messageIds.length} deliveries (${[...new Set(messageIds)].length} Message-IDs)`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The drill's run: processes, report, teardown

let workDir;
let logDir;
let postgres;
let sink;
let balancer;
const shops = new Set();
let shopCount = 0;
const results = [];

function launch(database, { name, env = {} } = {}) {
  shopCount += 1;
  const label = name ?? `shop-${shopCount}`;
  const shop = startShop({
    databaseUrl: postgres.url(database),
    name: label,
    logFile: join(logDir, `${String(shopCount).padStart(2, '0')}-${label}.log`),
    startTimeoutMs: START_TIMEOUT_MS,
    env: {
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      MESSAGE_RETRY_DELAY_SECONDS: String(MESSAGE_RETRY_DELAY_SECONDS),
      ...env,
    },
  });
  shops.add(shop);
  return shop;
}

/** A process of drills 2 to 4: its e-mail goes to the sink, on a port of its own. */
async function launchWithMail(database, name) {
  const port = await sink.portFor(name);
  return launch(database, { name, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
}

/** Resolves with the milliseconds from the start until `/api/health/ready` answered 200; rejects if it exits first. */
async function ready(shop) {
  const base = await shop.url;
  await waitFor(`${shop.name} ready`, START_TIMEOUT_MS, async () => {
    if (shop.outcome) throw new Error(`${shop.name} exited with ${shop.outcome.code ?? shop.outcome.signal}`);
    const answer = await call(base, 'GET', '/api/health/ready', { timeoutMs: 5_000 }).catch(() => undefined);
    return answer?.status === 200;
  });
  return Date.now() - shop.startedAt;
}

async function createDatabase(name) {
  await postgres.query('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await postgres.query('postgres', `CREATE DATABASE ${name}`);
}

function tail(shop, lines = 25) {
  const text = shop.lines
    .slice(-lines)
    .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line))
    .join('\n');
  return `--- the last lines of ${shop.name} (${shop.logFile}) ---\n${text || '(nothing)'}`;
}

/** Runs one drill: its figures and checks are recorded; a failure carries the logs of the processes it names. */
async function drill(title, fn) {
  const started = Date.now();
  const figures = [];
  const involved = new Set();
  const context = {
    figure: (line) => figures.push(line),
    involve: (...list) => list.forEach((shop) => involved.add(shop)),
  };
  let failure;
  try {
    await fn(context);
  } catch (error) {
    failure = error;
  }
  const result = { title, ok: !failure, ms: Date.now() - started, figures, failure, involved: [...involved] };
  results.push(result);
  console.log(`${result.ok ? 'PASS' : 'FAIL'}  ${title} (${seconds(result.ms)})`);
  for (const line of figures) console.log(`      ${line}`);
  if (failure) {
    console.log(`      ${failure instanceof Error ? failure.message : String(failure)}`);
    for (const shop of result.involved) console.log(`\n${tail(shop)}\n`);
  }
  return result.ok;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Two processes started together on an empty database

async function simultaneousStart({ figure, involve }) {
  const problems = [];
  for (let attempt = 1; attempt <= START_TRIES; attempt++) {
    const database = `drill_start_${attempt}`;
    await createDatabase(database);
    const pair = [launch(database, { name: `start-${attempt}a`, env: { SMTP_URL: '' } }), launch(database, { name: `start-${attempt}b`, env: { SMTP_URL: '' } })];
    const outcomes = await Promise.allSettled(pair.map(ready));
    // Still running a moment later: nothing they started in the background failed.
    await sleep(1_000);
    const exited = pair.filter((shop) => shop.outcome);
    const stops = await Promise.all(pair.map((shop) => terminate(shop, STOP_TIMEOUT_MS)));
    const line = outcomes.map((outcome, i) => `${pair[i].name} ${outcome.status === 'fulfilled' ? `ready in ${seconds(outcome.value)}` : `not ready: ${outcome.reason.message}`}`);
    const stopped = stops.map((stop, i) => (stop.outcome?.code === 0 ? null : `${pair[i].name} exited with ${stop.outcome ? (stop.outcome.code ?? stop.outcome.signal) : 'nothing (killed)'} after SIGTERM`));
    figure(`try ${String(attempt).padStart(2)}: ${line.join(', ')}${exited.length ? `; exited: ${exited.map((shop) => shop.name).join(', ')}` : ''}`);
    const failed = outcomes.some((outcome) => outcome.status === 'rejected') || exited.length > 0 || stopped.some(Boolean);
    if (failed) {
      problems.push(`try ${attempt}: ${[...line, ...stopped.filter(Boolean)].join(', ')}`);
      involve(...pair);
    }
    await postgres.query('postgres', `DROP DATABASE ${database} WITH (FORCE)`);
  }
  check(problems.length === 0, problems.join('\n      '));
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Postgres stopped for 10 s under traffic

const SHOP_DATABASE = 'drill_shop';

async function postgresOutage({ figure, involve }, state) {
  await createDatabase(SHOP_DATABASE);
  const [a, b] = [await launchWithMail(SHOP_DATABASE, 'A'), await launchWithMail(SHOP_DATABASE, 'B')];
  involve(a, b);
  state.a = a;
  state.b = b;
  const readyIn = await Promise.all([ready(a), ready(b)]);
  figure(`A and B ready in ${seconds(readyIn[0])} and ${seconds(readyIn[1])}`);
  const bases = [await a.url, await b.url];

  const [browser, ...buyers] = await makeCustomers(postgres, SHOP_DATABASE, 'outage', 6);
  const { data: products } = expectStatus(await call(bases[0], 'GET', '/api/products'), [200], 'GET /api/products');
  const kit = products.find((product) => product.code === 'PROD-GSENS');
  check(kit, 'the catalogue has no PROD-GSENS');
  await Promise.all(buyers.map((buyer, i) => fillCart(bases[i % 2], buyer, kit._id)));

  const recipients = buyers.map((buyer) => buyer.email);
  const load = startLoad({ targets: () => bases, token: browser.token });
  let before, stopping, stopped, restarting, back;
  try {
    await sleep(3_000);
    // The confirmations of these orders are queued as the orders are paid, just before Postgres stops.
    await Promise.all(buyers.map((buyer, i) => placeAndPay(bases[i % 2], buyer)));
    before = await confirmationStatuses(postgres, SHOP_DATABASE, recipients);
    stopping = Date.now();
    await postgres.stop('fast');
    stopped = Date.now();
    await sleep(OUTAGE_MS);
    restarting = Date.now();
    await postgres.start();
    back = Date.now();
    await sleep(RECOVERY_MS + 5_000);
  } finally {
    await load.stop();
    if (stopped && !back) await postgres.start();
  }

  figure(`Postgres stopped in ${seconds(stopped - stopping)}, down ${seconds(restarting - stopped)}, started again in ${seconds(back - restarting)}`);
  figure(`${buyers.length} confirmation e-mails at the stop: ${counted(before)}`);
  const outage = load.samples.filter((sample) => sample.ended >= stopping && sample.started <= back);
  const after = load.samples.filter((sample) => sample.started > back);
  figure(`${load.samples.length} calls by ${LOAD_CLIENTS} clients; during the outage: ${counted(kindsOf(outage))}`);
  const wrong = load.samples.filter((sample) => sample.kind !== 'ok' && sample.kind !== 'error-json');
  const lastFailure = after.filter((sample) => sample.kind !== 'ok').reduce((latest, sample) => Math.max(latest, sample.ended), back);
  const recoveredIn = lastFailure - back;
  // Every process and path answered 200 since, so a path that was never called again does not pass unseen.
  const unanswered = bases.flatMap((base) =>
    BROWSE_PATHS.filter((path) => !after.some((sample) => sample.base === base && sample.path === path && sample.ended > lastFailure && sample.kind === 'ok')).map(
      (path) => `${base === bases[0] ? 'A' : 'B'} ${path}`,
    ),
  );
  const firstOrders = bases.map((base) => after.find((sample) => sample.base === base && sample.path === '/api/orders' && sample.kind === 'ok'));
  figure(
    `${recoveredIn === 0 ? 'every call made after Postgres was back answered 200' : `calls failed until ${seconds(recoveredIn)} after Postgres was back`} ` +
      `(then: ${counted(kindsOf(after.filter((sample) => sample.started > lastFailure)))}); ` +
      `the first /api/orders answered 200 ${firstOrders.map((sample, i) => `on ${'AB'[i]} ${sample ? seconds(sample.ended - back) : 'never'}`).join(', ')} after`,
  );

  const exited = [a, b].filter((shop) => shop.outcome);
  check((before.get('sent') ?? 0) < recipients.length, 'every e-mail was sent before Postgres stopped: the drill tested nothing about them');
  check(exited.length === 0, `${exited.map((shop) => `${shop.name} exited with ${shop.outcome.code ?? shop.outcome.signal}`).join(', ')}`);
  check(
    wrong.length === 0,
    `answers neither 200 nor the shop's JSON error: ${counted(kindsOf(wrong))}; first: ${JSON.stringify(wrong[0])}`,
  );
  check(recoveredIn <= RECOVERY_MS, `calls failed until ${seconds(recoveredIn)} after Postgres was back (allowed ${seconds(RECOVERY_MS)})`);
  check(unanswered.length === 0, `no 200 since the last failure from ${unanswered.join(', ')}`);

  const sentIn = await confirmationsSent(recipients, back, 'Postgres was back');
  const problems = deliveryProblems(sink, recipients);
  figure(`the ${recipients.length} e-mails all delivered ${seconds(sentIn)} after Postgres was back; at the mail server: ${problems.length ? problems.join(', ') : 'each once'}`);
  check(problems.length === 0, `e-mails not delivered exactly once: ${problems.join(', ')}`);
}

// ---------------------------------------------------------------------------------------------------------------
// 3. SIGTERM under traffic

async function sigtermUnderTraffic({ figure, involve }, state) {
  const { a, b } = state;
  involve(a, b);
  balancer = await startBalancer();
  await balancer.add(a);
  await balancer.add(b);
  await waitFor('both backends ready at the balancer', 30_000, () => balancer.backends.every((backend) => backend.ready));
  const [browser] = await makeCustomers(postgres, SHOP_DATABASE, 'sigterm', 1);
  const load = startLoad({ targets: () => [balancer.base], token: browser.token });
  await sleep(3_000);
  const { outcome, ms } = await terminate(a, STOP_TIMEOUT_MS);
  await sleep(3_000);
  await load.stop();
  balancer.remove(a);

  const failed = load.samples.filter((sample) => sample.kind !== 'ok');
  figure(`${load.samples.length} calls through the balancer: ${counted(kindsOf(load.samples))}`);
  figure(
    `balancer: ${balancer.stats.retriedUnavailable} retried after a 503 UNAVAILABLE, ${balancer.stats.retriedRefused} after a refused connection, ` +
      `${balancer.stats.badGateway} connections closed under a request`,
  );
  figure(`A exited with ${outcome ? (outcome.code ?? outcome.signal) : 'nothing (killed)'} ${seconds(ms)} after SIGTERM (deadline ${SHUTDOWN_TIMEOUT_SECONDS} s)`);
  check(failed.length === 0, `clients saw ${counted(kindsOf(failed))}; first: ${JSON.stringify(failed[0])}`);
  check(outcome?.code === 0, `A exited with ${outcome ? (outcome.code ?? outcome.signal) : 'nothing: killed after the deadline'}`);
  check(ms <= SHUTDOWN_TIMEOUT_SECONDS * 1000, `A took ${seconds(ms)} to exit`);
  check(!b.outcome, `B exited with ${b.outcome?.code ?? b.outcome?.signal}`);
}

/** The same SIGTERM with clients calling the process directly: what they see, for the record. */
async function sigtermDirect({ figure, involve }, state) {
  const { b } = state;
  involve(b);
  const [browser] = await makeCustomers(postgres, SHOP_DATABASE, 'direct', 1);
  const base = await b.url;
  const load = startLoad({ targets: () => [base], token: browser.token });
  await sleep(2_000);
  const signalled = Date.now();
  const stopping = terminate(b, STOP_TIMEOUT_MS);
  const { outcome, ms } = await stopping;
  await sleep(500);
  await load.stop();
  balancer.remove(b);
  const after = load.samples.filter((sample) => sample.ended >= signalled);
  figure(`${load.samples.length} calls straight to B; from SIGTERM on: ${counted(kindsOf(after))}`);
  // When the calls that got no answer were made, from the signal: the listener closes after DRAIN_MS (1 s).
  const unanswered = after.filter((sample) => !['ok', 'error-json', 'refused'].includes(sample.kind));
  if (unanswered.length > 0) {
    figure(`no answer: ${unanswered.map((sample) => `${sample.kind} (${sample.detail ?? ''}) of a call made at +${sample.started - signalled} ms, ended +${sample.ended - signalled} ms`).join('; ')}`);
  }
  figure(`B exited with ${outcome ? (outcome.code ?? outcome.signal) : 'nothing (killed)'} ${seconds(ms)} after SIGTERM`);
  check(outcome?.code === 0, `B exited with ${outcome ? (outcome.code ?? outcome.signal) : 'nothing: killed after the deadline'}`);
  check(ms <= SHUTDOWN_TIMEOUT_SECONDS * 1000, `B took ${seconds(ms)} to exit`);
}

// ---------------------------------------------------------------------------------------------------------------
// 4. kill -9 during concurrent checkouts

async function killDuringCheckouts({ figure, involve }, state) {
  const { c, d } = state;
  involve(c, d);
  await Promise.all([ready(c), ready(d)]);
  await balancer.add(c);
  await balancer.add(d);
  await waitFor('C and D ready at the balancer', 30_000, () =>
    balancer.backends.filter((backend) => backend.name === c.name || backend.name === d.name).every((backend) => backend.ready),
  );
  const customers = await makeCustomers(postgres, SHOP_DATABASE, 'checkout', CHECKOUT_CUSTOMERS);
  const { data: products } = expectStatus(await call(balancer.base, 'GET', '/api/products'), [200], 'GET /api/products');
  const kit = products.find((product) => product.code === 'PROD-G360');
  check(kit, 'the catalogue has no PROD-G360');
  for (let i = 0; i < customers.length; i += 5) await Promise.all(customers.slice(i, i + 5).map((customer) => fillCart(balancer.base, customer, kit._id)));

  // A slow mail server: each e-mail is in a process's hands for a while, so the killed one holds some.
  sink.delayMs = 1_500;
  const stats = { retries: 0, failures: new Map() };
  let paid = 0;
  const checkouts = customers.map(async (customer, i) => {
    await sleep(i * 150);
    const order = await placeAndPay(balancer.base, customer, { retries: 10, stats });
    paid += 1;
    return order;
  });
  const settled = Promise.allSettled(checkouts);

  await waitFor('a quarter of the checkouts paid', 60_000, () => paid >= CHECKOUT_CUSTOMERS / 4, 20);
  // The kill lands while a process has checkout calls in flight and holds e-mails it has not handed over. An e-mail
  // the mail server accepted a moment before the kill, and that the process had not yet recorded, would be sent again
  // with the same Message-ID (outbox.ts): that window is the documented exception, and the drill does not aim at it.
  // So the mail server holds its answers, and a process is killed once the deliveries it already made are recorded.
  sink.hold();
  const recorded = new Set();
  const victim = await waitFor('a process with a checkout call in flight and an e-mail in its hands', 30_000, async () => {
    for (const shop of [c, d]) {
      if (balancer.inFlight(shop) === 0 || ![...sink.pending].some((entry) => entry.via === shop.name)) continue;
      if (recorded.has(shop.name)) return shop;
      // The mail server answers nothing now, so what it accepted from the process stays what it is.
      const accepted = sink.deliveries.filter((delivery) => delivery.via === shop.name).map((delivery) => delivery.messageId);
      const rows = await postgres.query(SHOP_DATABASE, `SELECT count(*)::int AS n FROM outbound_messages WHERE status = 'sent' AND provider_message_id = ANY($1)`, [
        accepted,
      ]);
      if (rows[0].n === accepted.length) recorded.add(shop.name);
    }
    return undefined;
  }, 5);
  const inFlightAtKill = balancer.inFlight(victim);
  const heldAtKill = [...sink.pending].filter((entry) => entry.via === victim.name).length;
  const paidAtKill = paid;
  const killedAt = Date.now();
  victim.child.kill('SIGKILL');
  await victim.exited;
  const survivor = victim === c ? d : c;
  const recipients = customers.map((customer) => customer.email);
  const atKill = await confirmationStatuses(postgres, SHOP_DATABASE, recipients);
  // The mail server hears of the closed connections before its held answers go out, so none counts as delivered.
  await sleep(500);
  sink.release();
  sink.delayMs = 0;
  figure(
    `kill -9 to ${victim.name} with ${paidAtKill} of ${CHECKOUT_CUSTOMERS} checkouts paid and ${inFlightAtKill} call(s) in flight on it, ` +
      `holding ${heldAtKill} e-mail(s) at the mail server; confirmations then: ${counted(atKill)}`,
  );
  // As an orchestrator would, a new process takes the killed one's place; the survivor serves meanwhile.
  const replacement = await launchWithMail(SHOP_DATABASE, 'E');
  involve(replacement);
  state.replacement = replacement;
  const replaced = ready(replacement).then(async (ms) => {
    await balancer.add(replacement);
    return ms;
  });
  replaced.catch(() => {});

  const outcomes = await settled;
  const failedCheckouts = outcomes.filter((outcome) => outcome.status === 'rejected');
  figure(`${CHECKOUT_CUSTOMERS - failedCheckouts.length} of ${CHECKOUT_CUSTOMERS} checkouts paid; the clients retried ${stats.retries} call(s): ${counted(stats.failures)}`);
  check(failedCheckouts.length === 0, `checkouts failed: ${failedCheckouts.map((outcome) => outcome.reason.message).join('; ')}`);

  const rows = await postgres.query(
    SHOP_DATABASE,
    `SELECT u.email, count(DISTINCT o.id)::int AS orders, count(DISTINCT o.id) FILTER (WHERE o.status = 'paid')::int AS paid,
            count(p.id) FILTER (WHERE p.status = 'paid')::int AS payments
       FROM users u LEFT JOIN orders o ON o.user_id = u.id LEFT JOIN payments p ON p.order_id = o.id
      WHERE u.email = ANY($1) GROUP BY u.email`,
    [recipients],
  );
  const wrongOrders = recipients.filter((email) => {
    const row = rows.find((candidate) => candidate.email === email);
    return !row || row.orders !== 1 || row.paid !== 1 || row.payments !== 1;
  });
  figure(`orders: ${rows.filter((row) => row.orders === 1 && row.paid === 1 && row.payments === 1).length} customers with exactly one order, paid once`);
  check(wrongOrders.length === 0, `not exactly one paid order: ${wrongOrders.map((email) => JSON.stringify(rows.find((row) => row.email === email) ?? email)).join(', ')}`);

  const invoices = await postgres.query(SHOP_DATABASE, `SELECT invoice_number FROM orders WHERE invoice_number IS NOT NULL ORDER BY invoice_number`);
  const series = await postgres.query(SHOP_DATABASE, `SELECT financial_year, last_serial FROM document_series WHERE kind = 'invoice'`);
  const gaps = series.flatMap((year) => {
    const serials = invoices
      .map((row) => row.invoice_number.match(/^INV\/(\d\d-\d\d)\/(\d{6})$/))
      .filter((match) => match && match[1] === year.financial_year)
      .map((match) => Number(match[2]));
    const expected = Array.from({ length: year.last_serial }, (_, i) => i + 1);
    return JSON.stringify(serials) === JSON.stringify(expected) ? [] : [`${year.financial_year}: ${serials.length} invoices, last serial ${year.last_serial}`];
  });
  figure(`invoices: ${invoices.length}, ${invoices[0]?.invoice_number} to ${invoices.at(-1)?.invoice_number}, ${gaps.length ? 'with gaps' : 'no gap'}`);
  check(invoices.length === series.reduce((sum, year) => sum + year.last_serial, 0) && gaps.length === 0, `the invoice series has gaps: ${gaps.join(', ')}`);

  const sentIn = await confirmationsSent(recipients, killedAt, 'the kill');
  const problems = deliveryProblems(sink, recipients);
  const handedOver = new Map();
  for (const delivery of sink.deliveries) if (delivery.at > killedAt && delivery.to.some((to) => recipients.includes(to))) handedOver.set(delivery.via, (handedOver.get(delivery.via) ?? 0) + 1);
  figure(`all ${recipients.length} confirmations delivered ${seconds(sentIn)} after the kill (after it, by ${counted(handedOver)}); at the mail server: ${problems.length ? problems.join(', ') : 'each once'}`);
  check(problems.length === 0, `e-mails not delivered exactly once: ${problems.join(', ')}`);
  const replacedIn = await replaced;
  figure(`E, started after the kill, ready in ${seconds(replacedIn)}; ${survivor.name} served alone meanwhile`);
  check(!survivor.outcome, `${survivor.name} exited with ${survivor.outcome?.code ?? survivor.outcome?.signal}`);
}

// ---------------------------------------------------------------------------------------------------------------

let tornDown = false;
function teardownSync() {
  if (tornDown) return;
  tornDown = true;
  for (const shop of shops) if (!shop.outcome) shop.child.kill('SIGKILL');
  postgres?.stopNowSync();
}

async function main() {
  const started = Date.now();
  workDir = mkdtempSync(join(tmpdir(), 'gutshop-drill-'));
  logDir = join(workDir, 'logs');
  mkdirSync(logDir);
  if (postgresUser) chownSync(workDir, postgresUser.uid, postgresUser.gid);
  postgres = new Postgres(workDir, await freePort());
  let failure;
  try {
    await postgres.init();
    await postgres.start();
    sink = await startSink();
    console.log(`Fault drills on real processes: Postgres on 127.0.0.1:${postgres.port}, logs in ${logDir}`);
    console.log(`Processes: LOG_LEVEL=warn, demo data, SHUTDOWN_TIMEOUT_SECONDS=${SHUTDOWN_TIMEOUT_SECONDS}, MESSAGE_RETRY_DELAY_SECONDS=${MESSAGE_RETRY_DELAY_SECONDS}\n`);
    const state = {};
    await drill(`${START_TRIES} simultaneous starts of two processes on an empty database`, simultaneousStart);
    const outage = await drill('Postgres stopped for 10 s under traffic, e-mails queued just before', (context) => postgresOutage(context, state));
    if (outage || (state.a && state.b && !state.a.outcome && !state.b.outcome)) {
      await drill('SIGTERM to one of two processes behind a load balancer, under traffic', (context) => sigtermUnderTraffic(context, state));
      // Two new processes for the next drill, started while the last of the old ones is stopped (a rolling deploy).
      state.c = await launchWithMail(SHOP_DATABASE, 'C');
      state.d = await launchWithMail(SHOP_DATABASE, 'D');
      if (state.b && !state.b.outcome) await drill('SIGTERM with clients calling the process directly (for the record)', (context) => sigtermDirect(context, state));
      await drill(`kill -9 during ${CHECKOUT_CUSTOMERS} concurrent checkouts through the load balancer`, (context) => killDuringCheckouts(context, state));
    } else {
      results.push({ title: 'the drills after the outage', ok: false, figures: [], failure: new Error('skipped: the outage drill left no processes') });
    }
  } catch (error) {
    failure = error;
  } finally {
    await balancer?.stop().catch(() => {});
    await Promise.all([...shops].filter((shop) => !shop.outcome).map((shop) => terminate(shop, 5_000)));
    await sink?.stop().catch(() => {});
    await postgres.stop('fast').catch(() => postgres.stopNowSync());
    tornDown = true;
  }

  const failed = results.filter((result) => !result.ok);
  console.log(`\n${results.length - failed.length} of ${results.length} drills passed in ${seconds(Date.now() - started)}.`);
  if (failure) {
    console.log(`The drill itself failed: ${failure instanceof Error ? failure.stack : String(failure)}`);
    try {
      console.log(`--- the last lines of Postgres's log ---\n${readFileSync(postgres.logFile, 'utf8').split('\n').slice(-30).join('\n')}`);
    } catch {
      // No log yet.
    }
  }
  if (failed.length > 0 || failure) {
    rmSync(postgres.dataDir, { recursive: true, force: true });
    console.log(`The processes' logs and Postgres's are kept in ${workDir}.`);
    process.exitCode = 1;
  } else {
    rmSync(workDir, { recursive: true, force: true });
  }
}

// Ctrl-C or a stopped CI job: the processes and Postgres are stopped, and the drill's directory removed.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.log(`\n${signal}: stopping the processes and Postgres.`);
    teardownSync();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
    process.exit(130);
  });
}
process.once('exit', teardownSync);

await main();
