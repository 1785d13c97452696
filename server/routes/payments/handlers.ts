import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../../errors';
import { nestsDeeperThan, tooDeep } from '../../json-depth';
import { sessionOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';
import { emptyBodyAsObject } from '../orders/body';
import type { PaymentOutcome, RefundOutcome } from '../../services/metrics';
import { GatewayUnavailableError, paymentGatewayOf, TestGateway } from '../../services/payments';
import { recordRefundOutcome } from '../admin-orders/queries';
import { orderBody, orderOfUser } from '../orders/queries';
import { insertPayment, markPaid, markPaymentFailed, openPayment, paymentByGatewayOrder, recordWebhookEvent } from './queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent, for routes that check a signature over it. */
    rawBody?: string;
  }
}

const SHOP_NAME = 'Gut360 Health';
const PAYMENT_NOT_FOUND = 'There is no such payment in your account.';
const SIGNATURE_INVALID = 'The payment could not be verified, so the order is not marked paid. If money left your account, it is refunded automatically.';
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);
/** A try to pay that the bank declined; the order stays open for another try, so it is only counted. */
const PAYMENT_FAILED = 'payment.failed';
const REFUND_OUTCOMES: Record<string, 'processed' | 'failed'> = { 'refund.processed': 'processed', 'refund.failed': 'failed' };

/** `value[key]` when `value` is an object: a webhook body is the gateway's own shape, so each step is checked. */
function member(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;
}

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const gateway = paymentGatewayOf(app.config);
  const demoWarehouse = app.config.demoData;
  const requireGateway = () => {
    if (!gateway) throw new HttpError(503, 'Payments are not set up on this server. Please try again later.', 'PAYMENTS_UNAVAILABLE');
    return gateway;
  };

  defineRoute(app, 'startPayment', {
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      const { user } = sessionOf(request);
      const { id } = request.params;
      const order = await orderOfUser(app.db, user.id, id);
      if (!order) throw notFound('There is no such order in your account.');
      if (order.status === 'paid') throw new HttpError(409, 'This order is already paid.', 'ALREADY_PAID');
      if (order.status !== 'pending') throw new HttpError(409, `This order is ${order.status} and cannot be paid.`, 'ORDER_CLOSED');
      const provider = requireGateway();
      let payment = await openPayment(app.db, order.id, provider.name, order.price);
      if (!payment) {
        try {
          const created = await provider.createOrder({ amount: order.price, receipt: order.id });
          await insertPayment(app.db, { orderId: order.id, provider: provider.name, gatewayOrderId: created.id, amount: order.price });
        } catch (error) {
          if (error instanceof GatewayUnavailableError) throw new HttpError(503, error.message, 'GATEWAY_UNAVAILABLE');
          throw error;
        }
        payment = await openPayment(app.db, order.id, provider.name, order.price);
      }
      if (!payment) throw new Error(`payment for order ${order.id} was not stored`);
      return {
        provider: provider.name,
        keyId: provider.keyId,
        gatewayOrderId: payment.gateway_order_id,
        amount: payment.amount,
        currency: 'INR' as const,
        orderId: order.id,
        name: SHOP_NAME,
        prefill: { name: order.ship_name, email: user.email ?? '', contact: `+91${order.ship_phone}` },
      };
    },
  });

  defineRoute(app, 'payWithTestGateway', {
    handler: async (request) => {
      const { gatewayOrderId, outcome } = request.body;
      if (!(gateway instanceof TestGateway)) throw notFound('The test gateway is not in use on this server.');
      const payment = await paymentByGatewayOrder(app.db, gatewayOrderId);
      if (!payment || payment.user_id !== sessionOf(request).user.id || payment.provider !== 'test') throw notFound(PAYMENT_NOT_FOUND);
      if (payment.order_status !== 'pending' || payment.status === 'paid') throw new HttpError(409, 'This order is already paid.', 'ALREADY_PAID');
      if (outcome === 'failure') {
        await markPaymentFailed(app.db, payment.id);
        app.metrics.payment('failed');
        throw new HttpError(402, 'The test bank declined the payment. Nothing was charged; you can try again.', 'PAYMENT_DECLINED');
      }
      return gateway.authorize(gatewayOrderId);
    },
  });

  defineRoute(app, 'verifyPayment', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      const { body } = request;
      const provider = requireGateway();
      const payment = await paymentByGatewayOrder(app.db, body.razorpay_order_id);
      if (!payment || payment.user_id !== userId) throw notFound(PAYMENT_NOT_FOUND);
      const signed = provider.verifyPaymentSignature({
        orderId: payment.gateway_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      if (payment.provider !== provider.name || !signed) {
        app.metrics.payment('rejected');
        throw new HttpError(400, SIGNATURE_INVALID, 'PAYMENT_SIGNATURE_INVALID');
      }
      if (!(payment.status === 'paid' && payment.gateway_payment_id === body.razorpay_payment_id)) {
        const taken = await provider.fetchPayment(body.razorpay_payment_id, { orderId: payment.gateway_order_id, amount: payment.amount });
        const confirmed =
          taken !== null &&
          taken.orderId === payment.gateway_order_id &&
          taken.amount === payment.amount &&
          taken.currency === 'INR' &&
          (taken.status === 'captured' || taken.status === 'authorized');
        if (!confirmed) {
          app.metrics.payment('rejected');
          throw new HttpError(409, 'The gateway does not confirm this payment for the order amount.', 'PAYMENT_NOT_CONFIRMED');
        }
        const paid = await app.db.transaction(async (tx) => {
          const marked = await markPaid(tx, payment, body.razorpay_payment_id, demoWarehouse);
          if (marked) await app.messages.orderPaid(tx, payment.order_id);
          return marked;
        });
        if (paid) app.metrics.payment('verified');
      }
      const row = await orderOfUser(app.db, userId, payment.order_id);
      if (!row) throw notFound('There is no such order in your account.');
      const order = await orderBody(app.db, row);
      return { order };
    },
  });

  // The webhook is signed over the exact bytes sent, so this one route keeps the raw body beside the parsed one.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request: FastifyRequest, body, done) => {
      request.rawBody = body as string;
      if (nestsDeeperThan(body as string)) {
        done(tooDeep(), undefined);
        return;
      }
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(badRequest('The body is not valid JSON.'), undefined);
      }
    });

    defineRoute(scope, 'paymentWebhook', {
      handler: async (request) => {
        const signature = String(request.headers['x-razorpay-signature'] ?? '');
        const eventId = String(request.headers['x-razorpay-event-id'] ?? '');
        if (!gateway || request.rawBody === undefined || !gateway.verifyWebhookSignature(request.rawBody, signature)) {
          throw new HttpError(400, 'The webhook signature is not valid.', 'WEBHOOK_SIGNATURE_INVALID');
        }
        // Deliveries are told apart by their event id; without one a retry could not be recognised.
        if (!eventId.trim()) throw badRequest('The webhook has no event id (x-razorpay-event-id).');
        const { event } = request.body;
        const type = typeof event === 'string' ? event : 'unknown';
        const refund = member(member(request.body.payload, 'refund'), 'entity');
        const refundId = member(refund, 'id');
        const refundPaymentId = member(refund, 'payment_id');
        const refundOutcome = Object.hasOwn(REFUND_OUTCOMES, type) ? REFUND_OUTCOMES[type] : undefined;
        const entity = member(member(request.body.payload, 'payment'), 'entity');
        const paymentId = member(entity, 'id');
        const gatewayOrderId = member(entity, 'order_id');
        // Counted once the transaction has committed: a delivery that rolled back comes again.
        const counted: { payment?: PaymentOutcome; refund?: RefundOutcome } = {};
        const answer = await app.db.transaction(async (tx) => {
          if (!(await recordWebhookEvent(tx, eventId, type))) return { status: 'duplicate' as const };
          if (refundOutcome) {
            if (typeof refundId !== 'string' || typeof refundPaymentId !== 'string') return { status: 'ignored' as const };
            const recorded = await recordRefundOutcome(tx, { id: refundId, paymentId: refundPaymentId, status: refundOutcome });
            if (recorded === 'unknown') request.log.warn({ eventId, refundId }, 'refund webhook for a refund this shop did not make');
            if (recorded === 'recorded') counted.refund = refundOutcome;
            return { status: recorded === 'unknown' ? ('ignored' as const) : ('processed' as const) };
          }
          if (type === PAYMENT_FAILED) counted.payment = 'failed';
          if (!PAID_EVENTS.has(type) || typeof paymentId !== 'string' || typeof gatewayOrderId !== 'string') {
            return { status: 'ignored' as const };
          }
          const payment = await paymentByGatewayOrder(tx, gatewayOrderId);
          // Orders are priced in rupees only: the same number in another currency is not this order's payment.
          if (!payment || payment.provider !== gateway.name || member(entity, 'amount') !== payment.amount || member(entity, 'currency') !== 'INR') {
            request.log.warn({ eventId, gatewayOrderId }, 'payment webhook for an unknown order, another amount or another currency');
            return { status: 'ignored' as const };
          }
          if (payment.status === 'paid') return { status: 'processed' as const };
          if (payment.order_status !== 'pending') return { status: 'ignored' as const };
          if (await markPaid(tx, payment, paymentId, demoWarehouse)) {
            await app.messages.orderPaid(tx, payment.order_id);
            counted.payment = 'captured';
          }
          return { status: 'processed' as const };
        });
        if (counted.payment) app.metrics.payment(counted.payment);
        if (counted.refund) app.metrics.refund(counted.refund);
        return answer;
      },
    });
  });
}
