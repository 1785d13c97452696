/**
 * The cart machine's calls, as the actors `cartMachine.provide({ actors })` expects. A refusal keeps the server's
 * message and code, a busy or failing server says so; a call that got no answer carries no message, so the machine
 * says in its own words what could not be done and to check the connection.
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
    if (error instanceof ApiError) {
      throw { status: error.status, message: error.kind === 'offline' ? undefined : error.message, code: error.code };
    }
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
