/**
 * The signed-in person's cart: SPEC §3 "Cart state" and §4 "Cart". Amounts are integer paise.
 *
 * The server owns prices and totals; this machine mirrors what the API answered so the shell (badge, summary) can
 * render without refetching. The calls are named actors supplied with `cartMachine.provide(...)`: `fetchCart`, and
 * the requests `addItemToCart`, `removeItemFromCart`, `applyCouponToCart` and `removeCouponFromCart`, each answering
 * the whole cart. Their answers go through the spec's own operations (addItem, deleteItem, addCoupon, removeCoupon,
 * clear), so the count, prices and discount follow SPEC §4 exactly; then `settling` files the cart under
 * `couponApplied` or `ready` by whether a coupon is on it. The payable price after a coupon is the server's, worked
 * out by SPEC §4's addCoupon formula in `pricing.ts`; this file imports nothing but XState, so that it pastes into
 * Stately's editor as it is.
 *
 * SPEC §4's `set` and `update` have no event here: only the server's answers change the cart, and the delivery
 * address belongs to the checkout machine. `cart.received` takes the whole cart another call answered with (placing an
 * order that found the cart changed since it was reviewed).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';

type Cart = components['schemas']['Cart'];
type CartResponse = components['schemas']['CartResponse'];
type Kit = components['schemas']['Kit'];

/** The changes a person asks of the cart; the API answers each with the whole cart. */
export type CartOperation = 'addItem' | 'deleteItem' | 'applyCoupon' | 'removeCoupon';

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

export interface CartContext extends Pick<Cart, 'price' | 'actual_price' | 'discountInPercentage' | 'coupon'> {
  /** Null until the first fetch. */
  _id: Cart['_id'] | null;
  user: Cart['user'] | null;
  /** `actual_price - price`. */
  discount: number;
  /** Number of kits, shown on the cart badge. */
  totalCart: number;
  /** The server's version of the cart (0 until the first fetch): placing an order sends the version reviewed. */
  version: Cart['version'];
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
  | { type: 'cart.dismiss' }
  /** Another call answered with the whole cart as it is now (placing an order found the cart changed). */
  | { type: 'cart.received'; answer: CartResponse };

/** What the server said went wrong, or what to do when it said nothing. */
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

/** Why a change failed, in words for the person, and the API's error code (e.g. COUPON_EXPIRED) when it sent one. */
function failureOf(operation: CartOperation, error: unknown): { message: string; code: string | null } {
  return { message: messageOf(error, CART_REQUEST_FAILED_MESSAGES[operation]), code: codeOf(error) };
}

/** SPEC §4: discount = actual price − payable price. */
function discountOf(actualPrice: number, payable: number): number {
  return Math.max(0, actualPrice - payable);
}

/** Coupon codes are matched regardless of case; the cart shows them as the server stores them, upper case. */
function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

function isCoupon(coupon: string | null): boolean {
  return coupon !== null && coupon !== '';
}

/** What an answer says of the kits and prices, as SPEC §4's addItem and deleteItem take it. */
function itemsOf({ cart, kits }: CartResponse) {
  return {
    kits,
    kitIds: cart.kits,
    price: cart.price,
    actual_price: cart.actual_price,
    discount: discountOf(cart.actual_price, cart.price),
    version: cart.version,
  };
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
    /**
     * SPEC §4 addCoupon: payable = actual − actual × percentage / 100, as the server worked it out from the cart's
     * actual price; the discount is recalculated from it.
     */
    addCoupon: assign(({ context }, params: { coupon: string; discountInPercentage: number; price: number; kits: Kit[] }) => ({
      coupon: params.coupon,
      discountInPercentage: params.discountInPercentage,
      price: params.price,
      discount: discountOf(context.actual_price, params.price),
      // Each kit says its own share of the discount: a coupon limited to some kits takes nothing off the others.
      kits: params.kits,
    })),
    /** The cart's version as the server answered it with a coupon applied or removed. */
    assignVersion: assign((_, params: Pick<Cart, 'version'>) => ({ version: params.version })),
    removeCoupon: assign(({ context }) => ({
      coupon: null,
      discountInPercentage: 0,
      price: context.actual_price,
      discount: 0,
    })),
    /** SPEC §4 clear: back to the defaults, the context the machine starts with. */
    clear: assign(() => ({
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
      error: null,
      request: null,
    })),
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
  context: {
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
    error: null,
    request: null,
  },
  initial: 'idle',
  on: {
    'cart.clear': {
      description: 'The person signed out (or their session ended): the cart is emptied on this device and waits for the next sign-in.',
      target: '.idle',
      actions: 'clear',
    },
    'cart.dismiss': {
      description: 'The person leaves the cart or kit page: the message about their last change (added, removed, coupon refused …) is forgotten.',
      actions: 'dismissRequest',
    },
  },
  states: {
    idle: {
      description: "Nothing fetched yet (or cleared on sign-out); the spec's cart is still marked loading.",
      on: {
        'cart.fetch': { description: 'The person is signed in (on load or just now): their cart is fetched from the server.', target: 'loading' },
      },
    },
    loading: {
      description: 'Fetching the cart and its kits from the API.',
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          description: 'The server sent the cart: its kits, prices and coupon are shown, and the badge shows the number of kits.',
          target: 'settling',
          actions: { type: 'assignFetchedCart', params: ({ event }) => event.output },
        },
        onError: {
          description: 'The server could not be reached or refused: the cart page says so and offers Try again.',
          target: 'failed',
          actions: { type: 'assignFetchError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    settling: {
      description: 'Every answer of the API passes here: a cart with a coupon on it is couponApplied, any other is ready.',
      always: [
        { description: 'The cart has a coupon on it: the discount is shown.', guard: 'hasCoupon', target: 'couponApplied' },
        { description: 'The cart has no coupon: full prices are shown.', target: 'ready' },
      ],
    },
    ready: {
      description: 'The cart is loaded and no coupon is applied; the person can add or remove kits and apply a coupon.',
      on: {
        'cart.fetch': {
          description: 'The cart is asked for again (after an order is placed or paid, or the person presses Try again): it is fetched from the server.',
          target: 'loading',
        },
        'cart.received': {
          description:
            'Placing the order found the cart changed (in another tab or by staff) and the server answered with the cart as it is now: it is shown, with the badge count, without asking again.',
          target: 'settling',
          actions: { type: 'assignFetchedCart', params: ({ event }) => event.answer },
        },
        'cart.requestAddItem': {
          description: 'The person presses Add to cart on a kit page: the server is asked to add one kit.',
          target: 'addingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'addItem', subject: event.productId }) },
        },
        'cart.requestDeleteItem': {
          description: 'The person presses Remove beside a kit in the cart: the server is asked to take it out.',
          target: 'removingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'deleteItem', subject: event.itemId }) },
        },
        'cart.requestCoupon': {
          description: 'The person types a coupon code and presses Apply, or opened an offer link: the server is asked to apply it.',
          target: 'applyingCoupon',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'applyCoupon', subject: normaliseCode(event.code) }) },
        },
      },
    },
    couponApplied: {
      description: 'The cart is loaded and a coupon reduces the payable price by a percentage of actual_price.',
      on: {
        'cart.fetch': {
          description: 'The cart is asked for again (after an order is placed or paid, or the person presses Try again): it is fetched from the server.',
          target: 'loading',
        },
        'cart.received': {
          description:
            'Placing the order found the cart changed (in another tab or by staff) and the server answered with the cart as it is now: it is shown, with the badge count, without asking again.',
          target: 'settling',
          actions: { type: 'assignFetchedCart', params: ({ event }) => event.answer },
        },
        'cart.requestAddItem': {
          description: 'The person presses Add to cart on a kit page: the server is asked to add one kit.',
          target: 'addingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'addItem', subject: event.productId }) },
        },
        'cart.requestDeleteItem': {
          description: 'The person presses Remove beside a kit in the cart: the server is asked to take it out.',
          target: 'removingItem',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'deleteItem', subject: event.itemId }) },
        },
        'cart.requestCoupon': {
          description: 'The person applies another coupon code (or opened an offer link): the server is asked to put it in place of the current one.',
          target: 'applyingCoupon',
          actions: { type: 'startRequest', params: ({ event }) => ({ operation: 'applyCoupon', subject: normaliseCode(event.code) }) },
        },
        'cart.requestRemoveCoupon': {
          description: 'The person presses Remove beside the applied coupon: the server is asked to take it off.',
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
          description: 'The server added the kit: the cart, its prices and the badge count (one more) are updated, and the kit page says it was added.',
          target: 'settling',
          actions: [
            { type: 'addItem', params: ({ event }) => event.output },
            { type: 'assignCoupon', params: ({ event }) => event.output.cart },
            'requestSucceeded',
          ],
        },
        onError: {
          description: "The server refused to add the kit (the cart is full, the kit is not on sale) or could not be reached: the kit page shows why, and the cart stays as it was.",
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
          description: 'The server removed the kit: the cart, its prices and the badge count (one fewer) are updated.',
          target: 'settling',
          actions: [
            { type: 'deleteItem', params: ({ event }) => event.output },
            { type: 'assignCoupon', params: ({ event }) => event.output.cart },
            'requestSucceeded',
          ],
        },
        onError: [
          {
            description: 'The server says the kit is no longer in the cart (removed in another tab): the page says so and the cart is fetched again as it is now.',
            guard: { type: 'isItemGone', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The server refused to remove the kit or could not be reached: the cart page shows why, and the kit stays in the cart.',
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
            description: 'The server accepted the coupon: the discount and the lower payable price are shown.',
            guard: { type: 'answerHasCoupon', params: ({ event }) => event.output.cart },
            target: 'settling',
            actions: [
              {
                type: 'addCoupon',
                params: ({ event }) => ({
                  coupon: event.output.cart.coupon ?? '',
                  discountInPercentage: event.output.cart.discountInPercentage,
                  price: event.output.cart.price,
                  kits: event.output.kits,
                }),
              },
              { type: 'assignVersion', params: ({ event }) => event.output.cart },
              'requestSucceeded',
            ],
          },
          {
            description: 'The server answered without a coupon on the cart (it cannot be used on it): full prices are shown.',
            target: 'settling',
            actions: ['removeCoupon', { type: 'assignVersion', params: ({ event }) => event.output.cart }, 'requestSucceeded'],
          },
        ],
        onError: {
          description: 'The server refused the coupon (unknown, expired, used up, already used by this person …) or could not be reached: the page shows why, and any coupon already applied stays.',
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
          description: 'The server took the coupon off: full prices are shown again.',
          target: 'settling',
          actions: ['removeCoupon', { type: 'assignVersion', params: ({ event }) => event.output.cart }, 'requestSucceeded'],
        },
        onError: {
          description: 'The server could not take the coupon off or could not be reached: the page shows why, and the coupon stays.',
          target: 'settling',
          actions: { type: 'requestFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The last fetch failed; the previous cart, if any, is kept and the error is shown.',
      on: {
        'cart.fetch': { description: 'The person presses Try again (or signs in again): the cart is fetched once more.', target: 'loading' },
        'cart.received': {
          description:
            'Placing the order found the cart changed (in another tab or by staff) and the server answered with the cart as it is now: it is shown, with the badge count, without asking again.',
          target: 'settling',
          actions: { type: 'assignFetchedCart', params: ({ event }) => event.answer },
        },
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
