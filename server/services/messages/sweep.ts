/**
 * Hands the queue the messages whose job was lost: a message held by a process that died (its lease, renewed every
 * few seconds while a worker lives, has run out), or a queued message that no job will pick up any more (the job's
 * end could not be recorded while the database was away). A new job for it is sent; claiming it is idempotent, so a
 * late job of the old holder finds the message settled or held and does nothing twice.
 */
import type { Db } from '../../db';
import type { Queue } from '../queue';
import { MESSAGE_QUEUE } from './outbox';

/** Messages handed back per run: a backlog after an outage goes in a few runs rather than one long transaction. */
const BATCH = 200;

/** The job queue's schema, checked before it is written into SQL. */
function queueTable(schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`"${schema}" is not a schema name the queue can use.`);
  return `"${schema}".job`;
}

/**
 * Sends a new job for each lost message; returns how many. `graceSeconds` is how long a message may wait without a
 * live job before it counts as lost: at least the lease, so that a worker that has just fetched its job is left alone.
 */
export async function sweepLostMessages(db: Db, queue: Queue, queueSchema: string, graceSeconds: number): Promise<number> {
  const jobs = queueTable(queueSchema);
  const ids = await db.transaction(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `SELECT m.id FROM outbound_messages m
       WHERE m.status IN ('queued', 'sending')
         AND m.created_at < now() - make_interval(secs => $1)
         AND (m.status = 'queued' OR m.lease_until < now())
         AND NOT EXISTS (
           SELECT 1 FROM ${jobs} j
           WHERE j.name = $2 AND j.data->>'id' = m.id
             AND (j.state IN ('created', 'retry') OR (j.state = 'active' AND j.started_on > now() - make_interval(secs => $1)))
         )
       ORDER BY m.created_at
       LIMIT ${BATCH}
       FOR UPDATE OF m SKIP LOCKED`,
      [graceSeconds, MESSAGE_QUEUE],
    );
    for (const row of rows) await queue.send(tx, MESSAGE_QUEUE, { id: row.id });
    return rows.map((row) => row.id);
  });
  if (ids.length > 0) queue.wake(MESSAGE_QUEUE);
  return ids.length;
}
