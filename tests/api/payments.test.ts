import { createHmac } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MAX_LENGTH, financialYearOf } from '../../machines/document-numbers';
import { expectContract } from './contract';
import { newCustomer, orderedCustomer, paidCustomer, startPayment, testGateway, verify, type Customer, type OrderBody } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

describe.each(backends)('payments on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const pay = (customer: Customer, gatewayOrderId: string, outcome: 'success' | 'failure') =>
    app().inject({ method: 'POST', url: '/api/payments/test-gateway', headers: customer.auth, payload: { gatewayOrderId, outcome } });
  const getOrder = async (customer: Customer, id: string) =>
    expectContract<{ order: OrderBody }>(await app().inject({ method: 'GET', url: `/api/orders/${id}`, headers: customer.auth }), 'getOrder', 200).order;
  const kitCount = async (orderId: string) =>
    ((await app().db.query<{ n: number }>('SELECT count(*)::int AS n FROM kits WHERE order_id = $1', [orderId]))[0] as { n: number }).n;

  it('opens one gateway order for the stored amount and reuses it while unpaid', async () => {
    const { customer, order } = await orderedCustomer(app());
    const first = await startPayment(app(), customer, order._id);
    expect(first).toMatchObject({ provider: 'test', amount: order.price, currency: 'INR', orderId: order._id });
    const again = await startPayment(app(), customer, order._id);
    expect(again.gatewayOrderId).toBe(first.gatewayOrderId);
    const asTheBrowserSends = await app().inject({ method: 'POST', url: `/api/orders/${order._id}/payment`, headers: customer.auth, payload: {} });
    expect(expectContract<{ gatewayOrderId: string }>(asTheBrowserSends, 'startPayment', 200).gatewayOrderId).toBe(first.gatewayOrderId);
    const withAmount = await app().inject({ method: 'POST', url: `/api/orders/${order._id}/payment`, headers: customer.auth, payload: { amount: 1 } });
    expectContract(withAmount, 'startPayment', 400);
  });

  it('signs test payments exactly as Razorpay does (checked with the Razorpay SDK)', async () => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const authorization = expectContract<Record<string, string>>(await pay(customer, session.gatewayOrderId, 'success'), 'payWithTestGateway', 200);
    const secret = app().config.testGatewaySecret;
    expect(
      validatePaymentVerification(
        { order_id: authorization.razorpay_order_id!, payment_id: authorization.razorpay_payment_id! },
        authorization.razorpay_signature!,
        secret,
      ),
    ).toBe(true);
  });

  it('marks the order paid only after the verified signature, once, with one kit per kit', async () => {
    const { customer, order } = await orderedCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
    const session = await startPayment(app(), customer, order._id);
    const authorization = expectContract<Record<string, string>>(await pay(customer, session.gatewayOrderId, 'success'), 'payWithTestGateway', 200);
    // Signed but not yet verified: still unpaid.
    expect((await getOrder(customer, order._id)).status).toBe('pending');
    const paid = expectContract<{ order: OrderBody }>(await verify(app(), customer, authorization), 'verifyPayment', 200).order;
    expect(paid).toMatchObject({ status: 'paid', payment: { status: 'paid', provider: 'test', paymentId: authorization.razorpay_payment_id } });
    expect(paid.timeline.map((event) => event.status)).toEqual(['placed', 'paid']);
    expect(await kitCount(order._id)).toBe(2);
    // Verifying the same payment again is harmless.
    const again = expectContract<{ order: OrderBody }>(await verify(app(), customer, authorization), 'verifyPayment', 200).order;
    expect(again.invoiceNumber).toBe(paid.invoiceNumber);
    expect(await kitCount(order._id)).toBe(2);
    expect(expectContract<{ code: string }>(await app().inject({ method: 'POST', url: `/api/orders/${order._id}/payment`, headers: customer.auth }), 'startPayment', 409).code).toBe('ALREADY_PAID');
  });

  it('refuses forged signatures and changes nothing', async () => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const forgedWithOtherKey = createHmac('sha256', 'not-the-secret').update(`${session.gatewayOrderId}|pay_forged1`).digest('hex');
    for (const authorization of [
      { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: 'pay_forged1', razorpay_signature: forgedWithOtherKey },
      { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: 'pay_forged1', razorpay_signature: '0'.repeat(64) },
    ]) {
      const refused = expectContract<{ code: string }>(await verify(app(), customer, authorization), 'verifyPayment', 400);
      expect(refused.code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expectContract(await verify(app(), customer, { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: 'pay_x', razorpay_signature: 'nothex' }), 'verifyPayment', 400);
    expectContract(
      await verify(app(), customer, { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: 'pay_x', razorpay_signature: '0'.repeat(64), amount: 1 } as never),
      'verifyPayment',
      400,
    );
    expect((await getOrder(customer, order._id)).status).toBe('pending');
    expect(await kitCount(order._id)).toBe(0);
  });

  it('refuses a signature replayed onto another order', async () => {
    const { customer, order } = await paidCustomer(app());
    const paidSession = await app().db.query<{ gateway_order_id: string; gateway_payment_id: string }>(
      'SELECT gateway_order_id, gateway_payment_id FROM payments WHERE order_id = $1',
      [order._id],
    );
    const second = await orderedCustomer(app());
    const secondSession = await startPayment(app(), second.customer, second.order._id);
    const oldSignature = createHmac('sha256', app().config.testGatewaySecret)
      .update(`${paidSession[0]!.gateway_order_id}|${paidSession[0]!.gateway_payment_id}`)
      .digest('hex');
    const replayed = await verify(app(), second.customer, {
      razorpay_order_id: secondSession.gatewayOrderId,
      razorpay_payment_id: paidSession[0]!.gateway_payment_id,
      razorpay_signature: oldSignature,
    });
    expectContract(replayed, 'verifyPayment', 400);
    expect((await getOrder(second.customer, second.order._id)).status).toBe('pending');
    // And another person cannot verify someone else's payment at all.
    const stranger = await newCustomer(app());
    expectContract(await verify(app(), stranger, { razorpay_order_id: secondSession.gatewayOrderId, razorpay_payment_id: 'pay_abc', razorpay_signature: '0'.repeat(64) }), 'verifyPayment', 404);
    void customer;
  });

  it('records a declined test payment; nothing is charged and the payment can be retried', async () => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const declined = expectContract<{ code: string }>(await pay(customer, session.gatewayOrderId, 'failure'), 'payWithTestGateway', 402);
    expect(declined.code).toBe('PAYMENT_DECLINED');
    const after = await getOrder(customer, order._id);
    expect(after).toMatchObject({ status: 'pending', payment: { status: 'failed', paymentId: null }, invoiceNumber: null });
    expect(after.timeline.map((event) => event.status)).toEqual(['placed', 'payment_failed']);
    expect(await kitCount(order._id)).toBe(0);
    const retry = await startPayment(app(), customer, order._id);
    expect(retry.gatewayOrderId).not.toBe(session.gatewayOrderId);
    const authorization = expectContract<Record<string, string>>(await pay(customer, retry.gatewayOrderId, 'success'), 'payWithTestGateway', 200);
    expect(expectContract<{ order: OrderBody }>(await verify(app(), customer, authorization), 'verifyPayment', 200).order.status).toBe('paid');
  });

  it('does not let another person use the test gateway on my order', async () => {
    const { customer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), customer, order._id);
    const stranger = await newCustomer(app());
    expectContract(await pay(stranger, session.gatewayOrderId, 'success'), 'payWithTestGateway', 404);
    expectContract(await pay(customer, session.gatewayOrderId, 'maybe' as never), 'payWithTestGateway', 400);
  });

  it('numbers the invoices of two hundred payments completing at once consecutively, without gaps or repeats', async () => {
    const series = async () =>
      (await app().db.query<{ last_serial: number }>(`SELECT last_serial FROM document_series WHERE kind = 'invoice' AND financial_year = $1`, [
        financialYearOf(new Date()),
      ]))[0]?.last_serial ?? 0;
    const payments: Array<{ customer: Customer; authorization: Record<string, string> }> = [];
    for (let batch = 0; batch < 10; batch += 1) {
      payments.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async () => {
            const { customer, order } = await orderedCustomer(app());
            const session = await startPayment(app(), customer, order._id);
            const paid = await pay(customer, session.gatewayOrderId, 'success');
            return { customer, authorization: expectContract<Record<string, string>>(paid, 'payWithTestGateway', 200) };
          }),
        )),
      );
    }
    const before = await series();
    const orders = await Promise.all(
      payments.map(async ({ customer, authorization }) => expectContract<{ order: OrderBody }>(await verify(app(), customer, authorization), 'verifyPayment', 200).order),
    );
    const numbers = orders.map((order) => order.invoiceNumber ?? '');
    const year = financialYearOf(new Date());
    for (const number of numbers) {
      expect(number).toMatch(new RegExp(`^INV/${year}/\\d{6}$`));
      expect(number.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
    }
    const serials = numbers.map((number) => Number(number.split('/')[2])).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 200 }, (_, index) => before + 1 + index));
    expect(await series()).toBe(before + 200);
  }, 180_000);

  describe('the webhook', () => {
    const send = (body: string, signature: string, eventId: string) =>
      app().inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
        payload: body,
      });
    const capturedEvent = (gatewayOrderId: string, amount: number, currency = 'INR', paymentId = `pay_hook${Date.now()}`) =>
      JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity: { id: paymentId, order_id: gatewayOrderId, amount, currency, status: 'captured' } } },
      });

    it('marks the order paid from a signed payment.captured event, once per event id', async () => {
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const body = capturedEvent(session.gatewayOrderId, session.amount);
      const signature = testGateway(app()).signWebhook(body);
      expect(validateWebhookSignature(body, signature, app().config.testGatewaySecret)).toBe(true);
      const first = await send(body, signature, 'evt_one');
      expect(expectContract<{ status: string }>(first, 'paymentWebhook', 200).status).toBe('processed');
      expect((await getOrder(customer, order._id)).status).toBe('paid');
      const replay = await send(body, signature, 'evt_one');
      expect(expectContract<{ status: string }>(replay, 'paymentWebhook', 200).status).toBe('duplicate');
      expect(await kitCount(order._id)).toBe(1);
    });

    it('refuses a forged or re-signed body and changes nothing', async () => {
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const body = capturedEvent(session.gatewayOrderId, session.amount);
      const forged = createHmac('sha256', 'guessed-secret').update(body).digest('hex');
      expectContract(await send(body, forged, 'evt_forged'), 'paymentWebhook', 400);
      const signedOther = testGateway(app()).signWebhook(body);
      // The same signature over a changed body (one more space) does not match.
      expectContract(await send(`${body} `, signedOther, 'evt_changed'), 'paymentWebhook', 400);
      expectContract(await send('{not json', signedOther, 'evt_bad_json'), 'paymentWebhook', 400);
      const missingHeaders = await app().inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json' }, payload: body });
      expectContract(missingHeaders, 'paymentWebhook', 400);
      expect((await getOrder(customer, order._id)).status).toBe('pending');
      const events = await app().db.query(`SELECT 1 FROM payment_events WHERE event_id LIKE 'evt_forged%' OR event_id LIKE 'evt_changed%'`);
      expect(events).toEqual([]);
    });

    it('refuses a signed event without an event id, so that a retry could never pay twice unnoticed', async () => {
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const body = capturedEvent(session.gatewayOrderId, session.amount);
      const signature = testGateway(app()).signWebhook(body);
      expectContract(await send(body, signature, ''), 'paymentWebhook', 400);
      const unnamed = await app().inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: body,
      });
      expectContract(unnamed, 'paymentWebhook', 400);
      expect((await getOrder(customer, order._id)).status).toBe('pending');
      expect(await app().db.query(`SELECT 1 FROM payment_events WHERE event_id = ''`)).toEqual([]);
    });

    it('ignores an event whose amount is not the stored amount', async () => {
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const body = capturedEvent(session.gatewayOrderId, 100);
      const response = await send(body, testGateway(app()).signWebhook(body), 'evt_small');
      expect(expectContract<{ status: string }>(response, 'paymentWebhook', 200).status).toBe('ignored');
      expect((await getOrder(customer, order._id)).status).toBe('pending');
    });

    it('ignores an event for the stored amount in another currency', async () => {
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const body = capturedEvent(session.gatewayOrderId, session.amount, 'USD');
      const response = await send(body, testGateway(app()).signWebhook(body), 'evt_usd');
      expect(expectContract<{ status: string }>(response, 'paymentWebhook', 200).status).toBe('ignored');
      expect((await getOrder(customer, order._id)).status).toBe('pending');
    });
  });
});
