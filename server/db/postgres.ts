import pg from 'pg';
import type { Db, Queryable, Row } from './db';

function queryableOf(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.query(sql);
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
  return {
    kind: 'postgres',
    ...queryableOf(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryableOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
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
  };
}
