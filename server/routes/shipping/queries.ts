/**
 * What a courier's tracking update does. Each scan is kept once; the parcel's status follows the newest scan, so an
 * older one arriving late (webhooks are retried and reordered) is kept in its timeline without taking the parcel
 * back; and a parcel's delivery moves its kits once, and only where the kit-journey machine allows it (a kit refunded
 * meanwhile stays refunded): a forward parcel's to delivered, a sample's return to the lab to sample received.
 */
import { nextJourneyState, type KitJourneyState } from '../../../machines/kit-journey';
import type { Queryable } from '../../db';
import { SYSTEM_ACTOR, writeAudit } from '../../services/audit';
import type { TrackingUpdate } from '../../services/shipping';
import { advanceKit } from '../kits/queries';

export type TrackingOutcome =
  | { status: 'ignored' }
  | { status: 'duplicate' }
  /** `moved`: the kits the update took a journey `step` (delivered, or their sample received at the lab). */
  | { status: 'processed'; orderId: string; step: 'deliver' | 'receiveSample' | null; moved: string[] };

export async function applyTrackingUpdate(tx: Queryable, update: TrackingUpdate): Promise<TrackingOutcome> {
  const [shipment] = await tx.query<{ id: string; order_id: string; direction: 'forward' | 'return'; kit_ids: string[]; tracking_status: string; tracking_at: Date | string | null }>(
    `SELECT id, order_id, direction, kit_ids, tracking_status, tracking_at FROM shipments WHERE awb = $1 AND state = 'booked' FOR UPDATE`,
    [update.awb],
  );
  if (!shipment) return { status: 'ignored' };
  let changed = false;
  for (const scan of update.scans) {
    const inserted = await tx.query(
      `INSERT INTO shipment_scans (shipment_id, at, status, activity, location) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING shipment_id`,
      [shipment.id, scan.at, scan.status, scan.activity.slice(0, 200), scan.location?.slice(0, 120) ?? null],
    );
    changed ||= inserted.length > 0;
  }
  const newer = shipment.tracking_at === null || new Date(update.at).getTime() >= new Date(shipment.tracking_at).getTime();
  if (newer && (shipment.tracking_status !== update.status || shipment.tracking_at === null || new Date(update.at).getTime() !== new Date(shipment.tracking_at).getTime())) {
    await tx.query('UPDATE shipments SET tracking_status = $2, tracking_at = $3 WHERE id = $1', [shipment.id, update.status, update.at]);
    changed = true;
  }
  const moved: string[] = [];
  // Delivered is a fact whenever it comes: a late "in transit" does not undo it, and a late "delivered" still counts.
  const deliveredScan = update.status === 'delivered' || update.scans.some((scan) => scan.status === 'delivered');
  if (deliveredScan) {
    // Forward, the kits reach the customer; back, the sample reaches the lab. Only a kit the journey allows moves:
    // one activated before the courier said delivered stays activated, one refunded stays refunded.
    const [from, event, step] = shipment.direction === 'forward' ? (['shipped', 'journey.deliver', 'deliver'] as const) : (['activated', 'journey.receiveSample', 'receiveSample'] as const);
    const kits = await tx.query<{ id: string; box_code: string; state: KitJourneyState; user_id: string }>(
      'SELECT id, box_code, state, user_id FROM kits WHERE id = ANY($1) ORDER BY id FOR UPDATE',
      [shipment.kit_ids],
    );
    const moving = kits.filter((kit) => kit.state === from && nextJourneyState(kit.state, event) !== null);
    for (const kit of moving) await advanceKit(tx, kit.id, event);
    if (moving.length > 0) {
      await writeAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: shipment.direction === 'forward' ? 'order.delivered' : 'order.sampleReceived',
        entity: 'order',
        entityId: shipment.order_id,
        subject: kits[0]?.user_id ?? null,
        before: { kits: moving.map((kit) => ({ kit: kit.id, boxCode: kit.box_code, state: kit.state })) },
        after: { kits: moving.map((kit) => ({ kit: kit.id, boxCode: kit.box_code, state: nextJourneyState(kit.state, event) })), awb: update.awb, by: 'courier' },
        reason: null,
      });
      moved.push(...moving.map((kit) => kit.id));
      changed = true;
    }
    return changed ? { status: 'processed', orderId: shipment.order_id, step, moved } : { status: 'duplicate' };
  }
  return changed ? { status: 'processed', orderId: shipment.order_id, step: null, moved: [] } : { status: 'duplicate' };
}
