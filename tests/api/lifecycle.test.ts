/**
 * The process as a service: health, readiness and draining; the job queue set up by processes starting together;
 * periodic tasks run once across processes; messages whose job was lost handed back; and stray faults that must not
 * end the process.
 */
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, prepareData } from '../../server/app';
import { isConnectionError, openDb, type Db } from '../../server/db';
import { handleProcessFaults, shutdown } from '../../server/lifecycle';
import { CatalogueCache } from '../../server/routes/products/handlers';
import { LEASE_SECONDS } from '../../server/services/jobs';
import { claimMessage, enqueueMessage } from '../../server/services/messages/outbox';
import { SAMPLE_MESSAGES } from '../../server/services/messages/samples';
import { sweepLostMessages } from '../../server/services/messages/sweep';
import { deliverMessage } from '../../server/services/messages/worker';
import { claimRun, startSchedule } from '../../server/services/schedule';
import { backends, createTestSchema, startTestApp, testConfig, type TestApp } from './setup/app';
import { withPostgres } from './setup/templates';

const quietLog = { info() {}, warn() {}, error() {} };

describe.each(backends)('the service on %s', (backend) => {
  let test: TestApp;
  const app = () => test.app;

  beforeAll(async () => {
    test = await startTestApp(backend);
    await app().ready();
  });
  // Readiness answered 503 while a migration was missing, as it should.
  afterAll(() => test?.close({ expected: /^GET \/api\/health\/ready → 503$/ }));

  it('answers liveness and readiness with the database, the migrations and the queue in place', async () => {
    const live = await app().inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app().inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('is not ready while a migration this build knows is missing, and says which', async () => {
    await app().db.query(`DELETE FROM schema_migrations WHERE version = '0046_scheduled_tasks.sql'`);
    try {
      const ready = await app().inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'The database lacks migrations: 0046_scheduled_tasks.sql.', code: 'UNAVAILABLE' });
      // Alive all the same: restarting would not bring the migration.
      expect((await app().inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app().db.query(`INSERT INTO schema_migrations (version) VALUES ('0046_scheduled_tasks.sql')`);
    }
    expect((await app().inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('serves the catalogue as last read while the database is away, and a fresh one once it is back', async () => {
    let down = false;
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const flaky: Db = {
      ...app().db,
      query: (sql, params) => (down ? Promise.reject(refused()) : app().db.query(sql, params)),
    };
    const catalogue = new CatalogueCache(flaky, 0);
    const first = await catalogue.body(JSON.stringify);
    down = true;
    expect((await catalogue.body(JSON.stringify)).json).toBe(first.json);
    catalogue.invalidate();
    expect((await catalogue.body(JSON.stringify)).json).toBe(first.json);
    down = false;
    expect(JSON.parse((await catalogue.body(JSON.stringify)).json)).toMatchObject({ status: true });
    // A cold cache has nothing to fall back on: the error stands.
    down = true;
    await expect(new CatalogueCache(flaky, 0).body(JSON.stringify)).rejects.toThrow('ECONNREFUSED');
  });

  it('runs a periodic task once per interval, however many processes ask at once', async () => {
    const name = `test-task-${randomUUID()}`;
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimRun(app().db, name, 3600)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(app().db, name, 3600)).toBe(false);
    // Once the interval has passed, the next look runs it again.
    await app().db.query(`UPDATE scheduled_tasks SET last_started_at = now() - interval '2 hours' WHERE name = $1`, [name]);
    expect(await claimRun(app().db, name, 3600)).toBe(true);
  });

  it('two schedules side by side run a task once, and record how it ended', async () => {
    const name = `test-task-${randomUUID()}`;
    const runs: string[] = [];
    const stops = ['a', 'b'].map((process) =>
      startSchedule(
        app().db,
        [
          {
            name,
            everySeconds: 3600,
            run: async () => {
              runs.push(process);
              throw new Error('the sweep failed');
            },
          },
        ],
        quietLog,
        20,
      ),
    );
    await vi.waitFor(async () => {
      const [row] = await app().db.query<{ last_error: string | null }>('SELECT last_error FROM scheduled_tasks WHERE name = $1', [name]);
      expect(row?.last_error).toBe('the sweep failed');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toHaveLength(1);
  });

  it('hands a message held by a process that died back to the queue after its lease, and it is sent once', async () => {
    const recipient = `lost-${randomUUID()}@example.test`;
    const id = await app().db.transaction((tx) =>
      enqueueMessage(tx, app().jobs.queue, { key: `lost:${recipient}:email`, channel: 'email', recipient, content: SAMPLE_MESSAGES[0]! }),
    );
    const schema = app().config.messages.queueSchema;
    // A process took the job and the message, then died: the job stays active, the lease is not renewed.
    expect((await claimMessage(app().db, id!, 1)).outcome).toBe('claimed');
    await app().db.query(
      `UPDATE "${schema}".job SET state = 'active', started_on = now() - interval '10 minutes' WHERE name = 'messages.send' AND data->>'id' = $1`,
      [id],
    );
    await app().db.query(`UPDATE outbound_messages SET created_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
    // While the lease lasts, the message is the holder's.
    expect(await sweepLostMessages(app().db, app().jobs.queue, schema, LEASE_SECONDS)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await sweepLostMessages(app().db, app().jobs.queue, schema, LEASE_SECONDS)).toBe(1);
    // Its new job waits to be taken: the next sweep leaves it alone.
    expect(await sweepLostMessages(app().db, app().jobs.queue, schema, LEASE_SECONDS)).toBe(0);
    const jobs = await app().db.query<{ state: string }>(
      `SELECT state FROM "${schema}".job WHERE name = 'messages.send' AND data->>'id' = $1 ORDER BY created_on`,
      [id],
    );
    expect(jobs.map((job) => job.state)).toEqual(['active', 'created']);
    expect(await deliverMessage(app().jobs.senders, id!)).toBe('sent');
    // The dead holder's job, expired and retried later, finds the message settled.
    expect(await deliverMessage(app().jobs.senders, id!)).toBe('settled');
  });

  it('leaves a queued message with a retry scheduled alone', async () => {
    const recipient = `retry-${randomUUID()}@example.test`;
    const id = await app().db.transaction((tx) =>
      enqueueMessage(tx, app().jobs.queue, { key: `retry:${recipient}:email`, channel: 'email', recipient, content: SAMPLE_MESSAGES[0]! }),
    );
    const schema = app().config.messages.queueSchema;
    await app().db.query(`UPDATE "${schema}".job SET state = 'retry', start_after = now() + interval '1 hour' WHERE data->>'id' = $1`, [id]);
    await app().db.query(`UPDATE outbound_messages SET created_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
    expect(await sweepLostMessages(app().db, app().jobs.queue, schema, LEASE_SECONDS)).toBe(0);
  });
});

describe.each(backends)('draining on %s', (backend) => {
  /** A server of its own, listening, since draining is about connections. */
  /**
   * Empties the catalogue's cache and holds the products table locked until `release`, so that a catalogue request
   * stays in flight; `lock` settles once the lock is given back.
   */
  async function productsLocked(app: FastifyInstance): Promise<{ release: () => void; lock: Promise<void> }> {
    app.catalogue.invalidate();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const lock = app.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      locked();
      await held;
    });
    await lockTaken;
    return { release, lock };
  }

  async function listening(): Promise<{ test: TestApp; app: FastifyInstance; port: number }> {
    const test = await startTestApp(backend);
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    return { test, app: test.app, port: typeof address === 'object' && address ? address.port : 0 };
  }

  function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    });
  }

  it('turns unready, answers new requests with the 503 and Retry-After, finishes what is in flight, and exits', async () => {
    const { test, app, port } = await listening();
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await get(port, '/api/products', agent)).status).toBe(200);
      // A request in flight when SIGTERM comes: the catalogue it reads is locked for a while.
      const { release, lock } = await productsLocked(app);
      const inFlight = get(port, '/api/products');
      await new Promise((resolve) => setTimeout(resolve, 100));

      const exit = vi.fn();
      const stopped = shutdown(app, 'SIGTERM', { deadlineMs: 10_000, drainMs: 2_000, exit });
      const ready = await get(port, '/api/health/ready', agent);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ message: 'This server is shutting down.', code: 'UNAVAILABLE' });
      expect((await get(port, '/api/health/live', agent)).status).toBe(200);
      const refused = await get(port, '/api/products', agent);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers.connection).toBe('close');
      expect(JSON.parse(refused.body)).toEqual({ message: 'This server is restarting. Please try again in a moment.', code: 'UNAVAILABLE' });

      release();
      await lock;
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(answered.headers.connection).toBe('close');
      expect(JSON.parse(answered.body)).toMatchObject({ status: true });
      await stopped;
      expect(exit).toHaveBeenCalledWith(0);
    } finally {
      agent.destroy();
      await test.close({ expected: /→ 503$/ });
    }
  });

  it('stops the queue and the database only after a handler whose client has gone has ended', async () => {
    const { test, app, port } = await listening();
    const { release, lock } = await productsLocked(app);
    const request = http.get({ host: '127.0.0.1', port, path: '/api/products' });
    request.on('error', () => {});
    await vi.waitFor(() => expect(app.lifecycle.handlersRunning).toBe(1));
    request.destroy();
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    expect(app.jobs.started).toBe(true);
    release();
    await lock;
    await closing;
    expect(app.lifecycle.handlersRunning).toBe(0);
    await test.close();
  });

  it('exits past the deadline when something will not stop', async () => {
    const { test, app } = await listening();
    let unblock!: () => void;
    // Registered before the app is ready, as a plugin's would be: a clean-up that does not end.
    const exits: number[] = [];
    const stuck = new Promise<void>((resolve) => (unblock = resolve));
    const closing = app.db.transaction(async () => {
      await stuck;
    });
    const stopped = shutdown(app, 'SIGTERM', { deadlineMs: 600, drainMs: 50, exit: (code) => exits.push(code) });
    await vi.waitFor(() => expect(exits).toEqual([1]), { timeout: 3_000 });
    unblock();
    await closing;
    await stopped;
    await test.close({ expected: /→ 503$/ });
  });
});

describe.runIf(withPostgres)('processes starting together on an empty Postgres', () => {
  it('set up the job queue in turn: all start, every time', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const schema = await createTestSchema();
      const config = testConfig({ databaseUrl: schema.databaseUrl, demoData: false });
      const dbs: Db[] = [];
      const apps: FastifyInstance[] = [];
      try {
        for (let i = 0; i < 3; i++) dbs.push(await openDb(config));
        for (const db of dbs) apps.push(await buildApp({ ...config, messages: { ...config.messages, queueSchema: schema.queueSchema } }, { db }));
        const started = await Promise.allSettled(apps.map((app) => prepareData(app)));
        expect(started.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'started'))).toEqual(['started', 'started', 'started']);
        const queues = await dbs[0]!.query<{ name: string }>(`SELECT name FROM "${schema.queueSchema}".queue ORDER BY name`);
        expect(queues.map((queue) => queue.name)).toEqual(['exports.run', 'messages.send']);
      } finally {
        for (const app of apps) await app.close().catch(() => {});
        await schema.drop();
      }
    }
  }, 120_000);
});

describe('faults outside any request', () => {
  const log = () => ({ error: vi.fn(), fatal: vi.fn() });

  it('a rejection from a database that went away is logged a few times a minute and the process carries on', () => {
    const target = new EventEmitter();
    const logged = log();
    const onFatal = vi.fn();
    const remove = handleProcessFaults(logged, onFatal, target as unknown as NodeJS.Process);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 20; i++) target.emit('unhandledRejection', refused);
    target.emit('uncaughtException', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    expect(logged.error).toHaveBeenCalledTimes(3);
    expect(onFatal).not.toHaveBeenCalled();
    remove();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
  });

  it('any other uncaught exception is fatal: logged, and the process shuts down', () => {
    const target = new EventEmitter();
    const logged = log();
    const onFatal = vi.fn();
    handleProcessFaults(logged, onFatal, target as unknown as NodeJS.Process);
    target.emit('unhandledRejection', new TypeError('x is undefined'));
    expect(logged.error).toHaveBeenCalledTimes(1);
    expect(onFatal).not.toHaveBeenCalled();
    target.emit('uncaughtException', new TypeError('y is undefined'));
    expect(logged.fatal).toHaveBeenCalledTimes(1);
    expect(onFatal).toHaveBeenCalledTimes(1);
  });

  it('knows a passing database fault from a bug', () => {
    expect(isConnectionError(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});
