/**
 * The signed-in person's cart: SPEC §3 "Cart state" and §4 "Cart". Amounts are integer paise.
 *
 * The server owns prices and totals; this machine mirrors what the API answered so the shell (badge, summary) can
 * render without refetching. The calls are named actors supplied with `cartMachine.provide(...)`: `fetchCart`, and
 * the requests `addItemToCart`, `removeItemFromCart`, `applyCouponToCart` and `removeCouponFromCart`, each answering
 * the whole cart. Their answers go through the spec's own reducers (addItem, deleteItem, addCoupon), so the count,
 * prices and discount follow SPEC §4 exactly.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { discountOf, payableAfterCoupon } from './pricing';

export interface CartKit {
  _id: string;
  product: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
  image: string;
}

export interface CartAddress {
  fullName: string;
  phone: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  pincode: string;
  [field: string]: unknown;
}

export interface CartContext {
  _id: string | null;
  user: string | null;
  /** Payable amount. */
  price: number;
  /** Amount before any coupon. */
  actual_price: number;
  /** `actual_price - price`. */
  discount: number;
  discountInPercentage: number;
  coupon: string | null;
  /** Number of kits, shown on the cart badge. */
  totalCart: number;
  kitIds: string[];
  kits: CartKit[];
  address: CartAddress | null;
  /** Why the last fetch failed, for the cart page to say so. */
  error: string | null;
  /** The last change the person asked for (add, remove, coupon) and how it went, for the pages to say so. */
  request: CartRequest | null;
}

export type CartOperation = 'addItem' | 'deleteItem' | 'applyCoupon' | 'removeCoupon';

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

/** `GET /api/cart` answer. */
export interface CartResponse {
  cart: {
    _id: string;
    user: string;
    price: number;
    actual_price: number;
    discountInPercentage: number;
    coupon: string | null;
    kits: string[];
  };
  kits: CartKit[];
}

/** Fields the spec's `set` may merge into the cart. */
export type CartFields = Omit<CartContext, 'error' | 'request'>;

/** What the API answers after adding or removing a kit. */
export interface CartItemChange {
  kits: CartKit[];
  kitIds: string[];
  price: number;
  actual_price: number;
}

export type CartEvent =
  | { type: 'cart.fetch' }
  | { type: 'cart.set'; fields: Partial<CartFields> }
  | ({ type: 'cart.addItem' } & CartItemChange)
  | ({ type: 'cart.deleteItem' } & CartItemChange)
  | { type: 'cart.addCoupon'; coupon: string; discountInPercentage: number }
  | { type: 'cart.removeCoupon' }
  | { type: 'cart.clear' }
  | { type: 'cart.update'; address: CartAddress | null }
  | { type: 'cart.requestAddItem'; productId: string }
  | { type: 'cart.requestDeleteItem'; itemId: string }
  | { type: 'cart.requestCoupon'; code: string }
  | { type: 'cart.requestRemoveCoupon' }
  | { type: 'cart.dismiss' };

export const CART_FETCH_FAILED_MESSAGE = 'Could not load your cart. Check your connection and try again.';

/** What to say when a change failed without a message from the server. */
export const CART_REQUEST_FAILED_MESSAGES: Record<CartOperation, string> = {
  addItem: 'Could not add the kit to your cart. Check your connection and try again.',
  deleteItem: 'Could not remove the kit from your cart. Check your connection and try again.',
  applyCoupon: 'Could not apply the coupon. Check your connection and try again.',
  removeCoupon: 'Could not remove the coupon. Check your connection and try again.',
};

/** The API's code for a cart item that is no longer there (removed in another tab): the cart is then refetched. */
export const CART_ITEM_GONE_CODE = 'CART_ITEM_NOT_FOUND';

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
  address: null,
  error: null,
  request: null,
};

function messageOf(error: unknown, fallback = CART_FETCH_FAILED_MESSAGE): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message.trim() || fallback;
  }
  return fallback;
}

function codeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

function failureOf(operation: CartOperation, error: unknown): { message: string; code: string | null } {
  return { message: messageOf(error, CART_REQUEST_FAILED_MESSAGES[operation]), code: codeOf(error) };
}

/** Coupon codes are matched regardless of case; the cart shows them as the server stores them, upper case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The parts of an answer that the spec's addItem/deleteItem take. */
function itemChangeOf(response: CartResponse): CartItemChange {
  return { kits: response.kits, kitIds: response.cart.kits, price: response.cart.price, actual_price: response.cart.actual_price };
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
      _id: params.cart._id,
      user: params.cart.user,
      price: params.cart.price,
      actual_price: params.cart.actual_price,
      discount: discountOf(params.cart.actual_price, params.cart.price),
      discountInPercentage: params.cart.discountInPercentage,
      coupon: params.cart.coupon,
      kitIds: params.cart.kits,
      kits: params.kits,
      totalCart: params.kits.length,
      error: null,
    })),
    assignFetchError: assign((_, params: { message: string }) => ({ error: params.message })),
    mergeFields: assign((_, params: Partial<CartFields>) => params),
    assignAddedItem: assign(({ context }, params: CartItemChange) => ({
      kits: params.kits,
      kitIds: params.kitIds,
      price: params.price,
      actual_price: params.actual_price,
      discount: discountOf(params.actual_price, params.price),
      totalCart: context.totalCart + 1,
    })),
    assignDeletedItem: assign(({ context }, params: CartItemChange) => ({
      kits: params.kits,
      kitIds: params.kitIds,
      price: params.price,
      actual_price: params.actual_price,
      discount: discountOf(params.actual_price, params.price),
      totalCart: Math.max(0, context.totalCart - 1),
    })),
    /** The coupon as the server now holds it (one that ran out meanwhile is gone after any change). */
    assignCouponOf: assign((_, params: { coupon: string | null; discountInPercentage: number }) => ({
      coupon: params.coupon,
      discountInPercentage: params.discountInPercentage,
    })),
    startRequest: assign((_, params: { operation: CartOperation; subject: string }) => ({
      request: { ...params, status: 'pending' as const, message: null, code: null },
    })),
    requestSucceeded: assign(({ context }) => ({
      request: context.request && { ...context.request, status: 'done' as const },
    })),
    requestFailed: assign(({ context }, params: { message: string; code: string | null }) => ({
      request: context.request && { ...context.request, status: 'failed' as const, ...params },
    })),
    /** Forgets a finished request's outcome; one under way stays, so its answer is still reported. */
    dismissRequest: assign(({ context }) => ({ request: context.request?.status === 'pending' ? context.request : null })),
    applyCoupon: assign(({ context }, params: { coupon: string; discountInPercentage: number }) => {
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
    assignAddress: assign((_, params: { address: CartAddress | null }) => ({ address: params.address })),
    resetCart: assign(() => initialContext),
  },
  guards: {
    hasCoupon: (_, params: { coupon: string | null }) => params.coupon !== null && params.coupon !== '',
    isItemGone: (_, params: { error: unknown }) => codeOf(params.error) === CART_ITEM_GONE_CODE,
    cartHasCoupon: ({ context }) => context.coupon !== null && context.coupon !== '',
  },
}).createMachine({
  id: 'cart',
  description: "The signed-in person's cart as last answered by the API (SPEC §3 Cart state, §4 Cart).",
  context: initialContext,
  initial: 'idle',
  on: {
    'cart.set': {
      actions: { type: 'mergeFields', params: ({ event }) => event.fields },
    },
    'cart.addItem': {
      actions: {
        type: 'assignAddedItem',
        params: ({ event }) => ({
          kits: event.kits,
          kitIds: event.kitIds,
          price: event.price,
          actual_price: event.actual_price,
        }),
      },
    },
    'cart.deleteItem': {
      actions: {
        type: 'assignDeletedItem',
        params: ({ event }) => ({
          kits: event.kits,
          kitIds: event.kitIds,
          price: event.price,
          actual_price: event.actual_price,
        }),
      },
    },
    'cart.update': {
      actions: { type: 'assignAddress', params: ({ event }) => ({ address: event.address }) },
    },
    'cart.clear': {
      target: '.idle',
      actions: 'resetCart',
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
        onDone: [
          {
            guard: { type: 'hasCoupon', params: ({ event }) => ({ coupon: event.output.cart.coupon }) },
            target: 'couponApplied',
            actions: { type: 'assignFetchedCart', params: ({ event }) => event.output },
          },
          {
            target: 'ready',
            actions: { type: 'assignFetchedCart', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFetchError', params: ({ event }) => ({ message: messageOf(event.error) }) },
        },
      },
    },
    ready: {
      description: 'The cart is loaded and no coupon is applied; the person can add or remove kits and apply a coupon.',
      on: {
        'cart.fetch': { target: 'loading' },
        'cart.addCoupon': {
          target: 'couponApplied',
          actions: {
            type: 'applyCoupon',
            params: ({ event }) => ({ coupon: event.coupon, discountInPercentage: event.discountInPercentage }),
          },
        },
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
        'cart.addCoupon': {
          actions: {
            type: 'applyCoupon',
            params: ({ event }) => ({ coupon: event.coupon, discountInPercentage: event.discountInPercentage }),
          },
        },
        'cart.removeCoupon': {
          target: 'ready',
          actions: 'removeCoupon',
        },
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
        onDone: [
          {
            guard: { type: 'hasCoupon', params: ({ event }) => ({ coupon: event.output.cart.coupon }) },
            target: 'couponApplied',
            actions: [
              { type: 'assignAddedItem', params: ({ event }) => itemChangeOf(event.output) },
              { type: 'assignCouponOf', params: ({ event }) => event.output.cart },
              'requestSucceeded',
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'assignAddedItem', params: ({ event }) => itemChangeOf(event.output) },
              { type: 'assignCouponOf', params: ({ event }) => event.output.cart },
              'requestSucceeded',
            ],
          },
        ],
        onError: [
          {
            guard: 'cartHasCoupon',
            target: 'couponApplied',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('addItem', event.error) },
          },
          {
            target: 'ready',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('addItem', event.error) },
          },
        ],
      },
    },
    removingItem: {
      description: 'Asking the API to remove one kit from the cart.',
      invoke: {
        id: 'removeItemFromCart',
        src: 'removeItemFromCart',
        input: ({ context }) => ({ itemId: context.request?.subject ?? '' }),
        onDone: [
          {
            guard: { type: 'hasCoupon', params: ({ event }) => ({ coupon: event.output.cart.coupon }) },
            target: 'couponApplied',
            actions: [
              { type: 'assignDeletedItem', params: ({ event }) => itemChangeOf(event.output) },
              { type: 'assignCouponOf', params: ({ event }) => event.output.cart },
              'requestSucceeded',
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'assignDeletedItem', params: ({ event }) => itemChangeOf(event.output) },
              { type: 'assignCouponOf', params: ({ event }) => event.output.cart },
              'requestSucceeded',
            ],
          },
        ],
        onError: [
          {
            // Removed already (another tab): say so and load the cart as it is now.
            guard: { type: 'isItemGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('deleteItem', event.error) },
          },
          {
            guard: 'cartHasCoupon',
            target: 'couponApplied',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('deleteItem', event.error) },
          },
          {
            target: 'ready',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('deleteItem', event.error) },
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
            guard: { type: 'hasCoupon', params: ({ event }) => ({ coupon: event.output.cart.coupon }) },
            target: 'couponApplied',
            actions: [
              {
                type: 'applyCoupon',
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
            target: 'ready',
            actions: ['removeCoupon', 'requestSucceeded'],
          },
        ],
        onError: [
          {
            guard: 'cartHasCoupon',
            target: 'couponApplied',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('applyCoupon', event.error) },
          },
          {
            target: 'ready',
            actions: { type: 'requestFailed', params: ({ event }) => failureOf('applyCoupon', event.error) },
          },
        ],
      },
    },
    removingCoupon: {
      description: 'Asking the API to take the coupon off the cart.',
      invoke: {
        id: 'removeCouponFromCart',
        src: 'removeCouponFromCart',
        onDone: { target: 'ready', actions: ['removeCoupon', 'requestSucceeded'] },
        onError: {
          // Only a cart with a coupon gets here, and a failed removal leaves the coupon on it.
          target: 'couponApplied',
          actions: { type: 'requestFailed', params: ({ event }) => failureOf('removeCoupon', event.error) },
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

/** The spec's flat cart state. */
export interface CartState extends CartFields {
  loading: boolean;
}

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
