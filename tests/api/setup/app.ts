/**
 * The real server on each database backend: PGlite in memory always, and a real Postgres when PG_TESTS=1, or when
 * DATABASE_URL or PGHOST/PGDATABASE name one (PG_TESTS=0 turns it off). Each Postgres app gets a schema of its own,
 * dropped at the end, so parallel test files and runs never see each other's rows.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, prepareData, type AppOptions } from '../../../server/app';
import { defineConfig, type Config } from '../../../server/config';
import { emulatorHost } from './emulator';

export type Backend = 'pglite' | 'postgres';

const env = process.env;
const POSTGRES_URL =
  env.PG_TEST_URL ??
  env.DATABASE_URL ??
  `postgres://${env.PGUSER ?? 'postgres'}@${env.PGHOST ?? '127.0.0.1'}:${env.PGPORT ?? '5432'}/${env.PGDATABASE ?? 'test'}`;

const withPostgres = env.PG_TESTS === '1' || (env.PG_TESTS !== '0' && Boolean(env.DATABASE_URL || env.PGHOST || env.PGDATABASE));
export const backends: Backend[] = withPostgres ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  /** Closes the app and fails if it ever answered with a 5xx: bad input must never look like a server fault. */
  close(): Promise<void>;
}

/** A connection URL whose every connection works in `schema`. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return defineConfig({
    nodeEnv: 'test',
    logLevel: 'silent',
    pgliteDataDir: 'memory://',
    firebaseAuthEmulatorHost: emulatorHost(),
    demoData: true,
    staticDir: undefined,
    ...overrides,
  });
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

/** A migrated, seeded app on `backend`. */
export async function startTestApp(backend: Backend, overrides: Partial<Config> = {}, options: AppOptions = {}): Promise<TestApp> {
  const schema = backend === 'postgres' ? await createTestSchema() : undefined;
  const databaseUrl = schema?.databaseUrl;
  const dropSchema = async () => {
    await schema?.drop();
  };
  let app: FastifyInstance;
  const messages = { ...testConfig().messages, ...(schema ? { queueSchema: schema.queueSchema } : {}), ...overrides.messages };
  try {
    app = await buildApp(testConfig({ databaseUrl, ...overrides, messages }), options);
  } catch (error) {
    await dropSchema();
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
    await dropSchema();
    throw error;
  }
  return {
    app,
    async close() {
      await app.close();
      await dropSchema();
      if (serverErrors.length > 0) throw new Error(`The server answered with a server error:\n${serverErrors.join('\n')}`);
    },
  };
}
