/**
 * Fixed-window counters in the database, so that every API process behind a load balancer counts against the same
 * limit: the store of @fastify/rate-limit and the per-address limits of sign-in messages.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';

const DEFAULT_WINDOW_MS = 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

interface CounterRow extends Record<string, unknown> {
  count: number;
  ttl_ms: number;
}

/** Epoch milliseconds. */
export type Clock = () => number;

/** Counts attempts per key in fixed windows kept in the database, so that every API process counts together. */
export interface AttemptCounter {
  /** Counts one attempt under `key` in the current window of `windowMs`: the count so far and the ms left in it. */
  count(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/**
 * Windows follow the database's clock, so that processes with skewed clocks share them, unless `now` is given
 * (tests move a clock of their own instead of waiting for a window to pass).
 */
export function attemptCounter(db: Db, now?: Clock): AttemptCounter {
  return {
    async count(key, windowMs) {
      const [row] = await db.query<CounterRow>(
        `WITH t AS (SELECT coalesce($3::float8, extract(epoch FROM clock_timestamp()) * 1000) AS now_ms),
              w AS (SELECT to_timestamp(floor(t.now_ms / $2::float8) * $2::float8 / 1000) AS start FROM t)
         INSERT INTO rate_limits AS r (key, window_start, count)
         SELECT $1, w.start, 1 FROM w
         ON CONFLICT (key, window_start) DO UPDATE SET count = r.count + 1
         RETURNING r.count, (extract(epoch FROM r.window_start) * 1000 + $2::float8 - (SELECT now_ms FROM t))::float8 AS ttl_ms`,
        [key, windowMs, now ? now() : null],
      );
      if (!row) throw new Error('rate limit counter was not returned');
      return { current: row.count, ttl: Math.max(0, Math.ceil(row.ttl_ms)) };
    },
  };
}

/** A store for @fastify/rate-limit over `attempts`; each route counts apart. */
export function databaseRateLimitStore(db: Db, attempts: AttemptCounter): FastifyRateLimitStoreCtor {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    await db.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;

    constructor(_options?: unknown, scope = 'global') {
      this.scope = scope;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number = DEFAULT_WINDOW_MS,
    ): void {
      sweep()
        .then(() => attempts.count(`${this.scope}|${key}`, timeWindow))
        .then(
          (result) => callback(null, result),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const scope = route?.url ? `${String(route.method)} ${String(route.url)}` : this.scope;
      return new DatabaseRateLimitStore(undefined, scope);
    }
  }

  return DatabaseRateLimitStore;
}
