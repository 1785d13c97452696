/**
 * Refunds of kits sold at a counter (cash, UPI or card at a clinic or event): the money goes back there, staff say how
 * (cash handed back, a UPI transfer with its reference, a card reversal), and the refund is recorded at once with its
 * GST credit note in the CN series, the order and kits updated and the audit row written, exactly once however the
 * request is repeated or raced. The customer's reason goes on the credit note and the e-mail; the staff's internal
 * note stays in the audit log.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../../server/services/messages/render';
import type { Payloads } from '../../server/services/messages/types';
import { expectContract, expectContractFile } from './contract';
import { codesOf, createBatch, onboard, onboardingRequest, sessionOfUser } from './kit-batches-fixtures';
import { newCustomer, paidCustomer, productIds, type Customer, type OrderBody } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, type TestApp } from './setup/app';
import { customerKits, refund, staffOrder, startFulfilmentApp, type StaffOrder, type StaffRefund } from './staff-orders-fixtures';

type RefundAnswer = { refund: StaffRefund; order: StaffOrder };
type ErrorBody = { code: string; message: string; fields?: Record<string, string> };
type CustomerOrder = OrderBody & { refundedAmount: number; creditNotes: Array<{ refundId: string; number: string; amount: number }> };
interface CounterSale {
  customer: Customer;
  orderId: string;
  kitId: string;
  price: number;
}

const CREDIT_NOTE = /^CN\/\d{2}-\d{2}\/\d{6}$/;
const serialOf = (number: string) => Number(number.split('/')[2]);

describe.each(backends)('refunds of counter sales on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let products: Record<string, { id: string; price: number }>;
  const freeCodes: Record<string, string[]> = {};

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend);
    admin = await newCustomer(app(), 'admin');
    products = await productIds(app());
    for (const code of ['PROD-G360', 'PROD-G3G-LITE']) {
      freeCodes[code] = await codesOf(app(), (await createBatch(app(), admin, products[code]!.id, 20))._id);
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A kit sold and handed over at a counter, paid as `payment` says (the kit's price by default). */
  async function counterSale(method: 'cash' | 'upi' | 'card', product = 'PROD-G360', amount = products[product]!.price): Promise<CounterSale> {
    const request = onboardingRequest(products[product]!.id, freeCodes[product]!.shift()!, { payment: { method, amount } });
    const made = expectContract<{ onboarding: { customer: { _id: string }; order: { _id: string; price: number }; kit: { _id: string } } }>(
      await onboard(app(), admin, request),
      'onboardOfflineCustomer',
      201,
    ).onboarding;
    return { customer: await sessionOfUser(app(), made.customer._id), orderId: made.order._id, kitId: made.kit._id, price: made.order.price };
  }

  /**
   * A second kit on a counter order, paid at its price, as a clinic that sold two kits to one person would record
   * them: the onboarding form sells one kit per order, so the second line is written here as it would write it.
   */
  async function addCounterKit(sale: CounterSale, product: string): Promise<string> {
    const { id: productId, price } = products[product]!;
    const code = freeCodes[product]!.shift()!;
    return app().db.transaction(async (tx) => {
      const [item] = await tx.query<{ id: string }>(
        `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position)
         SELECT $1, id, code, name, price, actual_price, 1 FROM products WHERE id = $2 RETURNING id`,
        [sale.orderId, productId],
      );
      await tx.query('UPDATE orders SET actual_price = actual_price + $2, price = price + $2 WHERE id = $1', [sale.orderId, price]);
      await tx.query('UPDATE payments SET amount = amount + $2 WHERE order_id = $1', [sale.orderId, price]);
      const [kit] = await tx.query<{ id: string }>(
        `INSERT INTO kits (order_id, order_item_id, user_id, product_id, box_code, state)
         SELECT $1, $2, user_id, $3, $4, 'delivered' FROM orders WHERE id = $1 RETURNING id`,
        [sale.orderId, item!.id, productId, code],
      );
      await tx.query('UPDATE kit_codes SET kit_id = $1 WHERE code = $2', [kit!.id, code]);
      sale.price += price;
      return kit!.id;
    });
  }

  const customerOrder = async (customer: Customer, orderId: string) =>
    expectContract<{ order: CustomerOrder }>(await app().inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: customer.auth }), 'getOrder', 200).order;
  const refundRows = (orderId: string) =>
    app().db.query<{ amount: number; method: string; reference: string | null; gateway_refund_id: string | null; status: string }>(
      'SELECT amount, method, reference, gateway_refund_id, status FROM refunds WHERE order_id = $1 ORDER BY created_at',
      [orderId],
    );
  const creditNoteText = async (orderId: string, refundId: string, as: Customer = admin) => {
    const url = as === admin ? `/api/admin/orders/${orderId}/refunds/${refundId}/credit-note` : `/api/orders/${orderId}/refunds/${refundId}/credit-note`;
    const response = await app().inject({ method: 'GET', url, headers: as.auth });
    return (await pdfRows(expectContractFile(response, as === admin ? 'getStaffCreditNote' : 'getCreditNote', 200))).join('\n');
  };
  const refundEmail = async (orderId: string) => {
    const [row] = await app().db.query<{ payload: Payloads['refund']; recipient: string; attachment: unknown }>(
      `SELECT payload, recipient, attachment FROM outbound_messages WHERE order_id = $1 AND template = 'refund' ORDER BY created_at DESC LIMIT 1`,
      [orderId],
    );
    if (!row) throw new Error('no refund e-mail was queued');
    const rendered = await renderEmail({ template: 'refund', payload: row.payload }, { preferencesUrl: null, unsubscribeUrl: null });
    return { row, rendered };
  };

  it('answers 401 without a session and 403 to anyone but an admin, as the contract’s x-roles say', async () => {
    const sale = await counterSale('cash');
    const payload = { reason: 'Changed their mind', method: 'cash' };
    expectContract(await app().inject({ method: 'POST', url: `/api/admin/orders/${sale.orderId}/refunds`, payload }), 'refundOrder', 401);
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      expectContract(await refund(app(), await newCustomer(app(), role), sale.orderId, payload), 'refundOrder', 403);
    }
    expectContract(await refund(app(), sale.customer, sale.orderId, payload), 'refundOrder', 403);
    expect(await refundRows(sale.orderId)).toEqual([]);
  });

  it('records cash handed back: refund processed at once, order and kit refunded, a credit note in the CN series, the audit row with the internal note', async () => {
    const sale = await counterSale('cash');
    const internalNote = 'Manager Ravi approved; cash from the Jayanagar float';
    const answer = expectContract<RefundAnswer>(
      await refund(app(), admin, sale.orderId, { reason: 'Bought the wrong kit', method: 'cash', internalNote }),
      'refundOrder',
      201,
    );
    expect(answer.refund).toMatchObject({ amount: sale.price, status: 'processed', method: 'cash', reference: null, gatewayRefundId: null, reason: 'Bought the wrong kit' });
    expect(answer.refund.processedAt).not.toBeNull();
    expect(answer.refund.creditNoteNumber).toMatch(CREDIT_NOTE);
    expect(answer.order).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', refundedAmount: sale.price });
    expect(answer.order.kits.map((kit) => kit.state)).toEqual(['refunded']);
    expect(answer.order.payments).toEqual([expect.objectContaining({ provider: 'offline', method: 'cash' })]);
    expect(JSON.stringify(answer.refund)).not.toContain(internalNote);

    // The audit row: who, how much, how the money went back, the customer's reason and the internal note.
    const [audit] = await app().db.query<{ actor_user_id: string; actor_role: string; reason: string; after: Record<string, unknown> }>(
      `SELECT actor_user_id, actor_role, reason, after FROM audit_log WHERE entity = 'order' AND entity_id = $1 AND action = 'order.refunded'`,
      [sale.orderId],
    );
    expect(audit).toMatchObject({
      actor_user_id: admin.userId,
      actor_role: 'admin',
      reason: 'Bought the wrong kit',
      after: { amount: sale.price, method: 'cash', reference: null, creditNoteNumber: answer.refund.creditNoteNumber, internalNote, status: 'refunded' },
    });
    expect(answer.order.audit[0]).toMatchObject({ action: 'order.refunded', reason: 'Bought the wrong kit', after: expect.objectContaining({ internalNote }) });

    // The customer: order refunded, the credit note theirs to download, the kit closed.
    const seen = await customerOrder(sale.customer, sale.orderId);
    expect(seen).toMatchObject({ status: 'refunded', refundedAmount: sale.price });
    expect(seen.creditNotes).toEqual([expect.objectContaining({ refundId: answer.refund._id, number: answer.refund.creditNoteNumber, amount: sale.price })]);
    expect(JSON.stringify(seen)).not.toContain(internalNote);
    expect((await customerKits(app(), sale.customer)).map((kit) => kit.state)).toEqual(['refunded']);

    // The credit note, for staff and for the customer: the reason and how the money went back, never the note.
    for (const reader of [admin, sale.customer]) {
      const text = await creditNoteText(sale.orderId, answer.refund._id, reader);
      expect(text).toContain(`Credit note number | ${answer.refund.creditNoteNumber}`);
      expect(text).toContain('Reason | Bought the wrong kit');
      expect(text).toContain('Refunded by | Cash at the counter');
      expect(text).not.toContain('Ravi');
    }

    // The e-mail: the reason and the cash, with the credit note attached; never the note.
    const { row, rendered } = await refundEmail(sale.orderId);
    expect(row.attachment).toEqual({ kind: 'credit-note', orderId: sale.orderId, refundId: answer.refund._id });
    expect(row.payload).toMatchObject({ reason: 'Bought the wrong kit', full: true, moneyBack: { method: 'cash', reference: null } });
    expect(rendered.text).toContain('Bought the wrong kit');
    expect(rendered.text).toContain('handed back to you in cash');
    expect(rendered.text).not.toContain('5 to 7 working days');
    for (const part of [JSON.stringify(row.payload), rendered.subject, rendered.html, rendered.text]) expect(part).not.toContain('Ravi');
  });

  it('refuses a UPI refund without the transfer’s reference (400), and records one with it', async () => {
    const sale = await counterSale('upi');
    const missing = expectContract<ErrorBody>(await refund(app(), admin, sale.orderId, { reason: 'Duplicate purchase', method: 'upi' }), 'refundOrder', 400);
    expect(missing.fields).toEqual({ reference: 'is required for a UPI refund' });
    expect(missing.message).toContain('UPI transfer’s reference');
    const blank = expectContract<ErrorBody>(await refund(app(), admin, sale.orderId, { reason: 'Duplicate purchase', method: 'upi', reference: '    ' }), 'refundOrder', 400);
    expect(blank.fields).toHaveProperty('reference');
    expect(await refundRows(sale.orderId)).toEqual([]);

    const answer = expectContract<RefundAnswer>(
      await refund(app(), admin, sale.orderId, { reason: 'Duplicate purchase', method: 'upi', reference: '412398765432 ' }),
      'refundOrder',
      201,
    );
    expect(answer.refund).toMatchObject({ method: 'upi', reference: '412398765432', status: 'processed', amount: sale.price });
    expect(answer.order.status).toBe('refunded');
    const note = await creditNoteText(sale.orderId, answer.refund._id);
    expect(note).toContain('Refunded by | UPI transfer');
    expect(note).toContain('UPI reference | 412398765432');
    const { rendered } = await refundEmail(sale.orderId);
    expect(rendered.text).toContain('412398765432');
    expect(rendered.text).toContain('sent to you by UPI');
  });

  it('reverses a card payment, with or without its approval code, and refuses a card reversal of a payment not made by card', async () => {
    const card = await counterSale('card');
    const reversed = expectContract<RefundAnswer>(
      await refund(app(), admin, card.orderId, { reason: 'Kit box was damaged', method: 'card_reversal', reference: 'APR-778812' }),
      'refundOrder',
      201,
    );
    expect(reversed.refund).toMatchObject({ method: 'card_reversal', reference: 'APR-778812', status: 'processed' });
    const note = await creditNoteText(card.orderId, reversed.refund._id);
    expect(note).toContain('Refunded by | Card reversal');
    expect(note).toContain('Approval code | APR-778812');

    const noCode = await counterSale('card');
    const plain = expectContract<RefundAnswer>(await refund(app(), admin, noCode.orderId, { reason: 'Kit box was damaged', method: 'card_reversal' }), 'refundOrder', 201);
    expect(plain.refund).toMatchObject({ method: 'card_reversal', reference: null });

    const cash = await counterSale('cash');
    const refused = expectContract<ErrorBody>(await refund(app(), admin, cash.orderId, { reason: 'Asked', method: 'card_reversal' }), 'refundOrder', 409);
    expect(refused).toEqual({
      code: 'REFUND_METHOD_NOT_ALLOWED',
      message: 'A card reversal gives back a card payment, and this order was paid in cash: hand the money back in cash or send it by UPI.',
    });
    // Cash has no reference; UPI money may go back in cash.
    expect(expectContract<ErrorBody>(await refund(app(), admin, cash.orderId, { reason: 'Asked', method: 'cash', reference: 'RCPT-1234' }), 'refundOrder', 400).fields).toEqual({
      reference: 'is not used for a cash refund',
    });
    const upi = await counterSale('upi');
    expectContract(await refund(app(), admin, upi.orderId, { reason: 'Asked', method: 'cash' }), 'refundOrder', 201);
    expect(await refundRows(cash.orderId)).toEqual([]);
  });

  it('asks how the money went back for a counter sale, and refuses a counter method for an order paid through the gateway', async () => {
    const sale = await counterSale('cash');
    const missing = expectContract<ErrorBody>(await refund(app(), admin, sale.orderId, { reason: 'Asked' }), 'refundOrder', 400);
    expect(missing.fields).toEqual({ method: 'is required for an order paid at a counter' });
    expect(missing.message).toBe('This order was paid at a counter in cash: say how the money went back, in cash, by UPI or as a card reversal.');
    expectContract(await refund(app(), admin, sale.orderId, { reason: 'Asked', method: 'cheque' }), 'refundOrder', 400);
    expectContract(await refund(app(), admin, sale.orderId, { reason: 'Asked', reference: '412398765432' }), 'refundOrder', 400);

    const { order } = await paidCustomer(app(), ['PROD-G360']);
    const online = expectContract<ErrorBody>(await refund(app(), admin, order._id, { reason: 'Asked', method: 'cash' }), 'refundOrder', 409);
    expect(online.code).toBe('REFUND_METHOD_NOT_ALLOWED');
    expect(online.message).toContain('was not paid at a counter');
    expect((await staffOrder(app(), admin, order._id)).status).toBe('paid');
    // The gateway's own path is unchanged, and takes an internal note too.
    const gateway = expectContract<RefundAnswer>(
      await refund(app(), admin, order._id, { reason: 'Asked', internalNote: 'Called the customer first' }),
      'refundOrder',
      201,
    );
    expect(gateway.refund).toMatchObject({ method: 'gateway', reference: null, gatewayRefundId: expect.stringMatching(/^rfnd_test_/) });
    expect(gateway.order.audit[0]!.after).toMatchObject({ method: 'gateway', internalNote: 'Called the customer first' });
    expect(await creditNoteText(order._id, gateway.refund._id)).not.toContain('Called the customer first');
  });

  it('refunds one kit of a counter order and then the rest, each with its own consecutive credit note', async () => {
    const sale = await counterSale('upi', 'PROD-G360');
    const second = await addCounterKit(sale, 'PROD-G3G-LITE');
    const start = products['PROD-G3G-LITE']!.price;

    const part = expectContract<RefundAnswer>(
      await refund(app(), admin, sale.orderId, { kitIds: [second], reason: 'Only one kit was needed', method: 'upi', reference: 'UTR000111222' }),
      'refundOrder',
      201,
    );
    expect(part.refund).toMatchObject({ amount: start, kitIds: [second] });
    expect(part.order).toMatchObject({ status: 'paid', paymentStatus: 'partlyRefunded', refundedAmount: start });
    expect(part.order.kits.map((kit) => [kit._id, kit.state])).toEqual([
      [sale.kitId, 'delivered'],
      [second, 'refunded'],
    ]);
    expect((await refundEmail(sale.orderId)).row.payload).toMatchObject({ amount: start, full: false });

    const rest = expectContract<RefundAnswer>(await refund(app(), admin, sale.orderId, { reason: 'Moved abroad', method: 'cash' }), 'refundOrder', 201);
    expect(rest.refund).toMatchObject({ amount: sale.price - start, kitIds: [sale.kitId], method: 'cash' });
    expect(rest.order).toMatchObject({ status: 'refunded', paymentStatus: 'refunded', refundedAmount: sale.price });
    expect(serialOf(rest.refund.creditNoteNumber)).toBe(serialOf(part.refund.creditNoteNumber) + 1);
    expect((await customerOrder(sale.customer, sale.orderId)).creditNotes.map((note) => note.number)).toEqual([
      part.refund.creditNoteNumber,
      rest.refund.creditNoteNumber,
    ]);
  });

  it('never gives back more than was taken at the counter', async () => {
    // Sold below its price at a camp: the refund is what was paid, not the kit's price.
    const sale = await counterSale('cash', 'PROD-G360', 999_900);
    expect(sale.price).toBeLessThan(products['PROD-G360']!.price);
    const made = expectContract<RefundAnswer>(await refund(app(), admin, sale.orderId, { reason: 'Changed their mind', method: 'cash' }), 'refundOrder', 201);
    expect(made.refund.amount).toBe(999_900);
    expect(await creditNoteText(sale.orderId, made.refund._id)).toMatch(/Total credited \| ₹9,999\.00/);

    const again = expectContract<ErrorBody>(await refund(app(), admin, sale.orderId, { reason: 'Once more', method: 'cash' }), 'refundOrder', 409);
    expect(again).toEqual({ code: 'REFUND_NOT_ALLOWED', message: 'This order is already refunded in full.' });
    const kit = expectContract<ErrorBody>(
      await refund(app(), admin, sale.orderId, { kitIds: [sale.kitId], reason: 'Once more', method: 'cash' }),
      'refundOrder',
      409,
    );
    expect(kit.code).toBe('REFUND_NOT_ALLOWED');
    expect(await refundRows(sale.orderId)).toEqual([{ amount: 999_900, method: 'cash', reference: null, gateway_refund_id: null, status: 'processed' }]);
  });

  it('records one refund and one credit note when the same request is repeated or two staff refund at the same moment', async () => {
    const repeated = await counterSale('cash');
    const key = randomUUID();
    const payload = { reason: 'Double click', method: 'cash' };
    const [a, b] = await Promise.all([refund(app(), admin, repeated.orderId, payload, key), refund(app(), admin, repeated.orderId, payload, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(expectContract<RefundAnswer>(a, 'refundOrder').refund).toEqual(expectContract<RefundAnswer>(b, 'refundOrder').refund);
    expect(await refundRows(repeated.orderId)).toHaveLength(1);

    const raced = await counterSale('upi');
    const answers = await Promise.all(
      ['UTR111', 'UTR222', 'UTR333'].map((reference) => refund(app(), admin, raced.orderId, { reason: 'Two staff at once', method: 'upi', reference: `${reference}999` })),
    );
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    for (const response of answers) expectContract(response, 'refundOrder');
    const made = expectContract<RefundAnswer>(answers.find((response) => response.statusCode === 201)!, 'refundOrder').refund;
    expect(await refundRows(raced.orderId)).toEqual([{ amount: raced.price, method: 'upi', reference: made.reference, gateway_refund_id: null, status: 'processed' }]);
    expect(await app().db.query(`SELECT 1 FROM outbound_messages WHERE order_id = $1 AND template = 'refund'`, [raced.orderId])).toHaveLength(1);
    // No number was spent by the refused ones: the next credit note follows on.
    const next = await counterSale('cash');
    const following = expectContract<RefundAnswer>(await refund(app(), admin, next.orderId, { reason: 'Asked', method: 'cash' }), 'refundOrder', 201);
    expect(serialOf(following.refund.creditNoteNumber)).toBe(serialOf(made.creditNoteNumber) + 1);
  });
});
