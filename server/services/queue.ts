/**
 * The job queue (pg-boss, in the shop's own database): e-mail and SMS sending and the staff area's CSV exports run
 * on it. A job is sent inside the transaction of whatever asks for it, so a rolled-back request leaves no job behind,
 * and a job whose process died is handed to another worker once it expires.
 *
 * pg-boss talks to the database through `executeSql`; on PGlite a script of several statements cannot go through
 * the extended protocol that parameters need, so such a script is run as one.
 */
import PgBoss from 'pg-boss';
import { isConnectionError, sqlState, type Db, type Queryable } from '../db';

/** Postgres' "cannot insert multiple commands into a prepared statement". */
const SYNTAX_ERROR = '42601';

function executorOf(db: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length > 0) return { rows: await db.query(text, values) };
      try {
        return { rows: await db.query(text) };
      } catch (error) {
        if (sqlState(error) !== SYNTAX_ERROR || !text.includes(';')) throw error;
        await db.exec(text);
        return { rows: [] };
      }
    },
  };
}

export interface QueueDefinition {
  name: string;
  /** Tries after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each further one when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** Seconds a job may run before it is taken as lost and handed out again. */
  expireInSeconds: number;
}

export interface Queue {
  /** Sends a job in `tx`, so that it exists exactly when the transaction commits. */
  send(tx: Queryable, queue: string, data: object, options?: { startAfterSeconds?: number; singletonKey?: string }): Promise<void>;
  /** Runs `handler` for each job of `queue` in this process; a thrown error is a failed try, retried as the queue says. */
  work<Data extends object>(queue: string, handler: (data: Data, job: { id: string; retryCount: number }) => Promise<void>): Promise<void>;
  /** Has this process's workers of `queue` look for jobs now rather than at their next poll (after a commit). */
  wake(queue: string): void;
  /** Stops this process's workers of `queue`; resolves once the jobs they hold have ended. */
  unwork(queue: string): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** The schema pg-boss keeps its tables in. */
  schema: string;
  /** Whether this process runs pg-boss's maintenance (expiring lost jobs, archiving done ones). */
  supervise: boolean;
  /** How often an idle worker asks for jobs. */
  pollingIntervalSeconds: number;
  queues: readonly QueueDefinition[];
}

/** pg-boss's workers of this process with their state (a method its types leave out). */
function workersOf(boss: PgBoss): { id: string; stopped: boolean }[] {
  const withWorkers = boss as unknown as { getWorkers?: () => { id: string; stopped: boolean }[] };
  return withWorkers.getWorkers?.() ?? [];
}

/** Installs or updates pg-boss's tables and creates the queues; jobs can be sent from then on. */
export async function startQueue(db: Db, options: QueueOptions, log: { error(object: unknown, message: string): void }): Promise<Queue> {
  const boss = new PgBoss({
    db: executorOf(db),
    schema: options.schema,
    supervise: options.supervise,
    schedule: false,
    migrate: true,
  });
  // While the database is away pg-boss reports every failed poll: the first of each minute says it, without a stack.
  let quietUntil = 0;
  boss.on('error', (error) => {
    if (!isConnectionError(error)) return log.error({ err: error }, 'job queue error');
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 60_000;
    log.error({ reason: error.message }, 'job queue: the database is not answering (said at most once a minute)');
  });
  // pg-boss's schema install and `createQueue` are not safe to run in two processes at once (a duplicate schema, a
  // deadlock attaching the queues' partitions): processes starting together take turns.
  await db.exclusive(`gut-shop:queue:${options.schema}`, async () => {
    await boss.start();
    for (const queue of options.queues) {
      const { name, ...policy } = queue;
      await boss.createQueue(name, { name, ...policy });
    }
  });
  let stopped = false;
  const workers = new Map<string, string[]>();
  return {
    async send(tx, queue, data, sendOptions = {}) {
      const id = await boss.send(queue, data, {
        db: executorOf(tx),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
      if (id === null && !sendOptions.singletonKey) throw new Error(`the job for ${queue} was not queued`);
    },
    async work(queue, handler) {
      // A few jobs per fetch: the worker fetches at most once per polling interval, however many wait.
      const id = await boss.work<object>(
        queue,
        { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 10, includeMetadata: true },
        async (jobs) => {
          // Each job ends on its own: one failing (to be retried) does not fail the others of its fetch.
          for (const job of jobs) {
            try {
              await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
            } catch (error) {
              // With the database gone the failure cannot be recorded either: the job comes back when it expires
              // (and a message sooner, through the outbox's sweep). Nothing is thrown at pg-boss, which would not
              // await it.
              await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((failed: unknown) => {
                log.error({ err: failed, queue, job: job.id }, 'a failed job could not be recorded');
              });
            }
          }
        },
      );
      workers.set(queue, [...(workers.get(queue) ?? []), id]);
    },
    wake(queue) {
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async unwork(queue) {
      const ids = workers.get(queue) ?? [];
      workers.delete(queue);
      await boss.offWork(queue);
      // A worker stopped mid-fetch still runs what it fetched: wait until its loop has ended.
      const live = () => workersOf(boss).some((worker) => ids.includes(worker.id) && !worker.stopped);
      while (live()) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    },
  };
}
