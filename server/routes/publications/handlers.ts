/** The publications page: the published entries for anyone; every entry for admins, who add, change and delete them. */
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../services/audit';
import { defineRoute } from '../define-route';
import { createPublication, deletePublication, listAdminPublications, listPublications, updatePublication } from './queries';

export async function publicationRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'listPublications', {
    handler: async (request) => {
      const { topic, year, q } = request.query;
      return listPublications(app.db, { topic, year, q });
    },
  });

  defineRoute(app, 'listAdminPublications', {
    handler: async (request) => {
      const { sort = '-year', limit = 20, offset = 0, q, topic, visible } = request.query;
      return listAdminPublications(app.db, { q, topic, visible, sort, limit, offset });
    },
  });

  defineRoute(app, 'createAdminPublication', {
    handler: async (request, reply) => {
      const publication = await app.db.transaction((tx) => createPublication(tx, actorOf(request), request.body));
      return reply.status(201).send({ publication });
    },
  });

  defineRoute(app, 'updateAdminPublication', {
    handler: async (request) => {
      const publication = await app.db.transaction((tx) => updatePublication(tx, actorOf(request), request.params.id, request.body));
      return { publication };
    },
  });

  defineRoute(app, 'deleteAdminPublication', {
    handler: async (request, reply) => {
      await app.db.transaction((tx) => deletePublication(tx, actorOf(request), request.params.id));
      return reply.status(204).send();
    },
  });
}
