/**
 * Builds the shop and starts the real stack (Auth emulator + API serving the build) once for the whole run, on its
 * own ports and data directory so that it can run beside `npm start`. Playwright calls the returned function as
 * the teardown.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { E2E_EMULATOR_PORT, E2E_PORT } from './ports';

interface StackModule {
  run: (command: string, args: string[], options?: { env?: NodeJS.ProcessEnv }) => Promise<void>;
  startStack: (options: {
    port: number;
    emulatorPort: number;
    dataDir: string;
    distDir: string;
    quiet?: boolean;
    env?: Record<string, string>;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
  browserTestBuild: () => { dataDir: string; distDir: string; command: string; args: string[]; env: Record<string, string> };
}

/** A port already in use would let the health check succeed against someone else's server. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} is in use; the end-to-end stack needs ports ${E2E_PORT} and ${E2E_EMULATOR_PORT}-${E2E_EMULATOR_PORT + 2}.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const stackUrl = pathToFileURL(join(import.meta.dirname, '../../scripts/stack.mjs')).href;
  const { run, startStack, browserTestBuild } = (await import(stackUrl)) as StackModule;
  const build = browserTestBuild();
  const { dataDir, distDir } = build;

  for (const port of [E2E_PORT, E2E_EMULATOR_PORT, E2E_EMULATOR_PORT + 1, E2E_EMULATOR_PORT + 2]) await assertPortFree(port);

  // The suite owns its emulator: the build and the server must both point at the one started here.
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  // Every run starts from a freshly migrated and seeded database.
  rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });

  // `npm test` has built it already, beside the typecheck.
  if (process.env.E2E_BUILT_DIST !== distDir) await run(build.command, build.args, { env: { ...process.env, ...build.env } });

  const stack = await startStack({
    port: E2E_PORT,
    emulatorPort: E2E_EMULATOR_PORT,
    dataDir,
    distDir,
    quiet: !process.env.E2E_STACK_LOGS,
    env: {
      // The embedded database under dataDir even when the shell points at a real Postgres.
      DATABASE_URL: '',
      PGLITE_DATA_DIR: join(dataDir, 'pglite'),
      // The suite signs in far more often than a person could; the limit itself is covered by the API tests.
      SESSION_RATE_LIMIT_PER_MINUTE: '1000',
      AUTH_CHALLENGE_RATE_LIMIT_PER_MINUTE: '1000',
      CONTACT_MESSAGES_PER_HOUR: '100',
    },
  });
  return () => stack.stop();
}
