/**
 * The real server on each database backend: PGlite in memory always, and a real Postgres when PG_TESTS=1, or when
 * DATABASE_URL or PGHOST/PGDATABASE name one (PG_TESTS=0 turns it off). Each app starts from a copy of a database
 * the global setup migrated (and seeded) once (`templates.ts`): on Postgres a database of its own, dropped at the
 * end, so parallel test files and runs never see each other's rows.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, prepareData, type AppOptions } from '../../../server/app';
import type { Config } from '../../../server/config';
import { openPglite } from '../../../server/db/pglite';
import { emulatorHost } from './emulator';
import { databaseIdentifier, POSTGRES_URL, postgresUrlFor, testConfigFor, withAdminClient, withPostgres } from './templates';

export type Backend = 'pglite' | 'postgres';

export const backends: Backend[] = withPostgres ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  /**
   * Closes the app and fails if it ever answered with a 5xx: bad input must never look like a server fault. A test of
   * the server's own 5xx (a 503 while it drains) names the answers it expects.
   */
  close(options?: { expected?: RegExp }): Promise<void>;
}

/** A connection URL whose every connection works in `schema`. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return testConfigFor('firebaseAuthEmulatorHost' in overrides ? overrides.firebaseAuthEmulatorHost : emulatorHost(), overrides);
}

/** A fresh, empty schema on the test Postgres and a URL whose connections use it. */
export async function createTestSchema(): Promise<{ databaseUrl: string; queueSchema: string; drop(): Promise<void> }> {
  const schema = `api_test_${randomUUID().replace(/-/g, '')}`;
  // The job queue keeps its tables in a schema of its own, named after the app's.
  const queueSchema = `${schema}_jobs`;
  await withAdminClient((client) => client.query(`CREATE SCHEMA ${schema}`));
  return {
    databaseUrl: urlWithSchema(POSTGRES_URL, schema),
    queueSchema,
    drop: () =>
      withAdminClient(async (client) => {
        await client.query(`DROP SCHEMA IF EXISTS ${queueSchema} CASCADE`);
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }),
  };
}

/** The PGlite templates' files, read once per test file. */
const pgliteTemplates = new Map<string, Blob>();

function pgliteTemplate(path: string): Blob {
  let template = pgliteTemplates.get(path);
  if (!template) {
    template = new Blob([readFileSync(path)]);
    pgliteTemplates.set(path, template);
  }
  return template;
}

/** A database of its own on the test Postgres, copied from `template`, and a URL to it. */
async function copyPostgresTemplate(template: string): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const database = `api_test_${randomUUID().replace(/-/g, '')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${databaseIdentifier(database)} TEMPLATE ${databaseIdentifier(template)}`));
  return {
    databaseUrl: postgresUrlFor(database),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * An app on `backend`, migrated, and seeded with the demo data unless `overrides.demoData` is false: a copy of the
 * run's template database, on which it runs `prepareData` as a server does when it starts.
 */
export async function startTestApp(backend: Backend, overrides: Partial<Config> = {}, options: AppOptions = {}): Promise<TestApp> {
  const templates = inject('databaseTemplates');
  const seeded = overrides.demoData ?? true;
  let copy: { databaseUrl: string; drop(): Promise<void> } | undefined;
  let db: AppOptions['db'];
  if (backend === 'postgres') {
    if (!templates.postgres) throw new Error('The run has no Postgres templates: set PG_TESTS=1 for the global setup too.');
    copy = await copyPostgresTemplate(seeded ? templates.postgres.seeded : templates.postgres.migrated);
  } else {
    db = await openPglite('memory://', { loadDataDir: pgliteTemplate(seeded ? templates.pglite.seeded : templates.pglite.migrated) });
  }
  const dropCopy = async () => {
    await copy?.drop();
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(testConfig({ databaseUrl: copy?.databaseUrl, ...overrides }), { ...options, db });
  } catch (error) {
    await db?.close();
    await dropCopy();
    throw error;
  }
  const serverErrors: string[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url} → ${reply.statusCode}`);
  });
  try {
    await prepareData(app);
  } catch (error) {
    await app.close();
    await dropCopy();
    throw error;
  }
  return {
    app,
    async close({ expected } = {}) {
      await app.close();
      await dropCopy();
      const unexpected = serverErrors.filter((line) => !expected?.test(line));
      if (unexpected.length > 0) throw new Error(`The server answered with a server error:\n${unexpected.join('\n')}`);
    },
  };
}
