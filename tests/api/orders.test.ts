import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFileName } from '../../machines/document-numbers';
import { payableAfterCoupon } from '../../machines/pricing';
import { expectContract } from './contract';
import {
  ADDRESS,
  addToCart,
  applyCoupon,
  newCustomer,
  orderedCustomer,
  paidCustomer,
  placeOrder,
  productIds,
  reviewedCart,
  saveAddress,
  startPayment,
  verify,
  type OrderBody,
} from './orders-fixtures';
import { expireUnpaidOrders } from '../../server/services/order-expiry';
import { backends, startTestApp, type TestApp } from './setup/app';

describe.each(backends)('orders and addresses on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  describe('the saved delivery address', () => {
    it('is empty at first, then saved and read back', async () => {
      const customer = await newCustomer(app());
      const empty = await app().inject({ method: 'GET', url: '/api/address', headers: customer.auth });
      expect(expectContract(empty, 'getAddress', 200)).toEqual({ address: null });
      await saveAddress(app(), customer);
      const saved = await app().inject({ method: 'GET', url: '/api/address', headers: customer.auth });
      expect(expectContract(saved, 'getAddress', 200)).toEqual({ address: ADDRESS });
    });

    it('is each person’s own', async () => {
      const owner = await newCustomer(app());
      const other = await newCustomer(app());
      await saveAddress(app(), owner);
      const theirs = await app().inject({ method: 'GET', url: '/api/address', headers: other.auth });
      expect(expectContract(theirs, 'getAddress', 200)).toEqual({ address: null });
    });

    it.each([
      ['a 5-digit PIN code', { pincode: '56001' }],
      ['a PIN code starting with 0', { pincode: '060001' }],
      ['a landline-like phone', { phone: '0801234567' }],
      ['a phone with +91', { phone: '+919876543210' }],
      ['a state that is not Indian', { state: 'California' }],
      ['an empty name', { name: '' }],
      ['a name of spaces', { name: '   ' }],
      ['a very long first line', { line1: 'x'.repeat(121) }],
      ['an unknown field', { landmark: 'Opposite the park' }],
      ['a number for the PIN code', { pincode: 560001 }],
    ])('refuses %s with 400 and changes nothing', async (_, change) => {
      const customer = await newCustomer(app());
      const response = await app().inject({ method: 'PUT', url: '/api/address', headers: customer.auth, payload: { ...ADDRESS, ...change } });
      expectContract(response, 'putAddress', 400);
      const saved = await app().inject({ method: 'GET', url: '/api/address', headers: customer.auth });
      expect(expectContract(saved, 'getAddress', 200)).toEqual({ address: null });
    });

    it('refuses a PIN code of another state with 400 at the PIN code, naming its state, and saves nothing', async () => {
      const customer = await newCustomer(app());
      const response = await app().inject({ method: 'PUT', url: '/api/address', headers: customer.auth, payload: { ...ADDRESS, pincode: '110001' } });
      expect(expectContract(response, 'putAddress', 400)).toMatchObject({
        code: 'BAD_REQUEST',
        fields: { pincode: '110001 is a PIN code in Delhi, not Karnataka. Check the PIN code or the state.' },
      });
      const saved = await app().inject({ method: 'GET', url: '/api/address', headers: customer.auth });
      expect(expectContract(saved, 'getAddress', 200)).toEqual({ address: null });
    });

    it.each([
      ['Delhi', '110001'],
      ['Puducherry', '609602'],
      ['Tamil Nadu', '609602'],
    ])('saves a PIN code of %s (%s)', async (state, pincode) => {
      const customer = await newCustomer(app());
      const response = await app().inject({ method: 'PUT', url: '/api/address', headers: customer.auth, payload: { ...ADDRESS, city: 'A town', state, pincode } });
      expect(expectContract(response, 'putAddress', 200)).toMatchObject({ address: { state, pincode } });
    });

    it('needs a session', async () => {
      expectContract(await app().inject({ method: 'GET', url: '/api/address' }), 'getAddress', 401);
      expectContract(await app().inject({ method: 'PUT', url: '/api/address', payload: ADDRESS }), 'putAddress', 401);
    });
  });

  describe('POST /api/orders', () => {
    it('prices the order from the catalogue and the coupon, and empties the cart', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      expect((await applyCoupon(app(), customer, 'WELCOME10')).statusCode).toBe(200);
      await saveAddress(app(), customer);
      const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201);
      const actual = products['PROD-G3G-LITE']!.price + products['PROD-G360']!.price;
      expect(order).toMatchObject({
        status: 'pending',
        actual_price: actual,
        price: payableAfterCoupon(actual, 10),
        discount: actual - payableAfterCoupon(actual, 10),
        discountInPercentage: 10,
        coupon: 'WELCOME10',
        payment: { status: 'unpaid', provider: null, paymentId: null },
        invoiceNumber: null,
      });
      expect(order.items.map((item) => item.code)).toEqual(['PROD-G3G-LITE', 'PROD-G360']);
      expect(order.number).toMatch(/^GS-\d{4}-\d{6}$/);
      const cart = await app().inject({ method: 'GET', url: '/api/cart', headers: customer.auth });
      expect(JSON.parse(cart.body)).toMatchObject({ cart: { kits: [], coupon: null, price: 0 } });
    });

    it('refuses a saved address whose PIN code is another state’s (400 at the PIN code) and places nothing', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      await saveAddress(app(), customer);
      // As an address saved before the PIN code was checked against the state would be.
      await app().db.query(`UPDATE addresses SET pincode = '110001' WHERE user_id = $1`, [customer.userId]);
      const refused = expectContract(await placeOrder(app(), customer), 'createOrder', 400);
      expect(refused).toMatchObject({ fields: { pincode: '110001 is a PIN code in Delhi, not Karnataka. Check the PIN code or the state.' } });
      const list = expectContract<{ orders: OrderBody[] }>(await app().inject({ method: 'GET', url: '/api/orders', headers: customer.auth }), 'listOrders', 200);
      expect(list.orders).toEqual([]);
      await saveAddress(app(), customer, { ...ADDRESS, city: 'New Delhi', state: 'Delhi', pincode: '110001' });
      expectContract(await placeOrder(app(), customer), 'createOrder', 201);
    });

    it('refuses amounts or items sent by the client (400) and places nothing', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      await saveAddress(app(), customer);
      for (const payload of [{ price: 1 }, { amount: 100 }, { items: [products['PROD-G360']!.id] }, { idempotencyKey: 'short' }, { idempotencyKey: 42 }]) {
        expectContract(await placeOrder(app(), customer, randomUUID(), payload), 'createOrder', 400);
      }
      const list = expectContract<{ orders: OrderBody[] }>(await app().inject({ method: 'GET', url: '/api/orders', headers: customer.auth }), 'listOrders', 200);
      expect(list.orders).toEqual([]);
    });

    it('uses catalogue prices even after they change in the cart', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G3G-LITE']!.id);
      await saveAddress(app(), customer);
      await app().db.query(`UPDATE products SET price = price + 100 WHERE code = 'PROD-G3G-LITE'`);
      try {
        const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201);
        expect(order.price).toBe(products['PROD-G3G-LITE']!.price + 100);
      } finally {
        await app().db.query(`UPDATE products SET price = price - 100 WHERE code = 'PROD-G3G-LITE'`);
      }
    });

    it('makes one order for a double-submitted request with the same key', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G360']!.id);
      await saveAddress(app(), customer);
      const key = randomUUID();
      const [first, second] = await Promise.all([placeOrder(app(), customer, key), placeOrder(app(), customer, key)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 201]);
      const a = expectContract<{ order: OrderBody }>(first, 'createOrder');
      const b = expectContract<{ order: OrderBody }>(second, 'createOrder');
      expect(a.order._id).toBe(b.order._id);
      const retry = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer, key), 'createOrder', 200);
      expect(retry.order._id).toBe(a.order._id);
      const [{ count }] = (await app().db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE user_id = $1', [customer.userId])) as [{ count: number }];
      expect(count).toBe(1);
    });

    it('takes the key from the body too, and wants one', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G360']!.id);
      await saveAddress(app(), customer);
      const reviewed = await reviewedCart(app(), customer);
      const missing = await app().inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: reviewed });
      expect(expectContract<{ message: string }>(missing, 'createOrder', 400).message).toMatch(/Idempotency-Key/);
      const key = randomUUID();
      const byBody = await app().inject({ method: 'POST', url: '/api/orders', headers: customer.auth, payload: { ...reviewed, idempotencyKey: key } });
      const first = expectContract<{ order: OrderBody }>(byBody, 'createOrder', 201);
      const again = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer, key), 'createOrder', 200);
      expect(again.order._id).toBe(first.order._id);
    });

    it('refuses an empty cart and a missing address with a reason (409)', async () => {
      const customer = await newCustomer(app());
      const empty = expectContract<{ code: string }>(await placeOrder(app(), customer), 'createOrder', 409);
      expect(empty.code).toBe('CART_EMPTY');
      const products = await productIds(app());
      await addToCart(app(), customer, products['PROD-G360']!.id);
      const noAddress = expectContract<{ code: string }>(await placeOrder(app(), customer), 'createOrder', 409);
      expect(noAddress.code).toBe('ADDRESS_REQUIRED');
    });

    it('re-checks the coupon: an expired one is refused and nothing is placed', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await app().db.query(`INSERT INTO coupons (code, percentage, per_user_limit) VALUES ('SOONGONE', 20, 5)`);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      expect((await applyCoupon(app(), customer, 'SOONGONE')).statusCode).toBe(200);
      await saveAddress(app(), customer);
      await app().db.query(`UPDATE coupons SET valid_until = now() - interval '1 minute', valid_from = NULL WHERE code = 'SOONGONE'`);
      const refused = expectContract<{ code: string }>(await placeOrder(app(), customer), 'createOrder', 409);
      expect(refused.code).toBe('COUPON_EXPIRED');
      const [{ count }] = (await app().db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders WHERE user_id = $1', [customer.userId])) as [{ count: number }];
      expect(count).toBe(0);
    });

    it('redeems a single-use coupon exactly once across twenty concurrent checkouts', async () => {
      await app().db.query(`INSERT INTO coupons (code, percentage, max_redemptions, per_user_limit) VALUES ('ONLYONE', 50, 1, 1)`);
      const products = await productIds(app());
      const people = await Promise.all(Array.from({ length: 20 }, () => newCustomer(app())));
      for (const person of people) {
        await addToCart(app(), person, products['PROD-G360']!.id);
        expect((await applyCoupon(app(), person, 'ONLYONE')).statusCode).toBe(200);
        await saveAddress(app(), person);
      }
      const answers = await Promise.all(people.map((person) => placeOrder(app(), person)));
      const placed = answers.filter((answer) => answer.statusCode === 201);
      const refused = answers.filter((answer) => answer.statusCode === 409);
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const answer of refused) expect(expectContract<{ code: string }>(answer, 'createOrder', 409).code).toBe('COUPON_USED_UP');
      const [{ count }] = (await app().db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'ONLYONE'`,
      )) as [{ count: number }];
      expect(count).toBe(1);
    }, 60_000);

    it('lets a person use WELCOME10 once (per-person limit)', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await saveAddress(app(), customer);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      await applyCoupon(app(), customer, 'WELCOME10');
      expectContract(await placeOrder(app(), customer), 'createOrder', 201);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      // Whether the cart refuses it at once or the order does, a second use never reaches an order.
      const applied = await applyCoupon(app(), customer, 'WELCOME10');
      if (applied.statusCode === 200) {
        const refused = expectContract<{ code: string }>(await placeOrder(app(), customer), 'createOrder', 409);
        expect(refused.code).toBe('COUPON_ALREADY_USED');
      } else {
        expect(applied.statusCode).toBeGreaterThanOrEqual(400);
      }
    });
  });

  describe('cancelling an unpaid order', () => {
    const cancel = (customer: { auth: { authorization: string } }, id: string) =>
      app().inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: customer.auth });

    it('cancels it, gives the coupon use back and refuses to take a payment for it', async () => {
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await saveAddress(app(), customer);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      await applyCoupon(app(), customer, 'WELCOME10');
      const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201);
      expectContract(await cancel(await newCustomer(app()), order._id), 'cancelOrder', 404);
      const cancelled = expectContract<{ order: OrderBody }>(await cancel(customer, order._id), 'cancelOrder', 200).order;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.timeline.map((event) => event.status)).toEqual(['placed', 'cancelled']);
      expect(expectContract<{ code: string }>(await cancel(customer, order._id), 'cancelOrder', 409).code).toBe('ORDER_NOT_CANCELLABLE');
      const payment = await app().inject({ method: 'POST', url: `/api/orders/${order._id}/payment`, headers: customer.auth });
      expect(expectContract<{ code: string }>(payment, 'startPayment', 409).code).toBe('ORDER_CLOSED');
      // The coupon can be used again.
      await addToCart(app(), customer, products['PROD-G360']!.id);
      expect((await applyCoupon(app(), customer, 'WELCOME10')).statusCode).toBe(200);
      const again = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201).order;
      expect(again.coupon).toBe('WELCOME10');
    });

    it('does not cancel a paid order', async () => {
      const { customer, order } = await paidCustomer(app());
      expect(expectContract<{ code: string }>(await cancel(customer, order._id), 'cancelOrder', 409).code).toBe('ORDER_NOT_CANCELLABLE');
    });
  });

  describe('orders left unpaid', () => {
    const age = (orderId: string, hours: number) =>
      app().db.query(`UPDATE orders SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, [orderId, hours]);

    it('expire after the configured hours: cancelled by the shop, the coupon use given back, the audit log saying so', async () => {
      const hours = app().config.unpaidOrderExpiryHours;
      const customer = await newCustomer(app());
      const products = await productIds(app());
      await saveAddress(app(), customer);
      await addToCart(app(), customer, products['PROD-G360']!.id);
      await applyCoupon(app(), customer, 'WELCOME10');
      const stale = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201).order;
      await age(stale._id, hours + 1);
      // Younger than the limit, and older but with a payment opened within it: both left alone.
      const young = (await orderedCustomer(app())).order;
      await age(young._id, hours - 1);
      const paying = await orderedCustomer(app());
      await age(paying.order._id, hours + 5);
      await startPayment(app(), paying.customer, paying.order._id);
      const paid = await paidCustomer(app());
      await age(paid.order._id, hours + 5);

      expect(await expireUnpaidOrders(app().db, hours)).toBeGreaterThanOrEqual(1);
      const read = async (who: { auth: { authorization: string } }, id: string) =>
        expectContract<{ order: OrderBody }>(await app().inject({ method: 'GET', url: `/api/orders/${id}`, headers: who.auth }), 'getOrder', 200).order;
      const expired = await read(customer, stale._id);
      expect(expired.status).toBe('cancelled');
      expect(expired.timeline.map((event) => event.status)).toEqual(['placed', 'expired']);
      expect((await read(paying.customer, paying.order._id)).status).toBe('pending');
      expect((await read(paid.customer, paid.order._id)).status).toBe('paid');
      const [audit] = await app().db.query<{ actor_user_id: string | null; subject_user_id: string; after: unknown; reason: string }>(
        `SELECT actor_user_id, subject_user_id, after, reason FROM audit_log WHERE action = 'order.expired' AND entity_id = $1`,
        [stale._id],
      );
      expect(audit).toEqual({
        actor_user_id: null,
        subject_user_id: customer.userId,
        after: { status: 'cancelled', couponUseReleased: 'WELCOME10' },
        reason: `Not paid within ${hours} hours.`,
      });
      // The coupon can be used again, and a second sweep changes nothing.
      await addToCart(app(), customer, products['PROD-G360']!.id);
      expect((await applyCoupon(app(), customer, 'WELCOME10')).statusCode).toBe(200);
      const again = await expireUnpaidOrders(app().db, hours);
      const audits = await app().db.query(`SELECT 1 FROM audit_log WHERE action = 'order.expired' AND entity_id = $1`, [stale._id]);
      expect(audits).toHaveLength(1);
      expect(again).toBe(0);
      const youngRow = await app().db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [young._id]);
      expect(youngRow[0]?.status).toBe('pending');
    });

    it('a payment verified as its order expires either wins or finds it cancelled, never both', async () => {
      const hours = app().config.unpaidOrderExpiryHours;
      const { customer, order } = await orderedCustomer(app());
      const session = await startPayment(app(), customer, order._id);
      const authorization = expectContract<Record<string, string>>(
        await app().inject({
          method: 'POST',
          url: '/api/payments/test-gateway',
          headers: customer.auth,
          payload: { gatewayOrderId: session.gatewayOrderId, outcome: 'success' },
        }),
        'payWithTestGateway',
        200,
      );
      await age(order._id, hours + 1);
      await app().db.query(`UPDATE payments SET created_at = now() - make_interval(hours => $2) WHERE order_id = $1`, [order._id, hours + 1]);
      const [verified] = await Promise.all([verify(app(), customer, authorization), expireUnpaidOrders(app().db, hours)]);
      const [row] = await app().db.query<{ status: string; invoice_number: string | null }>('SELECT status, invoice_number FROM orders WHERE id = $1', [order._id]);
      if (verified.statusCode === 200) expect(row).toMatchObject({ status: 'paid', invoice_number: expect.any(String) });
      else expect(row).toEqual({ status: 'cancelled', invoice_number: null });
    });
  });

  describe('reading orders', () => {
    it('lists the person’s orders and shows one, but another person’s order is 404', async () => {
      const { customer, order } = await orderedCustomer(app());
      const other = await newCustomer(app());
      const list = expectContract<{ orders: OrderBody[] }>(await app().inject({ method: 'GET', url: '/api/orders', headers: customer.auth }), 'listOrders', 200);
      expect(list.orders.map((o) => o._id)).toEqual([order._id]);
      const mine = await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: customer.auth });
      expect(expectContract<{ order: OrderBody }>(mine, 'getOrder', 200).order).toEqual(order);
      expectContract(await app().inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: other.auth }), 'getOrder', 404);
      expectContract(await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: other.auth }), 'getInvoice', 404);
      expectContract(await app().inject({ method: 'POST', url: `/api/orders/${order._id}/payment`, headers: other.auth }), 'startPayment', 404);
      const theirs = expectContract<{ orders: OrderBody[] }>(await app().inject({ method: 'GET', url: '/api/orders', headers: other.auth }), 'listOrders', 200);
      expect(theirs.orders).toEqual([]);
      expectContract(await app().inject({ method: 'GET', url: '/api/orders/not-an-order', headers: customer.auth }), 'getOrder', 404);
      expectContract(await app().inject({ method: 'GET', url: `/api/orders/${'x'.repeat(65)}`, headers: customer.auth }), 'getOrder', 400);
    });

    it('has no invoice before payment (409)', async () => {
      const { customer, order } = await orderedCustomer(app());
      const response = await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: customer.auth });
      expect(expectContract<{ code: string }>(response, 'getInvoice', 409).code).toBe('ORDER_NOT_PAID');
    });

    it('makes a GST invoice PDF for a paid order', async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
      expect(order.invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      const response = await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: customer.auth });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(String(response.headers['content-disposition'])).toContain(documentFileName(order.invoiceNumber!));
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
