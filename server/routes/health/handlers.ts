import type { FastifyInstance } from 'fastify';
import { knownMigrations, pendingMigrations } from '../../db/migrate';
import { HttpError, sendError } from '../../errors';
import { defineRoute } from '../define-route';
import { databaseAnswers } from './queries';

/** How long readiness waits for the database before it says it is not answering. */
const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const known = await knownMigrations();
  // A check that starts failing is logged once, without a stack, and once more when it passes again.
  let failing: string | undefined;
  const unavailable = (request: { log: FastifyInstance['log'] }, reply: Parameters<typeof sendError>[0], problem: string, detail?: unknown) => {
    if (failing !== problem) {
      request.log.warn({ problem, detail: detail instanceof Error ? detail.message : detail }, 'health check failing');
      failing = problem;
    }
    return sendError(reply, new HttpError(503, problem, 'UNAVAILABLE'));
  };
  const passed = (request: { log: FastifyInstance['log'] }) => {
    if (failing !== undefined) request.log.info({ was: failing }, 'health check passing again');
    failing = undefined;
  };

  defineRoute(app, 'getHealth', {
    handler: async (request, reply) => {
      try {
        await databaseAnswers(app.db);
      } catch (error) {
        return unavailable(request, reply, 'The database is not answering.', error);
      }
      passed(request);
      return { status: 'ok' as const };
    },
  });

  defineRoute(app, 'getLiveness', {
    handler: async () => ({ status: 'ok' as const }),
  });

  defineRoute(app, 'getReadiness', {
    handler: async (request, reply) => {
      if (app.lifecycle.phase !== 'ready') {
        return unavailable(request, reply, app.lifecycle.draining ? 'This server is shutting down.' : 'This server is still starting.');
      }
      let pending: string[];
      try {
        pending = await within(
          (async () => {
            await databaseAnswers(app.db);
            return pendingMigrations(app.db, known);
          })(),
          DATABASE_TIMEOUT_MS,
        );
      } catch (error) {
        return unavailable(request, reply, 'The database is not answering.', error);
      }
      if (pending.length > 0) return unavailable(request, reply, `The database lacks migrations: ${pending.join(', ')}.`);
      if (!app.jobs.started) return unavailable(request, reply, 'The job queue is not started.');
      passed(request);
      return { status: 'ok' as const };
    },
  });
}
