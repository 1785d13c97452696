import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentFileName } from '../../../machines/document-numbers';
import { badRequest, HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf } from '../../services/audit';
import type { RefundOutcome } from '../../services/metrics';
import { creditNotePdf } from '../../services/invoice/credit-note';
import { invoicePdf } from '../../services/invoice/pdf';
import { paymentGatewayOf } from '../../services/payments';
import { shopEmailOf } from '../../services/shipping';
import { defineRoute } from '../define-route';
import { invoiceOrder, orderBody, orderById, orderOfUser, type OrderRow } from '../orders/queries';
import { correctShipment, staffReportFile, withdrawReport } from './kit-corrections';
import { bookShipment, courierShipments, shipmentLabel } from './shipments';
import { correctOrderAddress, setReplacementKitAddress } from './corrections';
import { cancelOrderByStaff, checkRefundMethod, creditNoteOf, listStaffOrders, refundOfOrder, refundOrder, staffOrder, takeJourneyStep } from './queries';

const ORDER_NOT_FOUND = 'There is no such order.';
const REFUND_NOT_FOUND = 'There is no such refund of this order.';
/** The contract's IdempotencyKey; headers are not validated by the contract's schemas, so the handler checks it. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** Why no refund was made, when the gateway is the reason. */
function refundNotMade(error: unknown): RefundOutcome | undefined {
  if (!(error instanceof HttpError)) return undefined;
  if (error.code === 'GATEWAY_REFUSED') return 'refused';
  if (error.code === 'GATEWAY_UNAVAILABLE') return 'unavailable';
  return undefined;
}

export async function adminOrderRoutes(app: FastifyInstance): Promise<void> {
  const gateway = paymentGatewayOf(app.config);

  const orderAnswer = async (id: string) => {
    const order = await staffOrder(app.db, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { ...order, shipments: await courierShipments(app.db, id), courierBooking: app.shipping !== null };
  };
    const shopEmail = shopEmailOf(app.config.messages.from);

  const sendPdf = (reply: FastifyReply, number: string, pdf: Buffer) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${documentFileName(number)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  const sendCreditNote = async (row: OrderRow | undefined, refundId: string, reply: FastifyReply) => {
    const note = row && (await creditNoteOf(app.db, row, refundId));
    if (!note) throw notFound(REFUND_NOT_FOUND);
    return sendPdf(reply, note.number, await creditNotePdf(note, app.config.seller));
  };

  defineRoute(app, 'listStaffOrders', {
    handler: async (request) => {
      const { sort = '-createdAt', limit = 20, offset = 0, ...filters } = request.query;
      return listStaffOrders(app.db, { ...filters, sort, limit, offset });
    },
  });

  defineRoute(app, 'getStaffOrder', {
    handler: async (request) => ({ order: await orderAnswer(request.params.id) }),
  });

  defineRoute(app, 'advanceStaffOrder', {
    // A report uploaded as a PDF comes in the body, base64 (the contract's 7,000,000 characters, about 5 MB).
    bodyLimit: 8 * 1024 * 1024,
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const kitIds = await takeJourneyStep(tx, actorOf(request), id, request.body);
        await app.messages.journeyStep(tx, id, request.body.step, kitIds);
      });
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'bookShipment', {
    handler: async (request) => {
      const { id } = request.params;
      const actor = actorOf(request);
      await bookShipment(app.db, app.shipping, actor, id, request.body.kitIds, shopEmail, async (tx, booked, kitIds) => {
        const shipped = await takeJourneyStep(tx, actor, id, { step: 'ship', kitIds, courier: booked.courier, trackingNumber: booked.awb });
        await app.messages.journeyStep(tx, id, 'ship', shipped);
      });
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'getShipmentLabel', {
    handler: async (request, reply) => {
      const { id, shipmentId } = request.params;
      const { pdf, awb } = await shipmentLabel(app.db, app.shipping, id, shipmentId, shopEmail);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="label-${awb}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  defineRoute(app, 'correctShipment', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const { kitIds, previous } = await correctShipment(tx, actorOf(request), id, request.body);
        await app.messages.trackingCorrected(tx, id, kitIds, previous);
      });
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'getStaffKitReport', {
    handler: async (request, reply) => {
      const { id, kitId } = request.params;
      const file = await staffReportFile(app.db, id, kitId);
      if (!file) throw notFound('This kit has no uploaded report.');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="report-${file.boxCode}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });

  defineRoute(app, 'withdrawKitReport', {
    handler: async (request) => {
      const { id, kitId } = request.params;
      await app.db.transaction((tx) => withdrawReport(tx, actorOf(request), id, kitId, request.body.reason.trim()));
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'cancelStaffOrder', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => cancelOrderByStaff(tx, actorOf(request), id, request.body.reason.trim()));
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'correctOrderAddress', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => correctOrderAddress(tx, actorOf(request), id, request.body));
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'setReplacementKitAddress', {
    handler: async (request) => {
      const { id, kitId } = request.params;
      await app.db.transaction((tx) => setReplacementKitAddress(tx, actorOf(request), id, kitId, request.body));
      return { order: await orderAnswer(id) };
    },
  });

  defineRoute(app, 'refundOrder', {
    handler: async (request, reply) => {
      const { id } = request.params;
      const { kitIds, reason, internalNote } = request.body;
      const idempotencyKey = request.headers['idempotency-key'];
      if (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw badRequest('Send an Idempotency-Key header of 8 to 64 letters, digits, dashes or underscores, so that a repeated request refunds once.', {
          'Idempotency-Key': 'is required',
        });
      }
      const counter = checkRefundMethod(request.body);
      const refundRequest = { idempotencyKey, kitIds, reason: reason.trim(), counter, internalNote: internalNote?.trim() || null };
      const { refundId, created } = await app.db
        .transaction(async (tx) => {
          const made = await refundOrder(tx, gateway, actorOf(request), id, refundRequest);
          await app.messages.refunded(tx, id, made.refundId);
          return made;
        })
        .catch((error: unknown) => {
          const outcome = refundNotMade(error);
          if (outcome) app.metrics.refund(outcome);
          throw error;
        });
      const refund = await refundOfOrder(app.db, id, refundId);
      if (!refund) throw notFound(REFUND_NOT_FOUND);
      if (created) app.metrics.refund(refund.status);
      return reply.code(created ? 201 : 200).send({ refund, order: await orderAnswer(id) });
    },
  });

  defineRoute(app, 'getStaffCreditNote', {
    handler: async (request, reply) => sendCreditNote(await orderById(app.db, request.params.id), request.params.refundId, reply),
  });

  defineRoute(app, 'getStaffInvoice', {
    handler: async (request, reply) => {
      const row = await orderById(app.db, request.params.id);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const invoice = invoiceOrder(row, await orderBody(app.db, row));
      if (!invoice) throw new HttpError(409, 'This order has no invoice: an invoice is made once an order is paid.', 'ORDER_NOT_PAID');
      return sendPdf(reply, invoice.invoiceNumber, await invoicePdf(invoice, app.config.seller));
    },
  });

  defineRoute(app, 'getCreditNote', {
    handler: async (request, reply) =>
      sendCreditNote(await orderOfUser(app.db, sessionOf(request).user.id, request.params.id), request.params.refundId, reply),
  });
}
