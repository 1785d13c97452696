/**
 * The shop's periodic tasks, each run once per interval across all API processes. Every process looks every few
 * seconds; the first to move a task's `last_started_at` past its interval runs it (one UPDATE, so two processes never
 * both win), the others find the new time and wait. A process that dies mid-run leaves the task to the next interval.
 */
import { isConnectionError, type Db } from '../db';

export interface ScheduledTask {
  name: string;
  everySeconds: number;
  run(): Promise<unknown>;
}

export interface ScheduleLog {
  info(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

/** Claims this interval's run of `task`; true when this process is to run it. */
export async function claimRun(db: Db, name: string, everySeconds: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO scheduled_tasks AS t (name, last_started_at) VALUES ($1, now())
     ON CONFLICT (name) DO UPDATE SET last_started_at = now()
       WHERE t.last_started_at <= now() - make_interval(secs => $2)
     RETURNING name`,
    [name, everySeconds],
  );
  return rows.length > 0;
}

async function recordEnd(db: Db, name: string, error: unknown): Promise<void> {
  await db.query('UPDATE scheduled_tasks SET last_finished_at = now(), last_error = $2 WHERE name = $1', [
    name,
    error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, 500),
  ]);
}

/**
 * Starts looking every `tickMs`; the returned function stops and resolves once a run in progress has ended. While
 * the database is away the first failed look is logged and the rest are quiet until one succeeds again.
 */
export function startSchedule(db: Db, tasks: readonly ScheduledTask[], log: ScheduleLog, tickMs = 5_000): () => Promise<void> {
  let stopped = false;
  let unreachable = false;
  let running: Promise<void> = Promise.resolve();
  const runTask = async (task: ScheduledTask) => {
    let claimed: boolean;
    try {
      claimed = await claimRun(db, task.name, task.everySeconds);
      if (unreachable) log.info({}, 'scheduled tasks: the database answers again');
      unreachable = false;
    } catch (error) {
      if (!unreachable) log.warn({ err: error instanceof Error ? error.message : String(error) }, 'scheduled tasks: the database is not answering');
      unreachable = true;
      return;
    }
    if (!claimed) return;
    let failure: unknown;
    try {
      await task.run();
    } catch (error) {
      failure = error;
      if (isConnectionError(error)) log.warn({ task: task.name, reason: error instanceof Error ? error.message : String(error) }, 'a scheduled task lost the database');
      else log.error({ err: error, task: task.name }, 'a scheduled task failed');
    }
    await recordEnd(db, task.name, failure).catch(() => {});
  };
  let timer: NodeJS.Timeout | undefined;
  // Each look starts `tickMs` after the last one ended, so a long run is never overlapped by the next look.
  const look = async () => {
    for (const task of tasks) {
      if (stopped) return;
      await runTask(task);
    }
    if (stopped) return;
    timer = setTimeout(() => {
      running = look();
    }, tickMs);
    timer.unref();
  };
  running = look();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
