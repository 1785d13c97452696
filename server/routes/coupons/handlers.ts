import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { cartOfUser } from '../cart/queries';
import { cartResponse } from '../cart/handlers';
import { defineRoute } from '../define-route';
import { attachCoupon, checkCoupon, firstOrderOnlyMessage, notForCartMessage, type CouponCheck } from './queries';

/** Attempts per person per minute: enough for typos, too few to guess codes. */
export const COUPON_ATTEMPTS_PER_MINUTE = 10;

const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The refusal as the person should read it: what happened and what they can do. */
export function couponRefusalError(check: Exclude<CouponCheck, { coupon: unknown }>): HttpError {
  const { code } = check;
  switch (check.refusal) {
    case 'COUPON_UNKNOWN':
      return new HttpError(404, `There is no coupon ${code}. Check the spelling and try again.`, check.refusal);
    case 'COUPON_INACTIVE':
      return new HttpError(409, `The coupon ${code} is no longer available.`, check.refusal);
    case 'COUPON_NOT_STARTED':
      return new HttpError(
        409,
        `The coupon ${code} is not valid yet${check.validFrom ? `; you can use it from ${day.format(check.validFrom)}` : ''}.`,
        check.refusal,
      );
    case 'COUPON_EXPIRED':
      return new HttpError(
        409,
        `The coupon ${code} has expired${check.validUntil ? ` (it was valid until ${day.format(check.validUntil)})` : ''}.`,
        check.refusal,
      );
    case 'COUPON_ALREADY_USED':
      return new HttpError(
        409,
        check.perUserLimit === 1
          ? `You have already used the coupon ${code}; it can be used once per person.`
          : `You have already used the coupon ${code} ${check.perUserLimit} times, as often as it allows.`,
        check.refusal,
      );
    case 'COUPON_USED_UP':
      return new HttpError(409, `The coupon ${code} has been used as many times as it allows and cannot be applied now.`, check.refusal);
    case 'COUPON_FIRST_ORDER_ONLY':
      return new HttpError(409, firstOrderOnlyMessage(code), check.refusal);
    case 'COUPON_NOT_FOR_CART':
      return new HttpError(409, notForCartMessage(code, check.productNames), check.refusal);
  }
}

const perPerson = (request: FastifyRequest) => `user:${sessionOf(request).user.id}`;

export async function couponsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, 'applyCartCoupon', {
    // The rate-limit plugin runs after the contract's session check, so the session is known when the key is made.
    config: { rateLimit: { max: COUPON_ATTEMPTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: perPerson } },
    handler: async (request) => {
      const { code } = request.body;
      const userId = sessionOf(request).user.id;
      const check = await checkCoupon(app.db, code, userId);
      if ('refusal' in check) throw couponRefusalError(check);
      await cartOfUser(app.db, userId);
      await attachCoupon(app.db, userId, check.coupon.id);
      return cartResponse(app.db, userId);
    },
  });

  defineRoute(app, 'removeCartCoupon', {
    handler: async (request) => {
      const userId = sessionOf(request).user.id;
      await cartOfUser(app.db, userId);
      await attachCoupon(app.db, userId, null);
      return cartResponse(app.db, userId);
    },
  });
}
