#!/usr/bin/env node
/**
 * `npm start`: install what is missing, build the shop and the server, start the Auth emulator and the API (which
 * migrates and seeds the embedded database), serve everything on one port. The API is the compiled
 * `dist-server/main.js` that production runs, built afresh each time (well under a second beside the shop's build).
 * `npm run dev` does the same with Vite's dev server and the API's TypeScript sources through tsx, without a build.
 */
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();

const { run, startStack, viteEnv } = await import('./stack.mjs');
const { buildServer } = await import('./build-server.mjs');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 8080);
const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const production = process.env.NODE_ENV === 'production';
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? (production ? undefined : `127.0.0.1:${emulatorPort}`);

/** node's arguments that start the API; unset runs its sources through tsx. */
let server;
if (!dev) {
  console.log('Building the shop…');
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    env: { ...process.env, ...viteEnv(emulatorHost) },
  });
  // Source maps: errors name the TypeScript files and lines, as they did when the sources ran.
  server = ['--enable-source-maps', await buildServer()];
}

let stack;
try {
  stack = await startStack({ port, emulatorPort, dev, server });
} catch (error) {
  console.error(`\nThe shop could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(`\nThe shop is ready: ${stack.url}${dev ? `  (API on http://localhost:${port}; add ?inspect to watch the machines)` : ''}`);
if (!production) {
  console.log('Demo accounts, password Passw0rd!:');
  for (const role of ['admin', 'doctor', 'nutritionist', 'customer']) console.log(`  ${role.padEnd(13)} ${role}@demo.test`);
  if (!process.env.SMTP_URL) console.log(`What the shop e-mails and texts (caught locally): http://localhost:${port}/_dev/mail`);
}
console.log('Press Ctrl-C to stop.');

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
setInterval(() => {
  if (!stopping && !stack.alive()) {
    console.error('A part of the shop stopped unexpectedly; stopping the rest.');
    void shutdown();
  }
}, 1000);
