/**
 * The databases every test app starts from, made once per run by the global setup: one migrated, one migrated and
 * seeded with the demo data, on PGlite (dumped data directories) and, when the run includes it, on Postgres
 * (template databases). A test app then starts from a copy in a fraction of a second (`CREATE DATABASE … TEMPLATE`,
 * or PGlite's `loadDataDir`) instead of migrating and seeding again, and still runs `prepareData` as a server does
 * on every start, which finds nothing left to do but the job queue.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, prepareData } from '../../../server/app';
import { defineConfig, type Config } from '../../../server/config';
import { openPglite } from '../../../server/db/pglite';

export interface DatabaseTemplates {
  /** Dumped PGlite data directories (tar files). */
  pglite: { migrated: string; seeded: string };
  /** Template databases on the test Postgres, when the run includes it. */
  postgres?: { migrated: string; seeded: string };
}

const env = process.env;
export const POSTGRES_URL =
  env.PG_TEST_URL ??
  env.DATABASE_URL ??
  `postgres://${env.PGUSER ?? 'postgres'}@${env.PGHOST ?? '127.0.0.1'}:${env.PGPORT ?? '5432'}/${env.PGDATABASE ?? 'test'}`;

export const withPostgres =
  env.PG_TESTS === '1' || (env.PG_TESTS !== '0' && Boolean(env.DATABASE_URL || env.PGHOST || env.PGDATABASE));

/** The test Postgres URL with another database named. */
export function postgresUrlFor(database: string): string {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Database names are identifiers the tests make themselves; this keeps them to letters, digits and underscores. */
export function databaseIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name the tests make: ${name}`);
  return name;
}

/** The configuration of a test app: quiet, in-memory PGlite unless a database is named, demo data unless turned off. */
export function testConfigFor(emulatorHost: string | undefined, overrides: Partial<Config> = {}): Config {
  return defineConfig({
    nodeEnv: 'test',
    logLevel: 'silent',
    pgliteDataDir: 'memory://',
    firebaseAuthEmulatorHost: emulatorHost,
    demoData: true,
    staticDir: undefined,
    ...overrides,
  });
}

async function pgliteTemplate(emulatorHost: string, demoData: boolean, path: string): Promise<void> {
  const db = await openPglite('memory://');
  const app = await buildApp(testConfigFor(emulatorHost, { demoData }), { db });
  try {
    await prepareData(app);
    await writeFile(path, Buffer.from(await (await db.dump()).arrayBuffer()));
  } finally {
    await app.close();
  }
}

async function postgresTemplate(emulatorHost: string, demoData: boolean, database: string): Promise<void> {
  await withAdminClient((client) => client.query(`CREATE DATABASE ${databaseIdentifier(database)}`));
  const app = await buildApp(testConfigFor(emulatorHost, { demoData, databaseUrl: postgresUrlFor(database) }));
  try {
    await prepareData(app);
  } finally {
    await app.close();
  }
}

/** Makes the templates; the returned function removes them. */
export async function makeDatabaseTemplates(emulatorHost: string, directory: string): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const pglite = { migrated: join(directory, 'migrated.tar'), seeded: join(directory, 'seeded.tar') };
  // The demo data's accounts go into the emulator first, and only once.
  await pgliteTemplate(emulatorHost, true, pglite.seeded);
  if (!withPostgres) {
    await pgliteTemplate(emulatorHost, false, pglite.migrated);
    return { templates: { pglite }, remove: async () => {} };
  }

  const run = randomUUID().replace(/-/g, '').slice(0, 12);
  const postgres = { migrated: `api_template_${run}_migrated`, seeded: `api_template_${run}_seeded` };
  const remove = () =>
    withAdminClient(async (client) => {
      for (const database of Object.values(postgres)) await client.query(`DROP DATABASE IF EXISTS ${databaseIdentifier(database)} WITH (FORCE)`);
    });
  try {
    // Postgres does its part in its own processes, beside PGlite's in this one.
    await Promise.all([
      pgliteTemplate(emulatorHost, false, pglite.migrated),
      postgresTemplate(emulatorHost, true, postgres.seeded),
      postgresTemplate(emulatorHost, false, postgres.migrated),
    ]);
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { pglite, postgres }, remove };
}
