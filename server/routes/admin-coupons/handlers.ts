/** Coupons for admins: the list with redemptions, making, changing, ending and deleting one. Every change is audited. */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { actorOf } from '../../services/audit';
import { defineRoute } from '../define-route';
import { COUPON_NOT_FOUND, couponById, createCoupon, deleteCoupon, endCoupon, listCoupons, updateCoupon } from './queries';

export async function adminCouponRoutes(app: FastifyInstance): Promise<void> {
  const couponAnswer = async (id: string) => {
    const coupon = await couponById(app.db, id);
    if (!coupon) throw notFound(COUPON_NOT_FOUND);
    return { coupon };
  };

  defineRoute(app, 'listAdminCoupons', {
    handler: async (request) => {
      const { sort = '-createdAt', limit = 20, offset = 0, q, status } = request.query;
      return listCoupons(app.db, { q, status, sort, limit, offset });
    },
  });

  defineRoute(app, 'getAdminCoupon', {
    handler: async (request) => couponAnswer(request.params.id),
  });

  defineRoute(app, 'createAdminCoupon', {
    handler: async (request, reply) => {
      const id = await app.db.transaction((tx) => createCoupon(tx, actorOf(request), request.body));
      return reply.status(201).send(await couponAnswer(id));
    },
  });

  defineRoute(app, 'updateAdminCoupon', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => updateCoupon(tx, actorOf(request), id, request.body));
      return couponAnswer(id);
    },
  });

  defineRoute(app, 'endAdminCoupon', {
    handler: async (request) => {
      const { id } = request.params;
      await app.db.transaction((tx) => endCoupon(tx, actorOf(request), id));
      return couponAnswer(id);
    },
  });

  defineRoute(app, 'deleteAdminCoupon', {
    handler: async (request, reply) => {
      await app.db.transaction((tx) => deleteCoupon(tx, actorOf(request), request.params.id));
      return reply.status(204).send();
    },
  });
}
