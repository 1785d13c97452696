/**
 * Corrections staff make to where an order goes: its delivery address until its kits ship, and the address of a
 * replacement kit that goes elsewhere than its order.
 */
import { cleanAddress, validateAddress, type DeliveryAddress } from '../../../machines/address';
import { KIT_JOURNEY_LABELS, type KitJourneyState } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { addressOfRow } from '../addresses/queries';

type OrderStatus = components['schemas']['OrderStatus'];

export const ADDRESS_NOT_CORRECTABLE = 'ADDRESS_NOT_CORRECTABLE';

interface DeliveryRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  status: OrderStatus;
  channel: 'online' | 'offline';
  ship_name: string;
  ship_phone: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_state: string;
  ship_pincode: string;
  invoice_number: string | null;
  paid_at: Date | string | null;
}

/** The order's kits that have left: shipped, or handed over at a counter. */
async function shippedKits(db: Queryable, orderId: string): Promise<string[]> {
  const rows = await db.query<{ name: string; box_code: string }>(
    `SELECT p.name, k.box_code FROM kits k JOIN products p ON p.id = k.product_id
      WHERE k.order_id = $1 AND EXISTS (SELECT 1 FROM kit_events e WHERE e.kit_id = k.id AND e.state = 'shipped')
      ORDER BY k.created_at, k.id`,
    [orderId],
  );
  return rows.map((row) => `${row.name} (${row.box_code})`);
}

/**
 * Why the order's delivery address can no longer be corrected, in words for staff; null while it can be. The same
 * words answer a correction that comes too late (409).
 */
export async function addressLockOf(db: Queryable, order: { id: string; status: OrderStatus; channel: 'online' | 'offline' }): Promise<string | null> {
  if (order.status === 'cancelled') return 'This order is cancelled: there is nothing to deliver.';
  if (order.status === 'refunded') return 'This order is refunded: there is nothing to deliver.';
  if (order.channel === 'offline') return 'This order was sold at a counter, where its kit was handed over: there is no delivery to correct.';
  const shipped = await shippedKits(db, order.id);
  if (shipped.length === 0) return null;
  const kits = shipped.join(', ');
  return `${kits} ${shipped.length === 1 ? 'has' : 'have'} shipped: the parcel is with the courier, so the address can no longer be corrected here. Ask the courier to redirect it.`;
}

/** The order's channel, for `addressLockOf`. */
export async function orderChannel(db: Queryable, orderId: string): Promise<'online' | 'offline'> {
  const [row] = await db.query<{ channel: 'online' | 'offline' }>('SELECT channel FROM orders WHERE id = $1', [orderId]);
  return row?.channel ?? 'online';
}

/** The address as the checkout keeps it, or 400 naming each field to fix (`address.pincode`, …). */
function checkedAddress(input: DeliveryAddress): DeliveryAddress {
  const problems = Object.entries(validateAddress(input));
  const [first] = problems;
  if (first) throw badRequest(`Please check the delivery address. ${first[1]}`, Object.fromEntries(problems.map(([field, message]) => [`address.${field}`, message])));
  return cleanAddress({ ...input, line2: input.line2 });
}

const sameAddress = (a: DeliveryAddress, b: DeliveryAddress) =>
  a.name === b.name && a.phone === b.phone && a.line1 === b.line1 && (a.line2 ?? '') === (b.line2 ?? '') && a.city === b.city && a.state === b.state && a.pincode === b.pincode;

/**
 * Corrects the delivery address of an order whose kits have not shipped. An invoiced order keeps the address its
 * invoice was issued with, and stays in its state: the state is the invoice's place of supply, which decides its GST.
 */
export async function correctOrderAddress(
  tx: Queryable,
  actor: AuditActor,
  orderId: string,
  body: { address: DeliveryAddress; reason?: string | undefined },
): Promise<void> {
  const address = checkedAddress(body.address);
  const [order] = await tx.query<DeliveryRow>(
    `SELECT id, user_id, status, channel, ship_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_pincode, invoice_number,
            paid_at
       FROM orders WHERE id = $1 FOR UPDATE`,
    [orderId],
  );
  if (!order) throw notFound('There is no such order.');
  // The kits' steps take the order's lock first, so no kit ships while this holds it.
  const lock = await addressLockOf(tx, order);
  if (lock) throw new HttpError(409, lock, ADDRESS_NOT_CORRECTABLE);
  const before = addressOfRow({
    name: order.ship_name,
    phone: order.ship_phone,
    line1: order.ship_line1,
    line2: order.ship_line2,
    city: order.ship_city,
    state: order.ship_state,
    pincode: order.ship_pincode,
  });
  if (sameAddress(before, address)) return;
  const invoiced = order.invoice_number !== null && order.paid_at !== null;
  if (invoiced && address.state !== before.state) {
    throw new HttpError(
      409,
      `Invoice ${order.invoice_number} was issued for delivery in ${before.state}, its place of supply, which decides its GST: the order cannot move to ${address.state}. Refund it, and place a new order for the address in ${address.state}.`,
      'ADDRESS_STATE_INVOICED',
      { 'address.state': `must stay ${before.state}, the invoice's place of supply` },
    );
  }
  await tx.query(
    `UPDATE orders SET ship_name = $2, ship_phone = $3, ship_line1 = $4, ship_line2 = $5, ship_city = $6, ship_state = $7, ship_pincode = $8,
            invoice_address = CASE WHEN $9::boolean THEN coalesce(invoice_address, $10::jsonb) ELSE invoice_address END
      WHERE id = $1`,
    [orderId, address.name, address.phone, address.line1, address.line2 ?? null, address.city, address.state, address.pincode, invoiced, JSON.stringify(before)],
  );
  await writeAudit(tx, {
    actor,
    action: 'order.addressCorrected',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { address: { ...before } },
    after: { address: { ...address } },
    reason: body.reason?.trim() || null,
  });
}

/** The kits that go in one parcel go to one address: a replacement kit's own, or else the order's. */
export function destinationKey(kit: { ship_address: DeliveryAddress | null }): string {
  return kit.ship_address ? JSON.stringify(cleanAddress({ ...kit.ship_address, line2: kit.ship_address.line2 })) : 'order';
}

const STILL_HERE: ReadonlySet<KitJourneyState> = new Set(['ordered', 'paid']);

/** Sends a replacement kit that has not shipped to `address`, or (null) back to its order's address. */
export async function setReplacementKitAddress(
  tx: Queryable,
  actor: AuditActor,
  orderId: string,
  kitId: string,
  body: { address: DeliveryAddress | null; reason?: string | undefined },
): Promise<void> {
  const address = body.address === null ? null : checkedAddress(body.address);
  const [order] = await tx.query<{ user_id: string }>('SELECT user_id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  if (!order) throw notFound('There is no such order.');
  const [kit] = await tx.query<{ id: string; name: string; box_code: string; state: KitJourneyState; replaces_kit_id: string | null; ship_address: DeliveryAddress | null }>(
    `SELECT k.id, p.name, k.box_code, k.state, k.replaces_kit_id, k.ship_address
       FROM kits k JOIN products p ON p.id = k.product_id WHERE k.id = $1 AND k.order_id = $2 FOR UPDATE OF k`,
    [kitId, orderId],
  );
  if (!kit) throw notFound('There is no such kit in this order.');
  const kitName = `${kit.name} (${kit.box_code})`;
  if (!kit.replaces_kit_id) {
    throw new HttpError(409, `${kitName} is not a replacement kit: it goes to the order's delivery address, which is corrected on the order.`, ADDRESS_NOT_CORRECTABLE);
  }
  if (!STILL_HERE.has(kit.state)) {
    throw new HttpError(
      409,
      `${kitName} is ${KIT_JOURNEY_LABELS[kit.state].toLowerCase()}: only a replacement kit that has not shipped can be sent to another address.`,
      ADDRESS_NOT_CORRECTABLE,
    );
  }
  await tx.query('UPDATE kits SET ship_address = $2::jsonb WHERE id = $1', [kit.id, address === null ? null : JSON.stringify(address)]);
  await writeAudit(tx, {
    actor,
    action: 'order.replacementAddressSet',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { kit: kit.id, boxCode: kit.box_code, address: kit.ship_address ? { ...kit.ship_address } : null },
    after: { kit: kit.id, boxCode: kit.box_code, address: address ? { ...address } : null },
    reason: body.reason?.trim() || null,
  });
}
