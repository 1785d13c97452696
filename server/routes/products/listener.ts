/**
 * Every API process keeps the catalogue in memory; a write to `products` by any process notifies the channel below
 * when it commits (a trigger, 0036), and each process empties its cache on hearing it. One connection per process
 * listens, and comes back when it drops; the cache is emptied on each reconnection too, since a change may have
 * been missed while it was away.
 */
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

export const CATALOGUE_CHANNEL = 'catalogue_changed';
/** How the listening connections name themselves to the database (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'catalogue-listener';

export interface CatalogueListener {
  /** Resolves once the first connection listens. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listenForCatalogueChanges(connectionString: string, onChange: () => void, log: FastifyBaseLogger): CatalogueListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => {});
      if (closed) return;
      // Once per try, with a growing delay; the reason without a stack, which would say nothing more.
      log.warn({ reason: error?.message ?? 'connection ended', retryInMs: delay }, 'catalogue change listener lost its connection; reconnecting');
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect().catch(() => {});
      }, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) onChange();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      delay = 500;
      onChange();
    } catch (error) {
      lost(error as Error);
      throw error;
    }
  };

  const ready = connect().catch((error: unknown) => {
    log.error({ reason: error instanceof Error ? error.message : String(error) }, 'catalogue change listener could not connect; retrying');
  });

  return {
    ready,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
