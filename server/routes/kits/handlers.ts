import type { FastifyInstance } from 'fastify';
import { limitKeyOf } from '../../client-address';
import { HttpError, notFound, tooManyRequests } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { defineRoute } from '../define-route';
import { KIT_CODE_PROBLEM_MESSAGES } from '../../../machines/kit-codes';
import { advanceKit, kitBodies, kitBodyOptions, kitByTypedCode, kitOfUser, kitsOfUser, reportFileOfUser, type KitRow } from './queries';

const KIT_NOT_FOUND = 'There is no such kit in your account.';

/** A kit is given before its code is activated: once paid, on its way or delivered. */
const GIFTABLE_STATES: ReadonlySet<KitRow['state']> = new Set(['paid', 'shipped', 'delivered']);
const GIFTS_PER_DAY = 5;

function notGiftable(state: KitRow['state']): string {
  if (state === 'refunded' || state === 'cancelled') return 'This kit was refunded or cancelled, so it cannot be given.';
  if (state === 'ordered') return 'This kit is not paid yet. Give it once its order is paid.';
  return 'This kit is already activated: its sample and report belong to whoever activated it.';
}

export async function kitRoutes(app: FastifyInstance): Promise<void> {
  const options = kitBodyOptions(app.config);
  const bodyOf = async (row: KitRow, viewerId: string) => ({ kit: (await kitBodies(app.db, [row], options, viewerId))[0]! });

  defineRoute(app, 'listKits', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      return { kits: await kitBodies(app.db, await kitsOfUser(app.db, userId), options, userId) };
    },
  });

  defineRoute(app, 'getKitJourney', {
    handler: async (request) => {
      const { id } = request.params;
      const userId = sessionOf(request).user.id;
      const row = await kitOfUser(app.db, userId, id);
      if (!row) throw notFound(KIT_NOT_FOUND);
      return bodyOf(row, userId);
    },
  });

  defineRoute(app, 'activateKit', {
    config: {
      rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (request) => `kit-activation:${limitKeyOf(request.ip)}` },
    },
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const { body } = request;
      // The kit the person typed the code into must be theirs; the code then says which kit it activates.
      if (body.kitId !== undefined && !(await kitOfUser(app.db, userId, body.kitId))) throw notFound(KIT_NOT_FOUND);
      const found = await kitByTypedCode(app.db, body.code);
      if ('problem' in found) throw new HttpError(400, KIT_CODE_PROBLEM_MESSAGES[found.problem], 'KIT_CODE_MISTYPED', { code: KIT_CODE_PROBLEM_MESSAGES[found.problem] });
      // The code is the claim, whoever bought the kit. A code issued before check characters could be guessed from
      // its neighbours, so it stays unknown to anyone but its buyer: codes must not be probed across accounts.
      if (!found.kit || (found.legacy && found.kit.user_id !== userId)) {
        throw new HttpError(404, 'We do not know this code. Check it against the card in your kit box and try again.', 'KIT_CODE_UNKNOWN');
      }
      const kitId = found.kit.id;
      await app.db.transaction(async (tx) => {
        const [kit] = await tx.query<{ state: KitRow['state']; user_id: string }>('SELECT state, user_id FROM kits WHERE id = $1 FOR UPDATE', [kitId]);
        if (!kit) throw new HttpError(404, 'We do not know this code. Check it against the card in your kit box and try again.', 'KIT_CODE_UNKNOWN');
        if (kit.state === 'ordered' || kit.state === 'paid') {
          throw new HttpError(409, 'This kit has not been shipped yet. Activate it once it reaches you.', 'KIT_NOT_DELIVERED');
        }
        if (kit.state !== 'shipped' && kit.state !== 'delivered') {
          throw new HttpError(409, 'This code has already been used to activate a kit.', 'KIT_ALREADY_ACTIVATED');
        }
        await advanceKit(tx, kitId, 'journey.activate');
        if (kit.user_id === userId) return;
        // Someone else bought it: the sample's journey and results are now this person's, the purchase the buyer's.
        await tx.query('UPDATE kits SET bought_by = user_id, user_id = $2 WHERE id = $1', [kitId, userId]);
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'kit.claimed',
          entity: 'kit',
          entityId: kitId,
          subject: kit.user_id,
          before: { holder: kit.user_id },
          after: { holder: userId },
        });
      });
      const updated = await kitOfUser(app.db, userId, kitId);
      if (!updated) throw notFound(KIT_NOT_FOUND);
      return bodyOf(updated, userId);
    },
  });

  // Held to GIFTS_PER_DAY e-mails a day per account, counted in the database, so that no address is flooded from here.
  defineRoute(app, 'giftKit', {
    handler: async (request, reply) => {
      const user = sessionOf(request).user;
      const { id } = request.params;
      const email = request.body.email.trim();
      const name = request.body.name?.trim() || null;
      await app.db.transaction(async (tx) => {
        // Only the buyer gives a kit, and only before its code is activated: after that it is its holder's.
        const [kit] = await tx.query<{ state: KitRow['state']; bought_by: string | null }>(
          'SELECT state, bought_by FROM kits WHERE id = $1 AND user_id = $2 FOR UPDATE',
          [id, user.id],
        );
        if (!kit || kit.bought_by !== null) throw notFound(KIT_NOT_FOUND);
        if (!GIFTABLE_STATES.has(kit.state)) throw new HttpError(409, notGiftable(kit.state), 'KIT_NOT_GIFTABLE');
        const [sent] = await tx.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM kit_gifts WHERE sent_by = $1 AND created_at > now() - interval '1 day'`,
          [user.id],
        );
        if ((sent?.count ?? 0) >= GIFTS_PER_DAY) throw tooManyRequests(`You can give ${GIFTS_PER_DAY} kits by e-mail a day. Please try again tomorrow.`);
        const [gift] = await tx.query<{ id: string }>('INSERT INTO kit_gifts (kit_id, sent_by, email, name) VALUES ($1, $2, $3, $4) RETURNING id', [
          id,
          user.id,
          email,
          name,
        ]);
        await app.messages.kitGiven(tx, { giftId: gift!.id, kitId: id, email, name, from: user.fullname });
      });
      const row = await kitOfUser(app.db, user.id, id);
      if (!row) throw notFound(KIT_NOT_FOUND);
      return reply.code(202).send(await bodyOf(row, user.id));
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
      return bodyOf(kit, row.user_id);
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
