import { randomInt } from 'node:crypto';
import { generateKitCode, parseKitCode, type KitCodeProblem } from '../../../machines/kit-codes';
import { nextJourneyState, type KitJourneyEventType, type KitJourneyState } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Config } from '../../config';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';

type OwnedKit = components['schemas']['OwnedKit'];

export interface KitRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  user_id: string;
  product_id: string;
  product_code: string;
  product_name: string;
  box_code: string;
  state: KitJourneyState;
  activated_at: Date | string | null;
  courier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** The courier's last word on the kit's parcel, when booked through the courier service. */
  parcel: { status: components['schemas']['TrackingStatus']; at: string } | null;
  report_url: string | null;
  report_pdf: boolean;
  /** The buyer, when someone else activated the kit's code and holds it (`user_id`). */
  bought_by: string | null;
  /** The last e-mail giving the kit's code to someone. */
  gift: { email: string; at: string } | null;
}

/** The courier's tracking page of kit `k`'s parcel, when it was booked through the courier service. */
export const TRACKING_URL = `(SELECT s.tracking_url FROM shipments s WHERE s.awb = k.tracking_number AND s.direction = 'forward' AND s.state = 'booked')`;

/** Where kit `k`'s parcel is by the courier's last scan, and since when, as one JSON value (null before any scan). */
const PARCEL_STATUS = `(SELECT json_build_object('status', s.tracking_status, 'at', s.tracking_at) FROM shipments s
   WHERE s.awb = k.tracking_number AND s.direction = 'forward' AND s.state = 'booked' AND s.tracking_at IS NOT NULL)`;

const KIT_SELECT = `
  SELECT k.id, k.order_id, k.user_id, k.product_id, p.code AS product_code, p.name AS product_name, k.box_code, k.state,
         k.activated_at, k.courier, k.tracking_number, ${TRACKING_URL} AS tracking_url, ${PARCEL_STATUS} AS parcel, k.report_url, k.bought_by,
         EXISTS (SELECT 1 FROM kit_report_files f WHERE f.kit_id = k.id) AS report_pdf,
         (SELECT json_build_object('email', g.email, 'at', g.created_at) FROM kit_gifts g
           WHERE g.kit_id = k.id ORDER BY g.created_at DESC, g.id DESC LIMIT 1) AS gift
    FROM kits k JOIN products p ON p.id = k.product_id`;

/** A new code from the cryptographic random source: codes must not be guessable from one another. */
export const newKitCode = () => generateKitCode((bound) => randomInt(bound));

const ISSUE_CHUNK = 1_000;

/**
 * Issues `count` new codes of a product into the registry of every code ever issued, in one multi-row insert per
 * chunk; a code that is already taken (one chance in billions per code) is dropped by the insert and replaced by a
 * fresh one.
 */
export async function issueKitCodes(tx: Queryable, productId: string, count: number, batchId: string | null = null): Promise<string[]> {
  const issued: string[] = [];
  while (issued.length < count) {
    const wanted = Math.min(count - issued.length, ISSUE_CHUNK);
    const candidates = new Set<string>();
    while (candidates.size < wanted) candidates.add(newKitCode());
    const rows = await tx.query<{ code: string }>(
      `INSERT INTO kit_codes (code, batch_id, product_id) SELECT unnest($1::text[]), $2::text, $3::text
       ON CONFLICT (code) DO NOTHING RETURNING code`,
      [[...candidates], batchId, productId],
    );
    issued.push(...rows.map((row) => row.code));
  }
  return issued;
}

/**
 * The code of a kit made before codes had check characters, as it is stored, from what the person typed: any case,
 * with spaces or dashes, or with none.
 */
export function legacyKitCodeOf(typed: string): string {
  const characters = typed.toUpperCase().replace(/[\s-]+/g, '');
  return characters.length === 11 && characters.startsWith('GUT') ? `GUT-${characters.slice(3, 7)}-${characters.slice(7)}` : characters;
}

const journeyConflict = (message: string, code: string) => new HttpError(409, message, code);

/** Moves a kit one step, only if the kit-journey machine allows it, and records the step for the timeline. */
export async function advanceKit(tx: Queryable, kitId: string, event: KitJourneyEventType): Promise<KitJourneyState> {
  const [kit] = await tx.query<{ state: KitJourneyState }>('SELECT state FROM kits WHERE id = $1 FOR UPDATE', [kitId]);
  if (!kit) throw new HttpError(404, 'There is no such kit.', 'NOT_FOUND');
  const next = nextJourneyState(kit.state, event);
  if (!next) throw journeyConflict(`A kit that is ${kit.state} cannot take the step ${event}.`, 'JOURNEY_STEP_NOT_ALLOWED');
  await tx.query(
    `UPDATE kits SET state = $2, activated_at = CASE WHEN $2 = 'activated' AND activated_at IS NULL THEN now() ELSE activated_at END WHERE id = $1`,
    [kitId, next],
  );
  await tx.query('INSERT INTO kit_events (kit_id, state) VALUES ($1, $2)', [kitId, next]);
  return next;
}

/**
 * One kit per kit of a paid order, each with the code printed in its box. With demo data on, the demo warehouse
 * ships and delivers at once, so a demo purchase can be activated straight away.
 */
export async function createKitsForOrder(tx: Queryable, orderId: string, demoWarehouse: boolean): Promise<void> {
  const items = await tx.query<{ id: string; product_id: string; user_id: string; created_at: Date | string }>(
    `SELECT i.id, i.product_id, o.user_id, o.created_at FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.order_id = $1 ORDER BY i.position`,
    [orderId],
  );
  for (const item of items) {
    const [code] = await issueKitCodes(tx, item.product_id, 1);
    const [kit] = await tx.query<{ id: string }>(
      `INSERT INTO kits (order_id, order_item_id, user_id, product_id, box_code, state) VALUES ($1, $2, $3, $4, $5, 'ordered')
       ON CONFLICT (order_item_id) DO NOTHING RETURNING id`,
      [orderId, item.id, item.user_id, item.product_id, code],
    );
    if (!kit) continue;
    await tx.query('UPDATE kit_codes SET kit_id = $1 WHERE code = $2', [kit.id, code]);
    await tx.query('INSERT INTO kit_events (kit_id, state, at) VALUES ($1, $2, $3)', [kit.id, 'ordered', item.created_at]);
    await advanceKit(tx, kit.id, 'journey.pay');
    if (demoWarehouse) {
      await advanceKit(tx, kit.id, 'journey.ship');
      await advanceKit(tx, kit.id, 'journey.deliver');
    }
  }
}

/**
 * The kits a person holds (bought, or given to them and activated by them) and the kits they bought that another
 * account activated, which `kitBodies` shows as no more than that.
 */
export async function kitsOfUser(db: Queryable, userId: string): Promise<KitRow[]> {
  return db.query<KitRow>(
    `${KIT_SELECT} WHERE k.user_id = $1 OR k.bought_by = $1 ORDER BY k.created_at DESC, p.sort, k.id`,
    [userId],
  );
}

/** A kit the person holds: its journey, intake and report are theirs. */
export async function kitOfUser(db: Queryable, userId: string, kitId: string): Promise<KitRow | undefined> {
  const [row] = await db.query<KitRow>(`${KIT_SELECT} WHERE k.id = $1 AND k.user_id = $2`, [kitId, userId]);
  return row;
}

/**
 * The kit whose box holds the code a person typed. A code with a check character is looked up only when the check
 * holds, so a typing mistake never finds another kit; a code issued before check characters is accepted as stored.
 */
export async function kitByTypedCode(
  db: Queryable,
  typed: string,
): Promise<{ kit: KitRow | undefined; legacy: boolean } | { problem: KitCodeProblem }> {
  const parsed = parseKitCode(typed);
  if (parsed.ok) {
    const [row] = await db.query<KitRow>(`${KIT_SELECT} WHERE k.box_code = $1`, [parsed.code]);
    return { kit: row, legacy: false };
  }
  const [legacy] = await db.query<KitRow>(`${KIT_SELECT} JOIN kit_codes c ON c.kit_id = k.id AND c.legacy WHERE c.code = $1`, [legacyKitCodeOf(typed)]);
  return legacy ? { kit: legacy, legacy: true } : { problem: parsed.reason };
}

export interface KitBodyOptions {
  journeyAppUrl: string | undefined;
  showBoxCodes: boolean;
}

/** A ready report links to the journey app; the demo warehouse's kits show the code printed in their box. */
export function kitBodyOptions(config: Pick<Config, 'journeyAppUrl' | 'demoData'>): KitBodyOptions {
  return { journeyAppUrl: config.journeyAppUrl, showBoxCodes: config.demoData };
}

/** The journey web app's page of a kit's report, when the app is configured and staff gave no link of their own. */
function journeyAppReport(kitId: string, options: KitBodyOptions): string | null {
  return options.journeyAppUrl ? `${options.journeyAppUrl}/reports/${encodeURIComponent(kitId)}` : null;
}

/** Who `viewerId` is to a kit: its buyer and holder, its holder by activating a code someone else bought, or its buyer only. */
export function claimOf(row: Pick<KitRow, 'user_id' | 'bought_by'>, viewerId: string): OwnedKit['claim'] {
  if (row.user_id !== viewerId) return 'activatedByAnother';
  return row.bought_by === null ? 'bought' : 'given';
}

/** What a buyer still sees of a kit another account activated: what became of the purchase, nothing of the sample. */
const BUYER_STATES: ReadonlySet<KitJourneyState> = new Set(['ordered', 'paid', 'shipped', 'delivered', 'activated', 'cancelled', 'refunded']);

/** The kits as `viewerId` sees them (see `claimOf`). */
export async function kitBodies(db: Queryable, rows: KitRow[], options: KitBodyOptions, viewerId: string): Promise<OwnedKit[]> {
  if (rows.length === 0) return [];
  const events = await db.query<{ kit_id: string; state: KitJourneyState; at: Date | string }>(
    'SELECT kit_id, state, at FROM kit_events WHERE kit_id = ANY($1) ORDER BY at, seq',
    [rows.map((row) => row.id)],
  );
  return rows.map((row) => {
    const claim = claimOf(row, viewerId);
    const timeline = events.filter((event) => event.kit_id === row.id).map((event) => ({ state: event.state, at: new Date(event.at).toISOString() }));
    const kit = {
      _id: row.id,
      product: row.product_id,
      code: row.product_code,
      name: row.product_name,
      claim,
      // The holder of a kit someone gave them sees nothing of the buyer's: not the order, nor the gift.
      orderId: claim === 'given' ? null : row.order_id,
      gift: claim !== 'given' && row.gift ? { email: row.gift.email, sentAt: new Date(row.gift.at).toISOString() } : null,
      activatedAt: row.activated_at ? new Date(row.activated_at).toISOString() : null,
    };
    if (claim === 'activatedByAnother') {
      return {
        ...kit,
        state: BUYER_STATES.has(row.state) ? row.state : 'activated',
        timeline: timeline.filter((step) => BUYER_STATES.has(step.state)),
        reportUrl: null,
        reportPdf: false,
        shipment: null,
      };
    }
    return {
      ...kit,
      state: row.state,
      timeline,
      reportUrl: row.state === 'reportReady' ? (row.report_url ?? (row.report_pdf ? null : journeyAppReport(row.id, options))) : null,
      reportPdf: row.state === 'reportReady' && row.report_pdf,
      shipment:
        claim === 'bought' && row.courier && row.tracking_number
          ? {
              courier: row.courier,
              trackingNumber: row.tracking_number,
              ...(row.tracking_url ? { trackingUrl: row.tracking_url } : {}),
              ...(row.parcel ? { status: row.parcel.status, statusAt: new Date(row.parcel.at).toISOString() } : {}),
            }
          : null,
      ...(options.showBoxCodes && claim === 'bought' && (row.state === 'shipped' || row.state === 'delivered') ? { demoBoxCode: row.box_code } : {}),
    };
  });
}

/** The report staff uploaded for a kit of `userId`, ready; undefined for another person's kit or no file. */
export async function reportFileOfUser(db: Queryable, userId: string, kitId: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ content: Uint8Array }>(
    `SELECT f.content FROM kit_report_files f JOIN kits k ON k.id = f.kit_id WHERE k.id = $1 AND k.user_id = $2 AND k.state = 'reportReady'`,
    [kitId, userId],
  );
  return row && Buffer.from(row.content);
}
