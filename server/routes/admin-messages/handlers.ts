/** The messages of an order and of a customer in the admin area, and resending one (audited). */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { actorOf } from '../../services/audit';
import { MESSAGE_QUEUE } from '../../services/messages/outbox';
import { customerExists } from '../admin-customers/queries';
import { defineRoute } from '../define-route';
import { orderById } from '../orders/queries';
import { messagesOfCustomer, messagesOfOrder, resendMessage } from './queries';

export async function adminMessageRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'listOrderMessages', {
    handler: async (request) => {
      if (!(await orderById(app.db, request.params.id))) throw notFound('There is no such order.');
      return { items: await messagesOfOrder(app.db, request.params.id) };
    },
  });

  defineRoute(app, 'listCustomerMessages', {
    handler: async (request) => {
      if (!(await customerExists(app.db, request.params.id))) throw notFound('There is no such customer.');
      return { items: await messagesOfCustomer(app.db, request.params.id) };
    },
  });

  defineRoute(app, 'resendMessage', {
    handler: async (request, reply) => {
      const message = await app.db.transaction((tx) => resendMessage(tx, app.jobs.queue, actorOf(request), request.params.id));
      app.jobs.queue.wake(MESSAGE_QUEUE);
      return reply.code(201).send({ message });
    },
  });
}
