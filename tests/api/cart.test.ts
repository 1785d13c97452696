/**
 * Cart items and coupons: the server prices everything from the catalogue, keeps each cart to its owner, bounds the
 * number of kits, and refuses coupons that cannot be used, saying why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KITS_PER_CART, payableAfterCoupon } from '../../machines/pricing';
import { COUPON_ATTEMPTS_PER_MINUTE } from '../../server/routes/coupons/handlers';
import { expectContract } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { signUp } from './setup/emulator';

interface CartBody {
  cart: { _id: string; user: string; price: number; actual_price: number; discountInPercentage: number; coupon: string | null; kits: string[] };
  kits: { _id: string; product: string; code: string; name: string; price: number; actual_price: number; image: string }[];
}

interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

const GUT_START = 499_900;
const GUT_360 = 1_499_900;

describe.each(backends)('cart items and coupons on %s', (backend) => {
  let testApp: TestApp;
  let products: Record<string, string>;
  let address = 0;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    const rows = await testApp.app.db.query<{ id: string; code: string }>('SELECT id, code FROM products');
    products = Object.fromEntries(rows.map((row) => [row.code, row.id]));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function newCustomer(): Promise<{ token: string; userId: string }> {
    const person = await signUp({ displayName: 'Meera Iyer' });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      // A fresh address each time keeps the sign-in rate limit out of these tests.
      remoteAddress: `10.20.${Math.floor(++address / 250)}.${address % 250}`,
      payload: { idToken: person.idToken },
    });
    const session = expectContract<{ token: string; user: { _id: string } }>(response, 'createSession', 200);
    return { token: session.token, userId: session.user._id };
  }

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const getCart = (token: string) => testApp.app.inject({ method: 'GET', url: '/api/cart', headers: auth(token) });
  const addItem = (token: string | undefined, payload: unknown) =>
    testApp.app.inject({ method: 'POST', url: '/api/cart/items', headers: token ? auth(token) : {}, payload: payload as object });
  const removeItem = (token: string | undefined, itemId: string) =>
    testApp.app.inject({ method: 'DELETE', url: `/api/cart/items/${encodeURIComponent(itemId)}`, headers: token ? auth(token) : {} });
  const applyCoupon = (token: string | undefined, payload: unknown) =>
    testApp.app.inject({ method: 'POST', url: '/api/cart/coupon', headers: token ? auth(token) : {}, payload: payload as object });
  const removeCoupon = (token: string | undefined) =>
    testApp.app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: token ? auth(token) : {} });

  async function cartWith(token: string, ...codes: string[]): Promise<CartBody> {
    let body: CartBody | undefined;
    for (const code of codes) body = expectContract<CartBody>(await addItem(token, { productId: products[code] }), 'addCartItem', 200);
    return body ?? expectContract<CartBody>(await getCart(token), 'getCart', 200);
  }

  async function coupon(row: {
    code: string;
    percentage?: number;
    active?: boolean;
    validFrom?: string;
    validUntil?: string;
    maxRedemptions?: number;
    perUserLimit?: number;
  }): Promise<string> {
    const [created] = await testApp.app.db.query<{ id: string }>(
      `INSERT INTO coupons (code, percentage, active, valid_from, valid_until, max_redemptions, per_user_limit)
       VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz, $6, $7) RETURNING id`,
      [
        row.code,
        row.percentage ?? 20,
        row.active ?? true,
        row.validFrom ?? null,
        row.validUntil ?? null,
        row.maxRedemptions ?? null,
        row.perUserLimit ?? 1,
      ],
    );
    return created!.id;
  }

  const redeem = (couponId: string, userId: string) =>
    testApp.app.db.query('INSERT INTO coupon_redemptions (coupon_id, user_id) VALUES ($1, $2)', [couponId, userId]);

  describe('POST /api/cart/items', () => {
    it('adds kits one at a time, priced from the catalogue, in the order they were added', async () => {
      const { token, userId } = await newCustomer();
      const first = expectContract<CartBody>(await addItem(token, { productId: products['PROD-G3G-LITE'] }), 'addCartItem', 200);
      expect(first.cart).toMatchObject({ user: userId, price: GUT_START, actual_price: GUT_START, discountInPercentage: 0, coupon: null });
      const second = expectContract<CartBody>(await addItem(token, { productId: products['PROD-G360'] }), 'addCartItem', 200);
      expect(second.kits.map((kit) => kit.code)).toEqual(['PROD-G3G-LITE', 'PROD-G360']);
      expect(second.cart.kits).toEqual(second.kits.map((kit) => kit._id));
      expect(second.cart).toMatchObject({ price: GUT_START + GUT_360, actual_price: GUT_START + GUT_360 });
      expect(expectContract<CartBody>(await getCart(token), 'getCart', 200)).toEqual(second);
    });

    it('takes the same kit twice as two lines', async () => {
      const { token } = await newCustomer();
      const body = await cartWith(token, 'PROD-G360', 'PROD-G360');
      expect(body.kits).toHaveLength(2);
      expect(new Set(body.cart.kits).size).toBe(2);
      expect(body.cart.actual_price).toBe(2 * GUT_360);
    });

    it('ignores prices and totals sent by the client: unknown fields are refused and change nothing', async () => {
      const { token } = await newCustomer();
      for (const forged of [
        { productId: products['PROD-G360'], price: 1 },
        { productId: products['PROD-G360'], actual_price: 0 },
        { productId: products['PROD-G360'], quantity: 5 },
        { productId: products['PROD-G360'], discountInPercentage: 100 },
      ]) {
        const body = expectContract<ErrorBody>(await addItem(token, forged), 'addCartItem', 400);
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(Object.values(body.fields ?? {})).toEqual(['is not allowed']);
      }
      const cart = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      expect(cart.kits).toEqual([]);
      expect(cart.cart.price).toBe(0);
    });

    it('prices with the catalogue of today, not of the moment the kit was added', async () => {
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-GSENS');
      await testApp.app.db.query(`UPDATE products SET price = price + 100 WHERE code = 'PROD-GSENS'`);
      try {
        const cart = expectContract<CartBody>(await getCart(token), 'getCart', 200);
        expect(cart.cart.actual_price).toBe(999_900 + 100);
      } finally {
        await testApp.app.db.query(`UPDATE products SET price = price - 100 WHERE code = 'PROD-GSENS'`);
      }
    });

    it.each([
      ['no product', {}, { productId: 'is required' }],
      ['an empty product id', { productId: '' }, { productId: 'must be at least 1 characters long' }],
      ['a number', { productId: 42 }, { productId: 'must be text' }],
      ['a very long id', { productId: 'x'.repeat(65) }, { productId: 'must be at most 64 characters long' }],
    ])('answers 400 to %s', async (_what, payload, fields) => {
      const { token } = await newCustomer();
      const body = expectContract<ErrorBody>(await addItem(token, payload), 'addCartItem', 400);
      expect(body.fields).toEqual(fields);
    });

    it('answers 404 for a product that does not exist, and 409 for one taken off sale', async () => {
      const { token } = await newCustomer();
      const unknown = expectContract<ErrorBody>(await addItem(token, { productId: 'no-such-product' }), 'addCartItem', 404);
      expect(unknown).toEqual({ message: 'This kit is not on sale any more. Please choose another kit.', code: 'PRODUCT_NOT_FOUND' });
      const [retired] = await testApp.app.db.query<{ id: string }>(
        `INSERT INTO products (code, name, slug, price, actual_price, active) VALUES ('PROD-RETIRED', 'Retired', 'retired-kit', 100, 100, false) RETURNING id`,
      );
      const refused = expectContract<ErrorBody>(await addItem(token, { productId: retired!.id }), 'addCartItem', 409);
      expect(refused).toEqual({ message: 'This kit is not available right now, so it cannot be added to your cart.', code: 'PRODUCT_UNAVAILABLE' });
      expect(expectContract<CartBody>(await getCart(token), 'getCart', 200).kits).toEqual([]);
    });

    it(`holds at most ${MAX_KITS_PER_CART} kits and says so with 409`, async () => {
      const { token } = await newCustomer();
      const full = await cartWith(token, ...Array.from({ length: MAX_KITS_PER_CART }, () => 'PROD-G3G-LITE'));
      expect(full.kits).toHaveLength(MAX_KITS_PER_CART);
      const body = expectContract<ErrorBody>(await addItem(token, { productId: products['PROD-G360'] }), 'addCartItem', 409);
      expect(body).toEqual({
        message: `Your cart already holds ${MAX_KITS_PER_CART} kits, the most one order can take. Remove a kit before adding another.`,
        code: 'CART_FULL',
      });
      expect(expectContract<CartBody>(await getCart(token), 'getCart', 200)).toEqual(full);
    });

    it('keeps the limit when many adds arrive at once', async () => {
      const { token } = await newCustomer();
      const responses = await Promise.all(
        Array.from({ length: MAX_KITS_PER_CART + 5 }, () => addItem(token, { productId: products['PROD-G3G-LITE'] })),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(MAX_KITS_PER_CART);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
      expect(expectContract<CartBody>(await getCart(token), 'getCart', 200).kits).toHaveLength(MAX_KITS_PER_CART);
    });

    it('answers 401 without a session', async () => {
      const body = expectContract<ErrorBody>(await addItem(undefined, { productId: products['PROD-G360'] }), 'addCartItem', 401);
      expect(body.message).toBe('Please sign in to continue.');
    });
  });

  describe('DELETE /api/cart/items/{itemId}', () => {
    it('removes one line and reprices the cart', async () => {
      const { token } = await newCustomer();
      const cart = await cartWith(token, 'PROD-G3G-LITE', 'PROD-G360');
      const body = expectContract<CartBody>(await removeItem(token, cart.cart.kits[0]!), 'removeCartItem', 200);
      expect(body.kits.map((kit) => kit.code)).toEqual(['PROD-G360']);
      expect(body.cart).toMatchObject({ kits: [cart.cart.kits[1]], price: GUT_360, actual_price: GUT_360 });
    });

    it("answers 404 for another person's item and leaves their cart alone", async () => {
      const owner = await newCustomer();
      const intruder = await newCustomer();
      const ownersCart = await cartWith(owner.token, 'PROD-G360');
      const body = expectContract<ErrorBody>(await removeItem(intruder.token, ownersCart.cart.kits[0]!), 'removeCartItem', 404);
      expect(body).toEqual({ message: 'This kit is not in your cart any more.', code: 'CART_ITEM_NOT_FOUND' });
      expect(expectContract<CartBody>(await getCart(owner.token), 'getCart', 200)).toEqual(ownersCart);
    });

    it('answers 404 for an item removed already or never there', async () => {
      const { token } = await newCustomer();
      const cart = await cartWith(token, 'PROD-G360');
      expectContract(await removeItem(token, cart.cart.kits[0]!), 'removeCartItem', 200);
      expectContract(await removeItem(token, cart.cart.kits[0]!), 'removeCartItem', 404);
      expectContract(await removeItem(token, "1' OR '1'='1"), 'removeCartItem', 404);
    });

    it('accepts the JSON content type the SPA sends on every call, with no body', async () => {
      const { token } = await newCustomer();
      const cart = await cartWith(token, 'PROD-G360');
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/cart/items/${cart.cart.kits[0]!}`,
        headers: { ...auth(token), 'content-type': 'application/json' },
      });
      expect(expectContract<CartBody>(response, 'removeCartItem', 200).kits).toEqual([]);
      const coupon = await testApp.app.inject({ method: 'DELETE', url: '/api/cart/coupon', headers: { ...auth(token), 'content-type': 'application/json' } });
      expectContract(coupon, 'removeCartCoupon', 200);
    });

    it('answers 400 for an id longer than any id', async () => {
      const { token } = await newCustomer();
      expectContract(await removeItem(token, 'x'.repeat(65)), 'removeCartItem', 400);
    });

    it('answers 401 without a session', async () => {
      expectContract(await removeItem(undefined, 'anything'), 'removeCartItem', 401);
    });
  });

  describe('POST /api/cart/coupon', () => {
    it('applies WELCOME10 in any case: payable = actual − actual × 10 / 100', async () => {
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-G3G-LITE', 'PROD-G360');
      const body = expectContract<CartBody>(await applyCoupon(token, { code: 'welcome10' }), 'applyCartCoupon', 200);
      const total = GUT_START + GUT_360;
      expect(body.cart).toMatchObject({ coupon: 'WELCOME10', discountInPercentage: 10, actual_price: total, price: payableAfterCoupon(total, 10) });
      expect(body.cart.price).toBe(1_799_820);
      // The discount follows the cart as kits come and go.
      const removed = expectContract<CartBody>(await removeItem(token, body.cart.kits[1]!), 'removeCartItem', 200);
      expect(removed.cart).toMatchObject({ coupon: 'WELCOME10', actual_price: GUT_START, price: payableAfterCoupon(GUT_START, 10) });
    });

    it('may be applied to an empty cart, so an offer link works before kits are chosen', async () => {
      const { token } = await newCustomer();
      const body = expectContract<CartBody>(await applyCoupon(token, { code: 'WELCOME10' }), 'applyCartCoupon', 200);
      expect(body.cart).toMatchObject({ coupon: 'WELCOME10', discountInPercentage: 10, price: 0, actual_price: 0 });
      const added = await cartWith(token, 'PROD-G360');
      expect(added.cart.price).toBe(payableAfterCoupon(GUT_360, 10));
    });

    it('replaces a coupon with another, computed from actual_price', async () => {
      const { token } = await newCustomer();
      await coupon({ code: 'MONSOON25', percentage: 25 });
      await cartWith(token, 'PROD-G360');
      expectContract(await applyCoupon(token, { code: 'WELCOME10' }), 'applyCartCoupon', 200);
      const body = expectContract<CartBody>(await applyCoupon(token, { code: 'MONSOON25' }), 'applyCartCoupon', 200);
      expect(body.cart).toMatchObject({ coupon: 'MONSOON25', discountInPercentage: 25, price: payableAfterCoupon(GUT_360, 25) });
    });

    it('refuses forged discounts in the body', async () => {
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-G360');
      const body = expectContract<ErrorBody>(await applyCoupon(token, { code: 'WELCOME10', percentage: 100 }), 'applyCartCoupon', 400);
      expect(body.fields).toEqual({ percentage: 'is not allowed' });
      expect(expectContract<CartBody>(await getCart(token), 'getCart', 200).cart).toMatchObject({ coupon: null, price: GUT_360 });
    });

    it.each([
      ['no code', {}, { code: 'is required' }],
      ['an empty code', { code: '' }, { code: 'must be at least 1 characters long' }],
      ['spaces and symbols', { code: 'WELCOME 10;' }, { code: 'is not in the expected format' }],
      ['a code too long', { code: 'A'.repeat(33) }, { code: 'must be at most 32 characters long' }],
      ['a number', { code: 10 }, { code: 'must be text' }],
    ])('answers 400 to %s', async (_what, payload, fields) => {
      const { token } = await newCustomer();
      const body = expectContract<ErrorBody>(await applyCoupon(token, payload), 'applyCartCoupon', 400);
      expect(body.fields).toEqual(fields);
    });

    describe('refuses codes that cannot be used, saying why, and leaves the cart as it was', () => {
      const day = 24 * 60 * 60 * 1000;
      const cases: Array<[string, () => Promise<{ code: string; userId?: string }>, number, string, RegExp]> = [];
      let person: { token: string; userId: string };

      beforeAll(async () => {
        person = await newCustomer();
      });

      cases.push(
        ['unknown', async () => ({ code: 'NOSUCHCODE' }), 404, 'COUPON_UNKNOWN', /^There is no coupon NOSUCHCODE\. Check the spelling/],
        [
          'withdrawn',
          async () => (await coupon({ code: 'OLDPROMO', active: false }), { code: 'OLDPROMO' }),
          409,
          'COUPON_INACTIVE',
          /^The coupon OLDPROMO is no longer available\.$/,
        ],
        [
          'expired',
          async () => (
            await coupon({ code: 'DIWALI20', validFrom: new Date(Date.now() - 30 * day).toISOString(), validUntil: new Date(Date.now() - day).toISOString() }),
            { code: 'DIWALI20' }
          ),
          409,
          'COUPON_EXPIRED',
          /^The coupon DIWALI20 has expired \(it was valid until \d{1,2} \w+ \d{4}\)\.$/,
        ],
        [
          'not valid yet',
          async () => (await coupon({ code: 'HOLI15', validFrom: new Date(Date.now() + 10 * day).toISOString() }), { code: 'HOLI15' }),
          409,
          'COUPON_NOT_STARTED',
          /^The coupon HOLI15 is not valid yet; you can use it from \d{1,2} \w+ \d{4}\.$/,
        ],
        [
          'used up by everyone',
          async () => {
            const id = await coupon({ code: 'FIRST2', maxRedemptions: 2, perUserLimit: 1 });
            await redeem(id, (await newCustomer()).userId);
            await redeem(id, (await newCustomer()).userId);
            return { code: 'FIRST2' };
          },
          409,
          'COUPON_USED_UP',
          /^The coupon FIRST2 has been used as many times as it allows/,
        ],
        [
          'already used by this person (not for them any more)',
          async () => {
            const id = await coupon({ code: 'ONCEONLY', perUserLimit: 1 });
            await redeem(id, person.userId);
            return { code: 'ONCEONLY' };
          },
          409,
          'COUPON_ALREADY_USED',
          /^You have already used the coupon ONCEONLY; it can be used once per person\.$/,
        ],
        [
          'used by this person as often as allowed',
          async () => {
            const id = await coupon({ code: 'TWICE', perUserLimit: 2 });
            await redeem(id, person.userId);
            await redeem(id, person.userId);
            return { code: 'TWICE' };
          },
          409,
          'COUPON_ALREADY_USED',
          /^You have already used the coupon TWICE 2 times, as often as it allows\.$/,
        ],
      );

      it.each(cases)('%s', async (_what, arrange, status, code, message) => {
        const { token } = person;
        const { code: couponCode } = await arrange();
        await cartWith(token, 'PROD-G360');
        const before = expectContract<CartBody>(await getCart(token), 'getCart', 200);
        const body = expectContract<ErrorBody>(await applyCoupon(token, { code: couponCode.toLowerCase() }), 'applyCartCoupon', status);
        expect(body.code).toBe(code);
        expect(body.message).toMatch(message);
        expect(expectContract<CartBody>(await getCart(token), 'getCart', 200)).toEqual(before);
      });
    });

    it('a coupon still under its limits works for another person', async () => {
      const id = await coupon({ code: 'SHARED3', maxRedemptions: 3, perUserLimit: 1 });
      await redeem(id, (await newCustomer()).userId);
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-G3G-LITE');
      const body = expectContract<CartBody>(await applyCoupon(token, { code: 'SHARED3' }), 'applyCartCoupon', 200);
      expect(body.cart).toMatchObject({ coupon: 'SHARED3', discountInPercentage: 20, price: payableAfterCoupon(GUT_START, 20) });
    });

    it('stops discounting a cart whose coupon was used up after it was applied', async () => {
      const id = await coupon({ code: 'LASTONE', maxRedemptions: 1 });
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-G360');
      expectContract(await applyCoupon(token, { code: 'LASTONE' }), 'applyCartCoupon', 200);
      await redeem(id, (await newCustomer()).userId);
      const body = expectContract<CartBody>(await getCart(token), 'getCart', 200);
      expect(body.cart).toMatchObject({ coupon: null, discountInPercentage: 0, price: GUT_360, actual_price: GUT_360 });
    });

    it(`is limited to ${COUPON_ATTEMPTS_PER_MINUTE} attempts a minute per person`, async () => {
      const guesser = await newCustomer();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < COUPON_ATTEMPTS_PER_MINUTE; attempt++) {
        statuses.push((await applyCoupon(guesser.token, { code: `GUESS${attempt}` })).statusCode);
      }
      expect(statuses).toEqual(Array(COUPON_ATTEMPTS_PER_MINUTE).fill(404));
      const limited = expectContract<ErrorBody>(await applyCoupon(guesser.token, { code: 'WELCOME10' }), 'applyCartCoupon', 429);
      expect(limited.code).toBe('TOO_MANY_REQUESTS');
      expect(expectContract<CartBody>(await getCart(guesser.token), 'getCart', 200).cart.coupon).toBeNull();
      // Someone else is not held back by the guesser.
      const other = await newCustomer();
      expectContract(await applyCoupon(other.token, { code: 'WELCOME10' }), 'applyCartCoupon', 200);
    });

    it('answers 401 without a session', async () => {
      expectContract(await applyCoupon(undefined, { code: 'WELCOME10' }), 'applyCartCoupon', 401);
    });
  });

  describe('DELETE /api/cart/coupon', () => {
    it('removes the coupon and restores the actual price', async () => {
      const { token } = await newCustomer();
      await cartWith(token, 'PROD-IBS-HEAL');
      expectContract(await applyCoupon(token, { code: 'WELCOME10' }), 'applyCartCoupon', 200);
      const body = expectContract<CartBody>(await removeCoupon(token), 'removeCartCoupon', 200);
      expect(body.cart).toMatchObject({ coupon: null, discountInPercentage: 0, price: 1_199_900, actual_price: 1_199_900 });
      expect(expectContract<CartBody>(await removeCoupon(token), 'removeCartCoupon', 200)).toEqual(body);
    });

    it("touches only the caller's cart", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      await cartWith(owner.token, 'PROD-G360');
      const withCoupon = expectContract<CartBody>(await applyCoupon(owner.token, { code: 'WELCOME10' }), 'applyCartCoupon', 200);
      expectContract(await removeCoupon(other.token), 'removeCartCoupon', 200);
      expect(expectContract<CartBody>(await getCart(owner.token), 'getCart', 200)).toEqual(withCoupon);
    });

    it('answers 401 without a session', async () => {
      expectContract(await removeCoupon(undefined), 'removeCartCoupon', 401);
    });
  });
});
