import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notFound, unauthorized } from '../../errors';
import { bearerOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `given` is the token, in a time that does not depend on how much of it is right (digests are equal in length). */
function tokenMatches(given: string | undefined, token: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /api/metrics for Prometheus. The token is the operators', not a person's session, so the contract declares no
 * security and the check is here; without a token configured the metrics do not exist, as for an unknown endpoint.
 */
export function metricsRoutes(app: FastifyInstance): void {
  defineRoute(app, 'getMetrics', {
    handler: async (request, reply) => {
      const token = app.config.metricsToken;
      if (token === undefined) throw notFound('There is no such API endpoint.');
      if (!tokenMatches(bearerOf(request.headers.authorization), token)) {
        throw unauthorized('Send the metrics token (METRICS_TOKEN) as the bearer.');
      }
      const text = await app.metrics.text();
      return reply.header('content-type', app.metrics.contentType).send(text);
    },
  });
}
