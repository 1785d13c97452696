/**
 * Shipping an order's kits through the courier aggregator. A booking has three steps, because the provider is asked
 * outside any transaction: the shop writes its intent (a `booking` row with the reference the provider will keep),
 * asks the provider, then records its answer and ships the kits in one transaction. A booking interrupted between
 * the two (its answer lost, the process killed) is found by its kits and reference on the next try, and the provider
 * finds the parcel it booked under that reference instead of booking a second.
 */
import { nextJourneyState } from '../../../machines/kit-journey';
import type { DeliveryAddress } from '../../../machines/address';
import type { components } from '../../../openapi/schema';
import type { Db, Queryable } from '../../db';
import { HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { courierAddress, dayOf, ShippingRefused, ShippingUnavailable, type BookedShipment, type ShipmentRequest, type ShippingProvider, type TrackingStatus } from '../../services/shipping';
import { iso, orderBody, orderById, orderNumber, shippingAddress, type OrderRow } from '../orders/queries';
import { destinationKey } from './corrections';
import { kitName, kitsOfOrder, kitValues, lockOrder, stateWords, type KitRow } from './queries';

type CourierShipment = components['schemas']['CourierShipment'];

/** One kit's box as the courier weighs it; a parcel of several kits is as tall as their boxes stacked. */
const KIT_BOX = { weightGrams: 400, lengthCm: 22, breadthCm: 16, heightCm: 8 } as const;

interface ShipmentRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  direction: 'forward' | 'return';
  kit_ids: string[];
  provider: 'test' | 'shiprocket';
  reference: string;
  state: 'booking' | 'booked' | 'cancelled';
  provider_order_id: string | null;
  provider_shipment_id: string | null;
  awb: string | null;
  courier: string | null;
  tracking_url: string | null;
  pickup_date: string | Date | null;
  tracking_status: TrackingStatus;
  tracking_at: Date | string | null;
  address: DeliveryAddress | null;
  booked_at: Date | string | null;
}

const SHIPMENT_COLUMNS = `id, order_id, direction, kit_ids, provider, reference, state, provider_order_id, provider_shipment_id, awb, courier,
  tracking_url, pickup_date, tracking_status, tracking_at, address, booked_at`;

/** The order's booked parcels with their scans, oldest first. */
export async function courierShipments(db: Queryable, orderId: string): Promise<CourierShipment[]> {
  const rows = await db.query<ShipmentRow>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE order_id = $1 AND state = 'booked' ORDER BY created_at, id`, [orderId]);
  if (rows.length === 0) return [];
  const scans = await db.query<{ shipment_id: string; at: Date | string; status: TrackingStatus; activity: string; location: string | null }>(
    'SELECT shipment_id, at, status, activity, location FROM shipment_scans WHERE shipment_id = ANY($1) ORDER BY at, activity',
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => ({
    _id: row.id,
    direction: row.direction,
    kitIds: row.kit_ids,
    provider: row.provider,
    courier: row.courier ?? '',
    awb: row.awb ?? '',
    trackingUrl: row.tracking_url ?? '',
    pickupDate: dayOf(row.pickup_date),
    status: row.tracking_status,
    statusAt: row.tracking_at ? iso(row.tracking_at) : null,
    bookedAt: iso(row.booked_at ?? new Date(0)),
    scans: scans
      .filter((scan) => scan.shipment_id === row.id)
      .map((scan) => ({ at: iso(scan.at), status: scan.status, activity: scan.activity, location: scan.location })),
  }));
}

/** The kits a booking ships: those named, or every kit of the order waiting to ship; all must be allowed to ship, to one address. */
function bookingScope(kits: KitRow[], kitIds: readonly string[] | undefined): KitRow[] {
  const byId = new Map(kits.map((kit) => [kit.id, kit]));
  const scope = kitIds
    ? kitIds.map((id) => {
        const kit = byId.get(id);
        if (!kit) throw notFound('There is no such kit in this order.');
        return kit;
      })
    : kits.filter((kit) => kit.state === 'paid');
  if (scope.length === 0) throw new HttpError(409, 'Nothing in this order is waiting to be shipped.', 'JOURNEY_STEP_NOT_ALLOWED');
  const refused = scope.filter((kit) => nextJourneyState(kit.state, 'journey.ship') === null);
  if (refused.length > 0) {
    throw new HttpError(409, `This cannot be shipped: ${refused.map((kit) => `${kitName(kit)} is ${stateWords(kit.state)}`).join('; ')}.`, 'JOURNEY_STEP_NOT_ALLOWED');
  }
  if (new Set(scope.map(destinationKey)).size > 1) {
    throw new HttpError(409, "These kits go to different addresses: ship each address's kits as a parcel of their own.", 'JOURNEY_STEP_NOT_ALLOWED');
  }
  return scope;
}

const sameKits = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

interface Booking {
  orderId: string;
  shipmentId: string;
  kitIds: string[];
  request: ShipmentRequest;
}

/** A parcel of `kits` for the provider: their address, each at what it was paid (its product's HSN), and their box. */
async function parcelOf(db: Queryable, row: OrderRow, kits: KitRow[], allKits: KitRow[], reference: string, fallbackEmail: string): Promise<ShipmentRequest> {
  const values = kitValues(row, (await orderBody(db, row)).items, allKits);
  const address = kits[0]?.ship_address ?? shippingAddress(row);
  const [customer] = await db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [row.user_id]);
  const items = new Map<string, ShipmentRequest['items'][number]>();
  for (const kit of kits) {
    const [product] = await db.query<{ hsn_sac: string }>('SELECT hsn_sac FROM products WHERE id = $1', [kit.product_id]);
    const value = values.get(kit.id) ?? 0;
    const item = items.get(`${kit.product_id}:${value}`);
    if (item) item.units += 1;
    else items.set(`${kit.product_id}:${value}`, { name: kit.name, sku: kit.code, units: 1, price: value, hsn: product?.hsn_sac ?? '' });
  }
  return {
    direction: 'forward',
    reference,
    orderDate: new Date(row.created_at),
    address: courierAddress(address, customer?.email ?? fallbackEmail),
    items: [...items.values()],
    parcel: { ...KIT_BOX, weightGrams: KIT_BOX.weightGrams * kits.length, heightCm: KIT_BOX.heightCm * kits.length },
  };
}

/** What the provider is asked for: the kits a booking ships, as a parcel; its reference is given when the intent is written. */
async function shipmentRequest(db: Queryable, orderId: string, kitIds: readonly string[] | undefined, fallbackEmail: string): Promise<Omit<Booking, 'shipmentId'>> {
  const row = await orderById(db, orderId);
  if (!row) throw notFound('There is no such order.');
  const kits = await kitsOfOrder(db, orderId);
  const scope = bookingScope(kits, kitIds);
  return { orderId, kitIds: scope.map((kit) => kit.id), request: await parcelOf(db, row, scope, kits, '', fallbackEmail) };
}

/**
 * Writes the intent to book (or finds the one an interrupted try left for the same kits), under the order's lock, so
 * that two staff pressing Ship at once book one parcel.
 */
async function holdBooking(tx: Queryable, actor: AuditActor, provider: ShippingProvider, planned: Omit<Booking, 'shipmentId'>): Promise<Booking> {
  const order = await lockOrder(tx, planned.orderId);
  const kits = await kitsOfOrder(tx, planned.orderId, true);
  bookingScope(kits, planned.kitIds);
  const open = await tx.query<ShipmentRow>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE order_id = $1 AND direction = 'forward' AND state = 'booking'`, [planned.orderId]);
  const earlier = open.find((row) => sameKits(row.kit_ids, planned.kitIds));
  if (earlier) return { ...planned, shipmentId: earlier.id, request: { ...planned.request, reference: earlier.reference } };
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM shipments WHERE order_id = $1', [planned.orderId]);
  const reference = `${orderNumber(order)}-S${count + 1}`;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO shipments (order_id, direction, kit_ids, provider, reference, created_by) VALUES ($1, 'forward', $2, $3, $4, $5) RETURNING id`,
    [planned.orderId, planned.kitIds, provider.name, reference, actor.userId],
  );
  return { ...planned, shipmentId: row!.id, request: { ...planned.request, reference } };
}

/**
 * Ships the order's kits through the provider: serviceability, the intent, the booking, then the kits shipped under
 * the courier and AWB it chose. Returns the kits shipped (for the customer's messages), none when another try had
 * already finished this booking.
 */
export async function bookShipment(
  db: Db,
  provider: ShippingProvider | null,
  actor: AuditActor,
  orderId: string,
  kitIds: readonly string[] | undefined,
  fallbackEmail: string,
  shipKits: (tx: Queryable, booked: BookedShipment, kitIds: string[]) => Promise<void>,
): Promise<void> {
  if (!provider) throw new HttpError(409, 'No courier service is configured: enter the courier and tracking number by hand.', 'SHIPPING_NOT_CONFIGURED');
  const planned = await shipmentRequest(db, orderId, kitIds, fallbackEmail);
  const serviceable = await asked(() => provider.serviceability({ pin: planned.request.address.pin, direction: 'forward', weightGrams: planned.request.parcel.weightGrams }));
  if (!serviceable.serviceable) {
    throw new HttpError(409, `${serviceable.reason} Ship this parcel with another courier and enter its tracking number by hand.`, 'NOT_SERVICEABLE');
  }
  const booking = await db.transaction((tx) => holdBooking(tx, actor, provider, planned));
  let booked: BookedShipment;
  try {
    booked = await asked(() => provider.book(booking.request));
  } catch (error) {
    // A final refusal booked nothing: the intent goes, and the next try starts afresh.
    if (error instanceof HttpError && error.statusCode === 409) await db.query(`DELETE FROM shipments WHERE id = $1 AND state = 'booking'`, [booking.shipmentId]);
    throw error;
  }
  await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const [row] = await tx.query<ShipmentRow>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1 FOR UPDATE`, [booking.shipmentId]);
    if (!row || row.state !== 'booking') return;
    await tx.query(
      `UPDATE shipments SET state = 'booked', provider_order_id = $2, provider_shipment_id = $3, awb = $4, courier = $5, tracking_url = $6,
              pickup_date = $7, booked_at = now() WHERE id = $1`,
      [row.id, booked.providerOrderId, booked.providerShipmentId, booked.awb, booked.courier, booked.trackingUrl, booked.pickupDate],
    );
    const order = await lockOrder(tx, orderId);
    await writeAudit(tx, {
      actor,
      action: 'order.shipmentBooked',
      entity: 'order',
      entityId: orderId,
      subject: order.user_id,
      before: null,
      after: { shipment: row.id, provider: provider.name, reference: row.reference, awb: booked.awb, courier: booked.courier, kits: row.kit_ids, pickupDate: booked.pickupDate },
      reason: null,
    });
    await shipKits(tx, booked, row.kit_ids);
  });
}

/** The provider's answer, its refusals and silences as the API says them. */
export async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ShippingRefused) {
      throw new HttpError(409, error.message, error.reason === 'notServiceable' ? 'NOT_SERVICEABLE' : 'SHIPMENT_REFUSED');
    }
    if (error instanceof ShippingUnavailable) {
      throw new HttpError(503, 'The courier service did not answer. Nothing was shipped; please try again in a moment.', 'SHIPPING_UNAVAILABLE');
    }
    throw error;
  }
}

/** A booked parcel's label, from the provider. */
export async function shipmentLabel(db: Queryable, provider: ShippingProvider | null, orderId: string, shipmentId: string, fallbackEmail: string): Promise<{ pdf: Buffer; awb: string }> {
  const [row] = await db.query<ShipmentRow>(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE id = $1 AND order_id = $2 AND state = 'booked'`, [shipmentId, orderId]);
  if (!row?.awb || !row.provider_shipment_id) throw notFound('There is no such shipment.');
  if (!provider || provider.name !== row.provider) throw new HttpError(503, 'The courier service this parcel was booked with is not configured now.', 'SHIPPING_UNAVAILABLE');
  const planned = await labelRequest(db, row, fallbackEmail);
  const pdf = await asked(() => provider.label({ providerShipmentId: row.provider_shipment_id!, awb: row.awb!, request: planned }));
  return { pdf, awb: row.awb };
}

/** The parcel as it was booked, for a label the shop draws (the test courier's); its kits have shipped since. */
async function labelRequest(db: Queryable, row: ShipmentRow, fallbackEmail: string): Promise<ShipmentRequest> {
  const order = await orderById(db, row.order_id);
  if (!order) throw notFound('There is no such order.');
  const kits = await kitsOfOrder(db, row.order_id);
  const parcel = kits.filter((kit) => row.kit_ids.includes(kit.id));
  return { ...(await parcelOf(db, order, parcel, kits, row.reference, fallbackEmail)), direction: row.direction };
}
