/**
 * Wires the metrics into an app: `app.metrics`, for the routes that count their outcomes; the time of every answer;
 * every database statement; each failed try to send a message; and GET /api/metrics. Registered before the routes,
 * so that its hook times them all.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { metricsRoutes } from '../routes/metrics/handlers';
import { Metrics } from '../services/metrics';
import { SEND_FAILURES, type SendFailure } from '../services/messages/worker';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export function registerMetrics(app: FastifyInstance): void {
  const metrics = new Metrics({
    db: app.db,
    queueSchema: app.config.messages.queueSchema,
    log: app.log,
    exposed: app.config.metricsToken !== undefined,
  });
  app.decorate('metrics', metrics);
  app.db.observe?.(metrics.database);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // The sender is built by the job queue's code; its failures are heard here, those of this app's outbox only
  // (a test process runs several apps, each with its own database).
  const onSendFailure = (message: unknown) => {
    const failure = message as SendFailure;
    if (failure.db === app.db) metrics.sendFailure(failure.channel, failure.final);
  };
  subscribe(SEND_FAILURES, onSendFailure);
  app.addHook('onClose', async () => {
    unsubscribe(SEND_FAILURES, onSendFailure);
  });

  metricsRoutes(app);
}
