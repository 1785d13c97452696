/**
 * WhatsApp Cloud API's webhook: the verification Meta makes when the address is set up (GET), and the statuses of the
 * messages the shop sent (POST), signed over the raw body with the app secret.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { nestsDeeperThan, tooDeep } from '../../json-depth';
import { queueSmsFallback } from '../../services/messages/fallback';
import { whatsappSignatureValid, whatsappStatusesOf } from '../../services/messages/whatsapp';
import { defineRoute } from '../define-route';
import { recordWhatsappStatus } from './queries';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function whatsappRoutes(app: FastifyInstance): Promise<void> {
  const settings = app.config.messages.whatsapp;

  defineRoute(app, 'verifyWhatsappWebhook', {
    handler: async (request, reply) => {
      const query = request.query;
      const token = query['hub.verify_token'];
      if (query['hub.mode'] !== 'subscribe' || !settings.verifyToken || token === undefined || !sameText(token, settings.verifyToken)) {
        throw forbidden('The verify token is not this shop’s.');
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge'] ?? '');
    },
  });

  // The signature covers the exact bytes sent, so this route keeps the raw body beside the parsed one.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request: FastifyRequest, body, done) => {
      request.rawBody = body as string;
      if (nestsDeeperThan(body as string)) {
        done(tooDeep(), undefined);
        return;
      }
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(badRequest('The body is not valid JSON.'), undefined);
      }
    });

    defineRoute(scope, 'whatsappWebhook', {
      handler: async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        if (!settings.appSecret || request.rawBody === undefined || !whatsappSignatureValid(request.rawBody, typeof signature === 'string' ? signature : undefined, settings.appSecret)) {
          throw unauthorized('The webhook signature is not valid.', 'WEBHOOK_SIGNATURE_INVALID');
        }
        const statuses = whatsappStatusesOf(request.body);
        if (!statuses) throw badRequest('The body is not a WhatsApp Business Account notification.');
        const outcomes = await app.db.transaction(async (tx) => {
          const seen: Array<'recorded' | 'unchanged' | 'unknown'> = [];
          for (const status of statuses) {
            const recorded = await recordWhatsappStatus(tx, status);
            if (recorded.outcome === 'recorded' && recorded.failed) await queueSmsFallback(tx, app.jobs.queue, recorded.failed);
            if (recorded.outcome === 'unknown') request.log.warn({ whatsappId: status.id, status: status.status }, 'WhatsApp status for a message this shop did not send');
            seen.push(recorded.outcome);
          }
          return seen;
        });
        if (outcomes.includes('recorded')) return { status: 'processed' as const };
        return { status: outcomes.includes('unchanged') ? ('duplicate' as const) : ('ignored' as const) };
      },
    });
  });
}
