/**
 * The courier pickup of an activated kit's sample, to the lab. The pickup's state is the sample-pickup machine's
 * (`machines/sample-pickup.ts`), read from the kit's latest return shipment: booked until the courier scans it,
 * then on its way, then at the lab; a kit whose sample the lab has received by any way is at the lab.
 */
import { validateAddress, type DeliveryAddress } from '../../../machines/address';
import { nextPickupState, type PickupState } from '../../../machines/sample-pickup';
import type { KitJourneyState } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { courierAddress, dayOf, indianDay, type ShipmentRequest, type TrackingStatus } from '../../services/shipping';
import { iso, orderById, shippingAddress } from '../orders/queries';
import { savedAddress } from '../addresses/queries';

type SamplePickup = components['schemas']['SamplePickup'];
type SamplePickupResponse = components['schemas']['SamplePickupResponse'];

/** Days offered for a pickup: from tomorrow, six of them, Sundays left out (couriers do not collect then). */
const DAYS_OFFERED = 6;

/** The sample's box as the courier weighs it. */
export const SAMPLE_BOX = { weightGrams: 200, lengthCm: 16, breadthCm: 12, heightCm: 6 } as const;

export interface ReturnRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  reference: string;
  state: 'booking' | 'booked' | 'cancelled';
  provider: 'test' | 'shiprocket';
  provider_order_id: string | null;
  awb: string | null;
  courier: string | null;
  tracking_url: string | null;
  pickup_date: string | Date | null;
  tracking_status: TrackingStatus;
  address: DeliveryAddress | null;
  booked_at: Date | string | null;
  created_at: Date | string;
}

const RETURN_COLUMNS = `id, order_id, reference, state, provider, provider_order_id, awb, courier, tracking_url, pickup_date, tracking_status, address,
  booked_at, created_at`;

/** The kit's current pickup: its latest return shipment that was not cancelled. */
export async function currentReturn(db: Queryable, kitId: string, lock = false): Promise<ReturnRow | undefined> {
  const [row] = await db.query<ReturnRow>(
    `SELECT ${RETURN_COLUMNS} FROM shipments WHERE direction = 'return' AND $1 = ANY(kit_ids) AND state <> 'cancelled'
      ORDER BY created_at DESC, id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
    [kitId],
  );
  return row;
}

const COLLECTED: ReadonlySet<TrackingStatus> = new Set(['pickedUp', 'inTransit', 'outForDelivery', 'undelivered', 'returningToOrigin', 'returnedToOrigin', 'lost']);
const AT_THE_LAB: ReadonlySet<KitJourneyState> = new Set(['sampleReceived', 'reportReady', 'qcFailed', 'replaced']);

/** Where the pickup is: the machine's state, from the kit's journey and its return's scans. */
export function pickupStateOf(kitState: KitJourneyState, row: ReturnRow | undefined): PickupState {
  if (AT_THE_LAB.has(kitState)) return 'atLab';
  if (!row || row.state !== 'booked') return 'none';
  if (row.tracking_status === 'delivered') return 'atLab';
  return COLLECTED.has(row.tracking_status) ? 'inTransit' : 'booked';
}

/** The days a pickup can be booked for, in India's calendar. */
export function pickupDays(now: Date): string[] {
  const days: string[] = [];
  for (let ahead = 1; days.length < DAYS_OFFERED; ahead += 1) {
    const day = indianDay(now, ahead);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() !== 0) days.push(day);
  }
  return days;
}

async function scansOf(db: Queryable, shipmentId: string): Promise<SamplePickup['scans']> {
  const scans = await db.query<{ at: Date | string; status: TrackingStatus; activity: string; location: string | null }>(
    'SELECT at, status, activity, location FROM shipment_scans WHERE shipment_id = $1 ORDER BY at, activity',
    [shipmentId],
  );
  return scans.map((scan) => ({ at: iso(scan.at), status: scan.status, activity: scan.activity, location: scan.location }));
}

/** Why a pickup cannot be booked or changed now; null when it can. */
export function pickupRefusal(kitState: KitJourneyState, state: PickupState, configured: boolean): string | null {
  if (!configured) return 'Pickups cannot be booked online at the moment: post your sample with the prepaid envelope in the box.';
  if (state === 'inTransit') return 'The courier has your sample: it is on its way to the lab.';
  if (state === 'atLab') return 'The lab has your sample.';
  if (kitState !== 'activated') return 'Activate your kit first; then book the pickup of your sample.';
  return null;
}

/** The kit's pickup, and what booking one offers. */
export async function pickupAnswer(
  db: Queryable,
  kit: { id: string; order_id: string; user_id: string; state: KitJourneyState },
  configured: boolean,
  now: Date,
): Promise<SamplePickupResponse> {
  const row = await currentReturn(db, kit.id);
  const state = pickupStateOf(kit.state, row);
  const pickup: SamplePickup | null =
    row && row.state === 'booked' && state !== 'none'
      ? {
          state,
          date: dayOf(row.pickup_date),
          courier: row.courier ?? '',
          awb: row.awb ?? '',
          trackingUrl: row.tracking_url ?? '',
          address: row.address ?? (await defaultAddress(db, kit)) ?? ({} as DeliveryAddress),
          bookedAt: iso(row.booked_at ?? row.created_at),
          scans: await scansOf(db, row.id),
        }
      : null;
  const reason = pickupRefusal(kit.state, state, configured);
  return { pickup, bookable: reason === null, reason, days: reason === null ? pickupDays(now) : [], address: pickup?.address ?? (await defaultAddress(db, kit)) };
}

/** Where the sample is most likely collected from: the kit's delivery address when it is the buyer's, else the person's saved address. */
async function defaultAddress(db: Queryable, kit: { id: string; order_id: string; user_id: string }): Promise<DeliveryAddress | null> {
  const order = await orderById(db, kit.order_id);
  if (order && order.user_id === kit.user_id) {
    const [own] = await db.query<{ ship_address: DeliveryAddress | null }>('SELECT ship_address FROM kits WHERE id = $1', [kit.id]);
    return own?.ship_address ?? shippingAddress(order);
  }
  return savedAddress(db, kit.user_id);
}

/** The booking's address and day checked as the checkout checks an address; the day must be one offered. */
export function checkPickupBooking(body: { address: DeliveryAddress; date: string }, now: Date): DeliveryAddress {
  const errors = validateAddress(body.address);
  const fields = Object.fromEntries(Object.entries(errors).map(([field, reason]) => [`address.${field}`, reason]));
  if (!pickupDays(now).includes(body.date)) fields.date = 'Choose one of the days offered.';
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
  const address = body.address;
  return {
    name: address.name.trim(),
    phone: address.phone.trim(),
    line1: address.line1.trim(),
    ...(address.line2?.trim() ? { line2: address.line2.trim() } : {}),
    city: address.city.trim(),
    state: address.state,
    pincode: address.pincode.trim(),
  };
}

/** The pickup as the provider is asked for it: from the person's door to the lab, on the chosen day. */
export function pickupRequest(kit: { box_code: string; product_name: string; product_code: string }, address: DeliveryAddress, email: string, date: string, reference: string, orderDate: Date): ShipmentRequest {
  return {
    direction: 'return',
    reference,
    orderDate,
    address: courierAddress(address, email),
    items: [{ name: `Sample of ${kit.product_name} ${kit.box_code}`, sku: `SAMPLE-${kit.product_code}`, units: 1, price: 0, hsn: '3002' }],
    parcel: SAMPLE_BOX,
    pickupDate: date,
  };
}

/** Refuses a change the pickup machine does not allow from where the pickup is. */
export function assertPickupStep(kitState: KitJourneyState, state: PickupState, event: 'pickup.book' | 'pickup.reschedule' | 'pickup.cancel', configured: boolean): void {
  const reason = pickupRefusal(kitState, state, configured);
  if (reason && !configured) throw new HttpError(409, reason, 'SHIPPING_NOT_CONFIGURED');
  if (reason) throw new HttpError(409, reason, 'PICKUP_NOT_ALLOWED');
  if (nextPickupState(state, event) === null) {
    throw new HttpError(409, event === 'pickup.cancel' ? 'No pickup is booked for this sample.' : 'This pickup cannot be changed now.', 'PICKUP_NOT_ALLOWED');
  }
}
