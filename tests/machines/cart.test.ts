import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { cartSettled } from '../../src/features/cart/cart-settled';
import { payableAfterCoupon } from '../../machines/pricing';
import {
  CART_FETCH_FAILED_MESSAGE,
  CART_REQUEST_FAILED_MESSAGES,
  cartMachine,
  selectCart,
  selectCartAcceptsChanges,
  selectCartError,
  selectCartLoading,
  selectCartRequest,
  selectTotalCart,
  type CartEvent,
  type CartSnapshot,
} from '../../machines/cart';
import type { components } from '../../openapi/schema';
import {
  PendingCalls,
  flush,
  itCoversEveryTransition,
  walk,
} from './harness';

type Kit = components['schemas']['Kit'];
type CartResponse = components['schemas']['CartResponse'];

const gut360: Kit = {
  _id: 'k-360',
  product: 'p-gut360',
  code: 'PROD-G360',
  name: 'Gut 360',
  price: 1_499_700,
  actual_price: 1_499_700,
  image: '/images/gut360.webp',
};
const gutStart: Kit = {
  _id: 'k-start',
  product: 'p-gut-start',
  code: 'PROD-G3G-LITE',
  name: 'Gut Start',
  price: 499_900,
  actual_price: 499_900,
  image: '/images/gut-start.webp',
};

const twoKitsNoCoupon: CartResponse = {
  cart: {
    _id: 'cart-1',
    user: 'u-customer',
    price: 1_999_600,
    actual_price: 1_999_600,
    discountInPercentage: 0,
    coupon: null,
    version: 2,
    kits: ['k-360', 'k-start'],
  },
  kits: [gut360, gutStart],
};
const oneKitWithCoupon: CartResponse = {
  cart: {
    _id: 'cart-1',
    user: 'u-customer',
    price: 1_349_730,
    actual_price: 1_499_700,
    discountInPercentage: 10,
    coupon: 'WELCOME10',
    version: 5,
    kits: ['k-360'],
  },
  kits: [gut360],
};

const oneKitNoCoupon: CartResponse = {
  cart: { ...oneKitWithCoupon.cart, price: 1_499_700, discountInPercentage: 0, coupon: null },
  kits: [gut360],
};
const twoKitsWithCoupon: CartResponse = {
  cart: {
    ...twoKitsNoCoupon.cart,
    price: payableAfterCoupon(1_999_600, 10),
    discountInPercentage: 10,
    coupon: 'WELCOME10',
  },
  kits: [gut360, gutStart],
};
const emptyCart: CartResponse = {
  cart: { ...twoKitsNoCoupon.cart, price: 0, actual_price: 0, kits: [] },
  kits: [],
};

const cartFull = { status: 409, code: 'CART_FULL', message: 'Your cart already holds 10 kits.' };
const itemGone = { status: 404, code: 'CART_ITEM_NOT_FOUND', message: 'This kit is not in your cart any more.' };
const couponExpired = { status: 409, code: 'COUPON_EXPIRED', message: 'The coupon DIWALI20 has expired.' };
const offline = new TypeError('Failed to fetch');

const defaults = {
  _id: null,
  user: null,
  price: 0,
  actual_price: 0,
  discount: 0,
  discountInPercentage: 0,
  coupon: null,
  totalCart: 0,
  version: 0,
  kitIds: [],
  kits: [],
};

function provideCart() {
  const calls = new PendingCalls();
  const machine = cartMachine.provide({
    actors: {
      fetchCart: calls.actor<CartResponse>('fetchCart'),
      addItemToCart: calls.actor<CartResponse, { productId: string }>('addItemToCart'),
      removeItemFromCart: calls.actor<CartResponse, { itemId: string }>('removeItemFromCart'),
      applyCouponToCart: calls.actor<CartResponse, { code: string }>('applyCouponToCart'),
      removeCouponFromCart: calls.actor<CartResponse>('removeCouponFromCart'),
    },
  });
  return { calls, machine };
}

function startCart() {
  const { calls, machine } = provideCart();
  return { calls, actor: createActor(machine).start() };
}

async function startFetched(response: CartResponse) {
  const cart = startCart();
  cart.actor.send({ type: 'cart.fetch' });
  cart.calls.resolve('fetchCart', response);
  await flush();
  return cart;
}

describe('cart machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideCart();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'cart.fetch' },
        { type: 'xstate.done.actor.fetchCart', output: twoKitsNoCoupon },
        { type: 'xstate.done.actor.fetchCart', output: oneKitWithCoupon },
        { type: 'xstate.error.actor.fetchCart', error: { status: 503, message: 'Service unavailable' } },
        { type: 'xstate.error.actor.fetchCart', error: { status: 500 } },
        { type: 'cart.clear' },
        { type: 'cart.requestAddItem', productId: 'p-gut-start' },
        { type: 'cart.requestDeleteItem', itemId: 'k-start' },
        { type: 'cart.requestCoupon', code: ' welcome10 ' },
        { type: 'cart.requestRemoveCoupon' },
        { type: 'cart.dismiss' },
        { type: 'xstate.done.actor.addItemToCart', output: twoKitsNoCoupon },
        { type: 'xstate.done.actor.addItemToCart', output: twoKitsWithCoupon },
        { type: 'xstate.error.actor.addItemToCart', error: cartFull },
        { type: 'xstate.done.actor.removeItemFromCart', output: oneKitNoCoupon },
        { type: 'xstate.done.actor.removeItemFromCart', output: oneKitWithCoupon },
        { type: 'xstate.error.actor.removeItemFromCart', error: itemGone },
        { type: 'xstate.error.actor.removeItemFromCart', error: offline },
        { type: 'xstate.done.actor.applyCouponToCart', output: oneKitWithCoupon },
        { type: 'xstate.done.actor.applyCouponToCart', output: oneKitNoCoupon },
        { type: 'xstate.error.actor.applyCouponToCart', error: couponExpired },
        { type: 'xstate.done.actor.removeCouponFromCart', output: oneKitNoCoupon },
        { type: 'xstate.error.actor.removeCouponFromCart', error: { status: 500 } },
        { type: 'cart.received', answer: twoKitsWithCoupon },
      ],
      // The count grows with every add; three is enough to see it move both ways.
      filterEvents: (snapshot, event) => event.type !== 'xstate.done.actor.addItemToCart' || snapshot.context.totalCart < 3,
      // Vertices by what the cart's behaviour depends on, so the walk stays small while every edge is still taken.
      serializeState: (snapshot) => {
        const { context } = snapshot as CartSnapshot;
        return JSON.stringify([
          snapshot.value,
          context.totalCart,
          context.coupon,
          context.error !== null,
          context.request?.status ?? null,
        ]);
      },
      check: (snapshot: AnyMachineSnapshot) => {
        const cart = snapshot as CartSnapshot;
        const { context } = cart;
        expect(Number.isInteger(context.totalCart) && context.totalCart >= 0).toBe(true);
        expect(selectTotalCart(cart)).toBe(context.totalCart);
        expect(selectCartLoading(cart)).toBe(cart.matches('idle') || cart.matches('loading'));
        expect(selectCart(cart).loading).toBe(selectCartLoading(cart));
        if (cart.matches('couponApplied')) expect(context.coupon).not.toBeNull();
        if (cart.matches('ready')) expect(context.coupon).toBeNull();
        if (cart.matches('idle')) {
          expect([context._id, context.coupon, context.error, context.request]).toEqual([null, null, null, null]);
        }
        const busy = (['addingItem', 'removingItem', 'applyingCoupon', 'removingCoupon'] as const).some((state) => cart.matches(state));
        expect(context.request?.status === 'pending').toBe(busy);
        expect(selectCartAcceptsChanges(cart)).toBe(cart.matches('ready') || cart.matches('couponApplied'));
        expect(context.discount).toBe(Math.max(0, context.actual_price - context.price));
        if (context.request?.status === 'failed') expect(context.request.message).toBeTruthy();
      },
    });
  }, 60_000);

  itCoversEveryTransition(machine, () => result, 50);
});

describe('cart machine: loading (SPEC §3, §4 "still marked loading")', () => {
  it('starts idle and marked loading, with the default cart', () => {
    const { actor } = startCart();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('idle');
    expect(selectCartLoading(snapshot)).toBe(true);
    expect(selectTotalCart(snapshot)).toBe(0);
    expect(selectCart(snapshot)).toEqual({ ...defaults, loading: true });
  });

  it('fetches the cart and takes every field from the answer', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.fetch' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectCartLoading(actor.getSnapshot())).toBe(true);
    calls.resolve('fetchCart', twoKitsNoCoupon);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(selectCart(snapshot)).toEqual({
      _id: 'cart-1',
      user: 'u-customer',
      price: 1_999_600,
      actual_price: 1_999_600,
      discount: 0,
      discountInPercentage: 0,
      coupon: null,
      totalCart: 2,
      version: 2,
      kitIds: ['k-360', 'k-start'],
      kits: [gut360, gutStart],
      loading: false,
    });
    expect(selectCartError(snapshot)).toBeNull();
  });

  it('lands in couponApplied when the fetched cart carries a coupon, with discount = actual − price', async () => {
    const { actor } = await startFetched(oneKitWithCoupon);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('couponApplied');
    expect(selectCart(snapshot)).toMatchObject({
      price: 1_349_730,
      actual_price: 1_499_700,
      discount: 149_970,
      discountInPercentage: 10,
      coupon: 'WELCOME10',
      totalCart: 1,
    });
  });

  it('ignores a second fetch while one is under way', () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.fetch' });
    actor.send({ type: 'cart.fetch' });
    expect(calls.started.filter((call) => call.src === 'fetchCart')).toHaveLength(1);
  });

  it("keeps the last cart when a refetch fails and reports the failure's message", async () => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.fetch' });
    calls.reject('fetchCart', new Error('Service unavailable'));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('failed');
    expect(selectCartLoading(snapshot)).toBe(false);
    expect(selectCartError(snapshot)).toBe('Service unavailable');
    expect(selectTotalCart(snapshot)).toBe(2);
    expect(snapshot.context.kitIds).toEqual(['k-360', 'k-start']);
  });

  it('says what to do when the failure has no message, and clears the error once a retry succeeds', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.fetch' });
    calls.reject('fetchCart', { status: 500 });
    await flush();
    expect(selectCartError(actor.getSnapshot())).toBe(CART_FETCH_FAILED_MESSAGE);
    actor.send({ type: 'cart.fetch' });
    calls.resolve('fetchCart', twoKitsNoCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectCartError(actor.getSnapshot())).toBeNull();
  });

  it('runs without provided implementations: the placeholder fetch fails into failed', async () => {
    const actor = createActor(cartMachine).start();
    actor.send({ type: 'cart.fetch' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('cart machine: items (SPEC §4 addItem, deleteItem)', () => {
  it('addItem replaces kits, ids and prices and adds 1 to the count', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    calls.resolve('addItemToCart', twoKitsNoCoupon);
    await flush();
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      kits: [gut360, gutStart],
      kitIds: ['k-360', 'k-start'],
      price: 1_999_600,
      actual_price: 1_999_600,
      totalCart: 2,
    });
  });

  it('deleteItem sets the remaining kits and new prices and subtracts 1 from the count', async () => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.requestDeleteItem', itemId: 'k-start' });
    calls.resolve('removeItemFromCart', oneKitNoCoupon);
    await flush();
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      kits: [gut360],
      kitIds: ['k-360'],
      price: 1_499_700,
      actual_price: 1_499_700,
      totalCart: 1,
    });
  });

  it('never counts below 0', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    const answer = async (request: CartEvent, src: 'addItemToCart' | 'removeItemFromCart', response: CartResponse) => {
      actor.send(request);
      calls.resolve(src, response);
      await flush();
    };
    await answer({ type: 'cart.requestDeleteItem', itemId: 'k-360' }, 'removeItemFromCart', emptyCart);
    expect(selectTotalCart(actor.getSnapshot())).toBe(0);
    await answer({ type: 'cart.requestDeleteItem', itemId: 'k-360' }, 'removeItemFromCart', emptyCart);
    expect(selectTotalCart(actor.getSnapshot())).toBe(0);
    await answer({ type: 'cart.requestAddItem', productId: 'p-gut360' }, 'addItemToCart', twoKitsNoCoupon);
    expect(selectTotalCart(actor.getSnapshot())).toBe(1);
  });
});

describe('cart machine: coupons (SPEC §4 addCoupon, §9)', () => {
  /** The API's answer to a coupon request on `response`'s cart, priced by the spec's addCoupon as the server does. */
  function withCoupon(response: CartResponse, coupon: string, discountInPercentage: number): CartResponse {
    const price = payableAfterCoupon(response.cart.actual_price, discountInPercentage);
    return { ...response, cart: { ...response.cart, coupon, discountInPercentage, price } };
  }

  async function applyCoupon(cart: ReturnType<typeof startCart>, answer: CartResponse) {
    cart.actor.send({ type: 'cart.requestCoupon', code: answer.cart.coupon ?? '' });
    cart.calls.resolve('applyCouponToCart', answer);
    await flush();
  }

  it('price = actual − actual × % / 100, discount recalculated: ₹14,997 at 10% → ₹13,497.30', async () => {
    const cart = await startFetched(oneKitNoCoupon);
    expect(cart.actor.getSnapshot().value).toBe('ready');
    await applyCoupon(cart, withCoupon(oneKitNoCoupon, 'WELCOME10', 10));
    expect(cart.actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(cart.actor.getSnapshot())).toMatchObject({
      price: 1_349_730,
      actual_price: 1_499_700,
      discount: 149_970,
      discountInPercentage: 10,
      coupon: 'WELCOME10',
    });
  });

  it('replacing a coupon works from actual_price, not from the already discounted price', async () => {
    const cart = await startFetched(oneKitWithCoupon);
    await applyCoupon(cart, withCoupon(oneKitWithCoupon, 'HALF', 50));
    expect(cart.actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(cart.actor.getSnapshot())).toMatchObject({ price: 749_850, discount: 749_850, coupon: 'HALF' });
  });

  it('rounds the discount to the paisa', async () => {
    const odd: CartResponse = { cart: { ...twoKitsNoCoupon.cart, price: 999, actual_price: 999 }, kits: twoKitsNoCoupon.kits };
    const cart = await startFetched(odd);
    await applyCoupon(cart, withCoupon(odd, 'ODD15', 15));
    expect(selectCart(cart.actor.getSnapshot())).toMatchObject({ price: 849, discount: 150 });
  });

  it('removeCoupon restores the actual price', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.requestRemoveCoupon' });
    calls.resolve('removeCouponFromCart', oneKitNoCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      price: 1_499_700,
      actual_price: 1_499_700,
      discount: 0,
      discountInPercentage: 0,
      coupon: null,
    });
  });

  it('takes coupons only once the cart is loaded', () => {
    const { actor } = startCart();
    const idle = actor.getSnapshot();
    actor.send({ type: 'cart.requestCoupon', code: 'WELCOME10' });
    expect(actor.getSnapshot()).toBe(idle);
    actor.send({ type: 'cart.fetch' });
    const loading = actor.getSnapshot();
    actor.send({ type: 'cart.requestCoupon', code: 'WELCOME10' });
    expect(actor.getSnapshot()).toBe(loading);
  });
});

describe('cart machine: a cart another call answered with', () => {
  const addedElsewhere: CartResponse = { ...twoKitsWithCoupon, cart: { ...twoKitsWithCoupon.cart, version: 6 } };

  it.each([
    ['ready', oneKitNoCoupon],
    ['couponApplied', oneKitWithCoupon],
  ] as const)('takes it from %s as it came: kits, prices, coupon, version and the badge count', async (_state, before) => {
    const { actor, calls } = await startFetched(before);
    actor.send({ type: 'cart.received', answer: addedElsewhere });
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      kits: [gut360, gutStart],
      kitIds: ['k-360', 'k-start'],
      price: addedElsewhere.cart.price,
      actual_price: 1_999_600,
      coupon: 'WELCOME10',
      version: 6,
      totalCart: 2,
      loading: false,
    });
    expect(calls.started.filter((call) => call.src === 'fetchCart')).toHaveLength(1);
  });

  it('takes it after a failed fetch, clearing the failure', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.fetch' });
    calls.reject('fetchCart', { status: 500 });
    await flush();
    actor.send({ type: 'cart.received', answer: oneKitNoCoupon });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectCartError(actor.getSnapshot())).toBeNull();
    expect(selectCart(actor.getSnapshot())).toMatchObject({ totalCart: 1, version: 5 });
  });

  it('leaves a cart never fetched (or cleared on sign-out) alone', () => {
    const { actor } = startCart();
    const idle = actor.getSnapshot();
    actor.send({ type: 'cart.received', answer: oneKitNoCoupon });
    expect(actor.getSnapshot()).toBe(idle);
  });

  it('keeps the version of each answer to a coupon', async () => {
    const { actor, calls } = await startFetched(oneKitNoCoupon);
    actor.send({ type: 'cart.requestCoupon', code: 'WELCOME10' });
    calls.resolve('applyCouponToCart', { ...oneKitWithCoupon, cart: { ...oneKitWithCoupon.cart, version: 7 } });
    await flush();
    expect(actor.getSnapshot().context.version).toBe(7);
    actor.send({ type: 'cart.requestRemoveCoupon' });
    calls.resolve('removeCouponFromCart', { ...oneKitNoCoupon, cart: { ...oneKitNoCoupon.cart, version: 8 } });
    await flush();
    expect(actor.getSnapshot().context.version).toBe(8);
  });
});

describe('cart machine: clear (SPEC §4)', () => {
  it.each([
    ['ready', twoKitsNoCoupon],
    ['couponApplied', oneKitWithCoupon],
  ] as const)('clear from %s resets to defaults and marks the cart loading again', async (state, response) => {
    const { actor } = await startFetched(response);
    expect(actor.getSnapshot().value).toBe(state);
    actor.send({ type: 'cart.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectCart(actor.getSnapshot())).toEqual({ ...defaults, loading: true });
    expect(selectCartError(actor.getSnapshot())).toBeNull();
  });

  it('clear during a fetch cancels it, so a late answer cannot refill the cart', async () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.fetch' });
    actor.send({ type: 'cart.clear' });
    expect(calls.isPending('fetchCart')).toBe(false);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectCart(actor.getSnapshot())).toEqual({ ...defaults, loading: true });
  });

  it('selectCart gives the same object for the same snapshot', async () => {
    const { actor } = await startFetched(twoKitsNoCoupon);
    const snapshot = actor.getSnapshot();
    expect(selectCart(snapshot)).toBe(selectCart(snapshot));
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    expect(selectCart(actor.getSnapshot())).not.toBe(selectCart(snapshot));
  });
});

describe('cart machine: changes asked of the API (add, remove, coupon)', () => {
  it('adds a kit through the API: addItem semantics on its answer, and the request is reported done', async () => {
    const { actor, calls } = await startFetched(oneKitNoCoupon);
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    expect(actor.getSnapshot().value).toBe('addingItem');
    expect(selectCartRequest(actor.getSnapshot())).toEqual({
      operation: 'addItem',
      subject: 'p-gut-start',
      status: 'pending',
      message: null,
      code: null,
    });
    expect(calls.lastInput('addItemToCart')).toEqual({ productId: 'p-gut-start' });
    calls.resolve('addItemToCart', twoKitsNoCoupon);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(selectCart(snapshot)).toMatchObject({ totalCart: 2, kitIds: ['k-360', 'k-start'], price: 1_999_600, actual_price: 1_999_600, discount: 0 });
    expect(selectCartRequest(snapshot)?.status).toBe('done');
  });

  it('keeps the coupon when a kit is added to a discounted cart, with the server’s payable price', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    calls.resolve('addItemToCart', twoKitsWithCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      totalCart: 2,
      coupon: 'WELCOME10',
      price: 1_799_640,
      actual_price: 1_999_600,
      discount: 199_960,
    });
  });

  it('reports a refused add with the server’s message and code and leaves the cart as it was', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    const before = selectCart(actor.getSnapshot());
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    calls.reject('addItemToCart', cartFull);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toEqual(before);
    expect(selectCartRequest(actor.getSnapshot())).toMatchObject({ status: 'failed', message: cartFull.message, code: 'CART_FULL' });
  });

  it('removes a kit through the API with deleteItem semantics', async () => {
    const { actor, calls } = await startFetched(twoKitsWithCoupon);
    actor.send({ type: 'cart.requestDeleteItem', itemId: 'k-start' });
    expect(actor.getSnapshot().value).toBe('removingItem');
    expect(calls.lastInput('removeItemFromCart')).toEqual({ itemId: 'k-start' });
    calls.resolve('removeItemFromCart', oneKitWithCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({ totalCart: 1, kitIds: ['k-360'], price: 1_349_730, discount: 149_970 });
  });

  it('refetches the cart when the kit was already removed elsewhere, and says so', async () => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.requestDeleteItem', itemId: 'k-start' });
    calls.reject('removeItemFromCart', itemGone);
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    calls.resolve('fetchCart', oneKitNoCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectTotalCart(actor.getSnapshot())).toBe(1);
    expect(selectCartRequest(actor.getSnapshot())).toMatchObject({ status: 'failed', message: itemGone.message });
  });

  it('applies a coupon with the spec’s formula, from actual_price, in upper case', async () => {
    const { actor, calls } = await startFetched(oneKitNoCoupon);
    actor.send({ type: 'cart.requestCoupon', code: '  welcome10 ' });
    expect(calls.lastInput('applyCouponToCart')).toEqual({ code: 'WELCOME10' });
    calls.resolve('applyCouponToCart', oneKitWithCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      coupon: 'WELCOME10',
      discountInPercentage: 10,
      price: payableAfterCoupon(1_499_700, 10),
      discount: 149_970,
    });
    expect(selectCartRequest(actor.getSnapshot())).toMatchObject({ operation: 'applyCoupon', subject: 'WELCOME10', status: 'done' });
  });

  it('keeps the coupon already applied when another code is refused', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.requestCoupon', code: 'DIWALI20' });
    calls.reject('applyCouponToCart', couponExpired);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({ coupon: 'WELCOME10', price: 1_349_730 });
    expect(selectCartRequest(actor.getSnapshot())).toMatchObject({ status: 'failed', code: 'COUPON_EXPIRED', message: couponExpired.message });
  });

  it('removes the coupon through the API, restoring the actual price; a failure keeps it', async () => {
    const { actor, calls } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.requestRemoveCoupon' });
    calls.reject('removeCouponFromCart', offline);
    await flush();
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCartRequest(actor.getSnapshot())).toMatchObject({ status: 'failed', message: 'Failed to fetch' });
    actor.send({ type: 'cart.requestRemoveCoupon' });
    calls.resolve('removeCouponFromCart', oneKitNoCoupon);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(selectCart(actor.getSnapshot())).toMatchObject({ coupon: null, price: 1_499_700, discount: 0, discountInPercentage: 0 });
  });

  it.each([
    ['addItem', 'cart.requestAddItem', 'addItemToCart'],
    ['deleteItem', 'cart.requestDeleteItem', 'removeItemFromCart'],
    ['applyCoupon', 'cart.requestCoupon', 'applyCouponToCart'],
  ] as const)('says what to do when %s fails without a message', async (operation, type, src) => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type, productId: 'p', itemId: 'k-start', code: 'X' } as CartEvent);
    calls.reject(src, { status: 500 });
    await flush();
    expect(selectCartRequest(actor.getSnapshot())?.message).toBe(CART_REQUEST_FAILED_MESSAGES[operation]);
  });

  it('takes no change before the cart is loaded, nor while another change is under way', () => {
    const { actor, calls } = startCart();
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectCartAcceptsChanges(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'cart.fetch' });
    actor.send({ type: 'cart.requestCoupon', code: 'WELCOME10' });
    expect(actor.getSnapshot().value).toBe('loading');
    calls.resolve('fetchCart', twoKitsNoCoupon);
    return flush().then(() => {
      actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
      actor.send({ type: 'cart.requestDeleteItem', itemId: 'k-start' });
      actor.send({ type: 'cart.fetch' });
      expect(actor.getSnapshot().value).toBe('addingItem');
      expect(calls.started.filter((call) => call.src === 'removeItemFromCart')).toHaveLength(0);
      expect(calls.started.filter((call) => call.src === 'fetchCart')).toHaveLength(1);
    });
  });

  it('dismiss forgets a finished request but not one under way', async () => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.requestCoupon', code: 'NOPE' });
    actor.send({ type: 'cart.dismiss' });
    expect(selectCartRequest(actor.getSnapshot())?.status).toBe('pending');
    calls.reject('applyCouponToCart', { status: 404, code: 'COUPON_UNKNOWN', message: 'There is no coupon NOPE.' });
    await flush();
    expect(selectCartRequest(actor.getSnapshot())?.status).toBe('failed');
    actor.send({ type: 'cart.dismiss' });
    expect(selectCartRequest(actor.getSnapshot())).toBeNull();
  });

  it('clear during a change cancels it: the late answer cannot refill the cart', async () => {
    const { actor, calls } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.requestAddItem', productId: 'p-gut-start' });
    actor.send({ type: 'cart.clear' });
    expect(calls.isPending('addItemToCart')).toBe(false);
    expect(selectCart(actor.getSnapshot())).toEqual({ ...defaults, loading: true });
    expect(selectCartRequest(actor.getSnapshot())).toBeNull();
  });
});

describe('a page that waits for the cart (cartSettled)', () => {
  const settledWithin = async (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await flush();
    return settled;
  };

  it('waits while the cart is fetched, and goes on once it has answered', async () => {
    const { calls, actor } = startCart();
    actor.send({ type: 'cart.fetch' });
    const waiting = cartSettled(actor);
    expect(await settledWithin(waiting)).toBe(false);
    calls.resolve('fetchCart', twoKitsNoCoupon);
    expect(await settledWithin(waiting)).toBe(true);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('goes on when the fetch fails, when the session ends and the cart is emptied, or after its wait', async () => {
    const failing = startCart();
    failing.actor.send({ type: 'cart.fetch' });
    const afterFailure = cartSettled(failing.actor);
    failing.calls.reject('fetchCart', { status: 503, message: 'Service unavailable' });
    expect(await settledWithin(afterFailure)).toBe(true);

    const cleared = startCart();
    cleared.actor.send({ type: 'cart.fetch' });
    const afterClear = cartSettled(cleared.actor);
    cleared.actor.send({ type: 'cart.clear' });
    expect(cleared.actor.getSnapshot().matches('idle')).toBe(true);
    expect(await settledWithin(afterClear)).toBe(true);

    const hanging = startCart();
    hanging.actor.send({ type: 'cart.fetch' });
    const started = Date.now();
    await cartSettled(hanging.actor, 30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(hanging.actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('does not wait for a cart that is not being fetched: loaded already, or nobody’s', async () => {
    const { actor } = startCart();
    expect(await settledWithin(cartSettled(actor))).toBe(true);
    const loaded = await startFetched(emptyCart);
    expect(await settledWithin(cartSettled(loaded.actor))).toBe(true);
  });
});
