/**
 * The signed-in person's cart: SPEC §3 "Cart state" and §4 "Cart". Amounts are integer paise.
 *
 * The server owns prices and totals; this machine mirrors what the API answered so the shell (badge, summary) can
 * render without refetching. The calls are named actors supplied with `cartMachine.provide(...)`: `fetchCart`, and
 * the requests `addItemToCart`, `removeItemFromCart`, `applyCouponToCart` and `removeCouponFromCart`, each answering
 * the whole cart. Their answers go through the spec's own operations (addItem, deleteItem, addCoupon, removeCoupon,
 * clear), so the count, prices and discount follow SPEC §4 exactly; then `settling` files the cart under
 * `couponApplied` or `ready` by whether a coupon is on it.
 *
 * SPEC §4's `set` and `update` have no event here: only the server's answers change the cart, and the delivery
 * address belongs to the checkout machine.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';
import { CART_ITEM_GONE_CODE, codeOf, failureOf, messageOf, type CartOperation } from './cart.messages';
import { discountOf, payableAfterCoupon } from './pricing';

type Cart = components['schemas']['Cart'];
type CartResponse = components['schemas']['CartResponse'];
type Kit = components['schemas']['Kit'];

export interface CartContext extends Pick<Cart, 'price' | 'actual_price' | 'discountInPercentage' | 'coupon'> {
  /** Null until the first fetch. */
  _id: Cart['_id'] | null;
  user: Cart['user'] | null;
  /** `actual_price - price`. */
  discount: number;
  /** Number of kits, shown on the cart badge. */
  totalCart: number;
  kitIds: Cart['kits'];
  kits: Kit[];
  /** Why the last fetch failed, for the cart page to say so. */
  error: string | null;
  /** The last change the person asked for (add, remove, coupon) and how it went, for the pages to say so. */
  request: CartRequest | null;
}

export interface CartRequest {
  operation: CartOperation;
  /** What the change is about: the product id, the cart item id or the coupon code. */
  subject: string;
  status: 'pending' | 'done' | 'failed';
  /** Why it failed, in words for the person. */
  message: string | null;
  /** The API's error code (e.g. COUPON_EXPIRED), when it sent one. */
  code: string | null;
}

export type CartEvent =
  | { type: 'cart.fetch' }
  | { type: 'cart.clear' }
  | { type: 'cart.requestAddItem'; productId: string }
  | { type: 'cart.requestDeleteItem'; itemId: string }
  | { type: 'cart.requestCoupon'; code: string }
  | { type: 'cart.requestRemoveCoupon' }
  | { type: 'cart.dismiss' };

const initialContext: CartContext = {
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
  error: null,
  request: null,
};

/** Coupon codes are matched regardless of case; the cart shows them as the server stores them, upper case. */
function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

function isCoupon(coupon: string | null): boolean {
  return coupon !== null && coupon !== '';
}

/** What an answer says of the kits and prices, as SPEC §4's addItem and deleteItem take it. */
function itemsOf({ cart, kits }: CartResponse) {
  return { kits, kitIds: cart.kits, price: cart.price, actual_price: cart.actual_price, discount: discountOf(cart.actual_price, cart.price) };
}

export const cartMachine = setup({
  types: {} as {
    context: CartContext;
    events: CartEvent;
  },
  actors: {
    fetchCart: fromPromise<CartResponse>(async () => {
      throw new Error('fetchCart not provided');
    }),
    addItemToCart: fromPromise<CartResponse, { productId: string }>(async () => {
      throw new Error('addItemToCart not provided');
    }),
    removeItemFromCart: fromPromise<CartResponse, { itemId: string }>(async () => {
      throw new Error('removeItemFromCart not provided');
    }),
    applyCouponToCart: fromPromise<CartResponse, { code: string }>(async () => {
      throw new Error('applyCouponToCart not provided');
    }),
    removeCouponFromCart: fromPromise<CartResponse>(async () => {
      throw new Error('removeCouponFromCart not provided');
    }),
  },
  actions: {
    assignFetchedCart: assign((_, params: CartResponse) => ({
      ...itemsOf(params),
      _id: params.cart._id,
      user: params.cart.user,
      discountInPercentage: params.cart.discountInPercentage,
      coupon: params.cart.coupon,
      totalCart: params.kits.length,
      error: null,
    })),
    assignFetchError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    /** SPEC §4 addItem: replace kits, ids and prices, and add 1 to the count. */
    addItem: assign(({ context }, params: CartResponse) => ({ ...itemsOf(params), totalCart: context.totalCart + 1 })),
    /** SPEC §4 deleteItem: the remaining kits and new prices, and 1 less in the count. */
    deleteItem: assign(({ context }, params: CartResponse) => ({ ...itemsOf(params), totalCart: Math.max(0, context.totalCart - 1) })),
    /** The coupon as the server now holds it (one that ran out meanwhile is gone after any change). */
    assignCoupon: assign((_, params: Pick<Cart, 'coupon' | 'discountInPercentage'>) => ({
      coupon: params.coupon,
      discountInPercentage: params.discountInPercentage,
    })),
    /** SPEC §4 addCoupon: payable = actual − actual × percentage / 100, discount recalculated. */
    addCoupon: assign(({ context }, params: { coupon: string; discountInPercentage: number }) => {
      const price = payableAfterCoupon(context.actual_price, params.discountInPercentage);
      return {
        coupon: params.coupon,
        discountInPercentage: params.discountInPercentage,
        price,
        discount: discountOf(context.actual_price, price),
      };
    }),
    removeCoupon: assign(({ context }) => ({
      coupon: null,
      discountInPercentage: 0,
      price: context.actual_price,
      discount: 0,
    })),
    /** SPEC §4 clear: back to the defaults. */
    clear: assign(() => initialContext),
    startRequest: assign((_, params: { operation: CartOperation; subject: string }) => ({
      request: { ...params, status: 'pending' as const, message: null, code: null },
    })),
    requestSucceeded: assign(({ context }) => ({
      request: context.request && { ...context.request, status: 'done' as const },
    })),
    requestFailed: assign(({ context }, params: { error: unknown }) => ({
      request: context.request && {
        ...context.request,
        status: 'failed' as const,
        ...failureOf(context.request.operation, params.error),
      },
    })),
    /** Forgets a finished request's outcome; one under way stays, so its answer is still reported. */
    dismissRequest: assign(({ context }) => ({ request: context.request?.status === 'pending' ? context.request : null })),
  },
  guards: {
    hasCoupon: ({ context }) => isCoupon(context.coupon),
    answerHasCoupon: (_, params: Pick<Cart, 'coupon'>) => isCoupon(params.coupon),
    isItemGone: (_, params: { error: unknown }) => codeOf(params.error) === CART_ITEM_GONE_CODE,
  },
}).createMachine({
  id: 'cart',
  description: "The signed-in person's cart as last answered by the API (SPEC §3 Cart state, §4 Cart).",
  context: initialContext,
  initial: 'idle',
  on: {
    'cart.clear': {
      target: '.idle',
      actions: 'clear',
    },
    'cart.dismiss': {
      actions: 'dismissRequest',
    },
  },
  states: {
    idle: {
      description: "Nothing fetched yet (or cleared on sign-out); the spec's cart is still marked loading.",
      on: {
        'cart.fetch': { target: 'loading' },
      },
    },
    loading: {
      description: 'Fetching the cart and its kits from the API.',
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'settling',
          actions: { type: 'assignFetchedCart', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFetchError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    settling: {
      description: 'Every answer of the API passes here: a cart with a coupon on it is couponApplied, any other is ready.',
      always: [{ guard: 'hasCoupon', target: 'couponApplied' }, { target: 'ready' }],
    },
    ready: {
      description: 'The cart is loaded and no coupon is applied; the person can add or remove kits and apply a coupon.',
      on: {
        'cart.fetch': { target: 'loading' },
        'cart.requestAddItem': {
          target: 'addingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'addItem', subject: event.productId }) },
        },
        'cart.requestDeleteItem': {
          target: 'removingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'deleteItem', subject: event.itemId }) },
        },
        'cart.requestCoupon': {
          target: 'applyingCoupon',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'applyCoupon', subject: normaliseCode(event.code) }) },
        },
      },
    },
    couponApplied: {
      description: 'The cart is loaded and a coupon reduces the payable price by a percentage of actual_price.',
      on: {
        'cart.fetch': { target: 'loading' },
        'cart.requestAddItem': {
          target: 'addingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'addItem', subject: event.productId }) },
        },
        'cart.requestDeleteItem': {
          target: 'removingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'deleteItem', subject: event.itemId }) },
        },
        'cart.requestCoupon': {
          target: 'applyingCoupon',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'applyCoupon', subject: normaliseCode(event.code) }) },
        },
        'cart.requestRemoveCoupon': {
          target: 'removingCoupon',
          actions: { type: 'startRequest', params: { operation: 'removeCoupon', subject: '' } },
        },
      },
    },
    addingItem: {
      description: 'Asking the API to add one kit; the answer is the whole cart, priced on the server.',
      invoke: {
        id: 'addItemToCart',
        src: 'addItemToCart',
        input: ({ context }) => ({ productId: context.request?.subject ?? '' }),
        onDone: {
          target: 'settling',
          actions: [
            { type: 'addItem', params: ({ event }) => event.output },
            { type: 'assignCoupon', params: ({ event }) => event.output.cart },
            'requestSucceeded',
          ],
        },
        onError: {
          target: 'settling',
          actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removingItem: {
      description: 'Asking the API to remove one kit from the cart.',
      invoke: {
        id: 'removeItemFromCart',
        src: 'removeItemFromCart',
        input: ({ context }) => ({ itemId: context.request?.subject ?? '' }),
        onDone: {
          target: 'settling',
          actions: [
            { type: 'deleteItem', params: ({ event }) => event.output },
            { type: 'assignCoupon', params: ({ event }) => event.output.cart },
            'requestSucceeded',
          ],
        },
        onError: [
          {
            // Removed already (another tab): say so and load the cart as it is now.
            guard: { type: 'isItemGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'settling',
            actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    applyingCoupon: {
      description: 'Asking the API to apply a coupon code; it refuses unknown, expired, used-up and not-for-you codes.',
      invoke: {
        id: 'applyCouponToCart',
        src: 'applyCouponToCart',
        input: ({ context }) => ({ code: context.request?.subject ?? '' }),
        onDone: [
          {
            guard: { type: 'answerHasCoupon', params: ({ event }) => event.output.cart },
            target: 'settling',
            actions: [
              {
                type: 'addCoupon',
                params: ({ event }) => ({
                  coupon: event.output.cart.coupon ?? '',
                  discountInPercentage: event.output.cart.discountInPercentage,
                }),
              },
              'requestSucceeded',
            ],
          },
          {
            // The server answered without a coupon: nothing to apply (it cannot be used on this cart).
            target: 'settling',
            actions: ['removeCoupon', 'requestSucceeded'],
          },
        ],
        onError: {
          target: 'settling',
          actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removingCoupon: {
      description: 'Asking the API to take the coupon off the cart; a failed removal leaves the coupon on it.',
      invoke: {
        id: 'removeCouponFromCart',
        src: 'removeCouponFromCart',
        onDone: {
          target: 'settling',
          actions: ['removeCoupon', 'requestSucceeded'],
        },
        onError: {
          target: 'settling',
          actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The last fetch failed; the previous cart, if any, is kept and the error is shown.',
      on: {
        'cart.fetch': { target: 'loading' },
      },
    },
  },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

// ---------------------------------------------------------------------------------------------------------------
// Selectors: the spec's flat cart state (SPEC §3) and what the pages ask of the machine.

/** The spec's flat cart state. */
export type CartState = Omit<CartContext, 'error' | 'request'> & { loading: boolean };

export function selectTotalCart(snapshot: CartSnapshot): number {
  return snapshot.context.totalCart;
}

/** SPEC's `loading`: true until the cart has been fetched, so a signed-in person's cart is fetched on load. */
export function selectCartLoading(snapshot: CartSnapshot): boolean {
  return snapshot.matches('idle') || snapshot.matches('loading');
}

export function selectCartError(snapshot: CartSnapshot): string | null {
  return snapshot.context.error;
}

/** The last change asked for and how it went (pending while its call is under way). */
export function selectCartRequest(snapshot: CartSnapshot): CartRequest | null {
  return snapshot.context.request;
}

/** The cart is loaded and no change is under way, so it takes a new one. */
export function selectCartAcceptsChanges(snapshot: CartSnapshot): boolean {
  return snapshot.matches('ready') || snapshot.matches('couponApplied');
}

// Snapshots are immutable, so one flat object per snapshot keeps `useSelector(actor, selectCart)` from re-rendering.
const flatCartBySnapshot = new WeakMap<CartSnapshot, CartState>();

export function selectCart(snapshot: CartSnapshot): CartState {
  const cached = flatCartBySnapshot.get(snapshot);
  if (cached) return cached;
  const { error: _error, request: _request, ...fields } = snapshot.context;
  const flat: CartState = { ...fields, loading: selectCartLoading(snapshot) };
  flatCartBySnapshot.set(snapshot, flat);
  return flat;
}
