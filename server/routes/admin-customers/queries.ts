/**
 * The staff's view of customers: one page of the list with its search, filters and order, every match of the same
 * filter in batches for an export, and one customer in full.
 */
import type { components, operations } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest } from '../../errors';
import { addressOfRow } from '../addresses/queries';
import { kitBodies, kitsOfUser, type KitBodyOptions } from '../kits/queries';
import { orderNumber } from '../orders/queries';
import { questionnaireResultsOf } from '../privacy/queries';

type StaffCustomer = components['schemas']['StaffCustomer'];
type StaffCustomerDetail = components['schemas']['StaffCustomerDetail'];
type CustomerNote = components['schemas']['CustomerNote'];
type StaffAuditEntry = components['schemas']['StaffAuditEntry'];
export type CustomerFilter = components['schemas']['CustomerFilter'];
export type CustomerSort = components['schemas']['CustomerSort'];
export type CustomerListQuery = NonNullable<operations['listCustomers']['parameters']['query']>;

export const DEFAULT_CUSTOMER_SORT: CustomerSort = '-signedUpAt';

/**
 * Each sort as the expression it orders by, the same expressions as the partial indexes of migration 0030, so that
 * the first page of any order reads 20 index entries rather than sorting every customer. The id comes last, so that
 * pages never overlap and an export can continue after a row (keyset).
 */
const SORT_EXPRESSIONS: Record<string, string> = {
  name: 'lower(u.fullname)',
  email: "lower(coalesce(u.email, ''))",
  signedUpAt: 'u.created_at',
  orders: 'u.paid_orders',
  lastOrderAt: "coalesce(u.last_paid_at, '-infinity'::timestamptz)",
};

interface SortPlan {
  expression: string;
  descending: boolean;
}

function sortPlan(sort: CustomerSort): SortPlan {
  const descending = sort.startsWith('-');
  const expression = SORT_EXPRESSIONS[descending ? sort.slice(1) : sort];
  // The contract's enum admits only these; a value outside it never reaches here.
  if (!expression) throw badRequest('Unknown sort column.', { sort: 'is not a column the list sorts by' });
  return { expression, descending };
}

const orderBy = ({ expression, descending }: SortPlan) => {
  const direction = descending ? 'DESC' : 'ASC';
  return `${expression} ${direction}, u.id ${direction}`;
};

/** India has one time zone and no daylight saving. */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
const DAY_MS = 86_400_000;

const KIT_CODE = /^GUT-?([A-Z0-9]{4})-?([A-Z0-9]{4})$/;

/** `%` and `_` typed by staff are letters to find, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * What `q` looks for, decided by its shape: a kit code finds its owner exactly; digits find a phone number; anything
 * else a part of the name or the e-mail address.
 */
function searchCondition(q: string, param: (value: unknown) => string): string {
  const text = q.trim();
  const code = KIT_CODE.exec(text.toUpperCase().replace(/\s+/g, ''));
  if (code) return `u.id IN (SELECT k.user_id FROM kits k WHERE k.box_code = ${param(`GUT-${code[1]}-${code[2]}`)})`;
  const digits = text.replace(/[\s()+-]/g, '');
  if (/^\d{3,}$/.test(digits)) {
    // +91 98765 43210 and 098765 43210 are the number 9876543210.
    const national = digits.length > 10 ? digits.slice(-10) : digits.replace(/^0(?=\d{10}$)/, '');
    return `u.phone LIKE ${param(`%${likeEscaped(national)}%`)}`;
  }
  const pattern = param(`%${likeEscaped(text.toLowerCase())}%`);
  return `(lower(u.fullname) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})`;
}

interface WhereClause {
  sql: string;
  params: unknown[];
}

/** The filter as a WHERE clause over `users u`: customers only, never an erased profile. */
export function customerWhere(filter: CustomerFilter): WhereClause {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = ["u.role = 'customer'", 'u.erased_at IS NULL'];
  if (filter.q !== undefined && filter.q.trim() !== '') conditions.push(searchCondition(filter.q, param));
  if (filter.product && filter.product.length > 0) conditions.push(`u.products_bought @> ${param([...new Set(filter.product)])}::text[]`);
  if (filter.kitStateDays !== undefined && !filter.kitState) {
    throw badRequest('Days in a state need the state.', { kitStateDays: 'needs kitState' });
  }
  if (filter.kitState) {
    const since = filter.kitStateDays === undefined ? '' : ` AND k.state_changed_at <= now() - ${param(filter.kitStateDays)}::int * interval '1 day'`;
    conditions.push(`EXISTS (SELECT 1 FROM kits k WHERE k.user_id = u.id AND k.state = ${param(filter.kitState)}${since})`);
  }
  if (filter.signedUpFrom && filter.signedUpTo && filter.signedUpFrom > filter.signedUpTo) {
    throw badRequest('The first day comes after the last.', { signedUpTo: 'must not be before signedUpFrom' });
  }
  if (filter.signedUpFrom) conditions.push(`u.created_at >= ${param(startOfIndianDay(filter.signedUpFrom))}`);
  if (filter.signedUpTo) conditions.push(`u.created_at < ${param(new Date(startOfIndianDay(filter.signedUpTo).getTime() + DAY_MS))}`);
  return { sql: conditions.join(' AND '), params };
}

interface CustomerRow extends Record<string, unknown> {
  id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  created_at: Date | string;
  paid_orders: number;
  last_paid_at: Date | string | null;
  products_bought: string[];
  sort_key: unknown;
}

/** Kits activated by their owner or further along: the lab has them, or will. */
const ACTIVATED_STATES = `('activated', 'sampleReceived', 'reportReady', 'qcFailed')`;

const customerSelect = (plan: SortPlan) => `
  SELECT u.id, u.fullname, u.email, u.phone, u.created_at, u.paid_orders, u.last_paid_at, u.products_bought,
         -- As text, which keeps a timestamp's microseconds that a JavaScript Date would drop.
         (${plan.expression})::text AS sort_key
    FROM users u`;

type Kits = StaffCustomer['kits'];

/** The kits of the customers of one page, counted after the page is chosen rather than for every row it skips. */
async function kitCounts(db: Queryable, rows: readonly CustomerRow[]): Promise<Map<string, Kits>> {
  if (rows.length === 0) return new Map();
  const counted = await db.query<{ user_id: string; total: number; activated: number }>(
    `SELECT user_id, count(*)::int AS total, count(*) FILTER (WHERE state IN ${ACTIVATED_STATES})::int AS activated
       FROM kits WHERE user_id = ANY($1) GROUP BY user_id`,
    [rows.map((row) => row.id)],
  );
  return new Map(counted.map((row) => [row.user_id, { total: row.total, activated: row.activated }]));
}

const NO_KITS: Kits = { total: 0, activated: 0 };

const iso = (at: Date | string) => new Date(at).toISOString();

/** Product codes to names, in the catalogue's order. */
export async function productNames(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ code: string; name: string }>('SELECT code, name FROM products ORDER BY sort, name');
  return new Map(rows.map((row) => [row.code, row.name]));
}

function customerBody(row: CustomerRow, names: Map<string, string>, kits: Map<string, Kits>): StaffCustomer {
  const bought = new Set(row.products_bought);
  return {
    _id: row.id,
    fullname: row.fullname,
    email: row.email,
    phone: row.phone,
    signedUpAt: iso(row.created_at),
    orders: row.paid_orders,
    lastOrderAt: row.last_paid_at ? iso(row.last_paid_at) : null,
    products: [...names].filter(([code]) => bought.has(code)).map(([, name]) => name),
    kits: kits.get(row.id) ?? NO_KITS,
  };
}

export async function listCustomers(db: Queryable, query: CustomerListQuery): Promise<{ items: StaffCustomer[]; total: number }> {
  const plan = sortPlan(query.sort ?? DEFAULT_CUSTOMER_SORT);
  const where = customerWhere(query);
  const limit = query.limit ?? 20;
  const offset = query.offset ?? 0;
  const n = where.params.length;
  const [rows, counted, names] = await Promise.all([
    db.query<CustomerRow>(`${customerSelect(plan)} WHERE ${where.sql} ORDER BY ${orderBy(plan)} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...where.params,
      limit,
      offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${where.sql}`, where.params),
    productNames(db),
  ]);
  const kits = await kitCounts(db, rows);
  return { items: rows.map((row) => customerBody(row, names, kits)), total: counted[0]?.total ?? 0 };
}

export async function countCustomers(db: Queryable, filter: CustomerFilter): Promise<number> {
  const where = customerWhere(filter);
  const [counted] = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users u WHERE ${where.sql}`, where.params);
  return counted?.total ?? 0;
}

/**
 * Every customer the filter matches, in its order, `batchSize` at a time: each batch continues after the last row of
 * the one before (keyset), so that the thousandth batch costs what the first did and nothing holds them all.
 */
export async function* customerBatches(db: Queryable, filter: CustomerFilter, batchSize: number): AsyncGenerator<StaffCustomer[]> {
  const plan = sortPlan(filter.sort ?? DEFAULT_CUSTOMER_SORT);
  const names = await productNames(db);
  let after: { key: unknown; id: string } | null = null;
  for (;;) {
    const where = customerWhere(filter);
    const params = [...where.params];
    let keyset = '';
    if (after) {
      params.push(after.key, after.id);
      keyset = ` AND (${plan.expression}, u.id) ${plan.descending ? '<' : '>'} ($${params.length - 1}, $${params.length})`;
    }
    params.push(batchSize);
    const rows: CustomerRow[] = await db.query<CustomerRow>(
      `${customerSelect(plan)} WHERE ${where.sql}${keyset} ORDER BY ${orderBy(plan)} LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    const kits = await kitCounts(db, rows);
    yield rows.map((row) => customerBody(row, names, kits));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
}

interface NoteRow extends Record<string, unknown> {
  id: string;
  body: string;
  author: string | null;
  created_at: Date | string;
}

const noteBody = (row: NoteRow): CustomerNote => ({ _id: row.id, body: row.body, author: row.author, createdAt: iso(row.created_at) });

const NOTE_SELECT = `SELECT n.id, n.body, a.fullname AS author, n.created_at FROM customer_notes n LEFT JOIN users a ON a.id = n.author_id`;

export async function addNote(tx: Queryable, customerId: string, authorId: string, body: string): Promise<CustomerNote> {
  const [inserted] = await tx.query<{ id: string }>('INSERT INTO customer_notes (user_id, author_id, body) VALUES ($1, $2, $3) RETURNING id', [
    customerId,
    authorId,
    body,
  ]);
  const [row] = await tx.query<NoteRow>(`${NOTE_SELECT} WHERE n.id = $1`, [inserted!.id]);
  return noteBody(row!);
}

/** A customer's profile, as long as it is a customer's and not erased. */
export async function customerExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.query('SELECT 1 FROM users WHERE id = $1 AND role = $2 AND erased_at IS NULL', [id, 'customer']);
  return row !== undefined;
}

const HISTORY_LIMIT = 200;

export async function customerDetail(db: Queryable, id: string, kitOptions: KitBodyOptions): Promise<StaffCustomerDetail | undefined> {
  const [user] = await db.query<{
    id: string;
    fullname: string;
    email: string | null;
    email_verified: boolean;
    phone: string | null;
    role: StaffCustomerDetail['role'];
    created_at: Date | string;
    firebase_uid: string | null;
  }>(`SELECT id, fullname, email, email_verified, phone, role, created_at, firebase_uid FROM users WHERE id = $1 AND erased_at IS NULL`, [id]);
  if (!user) return undefined;

  const [saved, shipped, orders, payments, items, kitRows, questionnaireResults, notes, history] = await Promise.all([
    db.query<AddressRow>(
      `SELECT name, phone, line1, line2, city, state, pincode, updated_at AS at FROM addresses WHERE user_id = $1`,
      [id],
    ),
    db.query<AddressRow>(
      `SELECT ship_name AS name, ship_phone AS phone, ship_line1 AS line1, ship_line2 AS line2, ship_city AS city,
              ship_state AS state, ship_pincode AS pincode, max(created_at) AS at
         FROM orders WHERE user_id = $1
        GROUP BY ship_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_pincode
        ORDER BY at DESC`,
      [id],
    ),
    db.query<{
      id: string;
      number: string;
      status: string;
      price: number;
      actual_price: number;
      coupon_code: string | null;
      created_at: Date | string;
      paid_at: Date | string | null;
      invoice_number: string | null;
    }>(
      `SELECT id, number::text AS number, status, price, actual_price, coupon_code, created_at, paid_at, invoice_number
         FROM orders WHERE user_id = $1 ORDER BY created_at DESC`,
      [id],
    ),
    db.query<{
      order_id: string;
      provider: string;
      status: string;
      amount: number;
      gateway_payment_id: string | null;
      created_at: Date | string;
      paid_at: Date | string | null;
    }>(
      `SELECT p.order_id, p.provider, p.status, p.amount, p.gateway_payment_id, p.created_at, p.paid_at
         FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.user_id = $1 ORDER BY p.created_at`,
      [id],
    ),
    db.query<{ order_id: string; name: string }>(
      `SELECT i.order_id, i.name FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = $1 ORDER BY i.position`,
      [id],
    ),
    kitsOfUser(db, id),
    questionnaireResultsOf(db, id),
    db.query<NoteRow>(`${NOTE_SELECT} WHERE n.user_id = $1 ORDER BY n.created_at DESC`, [id]),
    db.query<AuditRow>(
      `SELECT l.id::text AS id, l.at, l.action, a.fullname AS actor, l.actor_role, l.actor_ip, l.entity, l.entity_id, l.reason,
              l.before, l.after
         FROM audit_log l LEFT JOIN users a ON a.id = l.actor_user_id
        WHERE l.subject_user_id = $1 ORDER BY l.at DESC, l.id DESC LIMIT ${HISTORY_LIMIT}`,
      [id],
    ),
  ]);
  const kits = await kitBodies(db, kitRows, kitOptions, id);

  const savedAddress = saved[0];
  const sameAddress = (a: AddressRow, b: AddressRow) =>
    a.name === b.name && a.phone === b.phone && a.line1 === b.line1 && (a.line2 ?? '') === (b.line2 ?? '') && a.city === b.city && a.state === b.state && a.pincode === b.pincode;
  const addresses: StaffCustomerDetail['addresses'] = [
    ...(savedAddress ? [{ source: 'saved' as const, lastUsedAt: iso(savedAddress.at), address: addressOfRow(savedAddress) }] : []),
    ...shipped
      .filter((row) => !savedAddress || !sameAddress(row, savedAddress))
      .map((row) => ({ source: 'order' as const, lastUsedAt: iso(row.at), address: addressOfRow(row) })),
  ];

  return {
    _id: user.id,
    fullname: user.fullname,
    email: user.email,
    emailVerified: user.email_verified,
    phone: user.phone,
    role: user.role,
    signedUpAt: iso(user.created_at),
    signedIn: user.firebase_uid !== null,
    addresses,
    orders: orders.map((order) => ({
      _id: order.id,
      number: orderNumber(order),
      status: order.status,
      price: order.price,
      actual_price: order.actual_price,
      coupon: order.coupon_code,
      items: items.filter((item) => item.order_id === order.id).map((item) => item.name),
      createdAt: iso(order.created_at),
      paidAt: order.paid_at ? iso(order.paid_at) : null,
      invoiceNumber: order.invoice_number,
      payments: payments
        .filter((payment) => payment.order_id === order.id)
        .map((payment) => ({
          provider: payment.provider,
          status: payment.status,
          amount: payment.amount,
          paymentId: payment.gateway_payment_id,
          createdAt: iso(payment.created_at),
          paidAt: payment.paid_at ? iso(payment.paid_at) : null,
        })),
    })),
    kits: kits.map((kit, index) => ({ boxCode: kitRows[index]!.box_code, kit })),
    questionnaireResults,
    notes: notes.map(noteBody),
    history: history.map(auditEntryBody),
  };
}

interface AddressRow extends Record<string, unknown> {
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pincode: string;
  at: Date | string;
}


export interface AuditRow extends Record<string, unknown> {
  id: string;
  at: Date | string;
  action: string;
  actor: string | null;
  actor_role: string | null;
  actor_ip: string | null;
  entity: string;
  entity_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
}

export function auditEntryBody(row: AuditRow): StaffAuditEntry {
  return {
    _id: row.id,
    at: iso(row.at),
    action: row.action,
    actor: row.actor,
    actorRole: row.actor_role,
    ip: row.actor_ip,
    entity: row.entity,
    entityId: row.entity_id,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** What staff may correct of a customer's profile, and the Firebase account it signs in with. */
export interface CustomerContact extends Record<string, unknown> {
  fullname: string;
  email: string | null;
  phone: string | null;
  firebase_uid: string | null;
}

/** A customer's profile locked for a correction; undefined when it is not a customer's or was erased. */
export async function lockCustomerContact(tx: Queryable, id: string): Promise<CustomerContact | undefined> {
  const [row] = await tx.query<CustomerContact>(
    `SELECT fullname, email, phone, firebase_uid FROM users WHERE id = $1 AND role = 'customer' AND erased_at IS NULL FOR UPDATE`,
    [id],
  );
  return row;
}

/** Whether a profile other than `exceptId` has this e-mail address (whatever its case) or mobile number. */
export async function contactHeldByAnother(tx: Queryable, contact: { email: string } | { phone: string }, exceptId: string): Promise<boolean> {
  const [row] =
    'email' in contact
      ? await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [contact.email, exceptId])
      : await tx.query('SELECT 1 FROM users WHERE phone = $1 AND id <> $2', [contact.phone, exceptId]);
  return row !== undefined;
}

/** Writes the corrected fields; a new e-mail address is not confirmed until its owner proves it. */
export async function correctCustomerContact(tx: Queryable, id: string, change: { fullname?: string; email?: string; phone?: string }): Promise<void> {
  await tx.query(
    `UPDATE users SET fullname = coalesce($2, fullname), email = coalesce($3, email), phone = coalesce($4, phone),
            email_verified = CASE WHEN $3::text IS NULL THEN email_verified ELSE false END
      WHERE id = $1`,
    [id, change.fullname ?? null, change.email ?? null, change.phone ?? null],
  );
}
