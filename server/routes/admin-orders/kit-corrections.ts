/**
 * Corrections to steps already taken on an order's kits: a courier or tracking number mistyped when the parcel
 * shipped, and a report published on the wrong kit. Each is allowed only where the kit-journey machine allows it
 * (`journey.correctTracking`, `journey.withdrawReport`), and each is written to the audit log, old and new.
 */
import { KIT_JOURNEY_LABELS, nextJourneyState, type KitJourneyState } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { advanceKit } from '../kits/queries';

type ShipmentCorrection = components['schemas']['ShipmentCorrection'];

interface CorrectedKit extends Record<string, unknown> {
  id: string;
  name: string;
  box_code: string;
  state: KitJourneyState;
  courier: string | null;
  tracking_number: string | null;
  report_url: string | null;
  report_bytes: number | null;
}

const kitName = (kit: CorrectedKit) => `${kit.name} (${kit.box_code})`;

/** The order's owner, with the order locked against other changes meanwhile; 404 when there is no such order. */
async function lockOrder(tx: Queryable, orderId: string): Promise<{ user_id: string }> {
  const [order] = await tx.query<{ user_id: string }>('SELECT user_id FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
  if (!order) throw notFound('There is no such order.');
  return order;
}

/** The named kits of the order, locked, in the order named; 404 for a kit that is not the order's. */
async function lockKits(tx: Queryable, orderId: string, kitIds: readonly string[]): Promise<CorrectedKit[]> {
  await tx.query('SELECT id FROM kits WHERE order_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE', [orderId, kitIds]);
  const rows = await tx.query<CorrectedKit>(
    `SELECT k.id, p.name, k.box_code, k.state, k.courier, k.tracking_number, k.report_url,
            (SELECT octet_length(f.content) FROM kit_report_files f WHERE f.kit_id = k.id) AS report_bytes
       FROM kits k JOIN products p ON p.id = k.product_id
      WHERE k.order_id = $1 AND k.id = ANY($2::text[])`,
    [orderId, kitIds],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return kitIds.map((id) => {
    const kit = byId.get(id);
    if (!kit) throw notFound('There is no such kit in this order.');
    return kit;
  });
}

function refuse(kits: CorrectedKit[], what: string): never {
  const reasons = kits.map((kit) => `${kitName(kit)} is ${KIT_JOURNEY_LABELS[kit.state].toLowerCase()}`).join('; ');
  throw new HttpError(409, `${what}: ${reasons}.`, 'JOURNEY_STEP_NOT_ALLOWED');
}

export interface ShipmentCorrected {
  kitIds: string[];
  previous: { courier: string; trackingNumber: string };
}

/**
 * Gives shipped kits the right courier and tracking number. The kits named must be one parcel (the same courier and
 * tracking number now) still with the courier or delivered; the kits stay where they are.
 */
export async function correctShipment(tx: Queryable, actor: AuditActor, orderId: string, body: ShipmentCorrection): Promise<ShipmentCorrected> {
  const courier = body.courier.trim();
  const trackingNumber = body.trackingNumber.trim();
  const fields: Record<string, string> = {};
  if (courier.length < 2) fields.courier = 'is required';
  if (trackingNumber.length < 4) fields.trackingNumber = 'is required';
  const [missing] = Object.entries(fields);
  if (missing) throw badRequest(`${missing[0]} ${missing[1]}.`, fields);
  const order = await lockOrder(tx, orderId);
  const kits = await lockKits(tx, orderId, body.kitIds);
  const refused = kits.filter((kit) => nextJourneyState(kit.state, 'journey.correctTracking') === null);
  if (refused.length > 0) refuse(refused, 'The tracking number cannot be corrected once the kit is activated, nor before it ships');
  const parcels = new Set(kits.map((kit) => `${kit.courier ?? ''}\n${kit.tracking_number ?? ''}`));
  if (parcels.size > 1) {
    throw new HttpError(409, 'These kits were shipped in different parcels: correct each parcel by itself.', 'JOURNEY_STEP_NOT_ALLOWED');
  }
  const [first] = kits;
  const previous = { courier: first?.courier ?? '', trackingNumber: first?.tracking_number ?? '' };
  if (previous.courier === courier && previous.trackingNumber === trackingNumber) {
    throw badRequest('The courier and the tracking number are the ones the parcel already has: change what was mistyped.', {
      trackingNumber: 'is unchanged',
    });
  }
  await tx.query('UPDATE kits SET courier = $2, tracking_number = $3 WHERE id = ANY($1::text[])', [body.kitIds, courier, trackingNumber]);
  const kitList = kits.map((kit) => ({ kit: kit.id, boxCode: kit.box_code, state: kit.state }));
  await writeAudit(tx, {
    actor,
    action: 'order.trackingCorrected',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { kits: kitList, ...previous },
    after: { kits: kitList, courier, trackingNumber },
    reason: body.reason?.trim() || null,
  });
  return { kitIds: kits.map((kit) => kit.id), previous };
}

/**
 * Takes a published report off a kit (it was another kit's): its link and PDF go, the customer can no longer open it,
 * and the kit waits at the lab for its own report.
 */
export async function withdrawReport(tx: Queryable, actor: AuditActor, orderId: string, kitId: string, reason: string): Promise<void> {
  if (reason.length < 3) throw badRequest('Say why the report is withdrawn: it goes to the audit log.', { reason: 'is required' });
  const order = await lockOrder(tx, orderId);
  const [kit] = await lockKits(tx, orderId, [kitId]);
  if (!kit) throw notFound('There is no such kit in this order.');
  if (nextJourneyState(kit.state, 'journey.withdrawReport') === null) refuse([kit], 'Only a published report can be withdrawn');
  const state = await advanceKit(tx, kit.id, 'journey.withdrawReport');
  await tx.query('UPDATE kits SET report_url = NULL WHERE id = $1', [kit.id]);
  await tx.query('DELETE FROM kit_report_files WHERE kit_id = $1', [kit.id]);
  await writeAudit(tx, {
    actor,
    action: 'order.reportWithdrawn',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { kit: kit.id, boxCode: kit.box_code, state: kit.state, reportUrl: kit.report_url, reportPdfBytes: kit.report_bytes === null ? null : Number(kit.report_bytes) },
    after: { kit: kit.id, boxCode: kit.box_code, state },
    reason,
  });
}

/** The report PDF uploaded for a kit of the order, in whatever state the kit is; undefined when there is none. */
export async function staffReportFile(db: Queryable, orderId: string, kitId: string): Promise<{ content: Buffer; boxCode: string } | undefined> {
  const [row] = await db.query<{ content: Uint8Array; box_code: string }>(
    'SELECT f.content, k.box_code FROM kit_report_files f JOIN kits k ON k.id = f.kit_id WHERE k.id = $1 AND k.order_id = $2',
    [kitId, orderId],
  );
  return row && { content: Buffer.from(row.content), boxCode: row.box_code };
}
