#!/usr/bin/env node
/**
 * The customer path under load (DESIGN §9): `npm run bench -- --only=load`, or on its own
 *
 *   node scripts/bench-load.mjs                                    two API processes, then one, and a CPU profile
 *   node scripts/bench-load.mjs --steps=1,5 --step-seconds=10      a short run
 *   node scripts/bench-load.mjs --processes=2 --profile-seconds=0  one layout, no profile
 *   (--warmup-seconds=5, --buy-share=0.3; LOAD_POSTGRES_URL names the server, postgres@127.0.0.1:5432/test by default)
 *
 * Each layout gets a fresh Postgres database of its own (gutshop_load_<pid>, dropped at the end) and its API
 * processes (`server/main.ts` serving dist/) behind a round-robin TCP balancer, the way production runs several
 * processes on one Postgres. The processes run the demo configuration (NODE_ENV=development): production refuses the
 * Auth emulator, the demo data and the built-in test gateway, which the bench needs. They log at `warn` and send their
 * e-mail over SMTP to a sink that drops it; the balancer and the sink share a helper process.
 *
 * A virtual customer is one autocannon connection that visits the shop over and over, each call sent as soon as the
 * previous one is answered (no time to think, so one virtual customer stands for many people). Every visit browses:
 * the home page's HTML, the catalogue, a kit page's HTML and the kit's own call. Three visits in ten then buy: the
 * session from a Firebase ID token (an account made in the Auth emulator before the step), the cart, the kit added,
 * the demo coupon, the address read and saved, the order, the payment through the built-in test gateway and its
 * verification, the order's page, then the dashboard's calls (orders, kits, questionnaire results).
 *
 * The ramp runs steps of more and more virtual customers (1, 2, 5, 10, 20, 40, 80, 160, 320), 15 s each after a warm-up, and
 * stops after the knee: the first step where some call's p95 passes 1 s. With one virtual customer, one process of
 * the two serves: the balancer sends a connection to one process for its whole life. Per step: requests and paid
 * orders per second, p50/p95/p99 of each call, errors (answers other than 2xx, socket errors and timeouts) and the
 * CPU each party used. Then a short run at the knee (or the last step) profiles one API process (`--cpu-prof`) while
 * the shop's Postgres sessions are sampled: the report lists its self time by module and function, its longest
 * stretches without going idle, and what the sessions waited on.
 *
 * Budget, on two processes: at the best passing step (every call's p95 ≤ 300 ms and no error) at least 60 paid
 * orders a minute. One process is measured and reported only, with the ratio between the two.
 */
import { fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { DEMO_FIREBASE_WEB_CONFIG, freePort, ROOT, waitForUrl } from './stack.mjs';

const PAID_PER_MINUTE_BUDGET = 60;
const P95_BUDGET_MS = 300;
const KNEE_P95_MS = 1000;

const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const STEPS = option('steps', '1,2,5,10,20,40,80,160,320').split(',').map(Number);
const STEP_SECONDS = Number(option('step-seconds', 15));
const WARMUP_SECONDS = Number(option('warmup-seconds', 5));
const BUY_SHARE = Number(option('buy-share', 0.3));
const LAYOUTS = option('processes', '2,1').split(',').map(Number);
const PROFILE_SECONDS = Number(option('profile-seconds', 10));

const SCRIPT = fileURLToPath(import.meta.url);
const DATA_DIR = join(ROOT, '.data/bench-load');
const DIST = join(ROOT, 'dist');
const POSTGRES_URL = process.env.LOAD_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `gutshop_load_${process.pid}`;
const PROJECT_ID = 'demo-gut-shop';
/** Linux counts a process's CPU time in ticks of 1/100 s (`getconf CLK_TCK`). */
const CLOCK_TICKS = 100;

/** The kit the visitors look at and buy, and the demo coupon (DEMO_COUPON in server/db/seed.ts). */
const KIT_SLUG = 'gut360';
const COUPON = 'WELCOME10';
const ADDRESS = { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', line2: 'Near Trinity Metro', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

/** What a browser sends with every request; answers over 1 KB come compressed, as they would to the SPA. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'gut-shop-load-bench' };
const PAGE_HEADERS = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
/** The SPA sends a JSON content type on every call. */
const API_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** The API processes' settings beyond their port, database, emulator and mail server. */
const SERVER_ENV = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  STATIC_DIR: DIST,
  LOG_LEVEL: 'warn',
  // Every virtual customer signs in from 127.0.0.1: the per-address limit would otherwise refuse most of them. The
  // limit's counting in the database still happens on every sign-in.
  SESSION_RATE_LIMIT_PER_MINUTE: '1000000',
  DEMO_DATA: 'true',
  MAIL_CATCHER: 'false',
};

// --- Processes -------------------------------------------------------------------------------------------------

const children = new Set();


const running = (child) => child.exitCode === null && child.signalCode === null;

/** Starts a process in a group of its own, its output in `.data/bench-load/<label>.log` and, line by line, to `onLine`. */
function start(label, command, argv, options, onLine = () => {}) {
  const log = createWriteStream(join(DATA_DIR, `${label}.log`));
  const child = spawn(command, argv, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    stream.pipe(log, { end: false });
    createInterface({ input: stream }).on('line', (line) => onLine(line));
  }
  child.once('exit', () => log.end());
  return child;
}

const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Stops the API processes once the calls that autocannon left unanswered at the end of its run are done: a process
 * stopped during them fails some (see docs/performance.md), which is not what the bench measures.
 */
async function stopApis(apis) {
  await pause(2000);
  await Promise.all(apis.map((api) => stop(api.child)));
}

/** SIGTERM to the process's group, then SIGKILL after `graceMs`. */
async function stop(child, graceMs = 30_000) {
  if (!running(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      child.kill(name);
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The Firebase Auth emulator, as `npm start` runs it, with its own config file. */
async function startEmulator() {
  const port = await freePort();
  const config = join(DATA_DIR, `firebase.${port}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = start(
    'auth',
    process.execPath,
    [join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'), 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config],
    { cwd: DATA_DIR, env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' } },
  );
  await waitForUrl(`http://127.0.0.1:${port}/`, 180_000, () => running(child));
  return { host: `127.0.0.1:${port}`, child, config };
}

/** What the API processes logged at `warn` and above, for the report. */
const serverProblems = { warnings: 0, errors: 0, samples: [] };

function noteServerLine(label, line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof entry.level !== 'number' || entry.level < 40) return;
  if (entry.level >= 50) serverProblems.errors++;
  else serverProblems.warnings++;
  const what = [entry.msg, entry.err?.message, entry.req?.method && `${entry.req.method} ${entry.req.url}`].filter(Boolean).join(' | ');
  if (serverProblems.samples.length < 12 && !serverProblems.samples.some((s) => s.what === what)) {
    serverProblems.samples.push({ label, level: entry.level >= 50 ? 'error' : 'warn', what, line: line.slice(0, 600) });
  }
}

/** One API process on a free port; resolves once `/api/health` answers. */
async function startApi(label, context, nodeOptions = []) {
  const port = await freePort();
  const child = start(
    label,
    process.execPath,
    [...nodeOptions, '--import', 'tsx', join(ROOT, 'server/main.ts')],
    {
      env: {
        ...process.env,
        ...SERVER_ENV,
        PORT: String(port),
        DATABASE_URL: context.databaseUrl,
        FIREBASE_AUTH_EMULATOR_HOST: context.emulatorHost,
        SMTP_URL: `smtp://127.0.0.1:${context.smtpPort}`,
      },
    },
    (line) => noteServerLine(label, line),
  );
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, 120_000, () => running(child));
  return { label, port, child };
}

/**
 * The API processes of a layout, one after the other: started together on an empty database, they race in the job
 * queue's setup. Their logs are `<run>-api-a.log`, `<run>-api-b.log`, … with `run` saying which run they served.
 */
async function startApis(count, context, run, profiled = false) {
  const apis = [];
  try {
    for (let i = 0; i < count; i++) {
      const label = `${run}-api-${'abcdefgh'[i]}${profiled && i === 0 ? '-profiled' : ''}`;
      const nodeOptions = profiled && i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${join(DATA_DIR, 'profile')}`] : [];
      apis.push(await startApi(label, context, nodeOptions));
    }
  } catch (error) {
    await Promise.all(apis.map((api) => stop(api.child)));
    throw error;
  }
  return apis;
}

// --- The helper process: the balancer and the mail sink --------------------------------------------------------

/**
 * Child mode. A round-robin TCP balancer: each connection goes to the next API process, as a layer-4 load balancer
 * sends it. And an SMTP server that accepts whatever the shop sends and drops it. The parent routes the balancer and
 * reads the counts over IPC.
 */
async function runHelper() {
  let backends = [];
  let turn = 0;
  let mails = 0;
  const connections = {};
  const balancer = createServer({ noDelay: true }, (client) => {
    const port = backends[turn++ % backends.length];
    connections[port] = (connections[port] ?? 0) + 1;
    const upstream = connect({ port, host: '127.0.0.1', noDelay: true });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream).pipe(client);
  });
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        mails++;
        callback();
      });
      stream.resume();
    },
  });
  const listening = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
  const ready = Promise.all([listening(balancer), listening(sink.server)]);
  process.on('message', async (message) => {
    const [balancerPort, smtpPort] = await ready;
    if (message.route) {
      backends = message.route;
      turn = 0;
      for (const key of Object.keys(connections)) delete connections[key];
    }
    process.send({ id: message.id, balancerPort, smtpPort, mails, connections: { ...connections } });
  });
  process.on('disconnect', () => process.exit(0));
}

function startHelper() {
  const child = fork(SCRIPT, ['--helper'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const pending = new Map();
  let sequence = 0;
  child.on('message', (message) => {
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const ask = (message = {}) =>
    new Promise((resolve) => {
      const id = ++sequence;
      pending.set(id, resolve);
      child.send({ ...message, id });
    });
  return { child, ask, route: (ports) => ask({ route: ports }) };
}

// --- Accounts ----------------------------------------------------------------------------------------------------

/**
 * Firebase accounts made in the emulator ahead of each step, each with its ID token (valid for an hour). A buyer
 * takes an account its database has not seen, so that each signs in for the first time and may use the coupon once;
 * a fresh database has seen none of them.
 */
function accountsOf(emulatorHost) {
  const all = [];
  let unused = [];
  let made = 0;
  let missing = 0;
  async function signUp() {
    const email = `load-${process.pid}-${made++}@example.test`;
    const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Passw0rd!', returnSecureToken: true }),
    });
    const body = await response.json();
    if (!body.idToken) throw new Error(`the Auth emulator made no account: ${JSON.stringify(body)}`);
    all.push(body.idToken);
    unused.push(body.idToken);
  }
  return {
    /** Makes accounts until `count` are unused. */
    async topUp(count) {
      const wanted = count - unused.length;
      if (wanted <= 0) return;
      let left = wanted;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (left > 0) {
            left--;
            await signUp();
          }
        }),
      );
    },
    /** An unused account's ID token, or undefined when none is left (the visitor then only browses). */
    take() {
      const token = unused.pop();
      if (!token) missing++;
      return token;
    },
    freshDatabase() {
      unused = [...all];
    },
    /** Buyers who found no account since the last call. */
    missing() {
      const count = missing;
      missing = 0;
      return count;
    },
    get made() {
      return all.length;
    },
  };
}

// --- The visit ---------------------------------------------------------------------------------------------------

/** Answers the visitor needed but could not read, in the current run. */
const unreadable = { count: 0 };

/**
 * The visit as autocannon's request sequence. `visit` is autocannon's context: a fresh one for every visit. A call
 * whose `when` says no, or any call after a failed one, ends the visit: autocannon starts the next one from the top.
 * Calls whose answer the visitor reads are small (under the 1 KB above which the API compresses), as autocannon
 * keeps bodies as text; one that came compressed all the same counts as a failure.
 */
function visitRequests({ productId, accounts }) {
  /**
   * `when(visit)` says whether the visit goes on to the call (and may note what the call needs), `read` keeps what
   * the visitor needs from the answer.
   */
  const call = (name, { method = 'GET', path, page = false, headers: own, body, when, read }) => ({
    name,
    method,
    setupRequest(request, visit) {
      if (visit.failed || (when && !when(visit))) return undefined;
      const headers = { ...request.headers, ...(page ? PAGE_HEADERS : API_HEADERS), ...own?.() };
      if (visit.session) headers.authorization = `Bearer ${visit.session}`;
      return {
        ...request,
        method,
        headers,
        path: typeof path === 'function' ? path(visit) : path,
        body: body === undefined ? undefined : JSON.stringify(typeof body === 'function' ? body(visit) : body),
      };
    },
    onResponse(status, text, visit, headers) {
      if (status < 200 || status >= 300) {
        visit.failed = true;
        return;
      }
      if (!read) return;
      try {
        if (headers['content-encoding']) throw new Error('compressed');
        read(JSON.parse(text), visit);
      } catch {
        visit.failed = true;
        unreadable.count++;
      }
    },
  });
  return [
    call('GET /', {
      path: '/',
      page: true,
      when: (visit) => {
        visit.buyer = Math.random() < BUY_SHARE;
        return true;
      },
    }),
    call('GET /api/products', { path: '/api/products' }),
    call(`GET /products/${KIT_SLUG}`, { path: `/products/${KIT_SLUG}`, page: true }),
    call(`GET /api/products/${KIT_SLUG}`, { path: `/api/products/${KIT_SLUG}` }),
    call('POST /api/auth/session', {
      method: 'POST',
      path: '/api/auth/session',
      when: (visit) => visit.buyer && Boolean((visit.idToken = accounts.take())),
      body: (visit) => ({ idToken: visit.idToken, audience: 'customer' }),
      read: (answer, visit) => {
        visit.session = answer.token;
      },
    }),
    call('GET /api/cart', { path: '/api/cart' }),
    call('POST /api/cart/items', { method: 'POST', path: '/api/cart/items', body: { productId } }),
    call('POST /api/cart/coupon', {
      method: 'POST',
      path: '/api/cart/coupon',
      body: { code: COUPON },
      // The cart as the checkout's review shows it: the order is placed for this version and total.
      read: (answer, visit) => {
        visit.reviewed = { cartVersion: answer.cart.version, cartPrice: answer.cart.price };
      },
    }),
    call('GET /api/address', { path: '/api/address' }),
    call('PUT /api/address', { method: 'PUT', path: '/api/address', body: ADDRESS }),
    call('POST /api/orders', {
      method: 'POST',
      path: '/api/orders',
      body: (visit) => visit.reviewed,
      headers: () => ({ 'idempotency-key': randomUUID() }),
      read: (answer, visit) => {
        visit.orderId = answer.order._id;
      },
    }),
    call('POST /api/orders/{id}/payment', {
      method: 'POST',
      path: (visit) => `/api/orders/${visit.orderId}/payment`,
      body: {},
      read: (answer, visit) => {
        visit.gatewayOrderId = answer.gatewayOrderId;
      },
    }),
    call('POST /api/payments/test-gateway', {
      method: 'POST',
      path: '/api/payments/test-gateway',
      body: (visit) => ({ gatewayOrderId: visit.gatewayOrderId, outcome: 'success' }),
      read: (answer, visit) => {
        visit.authorization = answer;
      },
    }),
    call('POST /api/payments/verify', { method: 'POST', path: '/api/payments/verify', body: (visit) => visit.authorization }),
    call('GET /api/orders/{id}', { path: (visit) => `/api/orders/${visit.orderId}` }),
    call('GET /api/orders', { path: '/api/orders' }),
    call('GET /api/kits', { path: '/api/kits' }),
    call('GET /api/questionnaires/results', { path: '/api/questionnaires/results' }),
  ];
}

const VISIT_CALLS = visitRequests({ productId: '', accounts: null }).map((request) => request.name);

// --- Measuring ---------------------------------------------------------------------------------------------------

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** CPU seconds a process has used so far (0 once it is gone). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The whole machine's busy CPU seconds (all cores). */
function machineSeconds() {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
}

/** Where the CPU went during a step: the API processes, their Postgres backends, the emulator, the bench itself. */
async function cpuMeter(context, apis) {
  const backendPids = async () =>
    (await context.postgres.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [DATABASE])).rows.map((row) => row.pid);
  const read = (pids) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const ownPids = [context.helper.child.pid];
  const startedAt = performance.now();
  const pgBefore = new Map((await backendPids()).map((pid) => [pid, cpuSeconds(pid)]));
  const before = {
    api: read(apis.map((api) => api.child.pid)),
    auth: cpuSeconds(context.emulator.child.pid),
    bench: process.cpuUsage(),
    helper: read(ownPids),
    machine: machineSeconds(),
  };
  return async () => {
    const seconds = (performance.now() - startedAt) / 1000;
    // Backends that ended during the step are not counted; those that began in it count from zero.
    let postgres = 0;
    for (const pid of await backendPids()) postgres += cpuSeconds(pid) - (pgBefore.get(pid) ?? 0);
    const usage = process.cpuUsage(before.bench);
    const cores = {
      api: (read(apis.map((api) => api.child.pid)) - before.api) / seconds,
      postgres: postgres / seconds,
      auth: (cpuSeconds(context.emulator.child.pid) - before.auth) / seconds,
      bench: ((usage.user + usage.system) / 1e6 + read(ownPids) - before.helper) / seconds,
      machine: (machineSeconds() - before.machine) / seconds,
    };
    cores.others = Math.max(0, cores.machine - cores.api - cores.postgres - cores.auth - cores.bench);
    return cores;
  };
}

/** One run of autocannon: `connections` virtual customers for `seconds`, every answer noted under its call. */
function measure(url, connections, seconds, requests) {
  const calls = new Map(VISIT_CALLS.map((name) => [name, { times: [], statuses: new Map() }]));
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers: BROWSER_HEADERS, requests }, (error, result) =>
      error ? reject(error) : resolve({ result, calls }),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      // autocannon moves to the next request only after telling of this answer.
      const call = calls.get(client.requestIterator.currentRequest.name);
      call.times.push(ms);
      call.statuses.set(status, (call.statuses.get(status) ?? 0) + 1);
    });
  });
}

function summarise(connections, { result, calls }, cores) {
  const seconds = result.duration;
  const rows = [];
  const failures = [];
  for (const [name, { times, statuses }] of calls) {
    times.sort((a, b) => a - b);
    rows.push({ name, count: times.length, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) });
    for (const [status, count] of statuses) if (status < 200 || status >= 300) failures.push(`${name} ${status} ×${count}`);
  }
  const count = (name) => calls.get(name).times.length;
  const ok = (name, status) => calls.get(name).statuses.get(status) ?? 0;
  const answered = rows.filter((row) => row.count > 0);
  const worst = answered.reduce((a, row) => (row.p95 > a.p95 ? row : a), answered[0] ?? { name: 'none', p95: NaN });
  const non2xx = [...calls.values()].reduce((sum, call) => sum + [...call.statuses].filter(([s]) => s < 200 || s >= 300).reduce((n, [, c]) => n + c, 0), 0);
  return {
    connections,
    seconds,
    requestsPerSecond: answered.reduce((sum, row) => sum + row.count, 0) / seconds,
    visitsPerMinute: (count('GET /') / seconds) * 60,
    paidPerMinute: (ok('POST /api/payments/verify', 200) / seconds) * 60,
    buyersPerSecond: count('POST /api/auth/session') / seconds,
    calls: rows,
    worst,
    non2xx,
    failures,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    unreadable: unreadable.count,
    errors: non2xx + result.errors + unreadable.count,
    cores,
  };
}

/** Enough unused accounts for a step whose buyers arrive at about `buyersPerSecond`, with room to spare. */
async function accountsFor(accounts, buyersPerSecond, seconds) {
  await accounts.topUp(Math.ceil(buyersPerSecond * seconds * 1.5) + 30);
}

async function step(context, apis, connections, seconds, expectedBuyers) {
  await accountsFor(context.accounts, expectedBuyers, seconds);
  context.accounts.missing();
  unreadable.count = 0;
  const meter = await cpuMeter(context, apis);
  const measured = await measure(context.url, connections, seconds, context.requests);
  const summary = summarise(connections, measured, await meter());
  summary.buyersWithoutAccount = context.accounts.missing();
  return summary;
}

const ms = (value) => (Number.isNaN(value) ? '–' : value >= 10 ? value.toFixed(0) : value.toFixed(1));

function stepLine(layout, s) {
  return (
    `  ${layout}, ${String(s.connections).padStart(3)} virtual customers: ${s.requestsPerSecond.toFixed(0)} req/s, ` +
    `${s.paidPerMinute.toFixed(0)} paid orders/min, slowest p95 ${ms(s.worst.p95)} ms (${s.worst.name}), ${s.errors} errors` +
    (s.buyersWithoutAccount ? `, ${s.buyersWithoutAccount} buyers found no account` : '')
  );
}

/** Warm-up (with enough virtual customers to reach every process), then the steps up to the knee. */
async function ramp(context, apis, name) {
  const warmConnections = Math.max(STEPS[0], 5);
  await context.accounts.topUp(100);
  const warm = await step(context, apis, warmConnections, WARMUP_SECONDS, 5);
  console.log(`  ${name}: warmed up for ${WARMUP_SECONDS} s at ${warmConnections} (${warm.requestsPerSecond.toFixed(0)} req/s)`);
  const steps = [];
  let rate = { connections: warmConnections, buyersPerSecond: warm.buyersPerSecond };
  for (const connections of STEPS) {
    // Fewer virtual customers wait less for each other, so a smaller step is not counted on to buy less.
    const expected = rate.buyersPerSecond * Math.max(1, connections / rate.connections);
    const s = await step(context, apis, connections, STEP_SECONDS, expected);
    steps.push(s);
    console.log(stepLine(name, s));
    rate = s;
    if (s.worst.p95 > KNEE_P95_MS) break;
  }
  const spread = await context.helper.ask();
  return { name, processes: apis.length, steps, connectionsPerProcess: Object.values(spread.connections) };
}

// --- The CPU profile ---------------------------------------------------------------------------------------------

/** A profile's source file as a module: a package, a Node.js internal or a file of ours. */
function moduleOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(V8 built-ins and native code)';
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  const path = url.replace(/^file:\/\//, '');
  const at = path.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const [scope, name] = path.slice(at + '/node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  return relative(ROOT, path);
}

/**
 * Self time of the samples taken between `from` and `to` (µs on the monotonic clock that V8 and hrtime share), and the
 * longest stretches in which the process never went idle: while one runs, no other request of the process moves.
 * A stretch is named after the innermost function of ours that most of its samples were in.
 */
function profileSummary(profile, from, to) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const owners = new Map();
  const ownerOf = (id) => {
    if (!owners.has(id)) {
      let owner;
      for (let at = id; at !== undefined && !owner; at = parents.get(at)) {
        // Without the line: tsx's output is what the profile counts lines of.
        const { functionName, url } = nodes.get(at).callFrame;
        if (/^(server|machines)\//.test(url ? moduleOf(url, functionName) : '')) owner = `${functionName || '(anonymous)'}  ${moduleOf(url, functionName)}`;
      }
      owners.set(id, owner ?? moduleOf(nodes.get(id).callFrame.url, nodes.get(id).callFrame.functionName));
    }
    return owners.get(id);
  };
  const perNode = new Map();
  const stretches = [];
  let stretch;
  let total = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i];
    if (time < from || time > to) return;
    total++;
    perNode.set(id, (perNode.get(id) ?? 0) + 1);
    if (nodes.get(id).callFrame.functionName === '(idle)') {
      if (stretch) stretches.push(stretch);
      stretch = undefined;
      return;
    }
    stretch ??= { microseconds: 0, owners: new Map() };
    const delta = profile.timeDeltas[i + 1] ?? 0;
    stretch.microseconds += delta;
    stretch.owners.set(ownerOf(id), (stretch.owners.get(ownerOf(id)) ?? 0) + delta);
  });
  if (stretch) stretches.push(stretch);
  const functions = new Map();
  const modules = new Map();
  let idle = 0;
  for (const [id, count] of perNode) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)') {
      idle += count;
      continue;
    }
    const where = url ? `${moduleOf(url, functionName)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where ? `  ${where}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + count);
    const module = moduleOf(url, functionName);
    modules.set(module, (modules.get(module) ?? 0) + count);
  }
  const busy = total - idle;
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, count]) => ({ name, share: count / busy }));
  const ours = [...modules].filter(([module]) => /^(server|machines|openapi)\//.test(module)).reduce((sum, [, count]) => sum + count, 0);
  const longest = stretches
    .sort((a, b) => b.microseconds - a.microseconds)
    .slice(0, 5)
    .map((s) => ({ ms: s.microseconds / 1000, in: [...s.owners].sort((a, b) => b[1] - a[1])[0][0] }));
  return { samples: total, busyShare: busy / total, oursShare: ours / busy, functions: top(functions, 15), modules: top(modules, 20), longest };
}

/**
 * What the shop's Postgres sessions are doing, sampled every 100 ms until the returned function is called: how many
 * are in each state on average (running, waiting on an event, or idle in a transaction while their process is busy
 * elsewhere), with the start of their statement (the last one, when idle).
 */
function postgresSampler(postgres) {
  const states = new Map();
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await postgres.query(
        `SELECT CASE WHEN state = 'active' THEN coalesce(wait_event_type || ': ' || wait_event, 'running') ELSE state END AS state,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS statement
           FROM pg_stat_activity WHERE datname = $1 AND state IN ('active', 'idle in transaction') AND backend_type = 'client backend'`,
        [DATABASE],
      );
      samples++;
      for (const { state, statement } of rows) states.set(`${state}  ${statement}`, (states.get(`${state}  ${statement}`) ?? 0) + 1);
      await pause(100);
    }
  })();
  return async () => {
    stopped = true;
    await sampling;
    const sessions = (count) => count / Math.max(1, samples);
    return {
      samples,
      active: sessions([...states.values()].reduce((sum, count) => sum + count, 0)),
      top: [...states]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([what, count]) => ({ what, sessions: sessions(count) })),
    };
  };
}

/** A short run at `connections` with the first API process under `--cpu-prof`; its profile, cut to the run. */
async function profileRun(context, processes, at) {
  const { connections } = at;
  const dir = join(DATA_DIR, 'profile');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const apis = await startApis(processes, context, 'profile', true);
  let window;
  try {
    await context.helper.route(apis.map((api) => api.port));
    await step(context, apis, connections, 3, at.buyersPerSecond);
    const now = () => Number(process.hrtime.bigint() / 1000n);
    const from = now();
    const postgres = postgresSampler(context.postgres);
    const measured = await step(context, apis, connections, PROFILE_SECONDS, at.buyersPerSecond);
    window = { from, to: now(), measured, postgres: await postgres() };
  } finally {
    await stopApis(apis);
  }
  // The main thread's profile is the one with work in the window (the module loader's thread writes one too).
  const summaries = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => profileSummary(JSON.parse(readFileSync(join(dir, file), 'utf8')), window.from, window.to))
    .filter((summary) => summary.samples > 0)
    .sort((a, b) => b.samples * b.busyShare - a.samples * a.busyShare);
  if (!summaries.length) throw new Error(`no CPU profile with samples in the run was written to ${dir}`);
  return { connections, processes, seconds: PROFILE_SECONDS, step: window.measured, postgres: window.postgres, ...summaries[0] };
}

// --- Report ------------------------------------------------------------------------------------------------------

function verdict(layout) {
  const passing = layout.steps.filter((s) => s.errors === 0 && s.worst.p95 <= P95_BUDGET_MS);
  const best = passing.reduce((a, s) => (!a || s.paidPerMinute > a.paidPerMinute ? s : a), undefined);
  const knee = layout.steps.find((s) => s.worst.p95 > KNEE_P95_MS);
  const peak = layout.steps.reduce((a, s) => (s.requestsPerSecond > a.requestsPerSecond ? s : a), layout.steps[0]);
  return { best, knee, peak };
}

function printLayout(layout) {
  const { best, knee } = verdict(layout);
  const spread = layout.processes > 1 ? `; the balancer's connections per process ${layout.connectionsPerProcess.join(' / ')}` : '';
  console.log(`\n${layout.name} (${STEP_SECONDS} s per step after ${WARMUP_SECONDS} s to warm up${spread})`);
  console.log('  virtual    req/s  visits/min  paid/min  errors  slowest p95                                   CPU cores: API  Postgres  Auth  bench  others');
  for (const s of layout.steps) {
    const c = s.cores;
    console.log(
      `  ${String(s.connections).padStart(7)}  ${s.requestsPerSecond.toFixed(0).padStart(7)}  ${s.visitsPerMinute.toFixed(0).padStart(10)}  ` +
        `${s.paidPerMinute.toFixed(0).padStart(8)}  ${String(s.errors).padStart(6)}  ${`${ms(s.worst.p95)} ms  ${s.worst.name}`.padEnd(45)}` +
        `       ${c.api.toFixed(2)}      ${c.postgres.toFixed(2)}  ${c.auth.toFixed(2)}   ${c.bench.toFixed(2)}    ${c.others.toFixed(2)}` +
        `${s === best ? '  ← best passing' : ''}${s === knee ? '  ← knee' : ''}`,
    );
  }
  console.log(`\n  p50 / p95 / p99 (ms) by call and virtual customers`);
  console.log(`  ${'call'.padEnd(34)}${layout.steps.map((s) => String(s.connections).padStart(20)).join('')}`);
  for (const name of VISIT_CALLS) {
    const cells = layout.steps.map((s) => {
      const row = s.calls.find((r) => r.name === name);
      return ` ${(row.count ? `${ms(row.p50)} / ${ms(row.p95)} / ${ms(row.p99)}` : '–').padStart(19)}`;
    });
    console.log(`  ${name.padEnd(34)}${cells.join('')}`);
  }
  for (const s of layout.steps) {
    const problems = [...s.failures];
    if (s.socketErrors) problems.push(`${s.socketErrors} socket errors (${s.timeouts} timeouts)`);
    if (s.unreadable) problems.push(`${s.unreadable} answers the visitor could not read`);
    if (s.buyersWithoutAccount) problems.push(`${s.buyersWithoutAccount} buyers found no unused account and only browsed`);
    if (problems.length) console.log(`  errors at ${s.connections}: ${problems.join(', ')}`);
  }
  console.log(
    `  best passing step (p95 ≤ ${P95_BUDGET_MS} ms, no error): ${best ? `${best.connections} virtual customers, ${best.paidPerMinute.toFixed(0)} paid orders/min` : 'none'}; ` +
      `knee (a p95 over ${KNEE_P95_MS} ms): ${knee ? `${knee.connections} virtual customers (${knee.worst.name})` : `beyond ${layout.steps.at(-1).connections}`}`,
  );
}

function printProfile(profile) {
  const pct = (share) => `${(share * 100).toFixed(1).padStart(5)} %`;
  console.log(
    `\nCPU profile of one of ${profile.processes} API processes at ${profile.connections} virtual customers (${profile.seconds} s, ${profile.samples} samples, ` +
      `${profile.step.requestsPerSecond.toFixed(0)} req/s, slowest p95 ${ms(profile.step.worst.p95)} ms): busy ${pct(profile.busyShare).trim()} of the time; ` +
      `shares below are of its busy time (self time). Our own code (server/, machines/): ${pct(profile.oursShare).trim()}`,
  );
  console.log('  by module');
  for (const m of profile.modules) console.log(`    ${pct(m.share)}  ${m.name}`);
  console.log('  top functions');
  for (const f of profile.functions) console.log(`    ${pct(f.share)}  ${f.name}`);
  console.log('  longest stretches without going idle (no other request of the process moves meanwhile)');
  for (const s of profile.longest) console.log(`    ${ms(s.ms).padStart(5)} ms  mostly in ${s.in}`);
  const { postgres } = profile;
  console.log(
    `  the shop's Postgres sessions meanwhile (all its processes; ${postgres.samples} samples 100 ms apart): ${postgres.active.toFixed(1)} ` +
      'on average active or idle in a transaction',
  );
  for (const t of postgres.top) console.log(`    ${t.sessions.toFixed(2).padStart(5)}  ${t.what}`);
}

// --- Main --------------------------------------------------------------------------------------------------------

async function withDatabase(postgres, use) {
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${DATABASE}`;
  await postgres.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await postgres.query(`CREATE DATABASE ${DATABASE}`);
  return use(databaseUrl.toString());
}

async function main() {
  if (args.includes('--helper')) return runHelper();
  mkdirSync(DATA_DIR, { recursive: true });
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('  no build in dist/: building the shop first');
    await new Promise((resolve, reject) =>
      spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...DEMO_FIREBASE_WEB_CONFIG },
      }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)))),
    );
  }

  const postgres = new pg.Client({ connectionString: POSTGRES_URL });
  await postgres.connect();
  const helper = startHelper();
  let emulator;
  const cleanUp = async () => {
    await Promise.all([...children].filter((child) => child !== helper.child).map((child) => stop(child)));
    helper.child.kill('SIGTERM');
    if (emulator) rmSync(emulator.config, { force: true });
    await postgres.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
    await postgres.end().catch(() => {});
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  const layouts = [];
  let profile;
  let mails;
  let accountsMade;
  const started = performance.now();
  try {
    emulator = await startEmulator();
    console.log(`  Auth emulator ready after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const { balancerPort, smtpPort } = await helper.ask();
    const accounts = accountsOf(emulator.host);
    const url = `http://127.0.0.1:${balancerPort}`;
    console.log(`\nCustomer path under load: ${Math.round(BUY_SHARE * 100)} % of visits buy; steps ${STEPS.join(', ')} virtual customers; Postgres database ${DATABASE}`);
    for (const [index, processes] of LAYOUTS.entries()) {
      const name = processes === 1 ? 'One API process' : processes === 2 ? 'Two API processes' : `${processes} API processes`;
      await withDatabase(postgres, async (databaseUrl) => {
        accounts.freshDatabase();
        const context = { databaseUrl, emulatorHost: emulator.host, smtpPort, helper, emulator, postgres, accounts, url };
        const apis = await startApis(processes, context, processes === 1 ? 'one-process' : `${processes}-processes`);
        let layout;
        try {
          await helper.route(apis.map((api) => api.port));
          const products = await (await fetch(`${url}/api/products`)).json();
          const productId = products.data.find((product) => product.slug === KIT_SLUG)?._id;
          if (!productId) throw new Error(`the catalogue has no kit "${KIT_SLUG}"`);
          context.requests = visitRequests({ productId, accounts });
          layout = await ramp(context, apis, name);
          layouts.push(layout);
        } finally {
          await stopApis(apis);
        }
        // The profile: the first layout, at its knee (or its last step), on the same database.
        if (index === 0 && PROFILE_SECONDS > 0) {
          const { knee } = verdict(layout);
          profile = await profileRun(context, processes, knee ?? layout.steps.at(-1));
          console.log(`  profiled one API process at ${profile.connections} virtual customers for ${PROFILE_SECONDS} s`);
        }
      });
    }
    mails = (await helper.ask()).mails;
    accountsMade = accounts.made;
  } finally {
    await cleanUp();
  }

  for (const layout of layouts) printLayout(layout);
  const [first, second] = layouts.map((layout) => ({ layout, ...verdict(layout) }));
  if (first && second) {
    const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
    console.log(`\n${first.layout.name} compared with ${second.layout.name[0].toLowerCase()}${second.layout.name.slice(1)}`);
    console.log(
      `  peak throughput: ${first.peak.requestsPerSecond.toFixed(0)} against ${second.peak.requestsPerSecond.toFixed(0)} req/s (${ratio(first.peak.requestsPerSecond, second.peak.requestsPerSecond)}), ` +
        `${first.peak.paidPerMinute.toFixed(0)} against ${second.peak.paidPerMinute.toFixed(0)} paid orders/min`,
    );
    if (first.best && second.best) {
      console.log(
        `  best passing step: ${first.best.paidPerMinute.toFixed(0)} paid orders/min at ${first.best.connections} against ` +
          `${second.best.paidPerMinute.toFixed(0)} at ${second.best.connections} (${ratio(first.best.paidPerMinute, second.best.paidPerMinute)})`,
      );
    }
    const knee = (v) => (v.knee ? `${v.knee.connections}` : `beyond ${v.layout.steps.at(-1).connections}`);
    console.log(`  knee: ${knee(first)} against ${knee(second)} virtual customers`);
  }
  if (profile) printProfile(profile);
  console.log(`\n  ${mails ?? 0} e-mails sent by the shop over SMTP; ${accountsMade} accounts made in the Auth emulator`);
  console.log(`  server log (warn and above): ${serverProblems.warnings} warnings, ${serverProblems.errors} errors${serverProblems.samples.length ? '; first of each kind:' : ''}`);
  for (const sample of serverProblems.samples) console.log(`    [${sample.label}] ${sample.level}: ${sample.what}\n      ${sample.line}`);
  console.log(`  the whole run took ${((performance.now() - started) / 60_000).toFixed(1)} min; logs in ${relative(ROOT, DATA_DIR)}/`);
  writeFileSync(join(DATA_DIR, 'last-run.json'), JSON.stringify({ layouts, profile, serverProblems, mails }, null, 2));

  const budgeted = layouts.find((layout) => layout.processes === 2);
  if (!budgeted) return;
  const { best } = verdict(budgeted);
  const broken = [];
  if (!best) broken.push(`two API processes: no step had every call's p95 ≤ ${P95_BUDGET_MS} ms and no error`);
  else if (best.paidPerMinute < PAID_PER_MINUTE_BUDGET) {
    broken.push(`two API processes: ${best.paidPerMinute.toFixed(0)} paid orders/min at the best passing step < ${PAID_PER_MINUTE_BUDGET}`);
  }
  if (broken.length) {
    console.error(`\nCustomer path budget broken:\n  ${broken.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`\nCustomer path budget met on two API processes (≥ ${PAID_PER_MINUTE_BUDGET} paid orders/min, every call's p95 ≤ ${P95_BUDGET_MS} ms, no error).`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
