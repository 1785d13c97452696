import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  cartMachine,
  CART_FETCH_FAILED_MESSAGE,
  selectCart,
  selectCartError,
  selectCartLoading,
  selectTotalCart,
  type CartAddress,
  type CartEvent,
  type CartKit,
  type CartResponse,
  type CartSnapshot,
} from '../../machines/cart';
import {
  PendingCalls,
  flush,
  itCoversEveryTransition,
  walk,
} from './harness';

const gut360: CartKit = {
  _id: 'k-360',
  product: 'p-gut360',
  code: 'PROD-G360',
  name: 'Gut 360',
  price: 1_499_700,
  actual_price: 1_499_700,
  image: '/images/gut360.webp',
};
const gutStart: CartKit = {
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
    kits: ['k-360'],
  },
  kits: [gut360],
};

const address: CartAddress = {
  fullName: 'Asha Rao',
  phone: '9800000000',
  line1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};

const addBoth: Extract<CartEvent, { type: 'cart.addItem' }> = {
  type: 'cart.addItem',
  kits: [gut360, gutStart],
  kitIds: ['k-360', 'k-start'],
  price: 1_999_600,
  actual_price: 1_999_600,
};
const deleteStart: Extract<CartEvent, { type: 'cart.deleteItem' }> = {
  type: 'cart.deleteItem',
  kits: [gut360],
  kitIds: ['k-360'],
  price: 1_499_700,
  actual_price: 1_499_700,
};

const defaults = {
  _id: null,
  user: null,
  price: 0,
  actual_price: 0,
  discount: 0,
  discountInPercentage: 0,
  coupon: null,
  totalCart: 0,
  kitIds: [],
  kits: [],
  address: null,
};

function provideCart() {
  const calls = new PendingCalls();
  const machine = cartMachine.provide({ actors: { fetchCart: calls.actor<CartResponse>('fetchCart') } });
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
        { type: 'cart.set', fields: { user: 'u-other' } },
        addBoth,
        deleteStart,
        { type: 'cart.addCoupon', coupon: 'WELCOME10', discountInPercentage: 10 },
        { type: 'cart.addCoupon', coupon: 'HALF', discountInPercentage: 50 },
        { type: 'cart.removeCoupon' },
        { type: 'cart.clear' },
        { type: 'cart.update', address },
      ],
      // The count grows with every add; three is enough to see it move both ways.
      filterEvents: (snapshot, event) => event.type !== 'cart.addItem' || snapshot.context.totalCart < 3,
      // Vertices by what the cart's behaviour depends on, so the walk stays small while every edge is still taken.
      serializeState: (snapshot) => {
        const { context } = snapshot as CartSnapshot;
        return JSON.stringify([
          snapshot.value,
          context.totalCart,
          context.coupon,
          context._id !== null,
          context.address !== null,
          context.error !== null,
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
          expect([context._id, context.coupon, context.error]).toEqual([null, null, null]);
        }
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
      kitIds: ['k-360', 'k-start'],
      kits: [gut360, gutStart],
      address: null,
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
    const { actor } = await startFetched(oneKitWithCoupon);
    actor.send(addBoth);
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      kits: [gut360, gutStart],
      kitIds: ['k-360', 'k-start'],
      price: 1_999_600,
      actual_price: 1_999_600,
      totalCart: 2,
    });
  });

  it('deleteItem sets the remaining kits and new prices and subtracts 1 from the count', async () => {
    const { actor } = await startFetched(twoKitsNoCoupon);
    actor.send(deleteStart);
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      kits: [gut360],
      kitIds: ['k-360'],
      price: 1_499_700,
      actual_price: 1_499_700,
      totalCart: 1,
    });
  });

  it('never counts below 0', async () => {
    const { actor } = await startFetched(oneKitWithCoupon);
    const empty: CartEvent = { type: 'cart.deleteItem', kits: [], kitIds: [], price: 0, actual_price: 0 };
    actor.send(empty);
    expect(selectTotalCart(actor.getSnapshot())).toBe(0);
    actor.send(empty);
    expect(selectTotalCart(actor.getSnapshot())).toBe(0);
    actor.send(addBoth);
    expect(selectTotalCart(actor.getSnapshot())).toBe(1);
  });

  it('applies item changes before the first fetch too', () => {
    const { actor } = startCart();
    actor.send(addBoth);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectTotalCart(actor.getSnapshot())).toBe(1);
  });
});

describe('cart machine: coupons (SPEC §4 addCoupon, §9)', () => {
  it('price = actual − actual × % / 100, discount recalculated: ₹14,997 at 10% → ₹13,497.30', async () => {
    const { actor } = await startFetched({
      ...oneKitWithCoupon,
      cart: { ...oneKitWithCoupon.cart, price: 1_499_700, discountInPercentage: 0, coupon: null },
    });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'cart.addCoupon', coupon: 'WELCOME10', discountInPercentage: 10 });
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      price: 1_349_730,
      actual_price: 1_499_700,
      discount: 149_970,
      discountInPercentage: 10,
      coupon: 'WELCOME10',
    });
  });

  it('replacing a coupon works from actual_price, not from the already discounted price', async () => {
    const { actor } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.addCoupon', coupon: 'HALF', discountInPercentage: 50 });
    expect(actor.getSnapshot().value).toBe('couponApplied');
    expect(selectCart(actor.getSnapshot())).toMatchObject({ price: 749_850, discount: 749_850, coupon: 'HALF' });
  });

  it('rounds the discount to the paisa', async () => {
    const { actor } = await startFetched({
      cart: { ...twoKitsNoCoupon.cart, price: 999, actual_price: 999 },
      kits: twoKitsNoCoupon.kits,
    });
    actor.send({ type: 'cart.addCoupon', coupon: 'ODD15', discountInPercentage: 15 });
    expect(selectCart(actor.getSnapshot())).toMatchObject({ price: 849, discount: 150 });
  });

  it('removeCoupon restores the actual price', async () => {
    const { actor } = await startFetched(oneKitWithCoupon);
    actor.send({ type: 'cart.removeCoupon' });
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
    actor.send({ type: 'cart.addCoupon', coupon: 'WELCOME10', discountInPercentage: 10 });
    expect(actor.getSnapshot()).toBe(idle);
    actor.send({ type: 'cart.fetch' });
    const loading = actor.getSnapshot();
    actor.send({ type: 'cart.addCoupon', coupon: 'WELCOME10', discountInPercentage: 10 });
    expect(actor.getSnapshot()).toBe(loading);
  });
});

describe('cart machine: set, update, clear (SPEC §4)', () => {
  it('set merges the given fields only', async () => {
    const { actor } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.set', fields: { totalCart: 5, coupon: 'SHARED' } });
    expect(selectCart(actor.getSnapshot())).toMatchObject({
      totalCart: 5,
      coupon: 'SHARED',
      _id: 'cart-1',
      price: 1_999_600,
    });
  });

  it('update sets the address', async () => {
    const { actor } = await startFetched(twoKitsNoCoupon);
    actor.send({ type: 'cart.update', address });
    expect(selectCart(actor.getSnapshot()).address).toEqual(address);
    actor.send({ type: 'cart.update', address: null });
    expect(selectCart(actor.getSnapshot()).address).toBeNull();
  });

  it.each([
    ['ready', twoKitsNoCoupon],
    ['couponApplied', oneKitWithCoupon],
  ] as const)('clear from %s resets to defaults and marks the cart loading again', async (state, response) => {
    const { actor } = await startFetched(response);
    actor.send({ type: 'cart.update', address });
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
    actor.send({ type: 'cart.update', address });
    expect(selectCart(actor.getSnapshot())).not.toBe(selectCart(snapshot));
  });
});
