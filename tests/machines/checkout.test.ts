import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import type { DeliveryAddress } from '../../machines/address';
import {
  CART_CHANGED_NOTICE,
  checkoutMachine,
  checkoutStep,
  PAYMENT_DECLINED_MESSAGE,
  type CheckoutSnapshot,
  type PlacedOrder,
  type ReviewedCart,
} from '../../machines/checkout';
import type { components } from '../../openapi/schema';
import { PendingCalls, flush, itCoversEveryTransition, recordingActions, walk } from './harness';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];
type CartResponse = components['schemas']['CartResponse'];

const address: DeliveryAddress = {
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
};
const order: PlacedOrder = { _id: 'order-1', price: 1_799_640 };
/** The review as it was opened: one Gut Start. */
const reviewed: ReviewedCart = { cartVersion: 3, cartPrice: 499_900 };
const gutStart = {
  product: 'p-gut-start',
  code: 'PROD-G3G-LITE',
  name: 'Gut Start',
  price: 499_900,
  actual_price: 999_900,
  image: '/images/products/gut360-start.svg',
};
/** The cart as it is now: a second Gut Start was added in another tab. */
const changedCart: CartResponse = {
  cart: {
    _id: 'cart-1',
    user: 'u-customer',
    price: 999_800,
    actual_price: 999_800,
    discountInPercentage: 0,
    coupon: null,
    version: 4,
    kits: ['k-1', 'k-2'],
  },
  kits: [
    { _id: 'k-1', ...gutStart },
    { _id: 'k-2', ...gutStart },
  ],
};
const cartChanged = {
  status: 409,
  code: 'CART_CHANGED',
  message: 'Your cart changed since you reviewed it, perhaps in another tab. Check its kits and total below, then place the order again.',
  cart: changedCart,
};
const reviewedAgain: ReviewedCart = { cartVersion: changedCart.cart.version, cartPrice: changedCart.cart.price };
const session: PaymentSession = {
  provider: 'test',
  keyId: 'rzp_test_embedded',
  gatewayOrderId: 'order_test_1',
  amount: 1_799_640,
  currency: 'INR',
  orderId: 'order-1',
  name: 'Gut360 Health',
  prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919876543210' },
};
const authorization: PaymentAuthorization = {
  razorpay_order_id: 'order_test_1',
  razorpay_payment_id: 'pay_test_1',
  razorpay_signature: 'a'.repeat(64),
};

function provideCheckout() {
  const calls = new PendingCalls();
  const effects = recordingActions(['showChangedCart'] as const);
  const machine = checkoutMachine.provide({
    actors: {
      saveAddress: calls.actor<DeliveryAddress, DeliveryAddress>('saveAddress'),
      placeOrder: calls.actor<PlacedOrder, ReviewedCart>('placeOrder'),
      startPayment: calls.actor<PaymentSession, { orderId: string }>('startPayment'),
      verifyPayment: calls.actor<{ orderId: string }, PaymentAuthorization>('verifyPayment'),
    },
    actions: effects.implementations,
  });
  return { calls, effects, machine };
}

describe('checkout machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideCheckout();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'checkout.submitAddress', address },
        { type: 'xstate.done.actor.saveAddress', output: address },
        { type: 'xstate.error.actor.saveAddress', error: { message: 'Check the PIN code.', fields: { pincode: 'A PIN code has 6 digits.' } } },
        { type: 'checkout.editAddress' },
        { type: 'checkout.placeOrder', reviewed },
        { type: 'xstate.done.actor.placeOrder', output: order },
        { type: 'xstate.error.actor.placeOrder', error: { message: 'This coupon has been used up.' } },
        { type: 'xstate.error.actor.placeOrder', error: cartChanged },
        { type: 'xstate.done.actor.startPayment', output: session },
        { type: 'xstate.error.actor.startPayment', error: new Error('') },
        { type: 'checkout.authorized', authorization },
        { type: 'checkout.declined', message: '' },
        { type: 'checkout.gatewayUnreachable', message: 'No connection.' },
        { type: 'xstate.done.actor.verifyPayment', output: { orderId: 'order-1' } },
        { type: 'xstate.error.actor.verifyPayment', error: { status: 400, message: 'The payment signature is not valid.' } },
        { type: 'xstate.error.actor.verifyPayment', error: { status: 0, message: 'No connection.' } },
        { type: 'checkout.retry' },
        { type: 'checkout.resume', order, address },
      ],
      serializeState: (snapshot) => {
        const { context } = snapshot as CheckoutSnapshot;
        return JSON.stringify([
          snapshot.value,
          context.address !== null,
          context.order !== null,
          context.payment !== null,
          context.error !== null,
          context.notice !== null,
        ]);
      },
      check: (snapshot: AnyMachineSnapshot) => {
        const checkout = snapshot as CheckoutSnapshot;
        const { context } = checkout;
        if (checkout.matches('review') || checkout.matches('payment') || checkout.matches('verification')) {
          expect(context.address).not.toBeNull();
        }
        if (checkout.matches('payment') || checkout.matches('verification') || checkout.matches('failure')) {
          expect(context.order).not.toBeNull();
        }
        if (checkout.matches('success')) expect(context.paidOrderId).toBe('order-1');
        // The review shown again says why, and only there; the cart changed is never an error nor a payment.
        expect(context.notice).toBe(checkout.matches({ review: 'changed' }) ? CART_CHANGED_NOTICE : null);
        if (checkout.matches({ review: 'changed' })) expect([context.error, context.order]).toEqual([null, null]);
        if (checkout.matches('failure')) {
          expect(context.error).toBeTruthy();
          expect(context.failedStep).not.toBeNull();
        }
        if (checkout.matches('unconfirmed') || checkout.matches('verification')) expect(context.authorization).toEqual(authorization);
        expect(checkoutStep(checkout)).toBe(String(typeof checkout.value === 'string' ? checkout.value : Object.keys(checkout.value)[0]));
      },
    });
  }, 60_000);

  itCoversEveryTransition(machine, () => result, 18);
});

describe('checkout machine: behaviour', () => {
  it('goes from address to a paid order, passing the gateway answer to verification', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.submitAddress', address });
    expect(calls.lastInput('saveAddress')).toEqual(address);
    calls.resolve('saveAddress', address);
    await flush();
    expect(actor.getSnapshot().matches({ review: 'idle' })).toBe(true);
    actor.send({ type: 'checkout.placeOrder', reviewed });
    actor.send({ type: 'checkout.placeOrder', reviewed });
    expect(calls.started.filter((call) => call.src === 'placeOrder')).toHaveLength(1);
    expect(calls.lastInput('placeOrder')).toEqual(reviewed);
    calls.resolve('placeOrder', order);
    await flush();
    expect(calls.lastInput('startPayment')).toEqual({ orderId: 'order-1' });
    calls.resolve('startPayment', session);
    await flush();
    expect(actor.getSnapshot().matches({ payment: 'awaiting' })).toBe(true);
    actor.send({ type: 'checkout.authorized', authorization });
    expect(calls.lastInput('verifyPayment')).toEqual(authorization);
    calls.resolve('verifyPayment', { orderId: 'order-1' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.paidOrderId).toBe('order-1');
  });

  it('keeps the order after a declined payment and retries only the payment', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.submitAddress', address });
    calls.resolve('saveAddress', address);
    await flush();
    actor.send({ type: 'checkout.placeOrder', reviewed });
    calls.resolve('placeOrder', order);
    await flush();
    calls.resolve('startPayment', session);
    await flush();
    actor.send({ type: 'checkout.declined', message: '' });
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toBe(PAYMENT_DECLINED_MESSAGE);
    expect(actor.getSnapshot().context.failedStep).toBe('paying');
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().matches({ payment: 'starting' })).toBe(true);
    expect(actor.getSnapshot().context.order).toEqual(order);
    expect(calls.started.filter((call) => call.src === 'placeOrder')).toHaveLength(1);
  });

  async function reviewing() {
    const checkout = provideCheckout();
    const actor = createActor(checkout.machine).start();
    actor.send({ type: 'checkout.submitAddress', address });
    checkout.calls.resolve('saveAddress', address);
    await flush();
    return { ...checkout, actor };
  }

  it('shows the review again with the cart as it is now when the cart changed since it was reviewed, never the payment', async () => {
    const { actor, calls, effects } = await reviewing();
    actor.send({ type: 'checkout.placeOrder', reviewed });
    calls.reject('placeOrder', cartChanged);
    await flush();
    expect(actor.getSnapshot().matches({ review: 'changed' })).toBe(true);
    expect(checkoutStep(actor.getSnapshot())).toBe('review');
    expect(actor.getSnapshot().context).toMatchObject({ notice: CART_CHANGED_NOTICE, error: null, order: null, address });
    expect(effects.calls).toEqual([{ type: 'showChangedCart', params: { cart: changedCart } }]);
    expect(calls.started.map((call) => call.src)).toEqual(['saveAddress', 'placeOrder']);

    // Placed again, the order carries the new cart's version and total, and payment starts for it.
    actor.send({ type: 'checkout.placeOrder', reviewed: reviewedAgain });
    expect(actor.getSnapshot().matches({ review: 'placing' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(calls.lastInput('placeOrder')).toEqual(reviewedAgain);
    calls.resolve('placeOrder', { _id: 'order-2', price: 999_800 });
    await flush();
    expect(actor.getSnapshot().matches({ payment: 'starting' })).toBe(true);
    expect(calls.lastInput('startPayment')).toEqual({ orderId: 'order-2' });
  });

  it('says so again when the cart changed once more, and lets the address be changed from the changed review', async () => {
    const { actor, calls, effects } = await reviewing();
    actor.send({ type: 'checkout.placeOrder', reviewed });
    calls.reject('placeOrder', cartChanged);
    await flush();
    actor.send({ type: 'checkout.placeOrder', reviewed: reviewedAgain });
    const emptied = { ...changedCart, cart: { ...changedCart.cart, version: 5, price: 499_900, actual_price: 499_900, kits: ['k-1'] }, kits: changedCart.kits.slice(0, 1) };
    calls.reject('placeOrder', { ...cartChanged, cart: emptied });
    await flush();
    expect(actor.getSnapshot().matches({ review: 'changed' })).toBe(true);
    expect(effects.calls.map((call) => call.params)).toEqual([{ cart: changedCart }, { cart: emptied }]);
    actor.send({ type: 'checkout.editAddress' });
    expect(actor.getSnapshot().matches({ address: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('keeps other refusals of the order as errors on the review, without a changed cart', async () => {
    const { actor, calls, effects } = await reviewing();
    actor.send({ type: 'checkout.placeOrder', reviewed });
    // CART_CHANGED without the cart (an answer the contract does not send) cannot show a new cart: it is an error.
    calls.reject('placeOrder', { status: 409, code: 'CART_CHANGED', message: 'Your cart changed.' });
    await flush();
    expect(actor.getSnapshot().matches({ review: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Your cart changed.', notice: null });
    actor.send({ type: 'checkout.placeOrder', reviewed });
    calls.reject('placeOrder', { status: 409, code: 'COUPON_USED_UP', message: 'The coupon FIRST100 has been used up.' });
    await flush();
    expect(actor.getSnapshot().matches({ review: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The coupon FIRST100 has been used up.');
    expect(effects.calls).toEqual([]);
  });

  async function paidInGateway() {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.resume', order, address });
    calls.resolve('startPayment', session);
    await flush();
    actor.send({ type: 'checkout.authorized', authorization });
    return { actor, calls };
  }

  it.each([
    { answer: 'no answer', error: { status: 0, message: 'No connection.' } },
    { answer: 'a busy server', error: { status: 503, message: 'The shop is busy right now.' } },
    { answer: 'an error without a status', error: new Error('') },
  ])('never offers a new payment when the confirmation got $answer: it asks for the same confirmation again', async ({ error }) => {
    const { actor, calls } = await paidInGateway();
    calls.reject('verifyPayment', error);
    await flush();
    expect(actor.getSnapshot().value).toBe('unconfirmed');
    expect(checkoutStep(actor.getSnapshot())).toBe('unconfirmed');
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().value).toBe('verification');
    expect(calls.started.filter((call) => call.src === 'startPayment')).toHaveLength(1);
    expect(calls.started.filter((call) => call.src === 'verifyPayment').map((call) => call.input)).toEqual([authorization, authorization]);
    calls.resolve('verifyPayment', { orderId: 'order-1' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('offers a new payment when the server refused the confirmation, saying where it failed', async () => {
    const { actor, calls } = await paidInGateway();
    calls.reject('verifyPayment', { status: 400, message: 'The payment signature is not valid.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.failedStep).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBe('The payment signature is not valid.');
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().matches({ payment: 'starting' })).toBe(true);
    expect(actor.getSnapshot().context.failedStep).toBeNull();
  });

  it('says the payment could not be opened when the gateway could not be reached', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.resume', order, address });
    calls.resolve('startPayment', session);
    await flush();
    actor.send({ type: 'checkout.gatewayUnreachable', message: 'No connection.' });
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context).toMatchObject({ failedStep: 'opening', error: 'No connection.' });
  });

  it('says the payment could not be opened when starting it failed', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.resume', order, address });
    calls.reject('startPayment', { status: 0, message: 'No connection.' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.failedStep).toBe('opening');
    expect(actor.getSnapshot().context.error).toBe('No connection.');
  });

  it('resumes the payment of an order placed earlier without placing another', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.resume', order, address });
    expect(actor.getSnapshot().matches({ payment: 'starting' })).toBe(true);
    expect(calls.lastInput('startPayment')).toEqual({ orderId: 'order-1' });
    expect(calls.started.map((call) => call.src)).toEqual(['startPayment']);
  });

  it('keeps the server field messages when the address is refused', async () => {
    const { machine, calls } = provideCheckout();
    const actor = createActor(machine).start();
    actor.send({ type: 'checkout.submitAddress', address });
    calls.reject('saveAddress', { message: 'Check the address.', fields: { pincode: 'A PIN code has 6 digits.' } });
    await flush();
    expect(actor.getSnapshot().matches({ address: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ pincode: 'A PIN code has 6 digits.' });
    expect(actor.getSnapshot().context.error).toBe('Check the address.');
  });
});
