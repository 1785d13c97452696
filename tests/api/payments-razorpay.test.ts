/**
 * With Razorpay's keys set, the Razorpay provider takes over: the test gateway is gone, and payment and webhook
 * signatures are checked with Razorpay's secrets through the official SDK. (Creating gateway orders and fetching
 * payments needs Razorpay's servers, which these tests do not call.)
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract';
import { orderedCustomer, verify } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

const keys = { keyId: 'rzp_test_key', keySecret: 'razorpay-key-secret', webhookSecret: 'razorpay-webhook-secret' };

describe.each(backends)('payments with Razorpay configured on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { razorpay: keys });
  });
  afterAll(async () => {
    await testApp?.close();
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
      payload: { payment: { entity: { id: 'pay_RZP3', order_id: 'order_RZP3', amount: order.price, status: 'captured' } } },
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
});
