import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';
import { emptyBodyAsObject } from './body';
import { invoicePdf } from '../../services/invoice/pdf';
import { cartResponse } from '../cart/handlers';
import { CART_CHANGED, cancelUnpaidOrder, invoiceOrder, orderBodies, orderBody, orderOfUser, ordersOfUser, placeOrder } from './queries';
import { documentFileName } from '../../../machines/document-numbers';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const ORDER_NOT_FOUND = 'There is no such order in your account.';

function idempotencyKeyOf(header: string | string[] | undefined, body: { idempotencyKey?: string } | undefined): string {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const fromBody = body?.idempotencyKey;
  if (fromHeader !== undefined && !IDEMPOTENCY_KEY.test(fromHeader)) {
    throw badRequest('The Idempotency-Key header must be 8 to 64 letters, digits, dashes or underscores.');
  }
  if (fromHeader && fromBody && fromHeader !== fromBody) throw badRequest('The Idempotency-Key header and idempotencyKey differ.');
  const key = fromHeader ?? fromBody;
  if (!key) throw badRequest('Send an Idempotency-Key header (or idempotencyKey) so that a retried request places one order.');
  return key;
}

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'listOrders', {
    handler: async (request) => {
      const rows = await ordersOfUser(app.db, sessionOf(request).user.id);
      return { orders: await orderBodies(app.db, rows) };
    },
  });

  defineRoute(app, 'createOrder', {
    preValidation: emptyBodyAsObject,
    handler: async (request, reply) => {
      const userId = sessionOf(request).user.id;
      const key = idempotencyKeyOf(request.headers['idempotency-key'], request.body);
      const { cartVersion, cartPrice } = request.body;
      const { orderId, created } = await app.db.transaction((tx) => placeOrder(tx, userId, key, { cartVersion, cartPrice })).catch(async (error: unknown) => {
        // The cart is not the one reviewed: the answer carries it as it is now, to be reviewed again.
        if (error instanceof HttpError && error.code === CART_CHANGED) {
          throw new HttpError(409, error.message, CART_CHANGED, undefined, { cart: await cartResponse(app.db, userId) });
        }
        throw error;
      });
      const row = await orderOfUser(app.db, userId, orderId);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const order = await orderBody(app.db, row);
      return reply.code(created ? 201 : 200).send({ order });
    },
  });

  defineRoute(app, 'getOrder', {
    handler: async (request) => {
      const { id } = request.params;
      const row = await orderOfUser(app.db, sessionOf(request).user.id, id);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const order = await orderBody(app.db, row);
      return { order };
    },
  });

  defineRoute(app, 'cancelOrder', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const { id } = request.params;
      const found = await app.db.transaction((tx) => cancelUnpaidOrder(tx, userId, id));
      const row = found ? await orderOfUser(app.db, userId, id) : undefined;
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const order = await orderBody(app.db, row);
      return { order };
    },
  });

  defineRoute(app, 'getInvoice', {
    handler: async (request, reply) => {
      const { id } = request.params;
      const row = await orderOfUser(app.db, sessionOf(request).user.id, id);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const invoice = invoiceOrder(row, await orderBody(app.db, row));
      if (!invoice) throw new HttpError(409, 'The invoice is made once the order is paid.', 'ORDER_NOT_PAID');
      const pdf = await invoicePdf(invoice, app.config.seller);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(invoice.invoiceNumber)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
}
