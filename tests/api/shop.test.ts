import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payableAfterCoupon } from '../../machines/pricing';
import { DEMO_PRODUCTS } from '../../server/db/seed';
import { expectContract, expectErrorShape } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { signUp } from './setup/emulator';

interface Product {
  _id: string;
  code: string;
  name: string;
  slug: string;
  price: number;
  actual_price: number;
  image: string;
}

interface CartBody {
  cart: { _id: string; user: string; price: number; actual_price: number; discountInPercentage: number; coupon: string | null; kits: string[] };
  kits: { _id: string; product: string; code: string; name: string; price: number; actual_price: number; image: string }[];
}

describe.each(backends)('the shop API on %s', (backend) => {
  let testApp: TestApp;
  let ip = 0;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const listProducts = () => testApp.app.inject({ method: 'GET', url: '/api/products' });

  async function newCustomer(): Promise<{ token: string; userId: string }> {
    const person = await signUp({ displayName: 'Kavya Kumar' });
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/session', payload: { idToken: person.idToken } });
    const session = expectContract<{ token: string; user: { _id: string } }>(response, 'createSession', 200);
    return { token: session.token, userId: session.user._id };
  }

  const getCart = (token?: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/cart', headers: token ? { authorization: `Bearer ${token}` } : {} });

  describe('GET /api/products', () => {
    it('lists the four kits in order, with Gut Start at ₹4,999', async () => {
      const response = await listProducts();
      const body = expectContract<{ status: boolean; data: Product[] }>(response, 'listProducts', 200);
      expect(body.status).toBe(true);
      expect(body.data.map((product) => product.code)).toEqual(DEMO_PRODUCTS.map((product) => product.code));
      const gutStart = body.data.find((product) => product.code === 'PROD-G3G-LITE');
      expect(gutStart).toMatchObject({ name: 'Gut Start', slug: 'gut360-start', price: 499900, actual_price: 999900, image: '/images/products/gut360-start.svg' });
      expect(new Set(body.data.map((product) => product._id)).size).toBe(4);
    });

    it('is public, and revalidated by browsers on each use so that a change by staff shows at once', async () => {
      const response = await listProducts();
      expect(response.headers['cache-control']).toBe('public, no-cache');
    });

    it('leaves out inactive products and columns the contract does not list', async () => {
      await testApp.app.db.query(
        `INSERT INTO products (code, name, slug, price, actual_price, active) VALUES ('PROD-OLD', 'Retired kit', 'retired', 100, 100, false)`,
      );
      testApp.app.catalogue.invalidate();
      const body = expectContract<{ data: Record<string, unknown>[] }>(await listProducts(), 'listProducts', 200);
      expect(body.data.map((product) => product.code)).not.toContain('PROD-OLD');
      for (const product of body.data) {
        expect(Object.keys(product).sort()).toEqual(['_id', 'actual_price', 'code', 'image', 'name', 'price', 'slug', 'summary']);
      }
    });

    it('serves repeated requests from memory until it is invalidated', async () => {
      // A write of an earlier test may still be on its way to this process's listener (Postgres): let it land.
      await listProducts();
      await new Promise((resolve) => setTimeout(resolve, 250));
      await listProducts();
      const reads = vi.spyOn(testApp.app.db, 'query');
      const catalogueReads = () => reads.mock.calls.filter(([sql]) => String(sql).includes('FROM products')).length;
      try {
        const first = expectContract<{ data: Product[] }>(await listProducts(), 'listProducts', 200);
        const second = expectContract<{ data: Product[] }>(await listProducts(), 'listProducts', 200);
        expect(second).toEqual(first);
        expect(catalogueReads()).toBe(0);
        testApp.app.catalogue.invalidate();
        const fresh = expectContract<{ data: Product[] }>(await listProducts(), 'listProducts', 200);
        expect(fresh).toEqual(first);
        expect(catalogueReads()).toBe(1);
      } finally {
        reads.mockRestore();
      }
    });

    it('follows a change written straight to the database once told', async () => {
      try {
        await testApp.app.db.query(`UPDATE products SET name = 'Gut Start Plus' WHERE code = 'PROD-G3G-LITE'`);
        // On Postgres every process hears the write by itself (tests/api/catalogue-cache.test.ts); here it is told.
        testApp.app.catalogue.invalidate();
        const fresh = expectContract<{ data: Product[] }>(await listProducts(), 'listProducts', 200);
        expect(fresh.data.find((product) => product.code === 'PROD-G3G-LITE')?.name).toBe('Gut Start Plus');
      } finally {
        await testApp.app.db.query(`UPDATE products SET name = 'Gut Start' WHERE code = 'PROD-G3G-LITE'`);
        testApp.app.catalogue.invalidate();
      }
    });
  });

  describe('GET /api/cart', () => {
    it('answers 401 without a session', async () => {
      const body = expectContract(await getCart(), 'getCart', 401);
      expect(body.message).toBe('Please sign in to continue.');
    });

    it('creates an empty cart for a new customer, once', async () => {
      const { token, userId } = await newCustomer();
      const first = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      expect(first).toEqual({
        cart: { _id: expect.any(String), user: userId, price: 0, actual_price: 0, discountInPercentage: 0, coupon: null, couponProducts: null, discount: 0, version: 0, kits: [] },
        kits: [],
      });
      const second = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      expect(second.cart._id).toBe(first.cart._id);
    });

    it('prices the kits from the catalogue and applies a valid coupon', async () => {
      const { token } = await newCustomer();
      const { cart } = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      const db = testApp.app.db;
      await db.query(
        `INSERT INTO cart_items (cart_id, product_id, added_at)
         SELECT $1, id, now() + (sort || ' seconds')::interval FROM products WHERE code IN ('PROD-G3G-LITE', 'PROD-G360')`,
        [cart._id],
      );
      await db.query(`UPDATE carts SET coupon_id = (SELECT id FROM coupons WHERE code = 'WELCOME10') WHERE id = $1`, [cart._id]);

      const body = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      const total = 499900 + 1499900;
      expect(body.cart).toMatchObject({
        actual_price: total,
        price: payableAfterCoupon(total, 10),
        discountInPercentage: 10,
        coupon: 'WELCOME10',
      });
      expect(body.kits.map((kit) => kit.code)).toEqual(['PROD-G3G-LITE', 'PROD-G360']);
      expect(body.cart.kits).toEqual(body.kits.map((kit) => kit._id));
      expect(body.kits[0]).toMatchObject({ name: 'Gut Start', price: 499900, actual_price: 999900, image: '/images/products/gut360-start.svg' });

      // A coupon that has run out no longer discounts.
      await db.query(`UPDATE coupons SET valid_until = now() - interval '1 day', valid_from = now() - interval '2 days' WHERE code = 'WELCOME10'`);
      const expired = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      expect(expired.cart).toMatchObject({ actual_price: total, price: total, discountInPercentage: 0, coupon: null });
      await db.query(`UPDATE coupons SET valid_until = NULL, valid_from = NULL WHERE code = 'WELCOME10'`);
    });

    it('shows each person only their own cart', async () => {
      const alice = await newCustomer();
      const bob = await newCustomer();
      const aliceCart = expectContract<CartBody>(await getCart(alice.token), 'getCart', 200);
      const bobCart = expectContract<CartBody>(await getCart(bob.token), 'getCart', 200);
      expect(aliceCart.cart._id).not.toBe(bobCart.cart._id);
      expect(bobCart.cart.user).toBe(bob.userId);
    });
  });

  describe('requests the contract does not allow', () => {
    const postSession = (payload: string, contentType: string | undefined = 'application/json') =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/session',
        remoteAddress: `10.9.0.${++ip}`,
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });

    const validToken = 'x'.repeat(40);

    it('answers the health check', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(expectContract(response, 'getHealth', 200)).toEqual({ status: 'ok' });
    });

    it.each([
      ['malformed JSON', '{"idToken": '],
      ['JSON with a trailing comma', `{"idToken": "${validToken}",}`],
    ])('answers 400 to %s', async (_what, payload) => {
      const body = expectContract(await postSession(payload), 'createSession', 400);
      expect(body).toMatchObject({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
    });

    it('answers 400 to an empty JSON body', async () => {
      expectContract(await postSession(''), 'createSession', 400);
    });

    it('answers 400 to a body that is not JSON', async () => {
      const body = expectContract(await postSession(`idToken=${validToken}`, 'application/x-www-form-urlencoded'), 'createSession', 400);
      expect(body.message).toMatch(/JSON/);
    });

    it('answers 400 to text that is not an object', async () => {
      const body = expectContract(await postSession(JSON.stringify({ idToken: validToken }), 'text/plain'), 'createSession', 400);
      expect(body.fields).toEqual({ body: 'must be an object' });
    });

    it.each([
      ['a missing field', {}, { idToken: 'is required' }],
      ['a number where text is expected', { idToken: 1234567890123 }, { idToken: 'must be text' }],
      ['a too short value', { idToken: 'short' }, { idToken: 'must be at least 20 characters long' }],
      ['a value outside the enum', { idToken: validToken, audience: 'root' }, { audience: 'must be one of: customer, staff' }],
      ['an unknown field', { idToken: validToken, role: 'admin' }, { role: 'is not allowed' }],
      ['an array instead of an object', [validToken], { body: 'must be an object' }],
    ])('answers 400 naming the field for %s', async (_what, payload, fields) => {
      const body = expectContract(await postSession(JSON.stringify(payload)), 'createSession', 400);
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', fields });
      expect(body.message).toMatch(/\.$/);
    });

    it('does not coerce JSON types', async () => {
      const body = expectContract(await postSession(JSON.stringify({ idToken: validToken, audience: true })), 'createSession', 400);
      expect(body.fields).toEqual({ audience: 'must be text' });
    });

    it.each([
      ['GET', '/api/nothing-here'],
      ['POST', '/api/products'],
      ['GET', '/api'],
      ['DELETE', '/api/cart'],
    ])('answers %s %s with a JSON 404', async (method, url) => {
      const response = await testApp.app.inject({ method: method as 'GET', url });
      const body = expectErrorShape(response, 404);
      expect(body).toEqual({ message: 'There is no such API endpoint.', code: 'NOT_FOUND' });
    });

    it('answers a malformed URL with a JSON 400', async () => {
      const body = expectErrorShape(await testApp.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }), 400);
      expect(body.message).toBe('The request URL is not valid.');
    });

    it('answers a page URL with a JSON 404 when no SPA is built', async () => {
      expectErrorShape(await testApp.app.inject({ method: 'GET', url: '/products/gut360' }), 404);
    });

    it('never shows a stack trace', async () => {
      const response = await postSession('{"idToken": [');
      expect(response.body).not.toMatch(/at .*\(.*:\d+:\d+\)|node_modules|\.ts:\d+/);
    });
  });
});
