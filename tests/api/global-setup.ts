/**
 * Starts the Firebase Auth emulator once for the whole API test run, unless FIREBASE_AUTH_EMULATOR_HOST already
 * points at one, then makes the databases each test app starts from (`setup/templates.ts`). Tests read the host with
 * `inject('firebaseAuthEmulatorHost')` and the templates with `inject('databaseTemplates')`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeDatabaseTemplates, type DatabaseTemplates } from './setup/templates';

declare module 'vitest' {
  export interface ProvidedContext {
    firebaseAuthEmulatorHost: string;
    databaseTemplates: DatabaseTemplates;
  }
}

const PROJECT_ID = 'demo-gut-shop';
const STARTUP_TIMEOUT_MS = 90_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(host: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://${host}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The Auth emulator did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The templates, provided to the tests; the returned function removes them. */
async function provideTemplates(project: TestProject, emulatorHost: string): Promise<() => Promise<void>> {
  const directory = mkdtempSync(join(tmpdir(), 'gut-shop-api-templates-'));
  try {
    const { templates, remove } = await makeDatabaseTemplates(emulatorHost, directory);
    project.provide('databaseTemplates', templates);
    return async () => {
      await remove();
      rmSync(directory, { recursive: true, force: true });
    };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (existing) {
    project.provide('firebaseAuthEmulatorHost', existing);
    return provideTemplates(project, existing);
  }

  const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${authPort}`;
  // A scratch directory: the emulator writes its config lookups and debug log beside firebase.json.
  const workDir = mkdtempSync(join(tmpdir(), 'gut-shop-auth-emulator-'));
  const configPath = join(workDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const require = createRequire(import.meta.url);
  const firebaseBin = join(dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [firebaseBin, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configPath],
    { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitUntilReady(host, child, () => output);
  } catch (error) {
    await stop(child);
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('firebaseAuthEmulatorHost', host);
  const stopEmulator = async () => {
    await stop(child);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    const removeTemplates = await provideTemplates(project, host);
    return async () => {
      await removeTemplates();
      await stopEmulator();
    };
  } catch (error) {
    await stopEmulator();
    throw error;
  }
}
