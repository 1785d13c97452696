/**
 * Checkout: delivery address → review → payment → verification → success, or failure with a retry.
 * A confirmation that got no answer is not a failure: the money may have been taken, so the person is offered to
 * check again (`unconfirmed`), never to pay again.
 *
 * The machine holds no money maths: the order's figures come from the server, the payment is made in the gateway's
 * own widget (or the built-in test gateway), and only the server's verification of the gateway's signature makes the
 * order paid. Callers provide the four actors (`saveAddress`, `placeOrder`, `startPayment`, `verifyPayment`) and the
 * action `showChangedCart`.
 *
 * The order placed is the order reviewed: placing it sends the cart's version and payable price that the review
 * showed. When the cart changed meanwhile (a kit added in another tab, a coupon removed, a price changed by staff),
 * the server makes no order and answers CART_CHANGED with the cart as it is now; the review shows that cart again
 * under "Your cart changed" (`review.changed`), never the payment.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '../openapi/schema';
import type { DeliveryAddress } from './address';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];
type CartResponse = components['schemas']['CartResponse'];

/** What the person reviewed: the cart's version and payable price in paise, sent with the order. */
export type ReviewedCart = Omit<components['schemas']['PlaceOrderRequest'], 'idempotencyKey'>;

/** What checkout keeps of the order the server placed: its id and the payable amount in paise. */
export type PlacedOrder = Pick<components['schemas']['Order'], '_id' | 'price'>;

/** Field → message, as the contract's error answer names the offending fields. */
type FieldErrors = NonNullable<components['schemas']['Error']['fields']>;

/** Which step of paying failed, so that the page can say what was and was not charged. */
export type PaymentFailureStep = 'opening' | 'paying' | 'confirming';

export interface CheckoutContext {
  address: DeliveryAddress | null;
  order: PlacedOrder | null;
  payment: PaymentSession | null;
  /** The gateway's signed answer, kept so that its confirmation can be asked for again. */
  authorization: PaymentAuthorization | null;
  /** Where paying failed; null when it did not. */
  failedStep: PaymentFailureStep | null;
  /** The id of the order once the server confirmed it paid. */
  paidOrderId: string | null;
  /** What went wrong last, in words for the person. */
  error: string | null;
  /** Field → message from the server for the address form. */
  fieldErrors: FieldErrors;
  /** Why the review is shown again ("Your cart changed"); null otherwise. */
  notice: string | null;
}

export type CheckoutEvent =
  | { type: 'checkout.submitAddress'; address: DeliveryAddress }
  /** Pays an order placed earlier whose payment failed or was left unfinished. */
  | { type: 'checkout.resume'; order: PlacedOrder; address: DeliveryAddress }
  | { type: 'checkout.editAddress' }
  | { type: 'checkout.placeOrder'; reviewed: ReviewedCart }
  | { type: 'checkout.authorized'; authorization: PaymentAuthorization }
  | { type: 'checkout.declined'; message: string }
  /** The gateway (its widget or the test gateway) could not be reached: no payment was made. */
  | { type: 'checkout.gatewayUnreachable'; message: string }
  | { type: 'checkout.retry' };

export const CHECKOUT_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const PAYMENT_DECLINED_MESSAGE = 'The payment did not go through and nothing was charged. You can try again.';
/** The notice above the review shown again because the cart changed since it was reviewed, and what it means. */
export const CART_CHANGED_NOTICE = 'Your cart changed';
export const CART_CHANGED_MESSAGE =
  'It changed after you opened this review, perhaps in another tab. Nothing was ordered or charged: check the kits and the total below, then place the order.';
/** The API's code for an order placed from a cart other than the one reviewed; its answer carries the cart as it is now. */
export const CART_CHANGED_CODE = 'CART_CHANGED';

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return CHECKOUT_FAILED_MESSAGE;
}

/** A 4xx answer: the server answered and refused. Anything else (no answer, a busy or failing server) proves nothing. */
function isRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number') return false;
  return error.status >= 400 && error.status < 500;
}

/** The cart as it is now, when the server refused the order because the cart changed since it was reviewed. */
function changedCartOf(error: unknown): CartResponse | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || error.code !== CART_CHANGED_CODE) return null;
  if (!('cart' in error) || typeof error.cart !== 'object' || error.cart === null) return null;
  return error.cart as CartResponse;
}

function fieldsOf(error: unknown): FieldErrors {
  if (typeof error === 'object' && error !== null && 'fields' in error && typeof error.fields === 'object' && error.fields) {
    return error.fields as FieldErrors;
  }
  return {};
}

export const checkoutMachine = setup({
  types: {} as {
    context: CheckoutContext;
    events: CheckoutEvent;
  },
  actors: {
    saveAddress: fromPromise<DeliveryAddress, DeliveryAddress>(async () => {
      throw new Error('saveAddress not provided');
    }),
    // The caller keeps one idempotency key per checkout, so that a double click or a retried request places one order.
    placeOrder: fromPromise<PlacedOrder, ReviewedCart>(async () => {
      throw new Error('placeOrder not provided');
    }),
    startPayment: fromPromise<PaymentSession, { orderId: string }>(async () => {
      throw new Error('startPayment not provided');
    }),
    verifyPayment: fromPromise<{ orderId: string }, PaymentAuthorization>(async () => {
      throw new Error('verifyPayment not provided');
    }),
  },
  actions: {
    assignAddress: assign((_, params: { address: DeliveryAddress }) => ({ address: params.address, error: null, fieldErrors: {} })),
    assignOrder: assign((_, params: { order: PlacedOrder }) => ({ order: params.order, error: null })),
    assignResumed: assign((_, params: { order: PlacedOrder; address: DeliveryAddress }) => ({
      order: params.order,
      address: params.address,
      error: null,
      fieldErrors: {},
    })),
    assignPayment: assign((_, params: { payment: PaymentSession }) => ({ payment: params.payment, error: null })),
    assignAuthorization: assign((_, params: { authorization: PaymentAuthorization }) => ({ authorization: params.authorization })),
    assignPaid: assign((_, params: { orderId: string }) => ({ paidOrderId: params.orderId, error: null, failedStep: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), fieldErrors: fieldsOf(params.error) })),
    assignPaymentError: assign((_, params: { error: unknown; step: PaymentFailureStep }) => ({
      error: messageOf(params.error),
      failedStep: params.step,
    })),
    assignDeclined: assign((_, params: { message: string }) => ({
      error: params.message.trim() || PAYMENT_DECLINED_MESSAGE,
      failedStep: 'paying' as const,
    })),
    clearError: assign(() => ({ error: null, fieldErrors: {}, failedStep: null, notice: null })),
    assignCartChanged: assign(() => ({ notice: CART_CHANGED_NOTICE, error: null })),
    /** Shows the cart as it is now (the caller hands it to the cart and its badge). */
    showChangedCart: (_, _params: { cart: CartResponse }) => {},
  },
  guards: {
    /** The server refused the order because the cart is not the one reviewed, and sent the cart as it is now. */
    cartChanged: (_, params: { error: unknown }) => changedCartOf(params.error) !== null,
    /** The server answered the confirmation with a refusal: the payment is not accepted for this order. */
    confirmationRefused: (_, params: { error: unknown }) => isRefusal(params.error),
  },
}).createMachine({
  id: 'checkout',
  description: 'From the cart to a paid order: address, review, payment, verification, then success or failure.',
  context: {
    address: null,
    order: null,
    payment: null,
    authorization: null,
    failedStep: null,
    paidOrderId: null,
    error: null,
    fieldErrors: {},
    notice: null,
  },
  initial: 'address',
  states: {
    address: {
      description: 'The delivery address, saved for next time.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The person fills in or corrects the address.',
          on: {
            'checkout.submitAddress': {
              description: 'The person fills in the delivery address and presses Save and continue: it is sent to the server.',
              target: 'saving',
            },
            'checkout.resume': {
              description: 'The person came back to pay an order placed earlier whose payment failed or was left unfinished: payment starts again for it.',
              target: '#checkout.payment',
              actions: { type: 'assignResumed', params: ({ event }) => ({ order: event.order, address: event.address }) },
            },
          },
        },
        saving: {
          description: 'Saving the address on the server, which checks it again.',
          invoke: {
            id: 'saveAddress',
            src: 'saveAddress',
            input: ({ event }) => (event as Extract<CheckoutEvent, { type: 'checkout.submitAddress' }>).address,
            onDone: {
              description: 'The server accepted and saved the address: the review of the order is shown.',
              target: '#checkout.review',
              actions: { type: 'assignAddress', params: ({ event }) => ({ address: event.output }) },
            },
            onError: {
              description: 'The server refused the address (the fields it names are marked) or could not be reached: the form stays, with the reason.',
              target: 'editing',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    review: {
      description: "The cart's kits, coupon and the server's figures, with the address, before placing the order.",
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for the person to place the order or change the address.',
          on: {
            'checkout.placeOrder': {
              description:
                "The person presses Place order and pay: the server is asked to make the order from the cart, with the cart's version and total as reviewed.",
              target: 'placing',
              actions: 'clearError',
            },
            'checkout.editAddress': {
              description: 'The person presses Change the address: the address form opens again.',
              target: '#checkout.address',
              actions: 'clearError',
            },
          },
        },
        placing: {
          description:
            'The server creates the order from the cart with its own prices and re-checks the coupon, if the cart is still the one reviewed.',
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ event }) => (event as Extract<CheckoutEvent, { type: 'checkout.placeOrder' }>).reviewed,
            onDone: {
              description: 'The server placed the order with its own prices and coupon: payment starts.',
              target: '#checkout.payment',
              actions: { type: 'assignOrder', params: ({ event }) => ({ order: event.output }) },
            },
            onError: [
              {
                description:
                  'The cart changed since it was reviewed (a kit added in another tab, a coupon removed, a price changed): no order was made, and the review shows the cart as the server sent it now.',
                guard: { type: 'cartChanged', params: ({ event }) => ({ error: event.error }) },
                target: 'changed',
                actions: [
                  'assignCartChanged',
                  { type: 'showChangedCart', params: ({ event }) => ({ cart: changedCartOf(event.error) as CartResponse }) },
                ],
              },
              {
                description: 'The server refused the order (e.g. the coupon ran out meanwhile) or could not be reached: the review shows why, and the person may try again.',
                target: 'idle',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        changed: {
          description:
            'The cart changed since the person reviewed it: "Your cart changed" above the kits and total as they are now, and the place-order button with the new total. Nothing was ordered or charged.',
          on: {
            'checkout.placeOrder': {
              description: 'The person reviewed the new cart and presses Place order and pay: the order is asked for with its version and total.',
              target: 'placing',
              actions: 'clearError',
            },
            'checkout.editAddress': {
              description: 'The person presses Change the address: the address form opens again.',
              target: '#checkout.address',
              actions: 'clearError',
            },
          },
        },
      },
    },
    payment: {
      description: "Paying the order's amount through the gateway.",
      initial: 'starting',
      states: {
        starting: {
          description: 'Opening a gateway order for the stored amount.',
          invoke: {
            id: 'startPayment',
            src: 'startPayment',
            input: ({ context }) => ({ orderId: context.order?._id ?? '' }),
            onDone: {
              description: "The server opened the gateway's payment for the order's amount: the payment window opens.",
              target: 'awaiting',
              actions: { type: 'assignPayment', params: ({ event }) => ({ payment: event.output }) },
            },
            onError: {
              description: 'The server could not open the payment: nothing was charged, and the person may retry.',
              target: '#checkout.failure',
              actions: { type: 'assignPaymentError', params: ({ event }) => ({ error: event.error, step: 'opening' as const }) },
            },
          },
        },
        awaiting: {
          description: "The gateway's widget is open; the person pays or the payment is declined.",
          on: {
            'checkout.authorized': {
              description: "The person paid in the gateway's window: the server is asked to check the payment.",
              target: '#checkout.verification',
              actions: { type: 'assignAuthorization', params: ({ event }) => ({ authorization: event.authorization }) },
            },
            'checkout.declined': {
              description: "The payment was declined (Decline the payment on the test gateway) or the person closed the gateway's window: nothing was charged.",
              target: '#checkout.failure',
              actions: { type: 'assignDeclined', params: ({ event }) => ({ message: event.message }) },
            },
            'checkout.gatewayUnreachable': {
              description: 'The gateway could not be reached (no connection): no payment was made, and the person may retry.',
              target: '#checkout.failure',
              actions: { type: 'assignPaymentError', params: ({ event }) => ({ error: event, step: 'opening' as const }) },
            },
          },
        },
      },
    },
    verification: {
      description: "The server checks the gateway's signature against the stored order and amount.",
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        // Set on the way in: checkout.authorized stores it before this state is entered.
        input: ({ context }) => context.authorization as PaymentAuthorization,
        onDone: {
          description: 'The server confirmed the payment: the order is paid and the success page opens.',
          target: 'success',
          actions: { type: 'assignPaid', params: ({ event }) => ({ orderId: event.output.orderId }) },
        },
        onError: [
          {
            description: 'The server refused the payment (a 4xx answer): the order is not paid, and the person may pay again.',
            guard: { type: 'confirmationRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'failure',
            actions: { type: 'assignPaymentError', params: ({ event }) => ({ error: event.error, step: 'confirming' as const }) },
          },
          {
            description:
              'The confirmation got no answer (no connection, or the server busy or failing): the money may have been taken, so nothing is decided yet.',
            target: 'unconfirmed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    unconfirmed: {
      description:
        'The gateway took the payment but its confirmation got no answer (no connection, or the server busy). The money may have left the account, so only the confirmation is asked for again, never a new payment.',
      on: {
        // Asking again is safe: the server confirms one payment of the order once, and again as the same answer.
        'checkout.retry': {
          description: 'The person presses Check again: the server is asked again to confirm the same payment.',
          target: 'verification',
          actions: 'clearError',
        },
      },
    },
    success: {
      description: 'The order is paid.',
      type: 'final',
    },
    failure: {
      description:
        'The payment could not be opened, was declined, or its confirmation was refused; the order is kept unpaid. The person may pay again.',
      on: {
        // The order stays as placed (same items, prices and coupon); only the payment is tried again.
        'checkout.retry': {
          description: 'The person presses Try again, Try the payment again or Pay again: payment starts again for the same order.',
          target: 'payment',
          actions: 'clearError',
        },
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The step shown in the progress indicator. */
export function checkoutStep(
  snapshot: CheckoutSnapshot,
): 'address' | 'review' | 'payment' | 'verification' | 'unconfirmed' | 'success' | 'failure' {
  if (snapshot.matches('address')) return 'address';
  if (snapshot.matches('review')) return 'review';
  if (snapshot.matches('payment')) return 'payment';
  if (snapshot.matches('verification')) return 'verification';
  if (snapshot.matches('unconfirmed')) return 'unconfirmed';
  if (snapshot.matches('success')) return 'success';
  return 'failure';
}
