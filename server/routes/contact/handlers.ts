/** The contact page's messages: anyone sends one (limited per client address); admins list them, reply and close them. */
import type { FastifyInstance } from 'fastify';
import { limitKeyOf } from '../../client-address';
import { notFound, tooManyRequests } from '../../errors';
import { actorOf } from '../../services/audit';
import { topicLabel } from '../../../machines/contact-topics';
import { MESSAGE_QUEUE } from '../../services/messages/outbox';
import { defineRoute } from '../define-route';
import {
  closeContactMessage,
  CONTACT_MESSAGE_NOT_FOUND,
  contactMessageById,
  listContactMessages,
  replyToContactMessage,
  saveContactMessage,
} from './queries';

const HOUR_MS = 3_600_000;
export const CONTACT_LIMIT_MESSAGE = 'You have sent several messages in the last hour. Please wait a while, or call us.';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'sendContactMessage', {
    config: {
      rateLimit: {
        max: app.config.contactMessagesPerHour,
        timeWindow: HOUR_MS,
        keyGenerator: (request) => `contact:${limitKeyOf(request.ip)}`,
        errorResponseBuilder: () => tooManyRequests(CONTACT_LIMIT_MESSAGE),
      },
    },
    handler: async (request, reply) => {
      const saved = await app.db.transaction(async (tx) => {
        const message = await saveContactMessage(tx, request.body, request.ip);
        await app.messages.contactReceived(tx, message.id, topicLabel(request.body.topic));
        return message;
      });
      return reply.status(201).send({ reference: saved.reference, receivedAt: saved.receivedAt });
    },
  });

  defineRoute(app, 'listContactMessages', {
    handler: async (request) => {
      const { sort = '-receivedAt', limit = 20, offset = 0, q, status, topic } = request.query;
      return listContactMessages(app.db, { q, status, topic, sort, limit, offset });
    },
  });

  defineRoute(app, 'replyToContactMessage', {
    handler: async (request, reply) => {
      const { id } = request.params;
      await app.db.transaction((tx) =>
        replyToContactMessage(tx, actorOf(request), id, request.body, (db, message) => app.messages.contactReplied(db, message)),
      );
      app.jobs.queue.wake(MESSAGE_QUEUE);
      const message = await contactMessageById(app.db, id);
      if (!message) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
      return reply.code(201).send({ message });
    },
  });

  defineRoute(app, 'closeContactMessage', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => closeContactMessage(tx, actorOf(request), id, request.body.note));
      const message = await contactMessageById(app.db, id);
      if (!message) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
      return { message };
    },
  });
}
