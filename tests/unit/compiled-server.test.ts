/**
 * The server as production runs it: built by `scripts/build-server.mjs` (here into a folder of its own) and started
 * with plain node, no TypeScript at run time, from another working directory. It must find what it reads beside its
 * sources (the migrations, the contract, the PDF fonts), render its e-mail, and stop on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../server/db/seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS = readdirSync(join(ROOT, 'server/db/migrations')).filter((name) => name.endsWith('.sql')).sort();

/** Resolves with the port once the server says where it listens; rejects if it exits or takes longer than `ms`. */
function listening(server: ChildProcess, output: () => string, ms: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${ms / 1000} s:\n${output()}`)), ms);
    const check = () => {
      const port = /Gut shop is running at http:\/\/[^:]+:(\d+)/.exec(output())?.[1];
      if (port) {
        clearTimeout(timer);
        server.stdout?.off('data', check);
        resolve(Number(port));
      }
    };
    server.stdout?.on('data', check);
    server.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code ?? signal}:\n${output()}`));
    });
  });
}

function exited(server: ChildProcess): Promise<number | string | null> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve(server.exitCode ?? server.signalCode);
  return new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
}

describe('the compiled server', () => {
  let outDir = '';
  let workDir = '';
  let server: ChildProcess | undefined;

  beforeAll(() => {
    // Inside the project, where the bundle's imports find node_modules; .data/ is ignored by git.
    mkdirSync(join(ROOT, '.data'), { recursive: true });
    outDir = mkdtempSync(join(ROOT, '.data', 'compiled-server-'));
    workDir = mkdtempSync(join(tmpdir(), 'gut-shop-compiled-'));
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), `--out-dir=${outDir}`], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
  }, 30_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited(server);
    }
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('starts with plain node on a new database, answers, sends e-mail and stops on SIGTERM', async () => {
    let output = '';
    server = spawn(process.execPath, [join(outDir, 'main.js')], {
      cwd: workDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Only what the test means: no DATABASE_URL, emulator or NODE_ENV of the run's own.
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0',
        STATIC_DIR: '',
        PGLITE_DATA_DIR: join(workDir, 'pglite'),
        MAIL_CATCHER: 'true',
      },
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A first start makes and migrates the database (PGlite's initdb in WebAssembly): most of the test's time.
    const base = `http://127.0.0.1:${await listening(server, () => output, 60_000)}`;

    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const products = (await (await fetch(`${base}/api/products`)).json()) as { data: { code: string }[] };
    expect(products.data.map((product) => product.code)).toEqual(DEMO_PRODUCTS.map((product) => product.code));

    const logs = output.split('\n').flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as { msg?: string; applied?: string[] }] : []));
    expect(logs.find((entry) => entry.msg === 'database migrated')?.applied).toEqual(MIGRATIONS);

    const cookbook = await fetch(`${base}/api/cookbook.pdf`);
    expect(cookbook.status).toBe(200);
    expect(Buffer.from(await cookbook.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

    const email = 'compiled-server@example.test';
    const sent = await fetch(`${base}/api/contact-messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ravi Kumar', email, topic: 'order', message: 'Where is my kit, please?' }),
    });
    expect(sent.status).toBe(201);
    await expect
      .poll(
        async () => {
          const caught = (await (await fetch(`${base}/_dev/mail.json`)).json()) as { mail: { to: string[]; html: string }[] };
          return caught.mail.find((mail) => mail.to.includes(email))?.html ?? '';
        },
        { timeout: 15_000, interval: 250 },
      )
      // The acknowledgement names the message by its reference and topic, never by the visitor's own words.
      .toMatch(/CM-\d{6}[\s\S]*An order, payment or invoice/);

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
  }, 90_000);
});
