import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { defineRoute } from '../define-route';
import { kitBodyOptions } from '../kits/queries';
import { addNote, customerDetail, customerExists, listCustomers } from './queries';

const CUSTOMER_NOT_FOUND = 'There is no such customer.';

export async function adminCustomerRoutes(app: FastifyInstance): Promise<void> {
  const kitOptions = kitBodyOptions(app.config);

  defineRoute(app, 'listCustomers', {
    handler: async (request) => listCustomers(app.db, request.query),
  });

  defineRoute(app, 'getStaffCustomer', {
    handler: async (request) => {
      const customer = await customerDetail(app.db, request.params.id, kitOptions);
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      return { customer };
    },
  });

  defineRoute(app, 'addCustomerNote', {
    handler: async (request, reply) => {
      const { id } = request.params;
      const author = sessionOf(request).user;
      const body = request.body.body.trim();
      const note = await app.db.transaction(async (tx) => {
        if (!(await customerExists(tx, id))) throw notFound(CUSTOMER_NOT_FOUND);
        const added = await addNote(tx, id, author.id, body);
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'note.added',
          entity: 'customer_note',
          entityId: added._id,
          subject: id,
          after: { body },
        });
        return added;
      });
      return reply.code(201).send({ note });
    },
  });
}
