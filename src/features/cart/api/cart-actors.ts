/**
 * The cart machine's calls, as the actors `cartMachine.provide({ actors })` expects. A failure the server explained
 * keeps its message and code; a network failure carries neither, so the machine says what to do in its own words.
 */
import { fromPromise } from 'xstate';
import { ApiError } from '../../../lib/api-client';
import { addCartItem } from './add-cart-item';
import { applyCartCoupon } from './apply-cart-coupon';
import { fetchCart, type CartResponse } from './get-cart';
import { removeCartCoupon } from './remove-cart-coupon';
import { removeCartItem } from './remove-cart-item';

async function explained<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError) throw { status: error.status, message: error.serverMessage, code: error.code };
    throw { status: 0 };
  }
}

export const cartActors = {
  fetchCart: fromPromise<CartResponse>(({ signal }) => explained(fetchCart(signal))),
  addItemToCart: fromPromise<CartResponse, { productId: string }>(({ input, signal }) => explained(addCartItem(input.productId, signal))),
  removeItemFromCart: fromPromise<CartResponse, { itemId: string }>(({ input, signal }) => explained(removeCartItem(input.itemId, signal))),
  applyCouponToCart: fromPromise<CartResponse, { code: string }>(({ input, signal }) => explained(applyCartCoupon(input.code, signal))),
  removeCouponFromCart: fromPromise<CartResponse>(({ signal }) => explained(removeCartCoupon(signal))),
};
