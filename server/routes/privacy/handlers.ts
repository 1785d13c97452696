/**
 * The person's data rights under the DPDP Act 2023 (their consents, a copy of their data, the erasure of their
 * account) and the staff's queue of erasure requests. Each of the person's steps is written to the audit log.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema';
import { RETENTION_MONTHS } from '../../config';
import { HttpError, notFound } from '../../errors';
import { confirmsReauthentication, deleteFirebaseAccount, firebaseAccountOf, verifyIdentity, type FirebaseAccount } from '../../firebase';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { documentFileName } from '../../../machines/document-numbers';
import { invoicePdf } from '../../services/invoice/pdf';
import { savedAddress } from '../addresses/queries';
import { confirmProfileEmail } from '../auth/queries';
import { defineRoute } from '../define-route';
import { intakesOfUser } from '../kit-intakes/queries';
import { kitBodies, kitBodyOptions, kitsOfUser } from '../kits/queries';
import { emptyBodyAsObject } from '../orders/body';
import { invoiceOrder, orderBodies, ordersOfUser } from '../orders/queries';
import { downloadDisposition, personalDataArchive, readmeText } from './archive';
import {
  cancelErasure,
  cartOf,
  completeErasure,
  consentsOf,
  contactMessagesOf,
  ebookRequestOf,
  ERASURE_NOT_FOUND,
  erasureRequestsOf,
  historyOf,
  listErasureRequests,
  liveSessionsOf,
  messagesOf,
  overviewOf,
  profileOf,
  questionnaireResultsOf,
  requestErasure,
  setConsent,
  staffErasureRequest,
} from './queries';

type PersonalData = components['schemas']['PersonalData'];
type PrivacyOverview = components['schemas']['PrivacyOverview'];

export const REAUTHENTICATION_REQUIRED =
  'Please sign in again to confirm that you want your account erased. For your safety we ask for a sign-in made in the last 5 minutes.';

const reauthenticationRequired = () => new HttpError(400, REAUTHENTICATION_REQUIRED, 'REAUTHENTICATION_REQUIRED');

/** Downloads make every invoice afresh, and an erasure request checks a token with Firebase: a few an hour suffice. */
const EXPORTS_PER_HOUR = 10;
const ERASURE_ATTEMPTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const perPerson = (request: FastifyRequest) => `user:${sessionOf(request).user.id}`;

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const exportLimit = { rateLimit: { max: EXPORTS_PER_HOUR, timeWindow: HOUR_MS, keyGenerator: perPerson } };

  const grievanceContact = () => ({ ...config.grievanceOfficer, respondWithinDays: config.erasureDueDays });

  /**
   * The person's Firebase account, read afresh: an address confirmed there since the person signed in (the link
   * the privacy page has Firebase send) is recorded as proven before anything is read by it.
   */
  async function firebaseAccount(request: FastifyRequest): Promise<FirebaseAccount> {
    const { user } = sessionOf(request);
    const account = await firebaseAccountOf(app.firebaseAuth, user.firebaseUid, request.log);
    if (account.verifiedEmail) await confirmProfileEmail(app.db, user.id, account.verifiedEmail);
    return account;
  }

  async function overview(request: FastifyRequest): Promise<PrivacyOverview> {
    const { user } = sessionOf(request);
    const { signInMethods } = await firebaseAccount(request);
    return {
      ...(await overviewOf(app.db, user.id)),
      signInMethods,
      retentionMonths: RETENTION_MONTHS,
      grievance: grievanceContact(),
    };
  }

  /** Everything the shop holds about the person making the request, with the order rows its invoices are made from. */
  async function personalData(request: FastifyRequest, exportedAt: Date) {
    const session = sessionOf(request);
    const userId = session.user.id;
    const { signInMethods } = await firebaseAccount(request);
    const { profile, unconfirmedEmail } = await profileOf(app.db, userId);
    const orderRows = await ordersOfUser(app.db, userId);
    const orders = await orderBodies(app.db, orderRows);
    const invoices = orderRows.flatMap((row, index) => {
      const order = orders[index];
      const invoice = order && invoiceOrder(row, order);
      return invoice ? [{ row, invoice }] : [];
    });
    const data: PersonalData = {
      exportedAt: exportedAt.toISOString(),
      profile: { ...profile, signInMethods },
      unconfirmedEmail,
      consents: await consentsOf(app.db, userId),
      address: await savedAddress(app.db, userId),
      cart: await cartOf(app.db, userId),
      orders,
      invoices: invoices.map(({ row, invoice }) => ({
        orderId: row.id,
        invoiceNumber: invoice.invoiceNumber,
        file: `invoices/${documentFileName(invoice.invoiceNumber)}`,
        url: `/api/orders/${row.id}/invoice`,
      })),
      kits: await kitBodies(app.db, await kitsOfUser(app.db, userId), kitBodyOptions(config), userId),
      kitIntakes: await intakesOfUser(app.db, userId),
      questionnaireResults: await questionnaireResultsOf(app.db, userId),
      messages: await messagesOf(app.db, userId),
      contactMessages: await contactMessagesOf(app.db, userId),
      ebookRequest: await ebookRequestOf(app.db, userId),
      sessions: await liveSessionsOf(app.db, userId, session.tokenHash),
      erasureRequests: await erasureRequestsOf(app.db, userId),
      history: await historyOf(app.db, userId, null),
    };
    return { data, invoices: invoices.map(({ invoice }) => invoice) };
  }

  async function auditExport(request: FastifyRequest, format: 'json' | 'zip'): Promise<void> {
    const userId = sessionOf(request).user.id;
    await writeAudit(app.db, { actor: actorOf(request), action: 'data.exported', entity: 'user', entityId: userId, subject: userId, after: { format } });
  }

  defineRoute(app, 'getGrievanceOfficer', {
    handler: async () => ({ grievance: grievanceContact() }),
  });

  defineRoute(app, 'getPrivacyOverview', {
    handler: async (request) => overview(request),
  });

  defineRoute(app, 'setConsent', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      await app.db.transaction((tx) => setConsent(tx, actorOf(request), userId, request.params.purpose, request.body.granted));
      return overview(request);
    },
  });

  defineRoute(app, 'exportPersonalData', {
    config: exportLimit,
    handler: async (request, reply) => {
      const exportedAt = new Date();
      const { data } = await personalData(request, exportedAt);
      await auditExport(request, 'json');
      reply.header('content-disposition', downloadDisposition(exportedAt, 'json'));
      return data;
    },
  });

  defineRoute(app, 'exportPersonalDataArchive', {
    config: exportLimit,
    handler: async (request, reply) => {
      const exportedAt = new Date();
      const { data, invoices } = await personalData(request, exportedAt);
      const pdfs = new Map<string, Uint8Array>();
      for (const invoice of invoices) pdfs.set(`invoices/${documentFileName(invoice.invoiceNumber)}`, await invoicePdf(invoice, config.seller));
      const archive = personalDataArchive(data, pdfs, readmeText(data, config));
      await auditExport(request, 'zip');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', downloadDisposition(exportedAt, 'zip'))
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  });

  defineRoute(app, 'requestErasure', {
    config: { rateLimit: { max: ERASURE_ATTEMPTS_PER_HOUR, timeWindow: HOUR_MS, keyGenerator: perPerson } },
    handler: async (request, reply) => {
      const { user } = sessionOf(request);
      let identity;
      try {
        identity = await verifyIdentity(app.firebaseAuth, request.body.idToken);
      } catch (error) {
        // A token that does not verify is a failed confirmation, not the end of the session: a 401 would sign the
        // person out of the page they are on.
        if (error instanceof HttpError && error.statusCode === 401) throw reauthenticationRequired();
        throw error;
      }
      if (!confirmsReauthentication(identity, user.firebaseUid, new Date())) throw reauthenticationRequired();
      await app.db.transaction((tx) => requestErasure(tx, actorOf(request), user.id, config.erasureDueDays));
      return reply.code(201).send(await overview(request));
    },
  });

  defineRoute(app, 'cancelErasure', {
    handler: async (request) => {
      const cancelled = await app.db.transaction((tx) => cancelErasure(tx, actorOf(request), sessionOf(request).user.id));
      if (!cancelled) throw notFound('You have no pending request to erase your account.');
      return overview(request);
    },
  });

  defineRoute(app, 'listErasureRequests', {
    handler: async (request) => {
      const { status = 'pending', sort = 'dueBy', limit = 20, offset = 0 } = request.query;
      return listErasureRequests(app.db, { status, sort, limit, offset });
    },
  });

  defineRoute(app, 'completeErasure', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const { id } = request.params;
      const reason = request.body?.reason?.trim() || null;
      // Firebase first, under the request's lock: once the account is gone the person can no longer sign in; if it
      // cannot be reached, nothing has changed and staff try again.
      await app.db.transaction((tx) =>
        completeErasure(tx, actorOf(request), id, reason, (firebaseUid) => deleteFirebaseAccount(app.firebaseAuth, firebaseUid)),
      );
      const erasure = await staffErasureRequest(app.db, id);
      if (!erasure) throw notFound(ERASURE_NOT_FOUND);
      return { erasure };
    },
  });
}
