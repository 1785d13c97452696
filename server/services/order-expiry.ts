/**
 * Orders left unpaid expire on their own: after UNPAID_ORDER_EXPIRY_HOURS an order still waiting for payment, with
 * no payment opened in that time either, is cancelled by the shop, its coupon use is given back, and the audit log
 * says so. The sweep is a scheduled task, run once per interval across the API processes; rows are also locked with
 * SKIP LOCKED, so two sweeps never expire the same order twice, and a payment being verified at that moment either
 * wins or finds the order cancelled.
 */
import type { Db } from '../db';
import { SYSTEM_ACTOR, writeAudit } from './audit';

/** How often the shop looks for expired orders (once across all processes, see `schedule.ts`). */
export const EXPIRY_SWEEP_EVERY_SECONDS = 10 * 60;
/** Orders expired per transaction, so that a backlog never holds many locks at once. */
const BATCH = 200;

/** Expires the orders unpaid for `hours`; returns how many. */
export async function expireUnpaidOrders(db: Db, hours: number): Promise<number> {
  let expired = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; user_id: string; coupon_code: string | null }>(
        `WITH stale AS (
           SELECT o.id FROM orders o
           WHERE o.status = 'pending' AND o.created_at < now() - make_interval(hours => $1)
             AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.created_at >= now() - make_interval(hours => $1))
           ORDER BY o.created_at
           LIMIT ${BATCH}
           FOR UPDATE OF o SKIP LOCKED
         )
         UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'expired'
         FROM stale WHERE orders.id = stale.id
         RETURNING orders.id, orders.user_id, orders.coupon_code`,
        [hours],
      );
      for (const order of rows) {
        const released = await tx.query('DELETE FROM coupon_redemptions WHERE order_id = $1 RETURNING id', [order.id]);
        await writeAudit(tx, {
          actor: SYSTEM_ACTOR,
          action: 'order.expired',
          entity: 'order',
          entityId: order.id,
          subject: order.user_id,
          before: { status: 'pending' },
          after: { status: 'cancelled', couponUseReleased: released.length > 0 ? order.coupon_code : null },
          reason: `Not paid within ${hours} hours.`,
        });
      }
      return rows.length;
    });
    expired += batch;
    if (batch < BATCH) return expired;
  }
}
