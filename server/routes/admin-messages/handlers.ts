/** The messages of an order and of a customer in the admin area, and resending one (audited). */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { siteUrlOf } from '../../config';
import { setPasswordLinkFor, signInLinkFor } from '../../firebase';
import { HttpError, notFound } from '../../errors';
import { actorOf } from '../../services/audit';
import { MESSAGE_QUEUE } from '../../services/messages/outbox';
import { customerExists } from '../admin-customers/queries';
import { defineRoute } from '../define-route';
import { orderById } from '../orders/queries';
import { LINK_TEMPLATES, MESSAGE_NOT_FOUND, messagesOfCustomer, messagesOfOrder, messageToResend, resendMessage, type FreshLinks, type LinkTemplate } from './queries';

export const LINK_NOT_MADE =
  'A new link to set the password could not be made just now, so nothing was sent: the one in the first e-mail has been used or has run out. Please try again in a few minutes.';

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

  const site = siteUrlOf(app.config);

  /**
   * The one-time link of a message made anew for its resend: the first may have been used or have run out, and a
   * resent e-mail never carries a dead link. A team member's invitation is not sent without one; a counter
   * customer's welcome says how to ask for one, as it did when none could be made the first time.
   */
  async function freshLinks(template: LinkTemplate, email: string, log: FastifyBaseLogger): Promise<FreshLinks> {
    if (template === 'staff-invitation') {
      try {
        return { setPasswordUrl: await setPasswordLinkFor(app.firebaseAuth, site, email) };
      } catch (error) {
        log.warn({ err: error }, 'a new link to set a team member’s password could not be made for a resend');
        throw new HttpError(503, LINK_NOT_MADE, 'LINK_NOT_MADE');
      }
    }
    try {
      return { signInUrl: await signInLinkFor(app.firebaseAuth, site, email) };
    } catch (error) {
      log.warn({ err: error }, 'a new sign-in link could not be made for a resent welcome');
      return { signInUrl: null };
    }
  }

  defineRoute(app, 'resendMessage', {
    handler: async (request, reply) => {
      const source = await messageToResend(app.db, request.params.id);
      if (!source) throw notFound(MESSAGE_NOT_FOUND);
      const linkTemplate = LINK_TEMPLATES.find((template) => template === source.template);
      const links = linkTemplate && source.channel === 'email' ? await freshLinks(linkTemplate, source.recipient, request.log) : undefined;
      const message = await app.db.transaction((tx) => resendMessage(tx, app.jobs.queue, actorOf(request), request.params.id, links));
      app.jobs.queue.wake(MESSAGE_QUEUE);
      return reply.code(201).send({ message });
    },
  });
}
