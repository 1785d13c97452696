/**
 * The signed-in person's cart: SPEC §3 "Cart state" and §4 "Cart". Amounts are integer paise.
 *
 * The server owns prices and totals; this machine mirrors what the API answered so the shell (badge, summary) can
 * render without refetching. Fetching is the named actor `fetchCart`, supplied with `cartMachine.provide(...)`.
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
export type CartFields = Omit<CartContext, 'error'>;

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
  | { type: 'cart.update'; address: CartAddress | null };

export const CART_FETCH_FAILED_MESSAGE = 'Could not load your cart. Check your connection and try again.';

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
};

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message.trim() || CART_FETCH_FAILED_MESSAGE;
  }
  return CART_FETCH_FAILED_MESSAGE;
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
      totalCart: context.totalCart + 1,
    })),
    assignDeletedItem: assign(({ context }, params: CartItemChange) => ({
      kits: params.kits,
      kitIds: params.kitIds,
      price: params.price,
      actual_price: params.actual_price,
      totalCart: Math.max(0, context.totalCart - 1),
    })),
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
      description: 'The cart is loaded and no coupon is applied.',
      on: {
        'cart.fetch': { target: 'loading' },
        'cart.addCoupon': {
          target: 'couponApplied',
          actions: {
            type: 'applyCoupon',
            params: ({ event }) => ({ coupon: event.coupon, discountInPercentage: event.discountInPercentage }),
          },
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

// Snapshots are immutable, so one flat object per snapshot keeps `useSelector(actor, selectCart)` from re-rendering.
const flatCartBySnapshot = new WeakMap<CartSnapshot, CartState>();

export function selectCart(snapshot: CartSnapshot): CartState {
  const cached = flatCartBySnapshot.get(snapshot);
  if (cached) return cached;
  const { error: _error, ...fields } = snapshot.context;
  const flat: CartState = { ...fields, loading: selectCartLoading(snapshot) };
  flatCartBySnapshot.set(snapshot, flat);
  return flat;
}
