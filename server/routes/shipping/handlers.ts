import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../errors';
import { WebhookRefused } from '../../services/shipping';
import { defineRoute } from '../define-route';
import { applyTrackingUpdate } from './queries';

export async function shippingRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'shippingWebhook', {
    handler: async (request) => {
      const provider = app.shipping;
      if (!provider) throw notFound('No courier service is configured.');
      let update;
      try {
        update = provider.readWebhook(request.headers, request.body);
      } catch (error) {
        if (error instanceof WebhookRefused) {
          throw new HttpError(error.status, error.message, error.status === 401 ? 'WEBHOOK_TOKEN_INVALID' : 'BAD_REQUEST');
        }
        throw error;
      }
      const outcome = await app.db.transaction(async (tx) => {
        const applied = await applyTrackingUpdate(tx, update);
        if (applied.status === 'processed' && applied.step && applied.moved.length > 0) await app.messages.journeyStep(tx, applied.orderId, applied.step, applied.moved);
        return applied;
      });
      if (outcome.status === 'ignored') request.log.warn({ awb: update.awb, status: update.status }, 'tracking webhook for a parcel this shop did not book');
      return { status: outcome.status };
    },
  });
}
