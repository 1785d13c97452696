/**
 * The database out of reach: which errors say so, what the requests that meet one answer (503 UNAVAILABLE in the
 * error shape, with Retry-After), and what the log gets - a short warn line per request with its id and one error
 * line per 30 seconds, not a stack per request. On Postgres, a real outage: the app's connections go through a
 * proxy that the test cuts and restores, and the shop recovers without a restart.
 */
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, prepareData } from '../../server/app';
import { isConnectionError } from '../../server/db';
import { DATABASE_UNAVAILABLE, HttpError, OUTAGE_LOG_INTERVAL_MS, registerErrorHandling } from '../../server/errors';
import { expectErrorShape } from './contract';
import { backends, createTestSchema, testConfig } from './setup/app';
import { POSTGRES_URL } from './setup/templates';

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What a query on a pool whose database refuses connections fails with, from the driver itself. */
async function refusedByDriver(): Promise<unknown> {
  const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'nothing' });
  try {
    await pool.query('SELECT 1');
    throw new Error('a closed port accepted a connection');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('connection-level errors', () => {
  it('are recognised: the driver’s refusal, dropped sockets, a server going away or still starting, and the pool’s timeouts', async () => {
    const refused = await refusedByDriver();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    const connectionErrors: unknown[] = [
      refused,
      coded('ECONNRESET', 'read ECONNRESET'),
      coded('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.5:5432'),
      coded('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('53300', 'sorry, too many clients already'),
      coded('08006', 'connection failure'),
      coded('08001', 'could not establish connection'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect ECONNREFUSED ::1:5432, 127.0.0.1:5432'),
      new Error('the job could not be sent', { cause: refused }),
    ];
    for (const error of connectionErrors) expect(isConnectionError(error), String(error)).toBe(true);
  });

  it('are not confused with a statement’s errors or the shop’s own', () => {
    const otherErrors: unknown[] = [
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('42P01', 'relation "no_such_table" does not exist'),
      coded('57014', 'canceling statement due to statement timeout'),
      coded('40001', 'could not serialize access'),
      new Error('something else went wrong'),
      new HttpError(409, 'This order is already paid.', 'ALREADY_PAID'),
      new Error('Cannot use a pool after calling end on the pool'),
      'ECONNREFUSED',
      null,
      undefined,
    ];
    for (const error of otherErrors) expect(isConnectionError(error), String(error)).toBe(false);
  });
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  code?: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

const WARN = 40;
const ERROR = 50;

describe('requests while the database cannot be reached', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  const lines: LogLine[] = [];
  let time = 1_000_000;

  beforeAll(async () => {
    pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'nobody', database: 'nothing' });
    // The server's error handling, logging through pino to a stream the test reads.
    app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } } });
    registerErrorHandling(app, () => time);
    app.get('/api/cart', async () => (await pool.query('SELECT 1')).rows);
    app.get('/api/broken', async () => {
      throw coded('42P01', 'relation "no_such_table" does not exist');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('answer 503 UNAVAILABLE in the error shape, and log a warn line each and one error line for the outage', async () => {
    const requests = 25;
    const responses = [];
    for (let i = 0; i < requests; i++) responses.push(await app.inject({ method: 'GET', url: '/api/cart' }));
    for (const response of responses) {
      expect(expectErrorShape(response, 503)).toEqual({ message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' });
      expect(response.headers['retry-after']).toBe('5');
    }

    const warnings = lines.filter((line) => line.level === WARN);
    const errors = lines.filter((line) => line.level >= ERROR);
    expect(warnings).toHaveLength(requests);
    expect(new Set(warnings.map((line) => line.reqId)).size).toBe(requests);
    expect(warnings[0]).toMatchObject({ msg: 'database unreachable; answered 503', code: 'ECONNREFUSED', reason: expect.stringContaining('ECONNREFUSED') });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: expect.stringMatching(/^database unreachable: requests answer 503/), code: 'ECONNREFUSED', reqId: warnings[0]!.reqId });
    // No stack anywhere: every request fails the same way, and the driver's stack says nothing about the shop.
    expect(lines.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);

    // Still down a moment before the interval ends: no new error line; after it, one.
    time += OUTAGE_LOG_INTERVAL_MS - 1;
    await app.inject({ method: 'GET', url: '/api/cart' });
    expect(lines.filter((line) => line.level >= ERROR)).toHaveLength(1);
    time += 1;
    await app.inject({ method: 'GET', url: '/api/cart' });
    expect(lines.filter((line) => line.level >= ERROR)).toHaveLength(2);
  });

  it('leave other failures as they were: a 500 and their stack in the log', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/broken' });
    expect(expectErrorShape(response, 500).code).toBe('INTERNAL');
    const [error] = lines.filter((line) => line.level >= ERROR);
    expect(error).toMatchObject({ msg: 'request failed', reqId: expect.any(String), err: { stack: expect.stringContaining('no_such_table') } });
  });
});

/** A TCP proxy to the test Postgres that the test can cut (connections dropped, new ones refused) and restore. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

describe.runIf(backends.includes('postgres'))('a Postgres outage', () => {
  const TOKEN = 'metrics-token-for-the-outage-test-0123456789';
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let app: FastifyInstance;
  // Well formed, so that the session is looked up in the database, and known to no one.
  const session = { authorization: `Bearer ${'A'.repeat(43)}` };

  beforeAll(async () => {
    const target = new URL(POSTGRES_URL);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    schema = await createTestSchema();
    const url = new URL(schema.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const config = testConfig({ databaseUrl: url.toString(), demoData: false, metricsToken: TOKEN });
    config.messages.queueSchema = schema.queueSchema;
    app = await buildApp(config);
    await prepareData(app);
  });
  afterAll(async () => {
    await app?.close();
    await schema?.drop();
  });

  const metric = async (pattern: RegExp) => {
    const response = await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\n').find((candidate) => pattern.test(candidate));
    return line === undefined ? undefined : Number(line.split(' ').at(-1));
  };

  it('answers 503 while the connection is cut, still serves its metrics, and recovers without a restart', async () => {
    expectErrorShape(await app.inject({ method: 'GET', url: '/api/cart', headers: session }), 401);
    const connectionErrorsBefore = (await metric(/^gutshop_db_query_errors_total\{kind="connection"\}/)) ?? 0;

    await proxy.cut();
    const requests = 10;
    for (let i = 0; i < requests; i++) {
      const response = await app.inject({ method: 'GET', url: '/api/cart', headers: session });
      expect(expectErrorShape(response, 503)).toEqual({ message: DATABASE_UNAVAILABLE, code: 'UNAVAILABLE' });
    }
    expect(await metric(/^gutshop_http_server_errors_total\{method="GET",route="\/api\/cart"\}/)).toBe(requests);
    expect(await metric(/^gutshop_db_query_errors_total\{kind="connection"\}/)).toBeGreaterThanOrEqual(connectionErrorsBefore + requests);
    // The gauges read from the database are left out; the process's own figures are not.
    expect(await metric(/^gutshop_queue_jobs\{/)).toBeUndefined();
    expect(await metric(/^gutshop_process_resident_memory_bytes /)).toBeGreaterThan(0);

    await proxy.restore();
    expectErrorShape(await app.inject({ method: 'GET', url: '/api/cart', headers: session }), 401);
    expect(await metric(/^gutshop_queue_jobs\{/)).toBeGreaterThanOrEqual(0);
  });

  it('fails a transaction whose connection is cut, and the process goes on', async () => {
    let began!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    // The transaction holds its connection between two statements when the connection goes: the client's error
    // event then has no statement to fail, and unheard it would end the process.
    const inFlight = app.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      began();
      await resumed;
      await tx.query('SELECT 1');
    });
    await begun;
    await proxy.cut();
    resume();
    await expect(inFlight).rejects.toSatisfy(isConnectionError);
    await proxy.restore();
    expect(await app.db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'))).toEqual([{ one: 1 }]);
  });
});
