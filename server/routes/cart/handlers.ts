import type { FastifyInstance } from 'fastify';
import type { components } from '../../../openapi/schema';
import { payableAfterCoupon } from '../../../machines/pricing';
import type { Db } from '../../db';
import { requireUser, sessionOf } from '../../plugins/auth';
import { cartItems, cartOfUser } from './queries';

type CartResponse = components['schemas']['CartResponse'];

/** The cart as the contract shows it; every amount is computed here from the catalogue, never taken from a client. */
export async function cartResponse(db: Db, userId: string): Promise<CartResponse> {
  const cart = await cartOfUser(db, userId);
  const items = await cartItems(db, cart.id);
  const actualPrice = items.reduce((sum, item) => sum + item.price, 0);
  const couponApplies = cart.coupon_usable === true && cart.coupon_percentage !== null;
  const percentage = couponApplies ? cart.coupon_percentage! : 0;
  return {
    cart: {
      _id: cart.id,
      user: cart.user_id,
      price: payableAfterCoupon(actualPrice, percentage),
      actual_price: actualPrice,
      discountInPercentage: percentage,
      coupon: couponApplies ? cart.coupon_code : null,
      kits: items.map((item) => item.id),
    },
    kits: items.map((item) => ({
      _id: item.id,
      product: item.product_id,
      code: item.code,
      name: item.name,
      price: item.price,
      actual_price: item.actual_price,
      image: item.image,
    })),
  };
}

export async function cartRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    ...app.contract.route('getCart'),
    onRequest: requireUser,
    handler: async (request) => cartResponse(app.db, sessionOf(request).user.id),
  });
}
