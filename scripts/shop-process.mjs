/**
 * The shop as a real process, for the scripts that check what only real processes show (`restore:check`, `drill`):
 * the API server (`server/main.ts`) on a database of the caller's, its calls made as a browser makes them, and a
 * session made as sign-in makes one (sign-in itself needs Firebase).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

/** A delivery address the address rules accept (Karnataka, as the demo seller: CGST and SGST). */
export const ADDRESS = {
  name: 'Chetan Customer',
  phone: '9800000004',
  line1: '14 Residency Road',
  line2: 'Near Richmond Circle',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560025',
};

/**
 * The API server on `databaseUrl`, on a free port of 127.0.0.1, with nothing that reaches outside this machine
 * whatever the environment says: e-mail built and dropped, SMS logged, the built-in test gateway, no Firebase keys
 * (the demo accounts get their profiles without sign-in accounts). `env` adds to that or overrides it (a mail server
 * of the caller's, say). Its output is kept in `lines`, and written to `logFile` when given.
 *
 * `url` resolves with the address once the process says it is running; `exited` with `{ code, signal }`.
 */
export function startShop({ databaseUrl, env = {}, name = 'shop', logFile, startTimeoutMs = 120_000 }) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'info',
      MAIL_CATCHER: 'false',
      SMTP_URL: '',
      SMS_PROVIDER: 'log',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      RAZORPAY_WEBHOOK_SECRET: '',
      RAZORPAY_API_URL: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_SERVICE_ACCOUNT: '',
      FIREBASE_WEB_API_KEY: '',
      GHOST_URL: '',
      GHOST_CONTENT_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : undefined;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      shop.exitedAt = Date.now();
      shop.outcome = { code, signal };
      resolve(shop.outcome);
    }),
  );
  const shop = { name, child, lines, exited, logFile, startedAt: Date.now(), exitedAt: undefined, outcome: undefined };
  void exited.then(() => file?.end());
  shop.url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${startTimeoutMs / 1000} s`)), startTimeoutMs);
    let partial = '';
    const read = (chunk) => {
      file?.write(chunk);
      const text = partial + chunk.toString();
      const complete = text.split('\n');
      partial = complete.pop() ?? '';
      for (const line of complete) {
        if (!line.trim()) continue;
        lines.push(line);
        const running = line.match(/running at http:\/\/[^:]+:(\d+)/);
        if (running) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${running[1]}`);
        }
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code ?? signal} before it was running`));
    });
  });
  // Nobody may be waiting for the address when the process dies later: that is no unhandled rejection.
  shop.url.catch(() => {});
  return shop;
}

/**
 * Sends SIGTERM and waits up to `timeoutMs` for the process to exit by itself; past that it is killed. Resolves
 * with how it exited (`outcome` undefined when it had to be killed) and the milliseconds from the signal.
 */
export async function terminate(shop, timeoutMs) {
  const signalled = Date.now();
  if (shop.outcome) return { outcome: shop.outcome, ms: 0 };
  shop.child.kill('SIGTERM');
  let timer;
  const outcome = await Promise.race([
    shop.exited,
    new Promise((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (!outcome) {
    shop.child.kill('SIGKILL');
    await shop.exited;
  }
  return { outcome, ms: (shop.exitedAt ?? Date.now()) - signalled };
}

/** What the shop logged, as objects (its log lines are JSON; anything else is kept as `msg`). */
export function logOf(shop) {
  return shop.lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      return { msg: line };
    }
  });
}

/** One API call as the SPA makes it; the body read whole, and parsed when it is JSON. Network errors reject. */
export async function call(base, method, path, { token, body, headers = {}, timeoutMs = 20_000 } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json;
  try {
    json = JSON.parse(bytes.toString());
  } catch {
    json = undefined;
  }
  return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, bytes, json };
}

/**
 * A session for user `userId`, made as `POST /api/auth/session` makes one (server/plugins/auth.ts): a random bearer
 * token, of which the table keeps the SHA-256. `client` is a connected pg client on the shop's database.
 */
export async function newSession(client, userId) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await client.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [tokenHash, userId]);
  return token;
}
