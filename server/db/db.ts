/**
 * The one database interface the server uses. PGlite (embedded) and node-postgres (production) both implement it,
 * and the SQL is the same on both, so a query that passes the PGlite tests runs on the real Postgres.
 */

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One parameterised statement; `$1`, `$2`… refer to `params`. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` while holding the advisory lock `key` across every process on this database, so that set-up that is
   * not safe to run twice at once (the job queue's schema) runs in one process at a time. `fn` uses the database as
   * usual; the lock is held on a connection of its own. An embedded database has one process: `fn` just runs.
   */
  exclusive<T>(key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Postgres SQLSTATE of an error from either driver, if it has one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Errors that say the database (or a connection to it) is away for a while, not that the code is wrong. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    // Postgres: connection exceptions (08…), shutting down (57P01–57P03), too many connections (53300).
    if (/^08|^57P0[1-3]$|^53300$/.test(code)) return true;
  }
  return typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}
