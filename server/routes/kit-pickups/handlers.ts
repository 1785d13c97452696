import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../errors';
import { sessionOf } from '../../plugins/auth';
import { actorOf, writeAudit } from '../../services/audit';
import { dayOf, shopEmailOf } from '../../services/shipping';
import { defineRoute } from '../define-route';
import { asked } from '../admin-orders/shipments';
import { kitOfUser } from '../kits/queries';
import { orderById } from '../orders/queries';
import { assertPickupStep, checkPickupBooking, currentReturn, pickupAnswer, pickupRequest, pickupStateOf } from './queries';

const KIT_NOT_FOUND = 'There is no such kit in your account.';

/** The courier pickup of a kit's sample: its owner books, moves and cancels it. */
export async function kitPickupRoutes(app: FastifyInstance): Promise<void> {
  const shopEmail = shopEmailOf(app.config.messages.from);
  const ownKit = async (userId: string, kitId: string) => {
    const kit = await kitOfUser(app.db, userId, kitId);
    if (!kit) throw notFound(KIT_NOT_FOUND);
    return kit;
  };

  defineRoute(app, 'getSamplePickup', {
    handler: async (request) => pickupAnswer(app.db, await ownKit(sessionOf(request).user.id, request.params.id), app.shipping !== null, new Date()),
  });

  defineRoute(app, 'bookSamplePickup', {
    handler: async (request) => {
      const user = sessionOf(request).user;
      const kit = await ownKit(user.id, request.params.id);
      const provider = app.shipping;
      const now = new Date();
      const earlier = await currentReturn(app.db, kit.id);
      const rescheduling = pickupStateOf(kit.state, earlier) === 'booked';
      assertPickupStep(kit.state, pickupStateOf(kit.state, earlier), rescheduling ? 'pickup.reschedule' : 'pickup.book', provider !== null);
      const address = checkPickupBooking(request.body, now);
      const date = request.body.date;
      const serviceable = await asked(() => provider!.serviceability({ pin: address.pincode, direction: 'return', weightGrams: 200 }));
      if (!serviceable.serviceable) throw new HttpError(409, `${serviceable.reason} Post your sample with the prepaid envelope in the box instead.`, 'NOT_SERVICEABLE');
      // The courier comes once: the pickup booked before is cancelled with it first.
      if (rescheduling && earlier?.provider_order_id && earlier.awb) {
        await asked(() => provider!.cancel({ providerOrderId: earlier.provider_order_id!, awb: earlier.awb! }));
        await app.db.query(`UPDATE shipments SET state = 'cancelled', cancelled_at = now() WHERE id = $1 AND state = 'booked'`, [earlier.id]);
      }
      const [email] = await app.db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [user.id]);
      const order = await orderById(app.db, kit.order_id);
      const booking = await app.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM kits WHERE id = $1 FOR UPDATE', [kit.id]);
        const open = await currentReturn(tx, kit.id, true);
        // An earlier try for the same day and address whose answer was lost: the provider finds it by its reference.
        if (open?.state === 'booking' && dayOf(open.pickup_date) === date && JSON.stringify(open.address) === JSON.stringify(address)) return open;
        if (open?.state === 'booking') await tx.query(`UPDATE shipments SET state = 'cancelled', cancelled_at = now() WHERE id = $1`, [open.id]);
        const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM shipments WHERE direction = 'return' AND $1 = ANY(kit_ids)`, [kit.id]);
        const [row] = await tx.query<{ id: string; reference: string }>(
          `INSERT INTO shipments (order_id, direction, kit_ids, provider, reference, pickup_date, address, created_by)
           VALUES ($1, 'return', $2, $3, $4, $5, $6, $7) RETURNING id, reference`,
          [kit.order_id, [kit.id], provider!.name, `${kit.box_code}-P${count + 1}`, date, JSON.stringify(address), user.id],
        );
        return row!;
      });
      let booked;
      try {
        booked = await asked(() =>
          provider!.book(pickupRequest(kit, address, email?.email ?? shopEmail, date, booking.reference, order ? new Date(order.created_at) : now)),
        );
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) await app.db.query(`UPDATE shipments SET state = 'cancelled', cancelled_at = now() WHERE id = $1 AND state = 'booking'`, [booking.id]);
        throw error;
      }
      await app.db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE shipments SET state = 'booked', provider_order_id = $2, provider_shipment_id = $3, awb = $4, courier = $5, tracking_url = $6,
                  pickup_date = $7, booked_at = now() WHERE id = $1 AND state = 'booking' RETURNING id`,
          [booking.id, booked.providerOrderId, booked.providerShipmentId, booked.awb, booked.courier, booked.trackingUrl, booked.pickupDate ?? date],
        );
        if (updated.length === 0) return;
        await writeAudit(tx, {
          actor: actorOf(request),
          action: rescheduling ? 'kit.pickupRescheduled' : 'kit.pickupBooked',
          entity: 'kit',
          entityId: kit.id,
          subject: user.id,
          before: rescheduling && earlier ? { awb: earlier.awb, date: dayOf(earlier.pickup_date) } : null,
          after: { awb: booked.awb, courier: booked.courier, date: booked.pickupDate ?? date, pincode: address.pincode },
        });
        await app.messages.pickupBooked(tx, kit.id, {
          shipmentId: booking.id,
          orderId: kit.order_id,
          date: booked.pickupDate ?? date,
          courier: booked.courier,
          awb: booked.awb,
          trackingUrl: booked.trackingUrl,
          address: [address.line1, address.line2, `${address.city} ${address.pincode}`].filter(Boolean).join(', '),
          phone: address.phone,
          moved: rescheduling,
        });
      });
      return pickupAnswer(app.db, kit, true, now);
    },
  });

  defineRoute(app, 'cancelSamplePickup', {
    handler: async (request) => {
      const user = sessionOf(request).user;
      const kit = await ownKit(user.id, request.params.id);
      const provider = app.shipping;
      const earlier = await currentReturn(app.db, kit.id);
      assertPickupStep(kit.state, pickupStateOf(kit.state, earlier), 'pickup.cancel', provider !== null);
      await asked(() => provider!.cancel({ providerOrderId: earlier!.provider_order_id!, awb: earlier!.awb! }));
      await app.db.transaction(async (tx) => {
        const cancelled = await tx.query(`UPDATE shipments SET state = 'cancelled', cancelled_at = now() WHERE id = $1 AND state = 'booked' RETURNING id`, [earlier!.id]);
        if (cancelled.length === 0) return;
        await writeAudit(tx, {
          actor: actorOf(request),
          action: 'kit.pickupCancelled',
          entity: 'kit',
          entityId: kit.id,
          subject: user.id,
          before: { awb: earlier!.awb, date: dayOf(earlier!.pickup_date) },
          after: null,
        });
      });
      return pickupAnswer(app.db, kit, true, new Date());
    },
  });
}
