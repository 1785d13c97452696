/**
 * The order placed is the order reviewed: placing an order sends the cart's version and payable total as the review
 * showed them. A cart changed since (a kit added or removed in another tab, a coupon applied or removed, a price
 * changed or a kit taken off sale by staff) answers 409 CART_CHANGED with the cart as it is now, and makes no order,
 * no payment and no coupon redemption; placing again with what the new review shows makes the order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { payableAfterCoupon } from '../../machines/pricing';
import { expectContract } from './contract';
import {
  addToCart,
  applyCoupon,
  newCustomer,
  productIds,
  reviewedCart,
  saveAddress,
  startPayment,
  type Customer,
  type OrderBody,
} from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type CartResponse = components['schemas']['CartResponse'];
type PlaceOrderConflict = components['schemas']['PlaceOrderConflict'];
type Reviewed = Awaited<ReturnType<typeof reviewedCart>>;

describe.each(backends)('the order placed is the order reviewed, on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let products: Awaited<ReturnType<typeof productIds>>;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    products = await productIds(app());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const gutStart = () => products['PROD-G3G-LITE']!;

  /** A customer with one Gut Start in the cart and an address, and the review of that cart. */
  async function reviewing(): Promise<{ customer: Customer; reviewed: Reviewed }> {
    const customer = await newCustomer(app());
    await addToCart(app(), customer, gutStart().id);
    await saveAddress(app(), customer);
    return { customer, reviewed: await reviewedCart(app(), customer) };
  }

  function place(customer: Customer, body: Record<string, unknown>, key = randomUUID()) {
    return app().inject({ method: 'POST', url: '/api/orders', headers: { ...customer.auth, 'idempotency-key': key }, payload: body });
  }

  async function cartOf(customer: Customer): Promise<CartResponse> {
    return expectContract<CartResponse>(await app().inject({ method: 'GET', url: '/api/cart', headers: customer.auth }), 'getCart', 200);
  }

  /** The customer's orders, their payments and coupon redemptions, straight from the database. */
  async function recordsOf(customer: Customer) {
    const [row] = await app().db.query<{ orders: number; payments: number; redemptions: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE user_id = $1) AS orders,
              (SELECT count(*)::int FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.user_id = $1) AS payments,
              (SELECT count(*)::int FROM coupon_redemptions WHERE user_id = $1) AS redemptions`,
      [customer.userId],
    );
    return row!;
  }

  /** Placing with `reviewed` is refused as changed, with the cart as it is now; nothing is ordered. */
  async function expectCartChanged(customer: Customer, reviewed: Reviewed): Promise<CartResponse> {
    const refused = expectContract<PlaceOrderConflict>(await place(customer, reviewed), 'createOrder', 409);
    expect(refused.code).toBe('CART_CHANGED');
    expect(refused.message).toMatch(/^Your cart changed since you reviewed it/);
    expect(refused.cart).toEqual(await cartOf(customer));
    expect(await recordsOf(customer)).toEqual({ orders: 0, payments: 0, redemptions: 0 });
    return refused.cart!;
  }

  it('places the order reviewed with the current version, and the emptied cart has a new version', async () => {
    const { customer, reviewed } = await reviewing();
    expect(reviewed).toEqual({ cartVersion: expect.any(Number), cartPrice: gutStart().price });
    const { order } = expectContract<{ order: OrderBody }>(await place(customer, reviewed), 'createOrder', 201);
    expect(order).toMatchObject({ price: gutStart().price, items: [expect.objectContaining({ code: 'PROD-G3G-LITE' })] });
    const after = await cartOf(customer);
    expect(after.cart.kits).toEqual([]);
    expect(after.cart.version).toBeGreaterThan(reviewed.cartVersion);
  });

  it('counts every change to the cart in its version, and not a coupon applied again', async () => {
    const customer = await newCustomer(app());
    const versions = [(await cartOf(customer)).cart.version];
    const step = async () => versions.push((await cartOf(customer)).cart.version);
    await addToCart(app(), customer, gutStart().id);
    await step();
    await addToCart(app(), customer, gutStart().id);
    await step();
    expectContract(await applyCoupon(app(), customer, 'WELCOME10'), 'applyCartCoupon', 200);
    await step();
    expectContract(await applyCoupon(app(), customer, 'welcome10'), 'applyCartCoupon', 200);
    expect((await cartOf(customer)).cart.version).toBe(versions.at(-1));
    expectContract(await app().inject({ method: 'DELETE', url: '/api/cart/coupon', headers: customer.auth }), 'removeCartCoupon', 200);
    await step();
    const [first] = (await cartOf(customer)).cart.kits;
    expectContract(await app().inject({ method: 'DELETE', url: `/api/cart/items/${first!}`, headers: customer.auth }), 'removeCartItem', 200);
    await step();
    // A kit that is not in the cart changes nothing.
    expect((await app().inject({ method: 'DELETE', url: `/api/cart/items/${first!}`, headers: customer.auth })).statusCode).toBe(404);
    expect((await cartOf(customer)).cart.version).toBe(versions.at(-1));
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('answers 409 CART_CHANGED with the new cart when a kit was added after the review, then places the new cart with its version', async () => {
    const { customer, reviewed } = await reviewing();
    // Another tab adds a second kit while this one shows the review of one.
    await addToCart(app(), customer, gutStart().id);
    const now = await expectCartChanged(customer, reviewed);
    expect(now.kits).toHaveLength(2);
    expect(now.cart).toMatchObject({ price: 2 * gutStart().price, version: expect.any(Number) });
    expect(now.cart.version).toBeGreaterThan(reviewed.cartVersion);

    const { order } = expectContract<{ order: OrderBody }>(
      await place(customer, { cartVersion: now.cart.version, cartPrice: now.cart.price }),
      'createOrder',
      201,
    );
    expect(order.price).toBe(2 * gutStart().price);
    expect(order.items).toHaveLength(2);
    expect((await startPayment(app(), customer, order._id)).amount).toBe(2 * gutStart().price);
  });

  it('answers 409 CART_CHANGED when a kit was removed after the review', async () => {
    const customer = await newCustomer(app());
    await addToCart(app(), customer, gutStart().id);
    await addToCart(app(), customer, products['PROD-G360']!.id);
    await saveAddress(app(), customer);
    const reviewed = await reviewedCart(app(), customer);
    const [first] = (await cartOf(customer)).cart.kits;
    expectContract(await app().inject({ method: 'DELETE', url: `/api/cart/items/${first!}`, headers: customer.auth }), 'removeCartItem', 200);
    const now = await expectCartChanged(customer, reviewed);
    expect(now.kits.map((kit) => kit.code)).toEqual(['PROD-G360']);
  });

  it('answers 409 CART_CHANGED when a coupon was applied after the review, and when it was removed', async () => {
    const { customer, reviewed } = await reviewing();
    expectContract(await applyCoupon(app(), customer, 'WELCOME10'), 'applyCartCoupon', 200);
    const withCoupon = await expectCartChanged(customer, reviewed);
    expect(withCoupon.cart).toMatchObject({ coupon: 'WELCOME10', price: payableAfterCoupon(gutStart().price, 10) });

    const reviewedWithCoupon = { cartVersion: withCoupon.cart.version, cartPrice: withCoupon.cart.price };
    expectContract(await app().inject({ method: 'DELETE', url: '/api/cart/coupon', headers: customer.auth }), 'removeCartCoupon', 200);
    const withoutCoupon = await expectCartChanged(customer, reviewedWithCoupon);
    expect(withoutCoupon.cart).toMatchObject({ coupon: null, price: gutStart().price });

    const { order } = expectContract<{ order: OrderBody }>(
      await place(customer, { cartVersion: withoutCoupon.cart.version, cartPrice: withoutCoupon.cart.price }),
      'createOrder',
      201,
    );
    expect(order).toMatchObject({ coupon: null, price: gutStart().price });
    expect(await recordsOf(customer)).toEqual({ orders: 1, payments: 0, redemptions: 0 });
  });

  it.each([
    ['a price changed by staff', `UPDATE products SET price = price + 10000 WHERE code = 'PROD-G360'`, `UPDATE products SET price = price - 10000 WHERE code = 'PROD-G360'`],
    ['a kit taken off sale', `UPDATE products SET active = false WHERE code = 'PROD-G360'`, `UPDATE products SET active = true WHERE code = 'PROD-G360'`],
  ])('answers 409 CART_CHANGED for the same version at another total: %s', async (_change, change, undo) => {
    const customer = await newCustomer(app());
    await addToCart(app(), customer, gutStart().id);
    await addToCart(app(), customer, products['PROD-G360']!.id);
    await saveAddress(app(), customer);
    const reviewed = await reviewedCart(app(), customer);
    await app().db.query(change);
    try {
      const now = await expectCartChanged(customer, reviewed);
      expect(now.cart.version).toBe(reviewed.cartVersion);
      expect(now.cart.price).not.toBe(reviewed.cartPrice);
      const { order } = expectContract<{ order: OrderBody }>(
        await place(customer, { cartVersion: now.cart.version, cartPrice: now.cart.price }),
        'createOrder',
        201,
      );
      expect(order.price).toBe(now.cart.price);
    } finally {
      await app().db.query(undo);
    }
  });

  it('answers a retry with the same key with the order it made, though the cart has moved on', async () => {
    const { customer, reviewed } = await reviewing();
    const key = randomUUID();
    const first = expectContract<{ order: OrderBody }>(await place(customer, reviewed, key), 'createOrder', 201);
    await addToCart(app(), customer, gutStart().id);
    const retry = expectContract<{ order: OrderBody }>(await place(customer, reviewed, key), 'createOrder', 200);
    expect(retry.order._id).toBe(first.order._id);
    expect(await recordsOf(customer)).toMatchObject({ orders: 1 });
  });

  it('catches a kit added while the order is being placed: the order is the one reviewed, or none', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { customer, reviewed } = await reviewing();
      const [added, placed] = await Promise.all([
        app().inject({ method: 'POST', url: '/api/cart/items', headers: customer.auth, payload: { productId: gutStart().id } }),
        place(customer, reviewed),
      ]);
      expect(added.statusCode, added.body).toBe(200);
      if (placed.statusCode === 201) {
        // Placed first: the order holds the one kit reviewed, and the kit added waits in the emptied cart.
        const { order } = expectContract<{ order: OrderBody }>(placed, 'createOrder', 201);
        expect(order.price).toBe(reviewed.cartPrice);
        expect(order.items).toHaveLength(1);
        expect((await cartOf(customer)).kits).toHaveLength(1);
      } else {
        const refused = expectContract<PlaceOrderConflict>(placed, 'createOrder', 409);
        expect(refused.code).toBe('CART_CHANGED');
        expect(refused.cart?.kits).toHaveLength(2);
        expect(await recordsOf(customer)).toEqual({ orders: 0, payments: 0, redemptions: 0 });
      }
    }
  });

  it.each([
    ['no body', undefined, 'cartVersion'],
    ['an empty body, as pages before the check sent', {}, 'cartVersion'],
    ['no version', { cartPrice: 499_900 }, 'cartVersion'],
    ['no total', { cartVersion: 1 }, 'cartPrice'],
    ['a version that is not a whole number', { cartVersion: '1', cartPrice: 499_900 }, 'cartVersion'],
    ['a negative total', { cartVersion: 1, cartPrice: -1 }, 'cartPrice'],
  ])('refuses a request with %s (400) and places nothing', async (_what, body, field) => {
    const { customer } = await reviewing();
    const response = await app().inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.auth, 'idempotency-key': randomUUID() },
      ...(body === undefined ? {} : { payload: body }),
    });
    const refused = expectContract<{ fields: Record<string, string> }>(response, 'createOrder', 400);
    expect(Object.keys(refused.fields)).toContain(field);
    expect(await recordsOf(customer)).toEqual({ orders: 0, payments: 0, redemptions: 0 });
  });
});
