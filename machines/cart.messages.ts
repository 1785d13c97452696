/**
 * What the cart says when a call to the API fails: the server's own words when it sent some, otherwise what to do.
 */

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

export function messageOf(error: unknown, fallback = CART_FETCH_FAILED_MESSAGE): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return error.message.trim() || fallback;
  }
  return fallback;
}

export function codeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

/** Why a change failed, in words for the person, and the API's error code (e.g. COUPON_EXPIRED) when it sent one. */
export function failureOf(operation: CartOperation, error: unknown): { message: string; code: string | null } {
  return { message: messageOf(error, CART_REQUEST_FAILED_MESSAGES[operation]), code: codeOf(error) };
}
