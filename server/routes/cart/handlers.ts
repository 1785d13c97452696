import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/schema';
import { couponTotals, MAX_KITS_PER_CART } from '../../../machines/pricing';
import type { Db } from '../../db';
import { HttpError } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { defineRoute } from '../define-route';
import { addItemBelowLimit, cartItems, cartOfUser, productForCart, removeItemOfUser } from './queries';

type CartResponse = components['schemas']['CartResponse'];

/** The cart as the contract shows it; every amount is computed here from the catalogue, never taken from a client. */
export async function cartResponse(db: Db, userId: string): Promise<CartResponse> {
  const cart = await cartOfUser(db, userId);
  const items = await cartItems(db, cart.id);
  const couponApplies = cart.coupon_usable === true && cart.coupon_percentage !== null;
  const percentage = couponApplies ? cart.coupon_percentage! : 0;
  // The coupon's discount is worked out per kit: a coupon limited to some kits takes its percentage off those only.
  const terms = couponApplies ? { percentage, products: cart.coupon_products } : null;
  const { actualPrice, discount, price, discounts } = couponTotals(
    // A kit taken off sale stays in the cart as a line to remove, and counts in no total.
    items.map((item) => ({ price: item.available ? item.price : 0, product: item.product_id })),
    terms,
  );
  return {
    cart: {
      _id: cart.id,
      user: cart.user_id,
      price,
      actual_price: actualPrice,
      discountInPercentage: percentage,
      coupon: couponApplies ? cart.coupon_code : null,
      couponProducts: couponApplies && cart.coupon_products.length > 0 ? cart.coupon_product_names : null,
      discount,
      version: cart.version,
      kits: items.map((item) => item.id),
    },
    kits: items.map((item, index) => ({
      _id: item.id,
      product: item.product_id,
      code: item.code,
      name: item.name,
      price: item.price,
      actual_price: item.actual_price,
      image: item.image,
      available: item.available,
      discount: discounts[index] ?? 0,
    })),
  };
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'getCart', {
    handler: async (request) => cartResponse(app.db, sessionOf(request).user.id),
  });

  defineRoute(app, 'addCartItem', {
    handler: async (request) => {
      const { productId } = request.body;
      const userId = sessionOf(request).user.id;
      const found = await productForCart(app.db, productId);
      if (!found) throw new HttpError(404, 'This kit is not on sale any more. Please choose another kit.', 'PRODUCT_NOT_FOUND');
      if (!found.active) throw new HttpError(409, 'This kit is not available right now, so it cannot be added to your cart.', 'PRODUCT_UNAVAILABLE');
      const product = found.id;
      const cart = await cartOfUser(app.db, userId);
      if (!(await addItemBelowLimit(app.db, cart.id, product, MAX_KITS_PER_CART))) {
        throw new HttpError(
          409,
          `Your cart already holds ${MAX_KITS_PER_CART} kits, the most one order can take. Remove a kit before adding another.`,
          'CART_FULL',
        );
      }
      return cartResponse(app.db, userId);
    },
  });

  defineRoute(app, 'removeCartItem', {
    handler: async (request) => {
      const { itemId } = request.params;
      const userId = sessionOf(request).user.id;
      if (!(await removeItemOfUser(app.db, userId, itemId))) {
        throw new HttpError(404, 'This kit is not in your cart any more.', 'CART_ITEM_NOT_FOUND');
      }
      return cartResponse(app.db, userId);
    },
  });
}
