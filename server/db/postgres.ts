import pg from 'pg';
import { timed, type Db, type ObserverSlot, type Queryable, type Row } from './db';

function queryableOf(target: pg.Pool | pg.PoolClient, slot: ObserverSlot): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timed(slot, () => target.query<T>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await timed(slot, () => target.query(sql));
    },
  };
}

/**
 * A real Postgres through a connection pool. Extra connection settings (e.g. a test schema's search_path) travel in
 * the URL's `options` parameter so that every pooled connection gets them.
 */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection emits here; without a listener that would crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');
  const slot: ObserverSlot = {};
  return {
    kind: 'postgres',
    ...queryableOf(pool, slot),
    async transaction(fn) {
      // A connection lost while checked out emits 'error' on its client besides failing the statement in flight;
      // the pool listens only to idle clients, and an event nobody hears would end the process. A lost client is
      // handed back broken, so the pool drops it.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      // The wait for a connection counts in BEGIN's time, as it does in a statement's outside a transaction; a
      // connection that cannot be had is then a failed statement too, which is what an outage looks like.
      const client = await timed(slot, async () => {
        const connected = await pool.connect();
        connected.on('error', onLost);
        try {
          await connected.query('BEGIN');
        } catch (error) {
          connected.removeListener('error', onLost);
          connected.release(lost);
          throw error;
        }
        return connected;
      });
      const tx = queryableOf(client, slot);
      try {
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.removeListener('error', onLost);
        client.release(lost);
      }
    },
    async exclusive(key, fn) {
      const client = await pool.connect();
      let unlocked = false;
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          unlocked = await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).then(
            () => true,
            () => false,
          );
        }
      } finally {
        // A connection whose unlock failed is closed rather than reused: that releases its lock too.
        client.release(!unlocked);
      }
    },
    close: () => pool.end(),
    observe(observer) {
      slot.observer = observer;
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
