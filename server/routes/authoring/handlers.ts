/** Writing and reviewing posts and recipes, for admins, doctors and nutritionists (the contract's x-roles). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf } from '../../services/audit';
import { acceptImageBodies, encodeUploadedImage, imageUploadOptions } from '../../services/images';
import type { StaffRole } from '../../services/content/pieces';
import { defineRoute } from '../define-route';
import {
  authoringItem,
  createAuthoringItem,
  insertContentImage,
  listAuthoringItems,
  listRevisions,
  PIECE_NOT_FOUND,
  restoreRevision,
  saveAuthoringItem,
  takeReviewStep,
  type Staff,
} from './queries';

const isStaffRole = (role: string): role is StaffRole => role === 'admin' || role === 'doctor' || role === 'nutritionist';

function staffOf(request: FastifyRequest): Staff {
  const { user } = sessionOf(request);
  // The contract admits staff only; a role changed since is refused here too.
  if (!isStaffRole(user.role)) throw forbidden();
  return { userId: user.id, role: user.role, actor: actorOf(request) };
}

async function imageUploadRoutes(app: FastifyInstance): Promise<void> {
  acceptImageBodies(app);

  defineRoute(app, 'uploadContentImage', {
    ...imageUploadOptions,
    handler: async (request, reply) => {
      const staff = staffOf(request);
      const encoded = await encodeUploadedImage(request.body);
      const image = await app.db.transaction((tx) => insertContentImage(tx, staff.actor, encoded));
      return reply.code(201).send({ image });
    },
  });
}

export async function authoringRoutes(app: FastifyInstance): Promise<void> {
  const answer = async (staff: Staff, id: string) => {
    const item = await authoringItem(app.db, staff, id);
    if (!item) throw notFound(PIECE_NOT_FOUND);
    return { item };
  };

  defineRoute(app, 'listAuthoringItems', {
    handler: async (request) => {
      const { kind, state, mine, limit = 20, offset = 0 } = request.query;
      return listAuthoringItems(app.db, staffOf(request), { kind, state, mine, limit, offset });
    },
  });

  defineRoute(app, 'createAuthoringItem', {
    handler: async (request, reply) => {
      const staff = staffOf(request);
      const { kind, title } = request.body;
      const id = await app.db.transaction((tx) => createAuthoringItem(tx, staff, kind, title));
      return reply.code(201).send(await answer(staff, id));
    },
  });

  defineRoute(app, 'getAuthoringItem', {
    handler: async (request) => answer(staffOf(request), request.params.id),
  });

  defineRoute(app, 'saveAuthoringItem', {
    handler: async (request) => {
      const staff = staffOf(request);
      await app.db.transaction((tx) => saveAuthoringItem(tx, staff, request.params.id, request.body));
      return answer(staff, request.params.id);
    },
  });

  defineRoute(app, 'reviewAuthoringItem', {
    handler: async (request) => {
      const staff = staffOf(request);
      const { step, comment } = request.body;
      await app.db.transaction((tx) => takeReviewStep(tx, staff, request.params.id, step, comment));
      return answer(staff, request.params.id);
    },
  });

  defineRoute(app, 'listContentRevisions', {
    handler: async (request) => {
      const items = await listRevisions(app.db, staffOf(request), request.params.id);
      if (!items) throw notFound(PIECE_NOT_FOUND);
      return { items };
    },
  });

  defineRoute(app, 'restoreContentRevision', {
    handler: async (request) => {
      const staff = staffOf(request);
      const { id, revisionId } = request.params;
      await app.db.transaction((tx) => restoreRevision(tx, staff, id, revisionId));
      return answer(staff, id);
    },
  });

  await app.register(imageUploadRoutes);
}
