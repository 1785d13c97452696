import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../errors';
import { defineRoute } from '../define-route';
import { databaseAnswers } from './queries';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'getHealth', {
    handler: async (request) => {
      try {
        await databaseAnswers(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new HttpError(503, 'The database is not answering.', 'UNAVAILABLE');
      }
      return { status: 'ok' as const };
    },
  });
}
