import { parseKitCode } from '../../../machines/kit-codes';
import { KIT_JOURNEY_LABELS, nextJourneyState, type KitJourneyEventType, type KitJourneyState } from '../../../machines/kit-journey';
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { SYSTEM_ACTOR, writeAudit, type AuditActor } from '../../services/audit';
import { paidPerLine } from '../../../machines/pricing';
import { allocateDocumentNumber } from '../../services/invoice/numbering';
import { invoiceDate } from '../../services/invoice/pdf';
import type { CreditNote } from '../../services/invoice/credit-note';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway } from '../../services/payments';
import { auditEntryBody, type AuditRow } from '../admin-customers/queries';
import { advanceKit, issueKitCodes, legacyKitCodeOf } from '../kits/queries';
import type { DeliveryAddress } from '../../../machines/address';
import { addressLockOf, destinationKey, orderChannel } from './corrections';
import { invoiceItem, invoiceOrder, iso, orderBody, orderById, orderNumber, type OrderRow } from '../orders/queries';

type StaffOrder = components['schemas']['StaffOrder'];
type StaffOrderSummary = components['schemas']['StaffOrderSummary'];
type StaffOrderSort = components['schemas']['StaffOrderSort'];
type StaffPaymentStatus = components['schemas']['StaffPaymentStatus'];
type StaffKit = components['schemas']['StaffKit'];
type StaffRefund = components['schemas']['StaffRefund'];
type StaffJourneyStep = components['schemas']['StaffJourneyStep'];
type OrderJourneyStep = components['schemas']['OrderJourneyStep'];
type OrderStatus = components['schemas']['OrderStatus'];
type CounterRefundMethod = components['schemas']['CounterRefundMethod'];
type CounterPaymentMethod = NonNullable<components['schemas']['StaffPayment']['method']>;

export interface StaffOrderQuery {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  paymentStatus?: StaffPaymentStatus | undefined;
  product?: string | undefined;
  kitState?: KitJourneyState | undefined;
  kitStateDays?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  dates?: OrderFilter['dates'];
  attention?: OrderFilter['attention'];
  sort: StaffOrderSort;
  limit: number;
  offset: number;
}

/** Each sort ends in the order number, so that pages never repeat or skip an order; each has its index (0029). */
const SORTS: Record<StaffOrderSort, string> = {
  createdAt: 'o.created_at, o.number',
  '-createdAt': 'o.created_at DESC, o.number DESC',
  number: 'o.number',
  '-number': 'o.number DESC',
  total: 'o.price, o.number',
  '-total': 'o.price DESC, o.number DESC',
};

/** `payment_failed` is kept by a trigger on payments (0029): the newest attempt was declined. */
const PAYMENT_STATUS = `CASE
    WHEN o.status = 'refunded' THEN 'refunded'
    WHEN o.refunded_amount > 0 THEN 'partlyRefunded'
    WHEN o.paid_at IS NOT NULL THEN 'paid'
    WHEN o.payment_failed THEN 'failed'
    ELSE 'unpaid' END`;

const PAYMENT_FILTERS: Record<StaffPaymentStatus, string> = {
  refunded: `o.status = 'refunded'`,
  partlyRefunded: `o.refunded_amount > 0 AND o.status <> 'refunded'`,
  paid: `o.paid_at IS NOT NULL AND o.refunded_amount = 0`,
  failed: `o.paid_at IS NULL AND o.payment_failed`,
  unpaid: `o.paid_at IS NULL AND NOT o.payment_failed`,
};

const ORDER_NUMBER = /^GS-\d{4}-(\d{1,12})$/i;
const DIGITS = /^\d{1,12}$/;
const MOBILE = /^(?:\+?91)?([6-9]\d{9})$/;

/** `text` as the start of a LIKE pattern: its own % and _ match themselves. */
const prefixPattern = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The first instant of a day in India (IST, UTC + 5:30 all year). */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

/**
 * The WHERE clause of a search. What `q` is decides the one index it uses: an order number, a mobile number, an
 * e-mail address (or its start) or the start of a name, on the order's delivery details and on the account; text
 * that can be a kit's code also finds the order holding that kit.
 */
function searchCondition(q: string, param: (value: unknown) => string): string {
  const text = q.trim();
  const numbered = ORDER_NUMBER.exec(text);
  const compact = text.replace(/[\s-]/g, '');
  const mobile = MOBILE.exec(compact);
  if (numbered) return `o.number = ${param(Number(numbered[1]))}`;
  if (mobile) {
    const digits = param(mobile[1]);
    return `o.id IN (SELECT id FROM orders WHERE ship_phone = ${digits}
                     UNION ALL SELECT m.id FROM orders m JOIN users u ON u.id = m.user_id WHERE u.phone = '+91' || ${digits})`;
  }
  // The accounts are found first (an array computed once), so that each branch of an OR keeps its own index.
  if (text.includes('@')) return `o.user_id = ANY (ARRAY(SELECT id FROM users WHERE lower(email) LIKE ${param(prefixPattern(text))}))`;
  // Digits or a name can also be a kit's code (eight characters whose last happens to check): both are searched.
  const codes = kitCodesIn(text);
  const kits = codes.length > 0 ? `o.id = ANY (ARRAY(SELECT order_id FROM kits WHERE box_code = ANY (${param(codes)}::text[]))) OR ` : '';
  if (DIGITS.test(compact)) return `(${kits}o.number = ${param(Number(compact))})`;
  const pattern = param(prefixPattern(text));
  return `(${kits}lower(o.ship_name) LIKE ${pattern}
           OR o.user_id = ANY (ARRAY(SELECT id FROM users WHERE lower(fullname) LIKE ${pattern} OR lower(email) LIKE ${pattern})))`;
}

/** The kit codes `text` can be, as stored: a code with a check character that holds, and a code issued before them. */
function kitCodesIn(text: string): string[] {
  const parsed = parseKitCode(text);
  const legacy = legacyKitCodeOf(text);
  return [...new Set([...(parsed.ok ? [parsed.code] : []), ...(/^GUT-[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(legacy) ? [legacy] : [])])];
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  number: string;
  status: OrderStatus;
  payment_status: StaffPaymentStatus;
  created_at: Date | string;
  paid_at: Date | string | null;
  user_id: string;
  fullname: string | null;
  email: string | null;
  phone: string | null;
  erased_at: Date | string | null;
  ship_name: string;
  ship_city: string;
  products: string[] | null;
  kits: { name: string; state: StaffOrderSummary['kits'][number]['state']; at_counter: boolean }[] | null;
  price: number;
  refunded_amount: number;
}

type OrderFilter = components['schemas']['OrderFilter'];

/** A parcel with the courier gets a look this many days after the courier's last word on it. */
export const SHIPMENT_STUCK_DAYS = 3;

/**
 * A booked parcel (either way) that needs a look: the courier could not deliver it, is bringing it back or brought it
 * back, lost it, or has said nothing of it for SHIPMENT_STUCK_DAYS; over `shipments s`.
 */
export const STUCK_PARCEL = `s.state = 'booked' AND (s.tracking_status IN ('undelivered', 'returningToOrigin', 'returnedToOrigin', 'lost')
  OR (s.tracking_status NOT IN ('delivered', 'cancelled') AND coalesce(s.tracking_at, s.booked_at) <= now() - interval '${SHIPMENT_STUCK_DAYS} days'))`;

/** An activated kit `k` whose sample has no pickup booked (or on its way) with the courier service. */
export const NO_PICKUP = `NOT EXISTS (SELECT 1 FROM shipments s WHERE s.direction = 'return' AND k.id = ANY (s.kit_ids) AND s.state = 'booked')`;

/** The filter as the conditions of a WHERE clause over `orders o`; `param` adds a parameter and names it. */
function orderConditions(filter: OrderFilter, param: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (filter.q) where.push(searchCondition(filter.q, param));
  if (filter.status) where.push(`o.status = ${param(filter.status)}`);
  if (filter.paymentStatus) where.push(PAYMENT_FILTERS[filter.paymentStatus]);
  if (filter.product) where.push(`EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.code = ${param(filter.product)})`);
  if (filter.kitStateDays !== undefined && !filter.kitState) throw badRequest('Days in a state need the state.', { kitStateDays: 'needs kitState' });
  if (filter.kitState) {
    const since = filter.kitStateDays === undefined ? '' : ` AND k.state_changed_at <= now() - ${param(filter.kitStateDays)}::int * interval '1 day'`;
    // The kits are found by their state's index (0032), as the staff home counts them.
    where.push(`o.id IN (SELECT k.order_id FROM kits k WHERE k.state = ${param(filter.kitState)}${since})`);
  }
  if (filter.attention === 'stuckParcels') where.push(`o.id IN (SELECT s.order_id FROM shipments s WHERE ${STUCK_PARCEL})`);
  if (filter.attention === 'unbookedPickups') {
    where.push(`o.id IN (SELECT k.order_id FROM kits k WHERE k.state = 'activated'
                          AND k.state_changed_at <= now() - ${param(filter.kitStateDays ?? 0)}::int * interval '1 day' AND ${NO_PICKUP})`);
  }
  // The days are of the order's placing, its payment, or one of its refunds (a failed one aside).
  const bounds: string[] = [];
  const column = filter.dates === 'paid' ? 'o.paid_at' : filter.dates === 'refunded' ? 'r.created_at' : 'o.created_at';
  if (filter.from) bounds.push(`${column} >= ${param(startOfIndianDay(filter.from).toISOString())}`);
  if (filter.to) {
    const end = startOfIndianDay(filter.to);
    end.setUTCDate(end.getUTCDate() + 1);
    bounds.push(`${column} < ${param(end.toISOString())}`);
  }
  if (filter.dates === 'refunded') {
    where.push(`EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'${bounds.map((bound) => ` AND ${bound}`).join('')})`);
  } else where.push(...bounds);
  if (filter.from && filter.to && filter.from > filter.to) throw badRequest('The first day must not be after the last day.', { from: 'must not be after to' });
  return where;
}

function parameters() {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, param };
}

const SUMMARY_SELECT = `
  SELECT o.id, o.number::text AS number, o.status, ${PAYMENT_STATUS} AS payment_status, o.created_at, o.paid_at,
         o.user_id, u.fullname, u.email, u.phone, u.erased_at, o.ship_name, o.ship_city, o.price, o.refunded_amount,
         (SELECT array_agg(i.name ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id) AS products,
         -- A counter's kit is handed over, never shipped, unless a replacement of it went by courier.
         (SELECT json_agg(json_build_object('name', p.name, 'state', k.state,
                                            'at_counter', o.channel = 'offline' AND k.courier IS NULL) ORDER BY k.created_at, k.id)
            FROM kits k JOIN products p ON p.id = k.product_id WHERE k.order_id = o.id) AS kits
    FROM orders o JOIN users u ON u.id = o.user_id`;

function summaryBody(row: SummaryRow): StaffOrderSummary {
  return {
    _id: row.id,
    number: orderNumber(row),
    status: row.status,
    paymentStatus: row.payment_status,
    createdAt: iso(row.created_at),
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    customer: customerOf(row),
    shipTo: `${row.ship_name}, ${row.ship_city}`,
    products: row.products ?? [],
    kits: (row.kits ?? []).map((kit) => ({ name: kit.name, state: kit.state, atCounter: kit.at_counter })),
    price: row.price,
    refundedAmount: row.refunded_amount,
  };
}

export async function listStaffOrders(db: Queryable, query: StaffOrderQuery): Promise<{ items: StaffOrderSummary[]; total: number }> {
  const { params, param } = parameters();
  const where = orderConditions(query, param);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = [...params];
  // Alone, the kit filter is counted from the order lines' index, without reading any order.
  const countSql =
    query.product && where.length === 1
      ? 'SELECT count(DISTINCT i.order_id)::int AS total FROM order_items i WHERE i.code = $1'
      : `SELECT count(*)::int AS total FROM orders o ${filter}`;
  const [rows, [count]] = await Promise.all([
    db.query<SummaryRow>(`${SUMMARY_SELECT} ${filter} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`, params),
    db.query<{ total: number }>(countSql, counted),
  ]);
  return { total: count?.total ?? 0, items: rows.map(summaryBody) };
}

export async function countStaffOrders(db: Queryable, filter: OrderFilter): Promise<number> {
  const { params, param } = parameters();
  const where = orderConditions(filter, param);
  const [row] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM orders o ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  return row?.total ?? 0;
}

/** Each sort's column, which the order number follows in every sort, for continuing after a row. */
const SORT_KEYS: Record<StaffOrderSort, { column: string; descending: boolean }> = {
  createdAt: { column: 'o.created_at', descending: false },
  '-createdAt': { column: 'o.created_at', descending: true },
  number: { column: 'o.number', descending: false },
  '-number': { column: 'o.number', descending: true },
  total: { column: 'o.price', descending: false },
  '-total': { column: 'o.price', descending: true },
};

/**
 * Every order the filter matches, in its order, `batchSize` at a time, each batch continuing after the last row of
 * the one before (for a CSV export).
 */
export async function* staffOrderBatches(db: Queryable, filter: OrderFilter, batchSize: number): AsyncGenerator<StaffOrderSummary[]> {
  const sort = filter.sort ?? '-createdAt';
  const { column, descending } = SORT_KEYS[sort];
  let after: { key: string; number: string } | null = null;
  for (;;) {
    const { params, param } = parameters();
    const where = orderConditions(filter, param);
    if (after) where.push(`(${column}, o.number) ${descending ? '<' : '>'} (${param(after.key)}, ${param(after.number)}::bigint)`);
    // The sort column as text, which keeps a timestamp's microseconds that a JavaScript Date would drop.
    const rows: Array<SummaryRow & { sort_key: string }> = await db.query<SummaryRow & { sort_key: string }>(
      `${SUMMARY_SELECT.replace('SELECT o.id,', `SELECT (${column})::text AS sort_key, o.id,`)}
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY ${SORTS[sort]} LIMIT ${param(batchSize)}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows.map(summaryBody);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, number: last.number };
  }
}

function customerOf(row: { user_id: string; fullname: string | null; email: string | null; phone: string | null; erased_at: Date | string | null }) {
  const erased = row.erased_at !== null;
  return {
    _id: row.user_id,
    fullname: erased ? null : row.fullname,
    email: erased ? null : row.email,
    phone: erased ? null : row.phone,
  };
}

export interface KitRow extends Record<string, unknown> {
  id: string;
  order_item_id: string | null;
  replaces_kit_id: string | null;
  product_id: string;
  code: string;
  name: string;
  box_code: string;
  state: KitJourneyState;
  courier: string | null;
  tracking_number: string | null;
  report_url: string | null;
  report_pdf: boolean;
  ship_address: DeliveryAddress | null;
  /** Whoever activated a code the buyer gave them; null while the buyer holds the kit. */
  holder_id: string | null;
  holder_name: string | null;
}

interface RefundRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  amount: number;
  status: StaffRefund['status'];
  method: StaffRefund['method'];
  reference: string | null;
  gateway_refund_id: string | null;
  kit_ids: string[];
  reason: string;
  credit_note_number: string;
  created_at: Date | string;
  processed_at: Date | string | null;
}

const REFUND_COLUMNS = `id, order_id, amount, status, method, reference, gateway_refund_id, kit_ids, reason, credit_note_number, created_at,
  processed_at`;

const STAFF_STEP_EVENTS: Record<StaffJourneyStep, KitJourneyEventType> = {
  ship: 'journey.ship',
  deliver: 'journey.deliver',
  receiveSample: 'journey.receiveSample',
  failQc: 'journey.failQc',
  publishReport: 'journey.publishReport',
  refund: 'journey.refund',
  correctTracking: 'journey.correctTracking',
  withdrawReport: 'journey.withdrawReport',
};
const STAFF_STEPS = Object.keys(STAFF_STEP_EVENTS) as StaffJourneyStep[];

/** Kits that are no longer on their way: nothing more is done to them. */
const CLOSED_STATES: ReadonlySet<KitJourneyState> = new Set(['refunded', 'cancelled', 'replaced']);

export async function kitsOfOrder(db: Queryable, orderId: string, lock = false): Promise<KitRow[]> {
  // FOR UPDATE cannot take a join's nullable side, and the product row needs no lock: lock the kits by themselves.
  if (lock) await db.query('SELECT id FROM kits WHERE order_id = $1 ORDER BY id FOR UPDATE', [orderId]);
  return db.query<KitRow>(
    `SELECT k.id, k.order_item_id, k.replaces_kit_id, k.product_id, p.code, p.name, k.box_code, k.state, k.courier,
            k.tracking_number, k.report_url, EXISTS (SELECT 1 FROM kit_report_files f WHERE f.kit_id = k.id) AS report_pdf, k.ship_address,
            CASE WHEN k.bought_by IS NOT NULL THEN k.user_id END AS holder_id,
            CASE WHEN k.bought_by IS NOT NULL THEN (SELECT CASE WHEN h.erased_at IS NULL THEN h.fullname END FROM users h WHERE h.id = k.user_id) END AS holder_name
       FROM kits k JOIN products p ON p.id = k.product_id
      WHERE k.order_id = $1
      ORDER BY k.created_at, (SELECT i.position FROM order_items i WHERE i.id = k.order_item_id), k.id`,
    [orderId],
  );
}

/** The order line each kit is for: a replacement kit is for the line of the kit it replaces. */
function kitItems(kits: KitRow[]): Map<string, string | null> {
  const byId = new Map(kits.map((kit) => [kit.id, kit]));
  const itemOf = (kit: KitRow): string | null => {
    let current: KitRow | undefined = kit;
    while (current && current.order_item_id === null && current.replaces_kit_id) current = byId.get(current.replaces_kit_id);
    return current?.order_item_id ?? null;
  };
  return new Map(kits.map((kit) => [kit.id, itemOf(kit)]));
}

/** What each kit is worth: its order line's share of what was paid, the coupon spread over the lines as on the invoice. */
export function kitValues(row: Pick<OrderRow, 'price'>, items: Array<{ _id: string; price: number; discount?: number | undefined }>, kits: KitRow[]): Map<string, number> {
  const shares = paidPerLine(items, row.price);
  const itemValue = new Map(items.map((item, index) => [item._id, shares[index] ?? 0]));
  return new Map([...kitItems(kits)].map(([kit, item]) => [kit, itemValue.get(item ?? '') ?? 0]));
}

function refundBody(row: RefundRow): StaffRefund {
  return {
    _id: row.id,
    amount: row.amount,
    status: row.status,
    method: row.method,
    reference: row.reference,
    gatewayRefundId: row.gateway_refund_id,
    kitIds: row.kit_ids,
    reason: row.reason,
    creditNoteNumber: row.credit_note_number,
    createdAt: iso(row.created_at),
    processedAt: row.processed_at ? iso(row.processed_at) : null,
  };
}

const AUDIT_LIMIT = 200;

/** Everything staff see about one order but its courier bookings, which the handler adds (`shipments.ts`). */
export async function staffOrder(db: Queryable, orderId: string): Promise<Omit<StaffOrder, 'shipments' | 'courierBooking'> | undefined> {
  const row = await orderById(db, orderId);
  if (!row) return undefined;
  const order = await orderBody(db, row);
  const [customer] = await db.query<{ user_id: string; fullname: string | null; email: string | null; phone: string | null; erased_at: Date | null }>(
    'SELECT id AS user_id, fullname, email, phone, erased_at FROM users WHERE id = $1',
    [row.user_id],
  );
  const payments = await db.query<{
    id: string;
    provider: StaffOrder['payments'][number]['provider'];
    method: StaffOrder['payments'][number]['method'];
    gateway_order_id: string;
    gateway_payment_id: string | null;
    amount: number;
    status: 'created' | 'failed' | 'paid';
    created_at: Date | string;
    paid_at: Date | string | null;
    failed_at: Date | string | null;
  }>(
    `SELECT id, provider, method, gateway_order_id, gateway_payment_id, amount, status, created_at, paid_at, failed_at
       FROM payments WHERE order_id = $1 ORDER BY created_at`,
    [orderId],
  );
  const kits = await kitsOfOrder(db, orderId);
  const events = await db.query<{ kit_id: string; state: KitJourneyState; at: Date | string }>(
    'SELECT kit_id, state, at FROM kit_events WHERE kit_id = ANY($1) ORDER BY at, seq',
    [kits.map((kit) => kit.id)],
  );
  const refunds = await db.query<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE order_id = $1 ORDER BY created_at`, [orderId]);
  const audit = await db.query<AuditRow>(
    `SELECT l.id::text AS id, l.at, l.action, a.fullname AS actor, l.actor_role, l.actor_ip, l.entity, l.entity_id, l.reason,
            l.before, l.after
       FROM audit_log l LEFT JOIN users a ON a.id = l.actor_user_id
      WHERE l.entity = 'order' AND l.entity_id = $1 ORDER BY l.at DESC, l.id DESC LIMIT ${AUDIT_LIMIT}`,
    [orderId],
  );
  const values = kitValues(row, order.items, kits);
  const replacedBy = new Map(kits.filter((kit) => kit.replaces_kit_id).map((kit) => [kit.replaces_kit_id as string, kit.id]));
  const [paymentStatus] = await db.query<{ status: StaffPaymentStatus }>(`SELECT ${PAYMENT_STATUS} AS status FROM orders o WHERE o.id = $1`, [orderId]);
  return {
    _id: order._id,
    number: order.number,
    status: order.status,
    paymentStatus: paymentStatus?.status ?? 'unpaid',
    customer: customerOf(customer ?? { user_id: row.user_id, fullname: null, email: null, phone: null, erased_at: null }),
    items: order.items,
    actual_price: order.actual_price,
    discount: order.discount,
    discountInPercentage: order.discountInPercentage,
    coupon: order.coupon,
    price: order.price,
    refundedAmount: row.refunded_amount,
    address: order.address,
    addressLocked: await addressLockOf(db, { id: orderId, status: row.status, channel: await orderChannel(db, orderId) }),
    payments: payments.map((payment) => ({
      _id: payment.id,
      provider: payment.provider,
      method: payment.method,
      gatewayOrderId: payment.gateway_order_id,
      gatewayPaymentId: payment.gateway_payment_id,
      amount: payment.amount,
      status: payment.status,
      createdAt: iso(payment.created_at),
      paidAt: payment.paid_at ? iso(payment.paid_at) : null,
      failedAt: payment.failed_at ? iso(payment.failed_at) : null,
    })),
    invoice: order.invoiceNumber && row.paid_at ? { number: order.invoiceNumber, date: invoiceDate(new Date(row.paid_at)) } : null,
    kits: kits.map(
      (kit): StaffKit => ({
        _id: kit.id,
        product: kit.product_id,
        code: kit.code,
        name: kit.name,
        state: kit.state,
        boxCode: kit.box_code,
        shipment: kit.courier && kit.tracking_number ? { courier: kit.courier, trackingNumber: kit.tracking_number } : null,
        reportUrl: kit.report_url,
        reportPdf: kit.report_pdf,
        replacesKitId: kit.replaces_kit_id,
        replacedByKitId: replacedBy.get(kit.id) ?? null,
        shipAddress: kit.ship_address,
        heldBy: kit.holder_id ? { _id: kit.holder_id, fullname: kit.holder_name } : null,
        value: values.get(kit.id) ?? 0,
        allowedSteps: STAFF_STEPS.filter((step) => nextJourneyState(kit.state, STAFF_STEP_EVENTS[step]) !== null),
        timeline: events.filter((event) => event.kit_id === kit.id).map((event) => ({ state: event.state, at: iso(event.at) })),
      }),
    ),
    refunds: refunds.map(refundBody),
    timeline: order.timeline,
    audit: audit.map(auditEntryBody),
    createdAt: order.createdAt,
    paidAt: order.paidAt,
  };
}

interface LockedOrder extends Record<string, unknown> {
  id: string;
  user_id: string;
  status: OrderStatus;
  price: number;
  refunded_amount: number;
  number: string;
  created_at: Date | string;
  coupon_code: string | null;
}

export async function lockOrder(tx: Queryable, orderId: string): Promise<LockedOrder> {
  const [order] = await tx.query<LockedOrder>(
    'SELECT id, user_id, status, price, refunded_amount, number::text AS number, created_at, coupon_code FROM orders WHERE id = $1 FOR UPDATE',
    [orderId],
  );
  if (!order) throw notFound('There is no such order.');
  return order;
}

/** The kits a step names, all of the order's; or, when it names none, every kit still on its way. */
function kitsInScope(kits: KitRow[], kitIds: readonly string[] | undefined): KitRow[] {
  if (!kitIds) return kits.filter((kit) => !CLOSED_STATES.has(kit.state));
  const byId = new Map(kits.map((kit) => [kit.id, kit]));
  return kitIds.map((id) => {
    const kit = byId.get(id);
    if (!kit) throw notFound('There is no such kit in this order.');
    return kit;
  });
}

export const kitName = (kit: KitRow) => `${kit.name} (${kit.box_code})`;
export const stateWords = (state: KitJourneyState) => KIT_JOURNEY_LABELS[state].toLowerCase();

const STEP_WORDS: Record<OrderJourneyStep['step'], { verb: string; action: `order.${string}` }> = {
  ship: { verb: 'shipped', action: 'order.shipped' },
  deliver: { verb: 'marked delivered', action: 'order.delivered' },
  receiveSample: { verb: 'marked as sample received', action: 'order.sampleReceived' },
  failQc: { verb: 'marked as failing quality control', action: 'order.qcFailed' },
  publishReport: { verb: 'given a report', action: 'order.reportPublished' },
};

type StepField = 'courier' | 'trackingNumber' | 'reportUrl' | 'reportPdf' | 'reason';

/** The details each step takes; a report is either a link or a PDF, so each of those two alone will do. */
const STEP_FIELDS: Record<OrderJourneyStep['step'], { needs: readonly StepField[]; oneOf?: readonly StepField[] }> = {
  ship: { needs: ['courier', 'trackingNumber'] },
  deliver: { needs: [] },
  receiveSample: { needs: [] },
  failQc: { needs: ['reason'] },
  publishReport: { needs: [], oneOf: ['reportUrl', 'reportPdf'] },
};

/** A PDF file's first bytes. */
const PDF_MAGIC = '%PDF-';
const REPORT_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** The step's details checked against what it takes; returns the uploaded report's bytes, if one came. */
function checkStepFields(body: OrderJourneyStep): Buffer | null {
  const { needs, oneOf = [] } = STEP_FIELDS[body.step];
  const fields: Record<string, string> = {};
  for (const field of needs) if (!body[field]?.trim()) fields[field] = 'is required';
  for (const field of ['courier', 'trackingNumber', 'reportUrl', 'reportPdf', 'reason'] as const) {
    if (body[field] !== undefined && !needs.includes(field) && !oneOf.includes(field)) fields[field] = `is not used by the step ${body.step}`;
  }
  const given = oneOf.filter((field) => body[field] !== undefined);
  if (oneOf.length > 0 && given.length !== 1) fields[oneOf.join(' or ')] = 'give one of them';
  const pdf = body.reportPdf === undefined ? null : Buffer.from(body.reportPdf, 'base64');
  if (pdf && (pdf.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC || pdf.length > REPORT_PDF_MAX_BYTES)) {
    fields.reportPdf = 'must be a PDF file of at most 5 MB';
  }
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`${first[0]} ${first[1]}.`, fields);
  return pdf;
}

/**
 * Moves the named kits of an order one step, each only where the kit-journey machine allows it: one refused kit
 * refuses the whole step, so that a parcel is never half recorded. A failed quality check sends a replacement kit.
 */
/** Takes the step for the kits in its scope; returns their ids, for the messages the step sends. */
export async function takeJourneyStep(tx: Queryable, actor: AuditActor, orderId: string, body: OrderJourneyStep): Promise<string[]> {
  const reportPdf = checkStepFields(body);
  const order = await lockOrder(tx, orderId);
  const kits = await kitsOfOrder(tx, orderId, true);
  const scope = kitsInScope(kits, body.kitIds);
  const event = STAFF_STEP_EVENTS[body.step];
  const words = STEP_WORDS[body.step];
  if (scope.length === 0) {
    const why = order.status === 'pending' ? 'it is not paid yet' : order.status === 'paid' ? 'none of its kits is on its way' : `it is ${order.status}`;
    throw new HttpError(409, `Nothing in this order can be ${words.verb}: ${why}.`, 'JOURNEY_STEP_NOT_ALLOWED');
  }
  const refused = scope.filter((kit) => nextJourneyState(kit.state, event) === null);
  if (refused.length > 0) {
    const reasons = refused.map((kit) => `${kitName(kit)} is ${stateWords(kit.state)}`).join('; ');
    throw new HttpError(409, `This cannot be ${words.verb}: ${reasons}.`, 'JOURNEY_STEP_NOT_ALLOWED');
  }
  if (body.step === 'ship' && new Set(scope.map(destinationKey)).size > 1) {
    const elsewhere = scope.filter((kit) => kit.ship_address).map(kitName).join(', ');
    throw new HttpError(409, `These kits go to different addresses (${elsewhere} to its own): ship each address's kits as a parcel of their own.`, 'JOURNEY_STEP_NOT_ALLOWED');
  }
  const after: Array<{ kit: string; boxCode: string; state: KitJourneyState; replacement?: string }> = [];
  for (const kit of scope) {
    const state = await advanceKit(tx, kit.id, event);
    if (body.step === 'ship') {
      await tx.query('UPDATE kits SET courier = $2, tracking_number = $3 WHERE id = $1', [kit.id, body.courier?.trim(), body.trackingNumber?.trim()]);
    }
    if (body.step === 'publishReport') {
      await tx.query('UPDATE kits SET report_url = $2 WHERE id = $1', [kit.id, body.reportUrl ?? null]);
      if (reportPdf) {
        await tx.query(
          `INSERT INTO kit_report_files (kit_id, content, uploaded_by) VALUES ($1, $2, $3)
           ON CONFLICT (kit_id) DO UPDATE SET content = EXCLUDED.content, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
          [kit.id, reportPdf, actor.userId],
        );
      }
    }
    if (body.step === 'failQc') {
      const replaced = await advanceKit(tx, kit.id, 'journey.replace');
      const replacement = await sendReplacement(tx, order, kit);
      after.push({ kit: kit.id, boxCode: kit.box_code, state: replaced, replacement });
      continue;
    }
    after.push({ kit: kit.id, boxCode: kit.box_code, state });
  }
  await writeAudit(tx, {
    actor,
    action: words.action,
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { kits: scope.map((kit) => ({ kit: kit.id, boxCode: kit.box_code, state: kit.state })) },
    after: {
      kits: after,
      ...(body.step === 'ship' ? { courier: body.courier ?? null, trackingNumber: body.trackingNumber ?? null } : {}),
      ...(body.step === 'publishReport' ? { reportUrl: body.reportUrl ?? null, reportPdfBytes: reportPdf?.length ?? null } : {}),
    },
    reason: body.reason?.trim() ?? null,
  });
  return scope.map((kit) => kit.id);
}

/** A new kit, with a code of its own, in place of one whose sample failed quality control; it waits to be shipped. */
async function sendReplacement(tx: Queryable, order: LockedOrder, kit: KitRow): Promise<string> {
  const [code] = await issueKitCodes(tx, kit.product_id, 1);
  const [replacement] = await tx.query<{ id: string }>(
    `INSERT INTO kits (order_id, user_id, product_id, box_code, state, replaces_kit_id) VALUES ($1, $2, $3, $4, 'ordered', $5) RETURNING id`,
    [order.id, order.user_id, kit.product_id, code, kit.id],
  );
  if (!replacement) throw new Error('the replacement kit was not inserted');
  await tx.query('UPDATE kit_codes SET kit_id = $1 WHERE code = $2', [replacement.id, code]);
  await tx.query(`INSERT INTO kit_events (kit_id, state) VALUES ($1, 'ordered')`, [replacement.id]);
  await advanceKit(tx, replacement.id, 'journey.pay');
  return replacement.id;
}

/** Cancels an order that is not paid yet and gives its coupon use back, as the customer or the expiry would. */
export async function cancelOrderByStaff(tx: Queryable, actor: AuditActor, orderId: string, reason: string): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (order.status !== 'pending') {
    const message =
      order.status === 'paid' ? 'This order is paid, so it is not cancelled: refund it instead.' : `This order is already ${order.status}.`;
    throw new HttpError(409, message, 'ORDER_NOT_CANCELLABLE');
  }
  await tx.query(`UPDATE orders SET status = 'cancelled', cancelled_at = now(), cancel_reason = 'staff' WHERE id = $1`, [orderId]);
  const released = await tx.query('DELETE FROM coupon_redemptions WHERE order_id = $1 RETURNING id', [orderId]);
  await writeAudit(tx, {
    actor,
    action: 'order.cancelled',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { status: 'pending' },
    after: { status: 'cancelled', couponUseReleased: released.length > 0 ? order.coupon_code : null },
    reason,
  });
}

/** Why a kit cannot be refunded, in the words of the shop's refund rule. */
function refundRefusal(kit: KitRow): string {
  switch (kit.state) {
    case 'sampleReceived':
      return `${kitName(kit)} is at the lab: a kit is refunded only before its sample reaches the lab, or when the lab cannot analyse it`;
    case 'reportReady':
      return `${kitName(kit)} has its report ready: a kit is not refunded after its report`;
    case 'refunded':
      return `${kitName(kit)} is already refunded`;
    case 'replaced':
      return `${kitName(kit)} was replaced by a new kit: refund the new kit instead`;
    default:
      return `${kitName(kit)} is ${stateWords(kit.state)}`;
  }
}

export interface RefundRequest {
  idempotencyKey: string;
  kitIds?: readonly string[] | undefined;
  /** The customer's reason: printed on the credit note and e-mailed to them. */
  reason: string;
  /** How the money of an order paid at a counter went back; absent for an order paid through the gateway. */
  counter?: { method: CounterRefundMethod; reference: string | null } | undefined;
  /** For staff only: kept in the audit row, never on the credit note nor in a message. */
  internalNote?: string | null | undefined;
}

/** How a counter payment was made, in the words of a sentence ("paid in cash"). */
const PAID_BY: Record<CounterPaymentMethod, string> = { cash: 'in cash', upi: 'by UPI', card: 'by card' };

/**
 * The refund's details that do not depend on the order: a UPI transfer has its reference, cash has none, and a
 * reference goes with the way the money went back.
 */
export function checkRefundMethod(body: { method?: CounterRefundMethod | undefined; reference?: string | undefined }): RefundRequest['counter'] {
  const reference = body.reference?.trim() || null;
  if (!body.method) {
    if (reference) throw badRequest('A reference is only given for a refund at the counter, with how the money went back.', { reference: 'goes with method' });
    return undefined;
  }
  if (body.method === 'upi' && !reference) {
    throw badRequest('Give the UPI transfer’s reference (UTR), so that the customer and the accounts can find the money.', {
      reference: 'is required for a UPI refund',
    });
  }
  if (body.method === 'cash' && reference) throw badRequest('Cash handed back has no reference: leave it out.', { reference: 'is not used for a cash refund' });
  return { method: body.method, reference };
}

/**
 * Refunds kits of a paid order, with the credit note's number, under the order's lock. An order paid through the
 * gateway is refunded through it: the gateway is asked while the lock is held, so a second request waits and then
 * finds the kits refunded (or, with the same idempotency key, the refund itself), and the refund's webhook waits for
 * the row it will look for. An order paid at a counter had its money given back there, as `request.counter` says:
 * the refund is recorded as processed, under the same lock and with the same credit note.
 */
export async function refundOrder(
  tx: Queryable,
  gateway: PaymentGateway | null,
  actor: AuditActor,
  orderId: string,
  request: RefundRequest,
): Promise<{ refundId: string; created: boolean }> {
  const order = await lockOrder(tx, orderId);
  const [earlier] = await tx.query<{ id: string }>('SELECT id FROM refunds WHERE order_id = $1 AND idempotency_key = $2', [orderId, request.idempotencyKey]);
  if (earlier) return { refundId: earlier.id, created: false };
  if (order.status !== 'paid') {
    const message = order.status === 'refunded' ? 'This order is already refunded in full.' : `This order is ${order.status}: only a paid order is refunded.`;
    throw new HttpError(409, message, 'REFUND_NOT_ALLOWED');
  }
  const [payment] = await tx.query<{ id: string; provider: string; method: CounterPaymentMethod | null; gateway_payment_id: string | null }>(
    `SELECT id, provider, method, gateway_payment_id FROM payments WHERE order_id = $1 AND status = 'paid'`,
    [orderId],
  );
  const counterPayment = payment?.provider === 'offline' && payment.method ? { id: payment.id, method: payment.method } : null;
  const { counter } = request;
  if (counterPayment) {
    const paidBy = PAID_BY[counterPayment.method];
    if (!counter) {
      throw badRequest(`This order was paid at a counter ${paidBy}: say how the money went back, in cash, by UPI or as a card reversal.`, {
        method: 'is required for an order paid at a counter',
      });
    }
    if (counter.method === 'card_reversal' && counterPayment.method !== 'card') {
      throw new HttpError(
        409,
        `A card reversal gives back a card payment, and this order was paid ${paidBy}: hand the money back in cash or send it by UPI.`,
        'REFUND_METHOD_NOT_ALLOWED',
      );
    }
  } else if (counter) {
    throw new HttpError(
      409,
      'This order was not paid at a counter, so its money goes back to the payment it came from: leave out how the money went back.',
      'REFUND_METHOD_NOT_ALLOWED',
    );
  }
  const gatewayPayment = payment?.gateway_payment_id && gateway && payment.provider === gateway.name ? { id: payment.id, gatewayId: payment.gateway_payment_id } : null;
  if (!counterPayment && !gatewayPayment) {
    throw new HttpError(409, 'This order was not paid through the payment gateway in use, so it cannot be refunded here.', 'REFUND_NOT_POSSIBLE');
  }
  const kits = await kitsOfOrder(tx, orderId, true);
  const scope = kitsInScope(kits, request.kitIds);
  if (scope.length === 0) throw new HttpError(409, 'Every kit of this order is already refunded or closed.', 'REFUND_NOT_ALLOWED');
  const refused = scope.filter((kit) => nextJourneyState(kit.state, 'journey.refund') === null);
  if (refused.length > 0) throw new HttpError(409, `This refund is not possible: ${refused.map(refundRefusal).join('; ')}.`, 'REFUND_NOT_ALLOWED');

  const row = await orderById(tx, orderId);
  if (!row) throw notFound('There is no such order.');
  const { items } = await orderBody(tx, row);
  const values = kitValues(row, items, kits);
  const amount = scope.reduce((sum, kit) => sum + (values.get(kit.id) ?? 0), 0);
  if (amount <= 0 || amount > order.price - order.refunded_amount) {
    throw new HttpError(409, 'There is nothing left of the payment to refund for these kits.', 'REFUND_NOT_ALLOWED');
  }
  // now() is the transaction's start, so the credit note's year is the year of the refund it records.
  const [clock] = await tx.query<{ now: Date | string }>('SELECT now() AS now');
  const creditNoteNumber = await allocateDocumentNumber(tx, 'credit_note', new Date(clock!.now));

  // Money handed back at a counter is back when staff record it; the gateway says when its refund is.
  let made: { paymentId: string; method: StaffRefund['method']; reference: string | null; gatewayRefundId: string | null; status: StaffRefund['status'] };
  if (counterPayment && counter) {
    made = { paymentId: counterPayment.id, method: counter.method, reference: counter.reference, gatewayRefundId: null, status: 'processed' };
  } else {
    if (!gatewayPayment || !gateway) throw new Error('a refund with neither a counter nor a gateway payment');
    try {
      const refund = await gateway.refund({
        paymentId: gatewayPayment.gatewayId,
        amount,
        receipt: creditNoteNumber,
        notes: { order: orderNumber(order), creditNote: creditNoteNumber },
        key: `${orderId}:${request.idempotencyKey}`,
      });
      made = { paymentId: gatewayPayment.id, method: 'gateway', reference: null, gatewayRefundId: refund.id, status: refund.status };
    } catch (error) {
      if (error instanceof GatewayRefusedError) throw new HttpError(409, `The payment gateway refused the refund: ${error.message}`, 'GATEWAY_REFUSED');
      if (error instanceof GatewayUnavailableError) throw new HttpError(503, error.message, 'GATEWAY_UNAVAILABLE');
      throw error;
    }
  }
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO refunds (order_id, payment_id, idempotency_key, method, reference, gateway_refund_id, amount, status, kit_ids, reason,
                          credit_note_number, created_by, processed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $8 = 'processed' THEN now() END)
     RETURNING id`,
    [
      orderId,
      made.paymentId,
      request.idempotencyKey,
      made.method,
      made.reference,
      made.gatewayRefundId,
      amount,
      made.status,
      scope.map((kit) => kit.id),
      request.reason,
      creditNoteNumber,
      actor.userId,
    ],
  );
  if (!inserted) throw new Error('the refund was not inserted');
  for (const kit of scope) await advanceKit(tx, kit.id, 'journey.refund');
  const refundedIds = new Set(scope.map((kit) => kit.id));
  const everyKitRefunded = kits.every((kit) => refundedIds.has(kit.id) || kit.state === 'refunded' || kit.state === 'replaced');
  const status: OrderStatus = everyKitRefunded ? 'refunded' : 'paid';
  await tx.query('UPDATE orders SET refunded_amount = refunded_amount + $2, status = $3 WHERE id = $1', [orderId, amount, status]);
  await writeAudit(tx, {
    actor,
    action: 'order.refunded',
    entity: 'order',
    entityId: orderId,
    subject: order.user_id,
    before: { status: order.status, refundedAmount: order.refunded_amount, kits: scope.map((kit) => ({ kit: kit.id, state: kit.state })) },
    after: {
      status,
      refundedAmount: order.refunded_amount + amount,
      amount,
      creditNoteNumber,
      method: made.method,
      ...(made.gatewayRefundId ? { gatewayRefundId: made.gatewayRefundId } : { reference: made.reference }),
      kits: scope.map((kit) => ({ kit: kit.id, state: 'refunded' })),
      internalNote: request.internalNote ?? null,
    },
    reason: request.reason,
  });
  return { refundId: inserted.id, created: true };
}

export async function refundOfOrder(db: Queryable, orderId: string, refundId: string): Promise<StaffRefund | undefined> {
  const [row] = await db.query<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1 AND order_id = $2`, [refundId, orderId]);
  return row && refundBody(row);
}

/** What the credit note of a refund is made from. */
export async function creditNoteOf(db: Queryable, row: OrderRow, refundId: string): Promise<CreditNote | undefined> {
  const [refund] = await db.query<RefundRow>(`SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1 AND order_id = $2`, [refundId, row.id]);
  if (!refund) return undefined;
  const order = await orderBody(db, row);
  const invoice = invoiceOrder(row, order);
  if (!invoice) throw new Error(`refunded order ${row.id} has no invoice`);
  const items = kitItems(await kitsOfOrder(db, row.id));
  const refunded = refund.kit_ids.map((id) => {
    const item = order.items.find((entry) => entry._id === items.get(id));
    if (!item) throw new Error(`kit ${id} of refund ${refund.id} is not in its order`);
    return invoiceItem(item);
  });
  return {
    number: refund.credit_note_number,
    issuedAt: new Date(refund.created_at),
    reason: refund.reason,
    moneyBack: { method: refund.method, reference: refund.reference },
    invoice,
    items: refunded,
    amount: refund.amount,
  };
}

/**
 * Records the gateway's word on a refund (its webhook), once: the order is locked first, through the payment, so a
 * webhook that arrives while the refund's own transaction is still open waits for its row. Returns `recorded`, or
 * `known` when the refund already had the gateway's word, or `unknown` when it is not one of ours.
 */
export async function recordRefundOutcome(
  tx: Queryable,
  refund: { id: string; paymentId: string; status: 'processed' | 'failed' },
): Promise<'recorded' | 'known' | 'unknown'> {
  await tx.query(
    `SELECT o.id FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.gateway_payment_id = $1 FOR UPDATE OF o`,
    [refund.paymentId],
  );
  const [row] = await tx.query<{ id: string; order_id: string; status: string; user_id: string }>(
    `SELECT r.id, r.order_id, r.status, o.user_id FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.gateway_refund_id = $1`,
    [refund.id],
  );
  if (!row) return 'unknown';
  if (row.status !== 'pending') return 'known';
  await tx.query(`UPDATE refunds SET status = $2, processed_at = CASE WHEN $2 = 'processed' THEN now() END WHERE id = $1`, [row.id, refund.status]);
  await writeAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: refund.status === 'processed' ? 'order.refundProcessed' : 'order.refundFailed',
    entity: 'order',
    entityId: row.order_id,
    subject: row.user_id,
    before: { refund: row.id, status: 'pending' },
    after: { refund: row.id, status: refund.status },
  });
  return 'recorded';
}
