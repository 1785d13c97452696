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
  /** Tells `observer` about every statement from now on, those of transactions included; a second call replaces it. */
  observe?(observer: DbObserver): void;
  /** How the connection pool is used right now; only a database reached through a pool has one. */
  poolUse?(): PoolUse;
}

/** Hears how long statements take, for the metrics. Called on every statement, so it must be cheap and never throw. */
export interface DbObserver {
  /** A statement took `seconds`; `error` is what it failed with, undefined when it succeeded. */
  statement(seconds: number, error: unknown): void;
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection because every one is busy. */
  waiting: number;
}

/** Where a database keeps its observer, read on each statement so that one set later counts from then on. */
export interface ObserverSlot {
  observer?: DbObserver;
}

/** Runs one statement, telling the slot's observer how long it took and how it ended. */
export async function timed<T>(slot: ObserverSlot, run: () => Promise<T>): Promise<T> {
  const observer = slot.observer;
  if (!observer) return run();
  const start = performance.now();
  try {
    const result = await run();
    observer.statement((performance.now() - start) / 1000, undefined);
    return result;
  } catch (error) {
    observer.statement((performance.now() - start) / 1000, error);
    throw error;
  }
}

/** Postgres SQLSTATE of an error from either driver, if it has one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

/** Socket errors of a database host that refuses, drops or never answers the connection. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** A server shutting down, crashed, still starting, or out of connections. Class 08 (connection exception) too. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres gives the ends of a connection and its timeouts no code, only these words. */
const PG_CONNECTION_MESSAGE =
  /^(?:Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|timeout expired|Query read timeout)/;

/**
 * Whether `error` says the database cannot be reached, rather than that a statement is wrong: then the request can
 * only be answered "try again", and its stack says nothing the first such error did not. Causes and the errors of
 * an AggregateError (a host name with several addresses) are looked into.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = sqlState(error);
  if (code !== undefined && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (error instanceof Error && PG_CONNECTION_MESSAGE.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return 'cause' in error && isConnectionError(error.cause, depth + 1);
}
