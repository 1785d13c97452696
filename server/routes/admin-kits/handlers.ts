/**
 * Kit codes for kits sold outside the web shop: batches of codes with their CSV and printable labels, and the
 * registration of a person who bought a kit at a clinic or event counter. Admins only; every step is in the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInLinkFor as firebaseSignInLink } from '../../firebase';
import { siteUrlOf } from '../../config';
import { sqlState, UNIQUE_VIOLATION } from '../../db';
import { HttpError, notFound } from '../../errors';
import { actorOf, writeAudit } from '../../services/audit';
import { csvLine } from '../../services/exports';
import { kitLabelsPdf } from '../../services/labels/pdf';
import { defineRoute } from '../define-route';
import { BATCH_NOT_FOUND, batchCodes, createKitBatch, kitBatch, listKitBatches, onboardOfflineCustomer } from './queries';

const CSV_HEADER = ['code', 'product', 'activation_url', 'status'];

export async function adminKitRoutes(app: FastifyInstance): Promise<void> {
  /** The shop's address for QR codes and sign-in links, as configured: never the Host a request names. */
  const site = siteUrlOf(app.config);
  const activationUrl = (site: string, code: string) => `${site}/user/dashboard?code=${encodeURIComponent(code)}`;

  async function batchFor(request: FastifyRequest, id: string, format: 'csv' | 'pdf') {
    const batch = await kitBatch(app.db, id);
    if (!batch) throw notFound(BATCH_NOT_FOUND);
    await writeAudit(app.db, { actor: actorOf(request), action: 'kit_batch.downloaded', entity: 'kit_batch', entityId: id, after: { format } });
    return { batch, codes: await batchCodes(app.db, id), fileName: `kit-batch-${batch.number}-${batch.product.code}.${format}` };
  }

  defineRoute(app, 'listKitBatches', {
    handler: async (request) => {
      const { limit = 20, offset = 0 } = request.query;
      return listKitBatches(app.db, { limit, offset });
    },
  });

  defineRoute(app, 'createKitBatch', {
    handler: async (request, reply) => {
      const { productId, size, note } = request.body;
      const id = await app.db.transaction((tx) => createKitBatch(tx, actorOf(request), { productId, size, note: note?.trim() || null }));
      const batch = await kitBatch(app.db, id);
      if (!batch) throw notFound(BATCH_NOT_FOUND);
      return reply.status(201).send({ batch });
    },
  });

  defineRoute(app, 'getKitBatchCodesCsv', {
    handler: async (request, reply) => {
      const { batch, codes, fileName } = await batchFor(request, request.params.id, 'csv');
      const rows = codes.map((row) => csvLine([row.code, batch.product.name, activationUrl(site, row.code), row.status]));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csvLine(CSV_HEADER) + rows.join(''));
    },
  });

  defineRoute(app, 'getKitBatchLabels', {
    handler: async (request, reply) => {
      const { batch, codes, fileName } = await batchFor(request, request.params.id, 'pdf');
      const labels = codes.map((row) => ({ code: row.code, productName: batch.product.name, activationUrl: activationUrl(site, row.code) }));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(kitLabelsPdf(labels, `Kit labels, batch ${batch.number}, ${batch.product.name}`));
    },
  });

  defineRoute(app, 'onboardOfflineCustomer', {
    handler: async (request, reply) => {
      const onboarding = await app.db
        .transaction(async (tx) => {
          const onboarded = await onboardOfflineCustomer(tx, actorOf(request), request.body);
          // The welcome goes with the onboarding or not at all. Firebase only makes the sign-in link (it sends nothing
          // for the Admin SDK; the Auth emulator keeps it as sent); the shop's own e-mail carries it.
          const signInUrl = onboarded.customer.email ? await signInLinkFor(onboarded.customer.email, request) : null;
          const queued = await app.messages.offlineOnboarded(tx, {
            orderId: onboarded.order._id,
            kit: onboarded.kit.product.name,
            existing: onboarded.customer.existing,
            signInUrl,
          });
          return { ...onboarded, signInLink: queued && signInUrl ? ('sent' as const) : ('notSent' as const) };
        })
        .catch((error: unknown) => {
          // Two registrations of the same new person at once: the other one made the profile, which a retry finds.
          if (sqlState(error) === UNIQUE_VIOLATION) {
            throw new HttpError(409, 'These details were registered by someone else at the same moment. Please try again.', 'CONCURRENT_REGISTRATION');
          }
          throw error;
        });
      return reply.status(201).send({ onboarding });
    },
  });

  /** Firebase's one-time link that signs the person in by e-mail, or null (logged) when it cannot be made. */
  async function signInLinkFor(email: string, request: FastifyRequest): Promise<string | null> {
    try {
      return await firebaseSignInLink(app.firebaseAuth, site, email);
    } catch (error) {
      request.log.warn({ err: error }, 'the sign-in link of an offline customer could not be made');
      return null;
    }
  }
}
