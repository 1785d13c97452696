/**
 * Starts the whole local stack: the Firebase Auth emulator, the API server (which migrates and seeds the database)
 * and, for development, Vite. Used by `npm start`, `npm run dev` and the end-to-end tests.
 */
import { createServer as createNetServer } from 'node:net';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_EMULATOR_PORT, E2E_PORT } from './e2e-ports.mjs';

export const ROOT = new URL('..', import.meta.url).pathname;

/** Runs a command to completion, inheriting the terminal; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

/** Resolves when `url` answers (any HTTP status), or rejects after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process behind ${url} stopped`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function prefixed(child, label, quiet) {
  const write = (stream) => (chunk) => {
    if (quiet) return;
    for (const line of chunk.toString().split('\n')) if (line.trim()) stream.write(`[${label}] ${line}\n`);
  };
  child.stdout?.on('data', write(process.stdout));
  child.stderr?.on('data', write(process.stderr));
}

/**
 * @param {{ port?: number, emulatorPort?: number, dataDir?: string, distDir?: string, dev?: boolean,
 *           quiet?: boolean, env?: Record<string,string>, server?: string[] }} options
 *   `server`: node's arguments that start the API; its TypeScript sources through tsx unless given (`npm start`
 *   gives the compiled `dist-server/main.js`).
 */
export async function startStack(options = {}) {
  const port = options.port ?? Number(process.env.PORT ?? 8080);
  const emulatorPort = options.emulatorPort ?? Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
  const dataDir = options.dataDir ?? join(ROOT, '.data');
  const distDir = options.distDir ?? join(ROOT, 'dist');
  const children = [];
  const alive = new Set();
  const track = (child, label) => {
    children.push(child);
    alive.add(child);
    child.on('exit', () => alive.delete(child));
    prefixed(child, label, options.quiet);
    return child;
  };

  const stop = async () => {
    for (const child of children.reverse()) {
      if (!alive.has(child)) continue;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
  };

  try {
    let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const production = process.env.NODE_ENV === 'production';
    if (!emulatorHost && !production) {
      // Its own config file, so that several stacks (a running shop, the tests) can run side by side.
      mkdirSync(dataDir, { recursive: true });
      const config = join(dataDir, `firebase.${emulatorPort}.json`);
      writeFileSync(
        config,
        JSON.stringify({
          emulators: {
            auth: { host: '127.0.0.1', port: emulatorPort },
            hub: { host: '127.0.0.1', port: emulatorPort + 1 },
            logging: { host: '127.0.0.1', port: emulatorPort + 2 },
            ui: { enabled: false },
            singleProjectMode: true,
          },
        }),
      );
      emulatorHost = `127.0.0.1:${emulatorPort}`;
      const emulator = track(
        spawn(
          process.execPath,
          [join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'), 'emulators:start', '--only', 'auth',
            '--project', process.env.FIREBASE_PROJECT_ID ?? 'demo-gut-shop', '--config', config],
          { cwd: dataDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', NO_UPDATE_NOTIFIER: '1' } },
        ),
        'auth',
      );
      await waitForUrl(`http://${emulatorHost}/`, 120_000, () => alive.has(emulator));
    }

    const serverEnv = {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: options.dev ? '' : distDir,
      PGLITE_DATA_DIR: process.env.PGLITE_DATA_DIR ?? join(dataDir, 'pglite'),
      ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
      ...options.env,
    };
    const server = track(
      spawn(process.execPath, options.server ?? ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
        cwd: ROOT,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: serverEnv,
      }),
      'api',
    );
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, 120_000, () => alive.has(server));

    let url = `http://localhost:${port}`;
    if (options.dev) {
      const vitePort = port + 1;
      track(
        spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(vitePort), '--strictPort'], {
          cwd: ROOT,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, ...viteEnv(emulatorHost), API_URL: `http://127.0.0.1:${port}` },
        }),
        'vite',
      );
      await waitForUrl(`http://127.0.0.1:${vitePort}/`, 60_000);
      url = `http://localhost:${vitePort}`;
    }
    return { url, port, emulatorHost, stop, alive: () => children.every((c) => alive.has(c)) };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The web configuration of the local demo project, which exists only in the Auth emulator. */
export const DEMO_FIREBASE_WEB_CONFIG = {
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-gut-shop.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-gut-shop',
};

/** The SPA's build-time settings for a stack that uses the emulator: the demo project and where the emulator is. */
export function viteEnv(emulatorHost) {
  return emulatorHost ? { ...DEMO_FIREBASE_WEB_CONFIG, VITE_FIREBASE_AUTH_EMULATOR_URL: `http://${emulatorHost}` } : {};
}

/**
 * The browser tests' build of the shop (pointed at their own Auth emulator) and where their stack keeps it and its
 * database. `npm test` builds it beside the typecheck and hands it to the suite's global setup (E2E_BUILT_DIST).
 */
export function browserTestBuild() {
  const dataDir = join(ROOT, `.data/e2e-${E2E_PORT}`);
  const distDir = join(dataDir, 'dist');
  return {
    dataDir,
    distDir,
    command: process.execPath,
    args: ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    env: viteEnv(`127.0.0.1:${E2E_EMULATOR_PORT}`),
  };
}

/** A port free on 127.0.0.1 right now (the system's choice), for a process started next. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
