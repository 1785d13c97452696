/**
 * With Razorpay's keys set, the Razorpay provider takes over: the test gateway is gone, and payment and webhook
 * signatures are checked with Razorpay's secrets through the official SDK. The SDK talks to a local stand-in of
 * Razorpay's API (RAZORPAY_API_URL), which opens the gateway orders and reports the payments.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract';
import { orderedCustomer, startPayment, verify, type OrderBody } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { startRazorpayStandIn, type RazorpayStandIn, type StandInPayment } from './setup/razorpay-stand-in';

const keys = { keyId: 'rzp_test_key', keySecret: 'razorpay-key-secret', webhookSecret: 'razorpay-webhook-secret' };

/** What Razorpay's checkout hands back after a payment: the ids, signed with the key secret. */
function widgetAnswer(gatewayOrderId: string, paymentId: string) {
  return {
    razorpay_order_id: gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: createHmac('sha256', keys.keySecret).update(`${gatewayOrderId}|${paymentId}`).digest('hex'),
  };
}

describe.each(backends)('payments with Razorpay configured on %s', (backend) => {
  let testApp: TestApp;
  let razorpay: RazorpayStandIn;
  const app = () => testApp.app;
  let paymentCounter = 0;
  const nextPaymentId = () => `pay_${backend}${++paymentCounter}`;

  beforeAll(async () => {
    razorpay = await startRazorpayStandIn(keys);
    testApp = await startTestApp(backend, { razorpay: { ...keys, apiUrl: razorpay.url } });
  });
  afterAll(async () => {
    await testApp?.close();
    await razorpay?.close();
  });

  it('opens a Razorpay order for the stored amount, and marks the order paid once Razorpay confirms the payment', async () => {
    const { customer, order } = await orderedCustomer(app(), ['PROD-G3G-LITE']);
    const session = await startPayment(app(), customer, order._id);
    expect(session).toMatchObject({ provider: 'razorpay', keyId: keys.keyId, amount: order.price });
    expect(razorpay.orders.get(session.gatewayOrderId)).toEqual({ id: session.gatewayOrderId, amount: order.price, currency: 'INR', receipt: order._id });

    const paymentId = nextPaymentId();
    razorpay.payments.set(paymentId, { id: paymentId, order_id: session.gatewayOrderId, amount: order.price, currency: 'INR', status: 'captured' });
    const paid = expectContract<{ order: OrderBody }>(await verify(app(), customer, widgetAnswer(session.gatewayOrderId, paymentId)), 'verifyPayment', 200);
    expect(paid.order).toMatchObject({ _id: order._id, status: 'paid', payment: { status: 'paid', provider: 'razorpay', paymentId } });
    expect(razorpay.calls).toContain(`GET /v1/payments/${paymentId}`);

    // Verifying the same payment again answers the same paid order without asking Razorpay again.
    const fetches = razorpay.calls.length;
    const again = expectContract<{ order: OrderBody }>(await verify(app(), customer, widgetAnswer(session.gatewayOrderId, paymentId)), 'verifyPayment', 200);
    expect(again.order).toEqual(paid.order);
    expect(razorpay.calls).toHaveLength(fetches);
  });

  it('accepts a payment Razorpay has authorized but not yet captured', async () => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const paymentId = nextPaymentId();
    razorpay.payments.set(paymentId, { id: paymentId, order_id: session.gatewayOrderId, amount: order.price, currency: 'INR', status: 'authorized' });
    const paid = expectContract<{ order: OrderBody }>(await verify(app(), customer, widgetAnswer(session.gatewayOrderId, paymentId)), 'verifyPayment', 200);
    expect(paid.order.status).toBe('paid');
  });

  it.each<[string, (payment: StandInPayment) => StandInPayment | undefined]>([
    ['reports a smaller amount', (payment) => ({ ...payment, amount: payment.amount - 100 })],
    ['reports another currency', (payment) => ({ ...payment, currency: 'USD' })],
    ['reports the payment for another order', (payment) => ({ ...payment, order_id: 'order_someone_else' })],
    ['reports the payment as failed', (payment) => ({ ...payment, status: 'failed' })],
    ['does not know the payment', () => undefined],
  ])('leaves the order unpaid when Razorpay %s, even with a valid signature', async (_what, change) => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const paymentId = nextPaymentId();
    const reported = change({ id: paymentId, order_id: session.gatewayOrderId, amount: order.price, currency: 'INR', status: 'captured' });
    if (reported) razorpay.payments.set(paymentId, reported);

    const response = await verify(app(), customer, widgetAnswer(session.gatewayOrderId, paymentId));
    expect(expectContract<{ code: string }>(response, 'verifyPayment', 409).code).toBe('PAYMENT_NOT_CONFIRMED');
    expect(razorpay.calls).toContain(`GET /v1/payments/${paymentId}`);
    const unpaid = await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(expectContract<{ order: OrderBody }>(unpaid, 'getOrder', 200).order).toMatchObject({ status: 'pending', payment: { status: 'unpaid' } });
  });

  it('does not offer the test gateway', async () => {
    const { customer, order } = await orderedCustomer(app());
    await app().db.query(`INSERT INTO payments (order_id, provider, gateway_order_id, amount) VALUES ($1, 'razorpay', 'order_RZP1', $2)`, [order._id, order.price]);
    const response = await app().inject({
      method: 'POST',
      url: '/api/payments/test-gateway',
      headers: customer.auth,
      payload: { gatewayOrderId: 'order_RZP1', outcome: 'success' },
    });
    expectContract(response, 'payWithTestGateway', 404);
  });

  it('refuses a payment signed with anything but the key secret', async () => {
    const { customer, order } = await orderedCustomer(app());
    await app().db.query(`INSERT INTO payments (order_id, provider, gateway_order_id, amount) VALUES ($1, 'razorpay', 'order_RZP2', $2)`, [order._id, order.price]);
    const signedWithTestSecret = createHmac('sha256', app().config.testGatewaySecret).update('order_RZP2|pay_RZP2').digest('hex');
    const response = await verify(app(), customer, { razorpay_order_id: 'order_RZP2', razorpay_payment_id: 'pay_RZP2', razorpay_signature: signedWithTestSecret });
    expect(expectContract<{ code: string }>(response, 'verifyPayment', 400).code).toBe('PAYMENT_SIGNATURE_INVALID');
  });

  it('processes a webhook signed with the webhook secret, once, and refuses other signatures', async () => {
    const { customer, order } = await orderedCustomer(app());
    await app().db.query(`INSERT INTO payments (order_id, provider, gateway_order_id, amount) VALUES ($1, 'razorpay', 'order_RZP3', $2)`, [order._id, order.price]);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_RZP3', order_id: 'order_RZP3', amount: order.price, currency: 'INR', status: 'captured' } } },
    });
    const send = (signature: string) =>
      app().inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_RZP3' },
        payload: body,
      });
    expectContract(await send(createHmac('sha256', keys.keySecret).update(body).digest('hex')), 'paymentWebhook', 400);
    const signature = createHmac('sha256', keys.webhookSecret).update(body).digest('hex');
    expect(expectContract<{ status: string }>(await send(signature), 'paymentWebhook', 200).status).toBe('processed');
    expect(expectContract<{ status: string }>(await send(signature), 'paymentWebhook', 200).status).toBe('duplicate');
    const paid = await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(expectContract<{ order: { status: string; payment: { provider: string } } }>(paid, 'getOrder', 200).order).toMatchObject({
      status: 'paid',
      payment: { provider: 'razorpay' },
    });
  });

  it('leaves the order unpaid when a correctly signed webhook reports the amount in another currency', async () => {
    const { customer, order } = await orderedCustomer(app());
    await app().db.query(`INSERT INTO payments (order_id, provider, gateway_order_id, amount) VALUES ($1, 'razorpay', 'order_RZP4', $2)`, [order._id, order.price]);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_RZP4', order_id: 'order_RZP4', amount: order.price, currency: 'USD', status: 'captured' } } },
    });
    const response = await app().inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', keys.webhookSecret).update(body).digest('hex'),
        'x-razorpay-event-id': 'evt_RZP4',
      },
      payload: body,
    });
    expect(expectContract<{ status: string }>(response, 'paymentWebhook', 200).status).toBe('ignored');
    const unpaid = await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
    expect(expectContract<{ order: { status: string } }>(unpaid, 'getOrder', 200).order.status).toBe('pending');
  });
});
