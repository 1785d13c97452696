import type { FastifyInstance } from 'fastify';
import { limitKeyOf } from '../../client-address';
import { HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { defineRoute } from '../define-route';
import { KIT_CODE_PROBLEM_MESSAGES } from '../../../machines/kit-codes';
import { advanceKit, kitBodies, kitBodyOptions, kitByTypedCode, kitOfUser, kitsOfUser, reportFileOfUser, type KitRow } from './queries';

const KIT_NOT_FOUND = 'There is no such kit in your account.';

export async function kitRoutes(app: FastifyInstance): Promise<void> {
  const options = kitBodyOptions(app.config);
  const bodyOf = async (row: KitRow) => ({ kit: (await kitBodies(app.db, [row], options))[0]! });

  defineRoute(app, 'listKits', {
    handler: async (request) => ({ kits: await kitBodies(app.db, await kitsOfUser(app.db, sessionOf(request).user.id), options) }),
  });

  defineRoute(app, 'getKitJourney', {
    handler: async (request) => {
      const { id } = request.params;
      const row = await kitOfUser(app.db, sessionOf(request).user.id, id);
      if (!row) throw notFound(KIT_NOT_FOUND);
      return bodyOf(row);
    },
  });

  defineRoute(app, 'activateKit', {
    config: {
      rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (request) => `kit-activation:${limitKeyOf(request.ip)}` },
    },
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const { body } = request;
      const intended = body.kitId === undefined ? undefined : await kitOfUser(app.db, userId, body.kitId);
      if (body.kitId !== undefined && !intended) throw notFound(KIT_NOT_FOUND);
      const found = await kitByTypedCode(app.db, body.code);
      if ('problem' in found) throw new HttpError(400, KIT_CODE_PROBLEM_MESSAGES[found.problem], 'KIT_CODE_MISTYPED', { code: KIT_CODE_PROBLEM_MESSAGES[found.problem] });
      const { kit } = found;
      // Another person's code is "unknown" too: codes must not be probed across accounts.
      if (!kit || kit.user_id !== userId) {
        throw new HttpError(404, 'We do not know this code. Check it against the card in your kit box and try again.', 'KIT_CODE_UNKNOWN');
      }
      if (intended && intended.product_id !== kit.product_id) {
        throw new HttpError(409, `This code belongs to a ${kit.product_name} kit, not ${intended.product_name}.`, 'KIT_OTHER_PRODUCT');
      }
      if (kit.state !== 'shipped' && kit.state !== 'delivered') {
        if (kit.state === 'ordered' || kit.state === 'paid') {
          throw new HttpError(409, 'This kit has not been shipped yet. Activate it once it reaches you.', 'KIT_NOT_DELIVERED');
        }
        throw new HttpError(409, 'This code has already been used to activate a kit.', 'KIT_ALREADY_ACTIVATED');
      }
      await app.db.transaction((tx) => advanceKit(tx, kit.id, 'journey.activate'));
      const updated = await kitOfUser(app.db, userId, kit.id);
      if (!updated) throw notFound(KIT_NOT_FOUND);
      return bodyOf(updated);
    },
  });

  defineRoute(app, 'advanceKitJourney', {
    handler: async (request) => {
      const { id } = request.params;
      const { event } = request.body;
      // Written to the audit log on the kit's order, beside the steps taken from the order's page.
      await app.db.transaction(async (tx) => {
        const [before] = await tx.query<{ order_id: string; user_id: string; state: string }>('SELECT order_id, user_id, state FROM kits WHERE id = $1', [id]);
        const state = await advanceKit(tx, id, event);
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'order.kitStepped',
          entity: 'order',
          entityId: before?.order_id ?? null,
          subject: before?.user_id ?? null,
          before: { kit: id, state: before?.state ?? null },
          after: { kit: id, state, event },
        });
      });
      const [row] = await app.db.query<{ user_id: string }>('SELECT user_id FROM kits WHERE id = $1', [id]);
      const kit = row && (await kitOfUser(app.db, row.user_id, id));
      if (!kit) throw notFound('There is no such kit.');
      return bodyOf(kit);
    },
  });

  defineRoute(app, 'getKitReport', {
    handler: async (request, reply) => {
      const { id } = request.params;
      const pdf = await reportFileOfUser(app.db, sessionOf(request).user.id, id);
      if (!pdf) throw notFound('There is no report to download for this kit.');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="gut-report.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
}
