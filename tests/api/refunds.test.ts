/**
 * Refunds of paid orders, whole or per kit, through the payment gateway: the kit-journey machine's refund rule, the
 * GST credit note in its own series, and exactly one refund however the request is repeated or raced by the
 * gateway's webhook.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { newCustomer, orderedCustomer, paidCustomer, startPayment, verify, type Customer, type OrderBody } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, type TestApp } from './setup/app';
import { startRazorpayStandIn, type RazorpayStandIn, type StandInRefund } from './setup/razorpay-stand-in';
import { activate, auditActions, customerKits, refund, staffOrder, startFulfilmentApp, takeStep, type StaffOrder, type StaffRefund } from './staff-orders-fixtures';

type RefundAnswer = { refund: StaffRefund; order: StaffOrder };
type CustomerOrder = OrderBody & { refundedAmount: number; creditNotes: Array<{ refundId: string; number: string; amount: number }> };

const CREDIT_NOTE = /^CN\/\d{2}-\d{2}\/\d{6}$/;
const serialOf = (number: string) => Number(number.split('/')[2]);

describe.each(backends)('refunds through the test gateway on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend);
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const customerOrder = async (customer: Customer, orderId: string) =>
    expectContract<{ order: CustomerOrder }>(await app().inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: customer.auth }), 'getOrder', 200).order;
  const refundRows = async (orderId: string) =>
    app().db.query<{ amount: number; gateway_refund_id: string }>('SELECT amount, gateway_refund_id FROM refunds WHERE order_id = $1', [orderId]);
  const webhook = (body: object, eventId = `evt_${randomUUID()}`) => {
    const raw = JSON.stringify(body);
    const signature = createHmac('sha256', app().config.testGatewaySecret).update(raw).digest('hex');
    return app().inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
      payload: raw,
    });
  };

  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    const { customer, order } = await paidCustomer(app());
    expectContract(await app().inject({ method: 'POST', url: `/api/admin/orders/${order._id}/refunds`, payload: { reason: 'Asked' } }), 'refundOrder', 401);
    expectContract(await refund(app(), customer, order._id, { reason: 'I want my money' }), 'refundOrder', 403);
    expect((await staffOrder(app(), admin, order._id)).status).toBe('paid');
  });

  it('refunds a whole order before shipping: order and kits refunded, a credit note that cites the invoice, downloadable by staff and customer', async () => {
    const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360'], { coupon: 'WELCOME10' });
    expectContract(await refund(app(), admin, order._id, {}), 'refundOrder', 400);
    const noKey = await app().inject({ method: 'POST', url: `/api/admin/orders/${order._id}/refunds`, headers: admin.auth, payload: { reason: 'Asked' } });
    expectContract(noKey, 'refundOrder', 400);

    const answer = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Ordered twice by mistake' }), 'refundOrder', 201);
    expect(answer.refund).toMatchObject({ amount: order.price, status: 'processed', reason: 'Ordered twice by mistake' });
    expect(answer.refund.creditNoteNumber).toMatch(CREDIT_NOTE);
    expect(answer.refund.gatewayRefundId).toMatch(/^rfnd_test_/);
    expect(answer.order).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', refundedAmount: order.price });
    expect(answer.order.kits.map((kit) => kit.state)).toEqual(['refunded', 'refunded']);
    expect(answer.order.audit[0]).toMatchObject({ action: 'order.refunded', actorRole: 'admin', reason: 'Ordered twice by mistake' });

    const seen = await customerOrder(customer, order._id);
    expect(seen).toMatchObject({ status: 'refunded', refundedAmount: order.price });
    expect(seen.creditNotes).toEqual([expect.objectContaining({ refundId: answer.refund._id, number: answer.refund.creditNoteNumber, amount: order.price })]);
    expect(seen.timeline.map((event) => event.status)).toEqual(['placed', 'paid', 'refunded']);
    expect((await customerKits(app(), customer)).map((kit) => kit.state)).toEqual(['refunded', 'refunded']);
    // The invoice stays: the credit note is issued against it.
    expect((await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: customer.auth })).statusCode).toBe(200);

    const staffPdf = await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/refunds/${answer.refund._id}/credit-note`, headers: admin.auth });
    const rows = await pdfRows(expectContractFile(staffPdf, 'getStaffCreditNote', 200));
    expect(staffPdf.headers['content-disposition']).toBe(`attachment; filename="${answer.refund.creditNoteNumber.replaceAll('/', '-')}.pdf"`);
    const text = rows.join('\n');
    expect(rows).toContain('Credit Note');
    expect(text).toContain(`Credit note number | ${answer.refund.creditNoteNumber}`);
    expect(text).toContain(`Original invoice number | ${order.invoiceNumber!}`);
    expect(text).toMatch(/Original invoice date \| \d{2}-\d{2}-\d{4}/);
    expect(text).toContain('Reason | Ordered twice by mistake');
    expect(text).toContain('Discount (coupon WELCOME10, 10%)');
    expect(text).toMatch(new RegExp(`Total credited \\| ₹${(order.price / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 }).replace('.', '\\.')}`));

    const customerPdf = await app().inject({ method: 'GET', url: `/api/orders/${order._id}/refunds/${answer.refund._id}/credit-note`, headers: customer.auth });
    expectContractFile(customerPdf, 'getCreditNote', 200);
    const stranger = await newCustomer(app());
    expectContract(await app().inject({ method: 'GET', url: `/api/orders/${order._id}/refunds/${answer.refund._id}/credit-note`, headers: stranger.auth }), 'getCreditNote', 404);

    const again = await refund(app(), admin, order._id, { reason: 'Once more' });
    expect(expectContract<{ code: string; message: string }>(again, 'refundOrder', 409)).toEqual({ code: 'REFUND_NOT_ALLOWED', message: 'This order is already refunded in full.' });
    expect(await refundRows(order._id)).toHaveLength(1);
  });

  it('refunds per kit, each kit its share of what was paid, with consecutive credit note numbers', async () => {
    const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360', 'PROD-GSENS'], { coupon: 'WELCOME10' });
    const before = await staffOrder(app(), admin, order._id);
    const [start, full, sens] = before.kits;
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD90909090' });
    await activate(app(), customer, full!.boxCode);

    const first = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { kitIds: [start!._id], reason: 'Damaged box' }), 'refundOrder', 201);
    expect(first.refund).toMatchObject({ amount: start!.value, kitIds: [start!._id] });
    expect(first.order).toMatchObject({ status: 'paid', paymentStatus: 'partlyRefunded', refundedAmount: start!.value });
    expect(first.order.kits.map((kit) => kit.state)).toEqual(['refunded', 'activated', 'shipped']);
    expect((await customerOrder(customer, order._id)).status).toBe('paid');

    const second = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Customer moved abroad' }), 'refundOrder', 201);
    expect(second.refund).toMatchObject({ amount: full!.value + sens!.value, kitIds: [full!._id, sens!._id] });
    expect(second.order).toMatchObject({ status: 'refunded', refundedAmount: order.price });
    expect(serialOf(second.refund.creditNoteNumber)).toBe(serialOf(first.refund.creditNoteNumber) + 1);
    expect(start!.value + full!.value + sens!.value).toBe(order.price);
    const credited = await customerOrder(customer, order._id);
    expect(credited.creditNotes.map((note) => note.number)).toEqual([first.refund.creditNoteNumber, second.refund.creditNoteNumber]);
    expect(await auditActions(app(), order._id)).toEqual(['order.shipped', 'order.refunded', 'order.refunded']);
  });

  it('refuses a refund once the sample is at the lab or the report is ready, and says why', async () => {
    const { customer, order } = await paidCustomer(app(), ['PROD-G360', 'PROD-G3G-LITE']);
    const [full, start] = (await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12121212' })).kits;
    await activate(app(), customer, full!.boxCode);
    await takeStep(app(), admin, order._id, { step: 'receiveSample', kitIds: [full!._id] });
    const atLab = expectContract<{ code: string; message: string }>(await refund(app(), admin, order._id, { kitIds: [full!._id], reason: 'Asked' }), 'refundOrder', 409);
    expect(atLab.code).toBe('REFUND_NOT_ALLOWED');
    expect(atLab.message).toMatch(/is at the lab: a kit is refunded only before its sample reaches the lab, or when the lab cannot analyse it\.$/);
    await takeStep(app(), admin, order._id, { step: 'publishReport', kitIds: [full!._id], reportUrl: 'https://reports.example.test/9' });
    // A whole refund names every kit left, so the one with a report refuses it all and nothing is refunded.
    const whole = expectContract<{ code: string; message: string }>(await refund(app(), admin, order._id, { reason: 'Asked' }), 'refundOrder', 409);
    expect(whole.message).toMatch(/has its report ready: a kit is not refunded after its report\.$/);
    expect(await refundRows(order._id)).toEqual([]);
    // The other kit, still before the lab, is refunded in full.
    const other = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { kitIds: [start!._id], reason: 'Asked' }), 'refundOrder', 201);
    expect(other.refund.amount).toBe(start!.value);
    expect(other.order.status).toBe('paid');
  });

  it('refunds a kit whose sample could not be analysed, and refuses unpaid orders and kits of other orders', async () => {
    const { order: unpaid } = await orderedCustomer(app());
    expect(expectContract<{ code: string }>(await refund(app(), admin, unpaid._id, { reason: 'Asked' }), 'refundOrder', 409).code).toBe('REFUND_NOT_ALLOWED');
    const { order } = await paidCustomer(app());
    const elsewhere = (await staffOrder(app(), admin, (await paidCustomer(app())).order._id)).kits[0]!;
    expectContract(await refund(app(), admin, order._id, { kitIds: [elsewhere._id], reason: 'Asked' }), 'refundOrder', 404);
    expectContract(await refund(app(), admin, 'no-such-order', { reason: 'Asked' }), 'refundOrder', 404);
  });

  it('refunds once when the same request is repeated, at once or later, and when two staff refund at the same moment', async () => {
    const { order } = await paidCustomer(app(), ['PROD-G360']);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      refund(app(), admin, order._id, { reason: 'Double click' }, key),
      refund(app(), admin, order._id, { reason: 'Double click' }, key),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const first = expectContract<RefundAnswer>(a, 'refundOrder');
    expect(expectContract<RefundAnswer>(b, 'refundOrder').refund).toEqual(first.refund);
    const later = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Double click' }, key), 'refundOrder', 200);
    expect(later.refund).toEqual(first.refund);

    const other = await paidCustomer(app(), ['PROD-G360']);
    const raced = await Promise.all([1, 2, 3].map(() => refund(app(), admin, other.order._id, { reason: 'Two staff at once' })));
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of raced) expectContract(response, 'refundOrder');
    expect(await refundRows(order._id)).toHaveLength(1);
    expect(await refundRows(other.order._id)).toEqual([{ amount: other.order.price, gateway_refund_id: expect.stringMatching(/^rfnd_test_/) }]);
  });

  it('handles the refund webhook once per event, never as a second refund, and ignores refunds it did not make', async () => {
    const { order } = await paidCustomer(app(), ['PROD-G3G-LITE']);
    const made = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Asked' }), 'refundOrder', 201).refund;
    const payload = (status: string, id = made.gatewayRefundId) => ({
      event: `refund.${status}`,
      payload: { refund: { entity: { id, entity: 'refund', amount: made.amount, currency: 'INR', payment_id: order.payment.paymentId, status } } },
    });
    const eventId = `evt_${randomUUID()}`;
    expect(expectContract<{ status: string }>(await webhook(payload('processed'), eventId), 'paymentWebhook', 200).status).toBe('processed');
    expect(expectContract<{ status: string }>(await webhook(payload('processed'), eventId), 'paymentWebhook', 200).status).toBe('duplicate');
    expect(expectContract<{ status: string }>(await webhook(payload('processed')), 'paymentWebhook', 200).status).toBe('processed');
    expect(expectContract<{ status: string }>(await webhook(payload('processed', 'rfnd_unknown')), 'paymentWebhook', 200).status).toBe('ignored');
    expect(await refundRows(order._id)).toHaveLength(1);
    const after = await staffOrder(app(), admin, order._id);
    expect(after).toMatchObject({ status: 'refunded', refundedAmount: order.price });
    expect(after.refunds).toEqual([made]);
  });
});

const keys = { keyId: 'rzp_test_key', keySecret: 'razorpay-key-secret', webhookSecret: 'razorpay-webhook-secret' };

describe.each(backends)('refunds through Razorpay on %s', (backend) => {
  let testApp: TestApp;
  let razorpay: RazorpayStandIn;
  const app = () => testApp.app;
  let admin: Customer;
  let payments = 0;

  beforeAll(async () => {
    razorpay = await startRazorpayStandIn(keys);
    testApp = await startFulfilmentApp(backend, { razorpay: { ...keys, apiUrl: razorpay.url } });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
    await razorpay?.close();
  });

  /** An order paid through Razorpay's checkout, as the stand-in captured it. */
  async function razorpayPaid(): Promise<{ customer: Customer; order: OrderBody; paymentId: string }> {
    const { customer, order } = await orderedCustomer(app(), ['PROD-G360']);
    const session = await startPayment(app(), customer, order._id);
    const paymentId = `pay_${backend}refund${++payments}`;
    razorpay.payments.set(paymentId, { id: paymentId, order_id: session.gatewayOrderId, amount: order.price, currency: 'INR', status: 'captured' });
    const signature = createHmac('sha256', keys.keySecret).update(`${session.gatewayOrderId}|${paymentId}`).digest('hex');
    const paid = expectContract<{ order: OrderBody }>(
      await verify(app(), customer, { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature }),
      'verifyPayment',
      200,
    );
    return { customer, order: paid.order, paymentId };
  }

  function refundWebhook(refund: StandInRefund, status: 'processed' | 'failed') {
    const raw = JSON.stringify({ event: `refund.${status}`, payload: { refund: { entity: { ...refund, entity: 'refund', status } } } });
    return app().inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', keys.webhookSecret).update(raw).digest('hex'),
        'x-razorpay-event-id': `evt_${randomUUID()}`,
      },
      payload: raw,
    });
  }

  it('calls Razorpay’s refund API once, with the credit note as its receipt, and its webhook racing the refund finds it', async () => {
    const { order, paymentId } = await razorpayPaid();
    // Razorpay's webhook arrives while the refund's transaction is still open: it must wait for the refund's row.
    let webhookAnswer: Promise<{ statusCode: number; body: string }> | undefined;
    razorpay.onRefund = (made) => {
      webhookAnswer = refundWebhook(made, 'processed');
    };
    const answer = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Kit lost in transit' }), 'refundOrder', 201);
    razorpay.onRefund = null;
    const raced = await webhookAnswer!;
    expect(JSON.parse(raced.body)).toEqual({ status: 'processed' });

    const calls = razorpay.calls.filter((call) => call === `POST /v1/payments/${paymentId}/refund`);
    expect(calls).toHaveLength(1);
    expect(razorpay.refunds.filter((made) => made.payment_id === paymentId)).toEqual([
      expect.objectContaining({
        amount: order.price,
        receipt: answer.refund.creditNoteNumber,
        notes: { order: order.number, creditNote: answer.refund.creditNoteNumber, refundKey: expect.stringMatching(new RegExp(`^${order._id}:`)) },
      }),
    ]);
    // The answer is read after the refund's commit, by which time the waiting webhook may have marked it processed.
    expect(['pending', 'processed']).toContain(answer.refund.status);
    const after = await staffOrder(app(), admin, order._id);
    expect(after.refunds).toEqual([{ ...answer.refund, status: 'processed', processedAt: expect.any(String) }]);
    expect(after.audit.map((entry) => entry.action).slice(0, 2)).toEqual(['order.refundProcessed', 'order.refunded']);
  });

  it('replayed while Razorpay is being asked, the same request refunds once', async () => {
    const { order, paymentId } = await razorpayPaid();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => refund(app(), admin, order._id, { reason: 'Double click' }, key)));
    expect(answers.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(razorpay.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);
  });

  it('answers with the refund Razorpay already made under the same request when its answer was lost, rather than refunding twice', async () => {
    const { order, paymentId } = await razorpayPaid();
    const key = randomUUID();
    // An earlier attempt: Razorpay refunded, but the answer never came back and nothing was recorded here.
    razorpay.refunds.push({
      id: 'rfnd_lostanswer',
      payment_id: paymentId,
      amount: order.price,
      currency: 'INR',
      receipt: null,
      notes: { refundKey: `${order._id}:${key}` },
      status: 'processed',
    });
    const answer = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Asked' }, key), 'refundOrder', 201);
    expect(answer.refund).toMatchObject({ gatewayRefundId: 'rfnd_lostanswer', amount: order.price, status: 'processed' });
    expect(razorpay.refunds.filter((made) => made.payment_id === paymentId)).toHaveLength(1);
    expect(razorpay.calls.filter((call) => call === `POST /v1/payments/${paymentId}/refund`)).toEqual([]);
  });

  it('records a refund Razorpay could not send back, and tells staff when Razorpay refuses one', async () => {
    const { order, paymentId } = await razorpayPaid();
    const answer = expectContract<RefundAnswer>(await refund(app(), admin, order._id, { reason: 'Asked' }), 'refundOrder', 201);
    const made = razorpay.refunds.find((entry) => entry.payment_id === paymentId)!;
    expect(JSON.parse((await refundWebhook(made, 'failed')).body)).toEqual({ status: 'processed' });
    expect((await staffOrder(app(), admin, order._id)).refunds).toEqual([{ ...answer.refund, status: 'failed' }]);

    // Razorpay knows a payment only once it is captured there.
    const other = await razorpayPaid();
    razorpay.payments.set(other.paymentId, { ...razorpay.payments.get(other.paymentId)!, status: 'authorized' });
    const refused = expectContract<{ code: string; message: string }>(await refund(app(), admin, other.order._id, { reason: 'Asked' }), 'refundOrder', 409);
    expect(refused.code).toBe('GATEWAY_REFUSED');
    expect(refused.message).toContain('has not been captured');
    const untouched = await staffOrder(app(), admin, other.order._id);
    expect(untouched).toMatchObject({ status: 'paid', refundedAmount: 0, refunds: [] });
    expect(untouched.kits.map((kit) => kit.state)).toEqual(['paid']);
  });
});
