/**
 * Coupons as admins run them: the list with redemptions so far, making and changing one, ending and deleting it. The
 * rules a coupon must keep are checked here with a message per field; every change is written to the audit log in
 * the same transaction. The rules the cart and checkout apply are in `../coupons/queries.ts`.
 */
import type { components } from '../../../openapi/schema';
import { sqlState, UNIQUE_VIOLATION, type Queryable } from '../../db';
import { badRequest, HttpError, notFound, type FieldErrors } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';

type AdminCoupon = components['schemas']['AdminCoupon'];
type AdminCouponInput = components['schemas']['AdminCouponInput'];
type AdminCouponPatch = components['schemas']['AdminCouponPatch'];
type AdminCouponSort = components['schemas']['AdminCouponSort'];
type AdminCouponStatus = components['schemas']['AdminCouponStatus'];

export const COUPON_NOT_FOUND = 'There is no such coupon.';

/** A code as it is kept: trimmed and upper-cased, then 3 to 30 of A-Z, 0-9, _ and -, starting with a letter or digit. */
export const COUPON_CODE = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

interface CouponRow extends Record<string, unknown> {
  id: string;
  code: string;
  percentage: number;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  max_redemptions: number | null;
  per_user_limit: number;
  first_order_only: boolean;
  active: boolean;
  note: string;
  created_at: Date | string;
  updated_at: Date | string;
  redemptions: number;
  status: AdminCouponStatus;
  products: Array<{ _id: string; code: string; name: string }> | null;
}

const STATUS = `CASE
    WHEN NOT k.active THEN 'inactive'
    WHEN k.valid_until IS NOT NULL AND k.valid_until <= now() THEN 'ended'
    WHEN k.valid_from IS NOT NULL AND k.valid_from > now() THEN 'scheduled'
    ELSE 'active' END`;

const STATUS_FILTERS: Record<AdminCouponStatus, string> = {
  inactive: 'NOT k.active',
  ended: 'k.active AND k.valid_until IS NOT NULL AND k.valid_until <= now()',
  scheduled: 'k.active AND k.valid_from IS NOT NULL AND k.valid_from > now() AND (k.valid_until IS NULL OR k.valid_until > now())',
  active: 'k.active AND (k.valid_from IS NULL OR k.valid_from <= now()) AND (k.valid_until IS NULL OR k.valid_until > now())',
};

const REDEMPTIONS = '(SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = k.id)';

/** Each sort ends in the coupon's id, so that pages never repeat or skip a coupon. */
const SORTS: Record<AdminCouponSort, string> = {
  '-createdAt': 'k.created_at DESC, k.id DESC',
  createdAt: 'k.created_at, k.id',
  code: 'k.code, k.id',
  '-code': 'k.code DESC, k.id DESC',
  percentage: 'k.percentage, k.code',
  '-percentage': 'k.percentage DESC, k.code',
  validUntil: 'k.valid_until NULLS LAST, k.code',
  '-validUntil': 'k.valid_until DESC NULLS FIRST, k.code',
  redemptions: 'redemptions, k.code',
  '-redemptions': 'redemptions DESC, k.code',
};

const COUPON_SELECT = `
  SELECT k.id, k.code, k.percentage, k.valid_from, k.valid_until, k.max_redemptions, k.per_user_limit,
         k.first_order_only, k.active, k.note, k.created_at, k.updated_at,
         ${REDEMPTIONS} AS redemptions, ${STATUS} AS status,
         (SELECT json_agg(json_build_object('_id', p.id, 'code', p.code, 'name', p.name) ORDER BY p.sort, p.name)
            FROM coupon_products cp JOIN products p ON p.id = cp.product_id WHERE cp.coupon_id = k.id) AS products
    FROM coupons k`;

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The first instant of a day in India (IST, UTC + 5:30 all year). */
export const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);
/** The first instant after a day in India: the end of the day. */
export const endOfIndianDay = (day: string) => new Date(startOfIndianDay(day).getTime() + DAY_MS);
/** The day in India of an instant, YYYY-MM-DD. */
export const indianDayOf = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const iso = (value: Date | string) => new Date(value).toISOString();

function couponBody(row: CouponRow): AdminCoupon {
  const from = row.valid_from === null ? null : new Date(row.valid_from);
  const until = row.valid_until === null ? null : new Date(row.valid_until);
  return {
    _id: row.id,
    code: row.code,
    percentage: row.percentage,
    validFrom: from && indianDayOf(from),
    // The end is the first instant it no longer works: the last day it works is the day of the instant before.
    validUntil: until && indianDayOf(new Date(until.getTime() - 1)),
    startsAt: from && from.toISOString(),
    endsAt: until && until.toISOString(),
    totalLimit: row.max_redemptions,
    perPersonLimit: row.per_user_limit,
    products: row.products ?? [],
    firstOrderOnly: row.first_order_only,
    active: row.active,
    note: row.note,
    redemptions: row.redemptions,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface CouponListQuery {
  q?: string | undefined;
  status?: AdminCouponStatus | undefined;
  sort: AdminCouponSort;
  limit: number;
  offset: number;
}

/** `text` as the start of a LIKE pattern: its own % and _ match themselves. */
const prefixPattern = (text: string) => `${text.trim().toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCoupons(db: Queryable, query: CouponListQuery): Promise<{ items: AdminCoupon[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (query.q?.trim()) where.push(`k.code LIKE ${param(prefixPattern(query.q))}`);
  if (query.status) where.push(STATUS_FILTERS[query.status]);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<CouponRow>(`${COUPON_SELECT} ${filter} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM coupons k ${filter}`, counted),
  ]);
  return { total: count?.total ?? 0, items: rows.map(couponBody) };
}

export async function couponById(db: Queryable, id: string, lock = false): Promise<AdminCoupon | undefined> {
  if (lock) await db.query('SELECT id FROM coupons WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await db.query<CouponRow>(`${COUPON_SELECT} WHERE k.id = $1`, [id]);
  return row && couponBody(row);
}

/** A coupon as the audit log keeps it: what an admin can change, and its redemptions then. */
function auditOf(coupon: AdminCoupon) {
  return {
    code: coupon.code,
    percentage: coupon.percentage,
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    endsAt: coupon.endsAt,
    totalLimit: coupon.totalLimit,
    perPersonLimit: coupon.perPersonLimit,
    products: coupon.products.map((product) => product.code),
    firstOrderOnly: coupon.firstOrderOnly,
    active: coupon.active,
    note: coupon.note,
    redemptions: coupon.redemptions,
  };
}

/** The coupon's fields after a change, as they are kept. */
interface CouponValues {
  code: string;
  percentage: number;
  validFrom: Date | null;
  validUntil: Date | null;
  totalLimit: number | null;
  perPersonLimit: number;
  productIds: string[];
  firstOrderOnly: boolean;
  active: boolean;
  note: string;
}

const codeTaken = (code: string) =>
  new HttpError(409, `There is already a coupon ${code}. Choose another code.`, 'COUPON_CODE_TAKEN', {
    code: `${code} is already used by another coupon (codes are the same whatever their case)`,
  });

/** The rules a coupon keeps whatever its history, each with the field's message. */
async function checkValues(db: Queryable, values: CouponValues, fields: FieldErrors): Promise<void> {
  if (!COUPON_CODE.test(values.code)) {
    fields.code = '3 to 30 letters, digits, dashes or underscores, starting with a letter or digit';
  }
  if (!Number.isInteger(values.percentage) || values.percentage < 1 || values.percentage > 100) {
    fields.percentage = 'must be a whole number from 1 to 100';
  }
  if (values.validFrom && values.validUntil && values.validUntil <= values.validFrom) {
    fields.validUntil = 'must not be before the start date';
  }
  if (values.totalLimit !== null && values.totalLimit < 1) fields.totalLimit = 'must be at least 1, or left empty for no limit';
  if (values.perPersonLimit < 1) fields.perPersonLimit = 'must be at least 1';
  if (values.productIds.length > 0) {
    const known = await db.query<{ id: string }>('SELECT id FROM products WHERE id = ANY($1)', [values.productIds]);
    if (known.length !== values.productIds.length) fields.productIds = 'names a kit that does not exist';
  }
}

function refuseFields(fields: FieldErrors): void {
  const [first] = Object.entries(fields);
  if (first) throw badRequest(`Please correct the coupon: ${first[0]} ${first[1]}.`, fields);
}

async function writeProducts(db: Queryable, couponId: string, productIds: string[]): Promise<void> {
  await db.query('DELETE FROM coupon_products WHERE coupon_id = $1', [couponId]);
  if (productIds.length > 0) {
    await db.query('INSERT INTO coupon_products (coupon_id, product_id) SELECT $1, unnest($2::text[])', [couponId, productIds]);
  }
}

/** A duplicate code that slipped past the check (two admins at once) is the same 409. */
async function uniqueCode<T>(code: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw codeTaken(code);
    throw error;
  }
}

const dayOrNull = (day: string | null | undefined, end: boolean) => (day ? (end ? endOfIndianDay(day) : startOfIndianDay(day)) : null);

export async function createCoupon(tx: Queryable, actor: AuditActor, input: AdminCouponInput): Promise<string> {
  const values: CouponValues = {
    code: input.code.trim().toUpperCase(),
    percentage: input.percentage,
    validFrom: dayOrNull(input.validFrom, false),
    validUntil: dayOrNull(input.validUntil, true),
    totalLimit: input.totalLimit ?? null,
    perPersonLimit: input.perPersonLimit,
    productIds: input.productIds ?? [],
    firstOrderOnly: input.firstOrderOnly ?? false,
    active: input.active ?? true,
    note: input.note?.trim() ?? '',
  };
  const fields: FieldErrors = {};
  await checkValues(tx, values, fields);
  refuseFields(fields);
  const [taken] = await tx.query<{ id: string }>('SELECT id FROM coupons WHERE code = $1', [values.code]);
  if (taken) throw codeTaken(values.code);
  const [row] = await uniqueCode(values.code, () =>
    tx.query<{ id: string }>(
      `INSERT INTO coupons (code, percentage, valid_from, valid_until, max_redemptions, per_user_limit, first_order_only, active, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        values.code,
        values.percentage,
        values.validFrom?.toISOString() ?? null,
        values.validUntil?.toISOString() ?? null,
        values.totalLimit,
        values.perPersonLimit,
        values.firstOrderOnly,
        values.active,
        values.note,
      ],
    ),
  );
  if (!row) throw new Error('coupon was not inserted');
  await writeProducts(tx, row.id, values.productIds);
  const made = await couponById(tx, row.id);
  if (!made) throw new Error(`coupon ${row.id} was not read back`);
  await writeAudit(tx, { actor, action: 'coupon.created', entity: 'coupon', entityId: row.id, after: auditOf(made) });
  return row.id;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

export async function updateCoupon(tx: Queryable, actor: AuditActor, id: string, patch: AdminCouponPatch): Promise<void> {
  const before = await couponById(tx, id, true);
  if (!before) throw notFound(COUPON_NOT_FOUND);
  const values: CouponValues = {
    code: patch.code === undefined ? before.code : patch.code.trim().toUpperCase(),
    percentage: patch.percentage ?? before.percentage,
    validFrom: patch.validFrom === undefined ? (before.startsAt ? new Date(before.startsAt) : null) : dayOrNull(patch.validFrom, false),
    validUntil: patch.validUntil === undefined ? (before.endsAt ? new Date(before.endsAt) : null) : dayOrNull(patch.validUntil, true),
    totalLimit: patch.totalLimit === undefined ? before.totalLimit : patch.totalLimit,
    perPersonLimit: patch.perPersonLimit ?? before.perPersonLimit,
    productIds: patch.productIds ?? before.products.map((product) => product._id),
    firstOrderOnly: patch.firstOrderOnly ?? before.firstOrderOnly,
    active: patch.active ?? before.active,
    note: patch.note === undefined ? before.note : patch.note.trim(),
  };
  const fields: FieldErrors = {};
  await checkValues(tx, values, fields);
  if (values.totalLimit !== null && values.totalLimit < before.redemptions) {
    fields.totalLimit = `must be at least ${before.redemptions}, the orders that have used it so far`;
  }
  refuseFields(fields);
  // What its orders were given stays as it was: a coupon with redemptions keeps its code, percentage and kits.
  if (before.redemptions > 0) {
    const locked: FieldErrors = {};
    const why = `cannot change once the coupon has been used (${before.redemptions} ${before.redemptions === 1 ? 'order' : 'orders'}); end it and make a new one`;
    if (values.code !== before.code) locked.code = why;
    if (values.percentage !== before.percentage) locked.percentage = why;
    if (!sameSet(values.productIds, before.products.map((product) => product._id))) locked.productIds = why;
    if (Object.keys(locked).length > 0) {
      throw new HttpError(
        409,
        `The coupon ${before.code} has been used, so its code, percentage and kits stay as they were. End it and make a new coupon instead.`,
        'COUPON_REDEEMED',
        locked,
      );
    }
  }
  if (values.code !== before.code) {
    const [taken] = await tx.query<{ id: string }>('SELECT id FROM coupons WHERE code = $1 AND id <> $2', [values.code, id]);
    if (taken) throw codeTaken(values.code);
  }
  await uniqueCode(values.code, () =>
    tx.query(
      `UPDATE coupons SET code = $2, percentage = $3, valid_from = $4, valid_until = $5, max_redemptions = $6, per_user_limit = $7,
              first_order_only = $8, active = $9, note = $10, updated_at = now()
        WHERE id = $1`,
      [
        id,
        values.code,
        values.percentage,
        values.validFrom?.toISOString() ?? null,
        values.validUntil?.toISOString() ?? null,
        values.totalLimit,
        values.perPersonLimit,
        values.firstOrderOnly,
        values.active,
        values.note,
      ],
    ),
  );
  if (patch.productIds !== undefined) await writeProducts(tx, id, values.productIds);
  const after = await couponById(tx, id);
  if (!after) throw new Error(`coupon ${id} was not read back`);
  const action = before.active && !after.active ? 'coupon.deactivated' : 'coupon.updated';
  await writeAudit(tx, { actor, action, entity: 'coupon', entityId: id, before: auditOf(before), after: auditOf(after) });
}

/** Ends a coupon now: its end becomes this moment, or one that has not started yet is switched off. */
export async function endCoupon(tx: Queryable, actor: AuditActor, id: string): Promise<void> {
  const before = await couponById(tx, id, true);
  if (!before) throw notFound(COUPON_NOT_FOUND);
  if (before.status === 'ended' || before.status === 'inactive') {
    throw new HttpError(409, `The coupon ${before.code} is already ${before.status === 'ended' ? 'ended' : 'switched off'}.`, 'COUPON_ALREADY_ENDED');
  }
  if (before.status === 'scheduled') {
    await tx.query('UPDATE coupons SET active = false, updated_at = now() WHERE id = $1', [id]);
  } else {
    await tx.query('UPDATE coupons SET valid_until = now(), updated_at = now() WHERE id = $1', [id]);
  }
  const after = await couponById(tx, id);
  if (!after) throw new Error(`coupon ${id} was not read back`);
  await writeAudit(tx, { actor, action: 'coupon.ended', entity: 'coupon', entityId: id, before: auditOf(before), after: auditOf(after) });
}

/** Deletes a coupon never redeemed; one with redemptions is part of its orders' history and can only be ended. */
export async function deleteCoupon(tx: Queryable, actor: AuditActor, id: string): Promise<void> {
  const before = await couponById(tx, id, true);
  if (!before) throw notFound(COUPON_NOT_FOUND);
  if (before.redemptions > 0) {
    throw new HttpError(409, `The coupon ${before.code} has been used, so it stays with its orders; end it instead.`, 'COUPON_REDEEMED');
  }
  // An order cancelled before it was paid gave its use back but still names the coupon.
  const [named] = await tx.query<{ id: string }>('SELECT id FROM orders WHERE coupon_id = $1 LIMIT 1', [id]);
  if (named) throw new HttpError(409, `The coupon ${before.code} is named by an order, so it stays; end it instead.`, 'COUPON_REDEEMED');
  await tx.query('DELETE FROM coupons WHERE id = $1', [id]);
  await writeAudit(tx, { actor, action: 'coupon.deleted', entity: 'coupon', entityId: id, before: auditOf(before) });
}
