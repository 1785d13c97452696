import { validateAddress } from '../../../machines/address';
import { parseKitCode } from '../../../machines/kit-codes';
import { indianMobile } from '../../../machines/phone';
import { formatRupees } from '../../../machines/pricing';
import type { components, operations } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { USER_COLUMNS, type UserRow } from '../../plugins/auth';
import { writeAudit, type AuditActor } from '../../services/audit';
import { allocateDocumentNumber } from '../../services/invoice/numbering';
import { advanceKit, issueKitCodes } from '../kits/queries';
import { orderNumber } from '../orders/queries';

type KitBatch = components['schemas']['KitBatch'];
type OfflineOnboardingRequest = components['schemas']['OfflineOnboardingRequest'];
type OfflineOnboarding = components['schemas']['OfflineOnboarding'];
export type KitBatchListQuery = Required<NonNullable<operations['listKitBatches']['parameters']['query']>>;

/** What happened to a code: on no kit yet, on a kit sold, on a kit activated or further, or on a kit taken back. */
export type KitCodeStatus = 'free' | 'assigned' | 'activated' | 'cancelled' | 'refunded';

const CODE_STATUS = `CASE
    WHEN k.id IS NULL THEN 'free'
    WHEN k.state IN ('ordered', 'paid', 'shipped', 'delivered') THEN 'assigned'
    WHEN k.state IN ('cancelled', 'refunded') THEN k.state
    ELSE 'activated'
  END`;

interface KitBatchRow extends Record<string, unknown> {
  id: string;
  number: number;
  size: number;
  note: string | null;
  created_at: Date | string;
  created_by: string | null;
  created_by_name: string | null;
  product_id: string;
  product_code: string;
  product_name: string;
  free: number;
  assigned: number;
  activated: number;
  closed: number;
}

/** The batches of `page` (a query yielding `kit_batches` rows as `b`) with their products, makers and counts. */
const batchesWithCounts = (page: string) => `
  WITH b AS (${page})
  SELECT b.id, b.number::int AS number, b.size, b.note, b.created_at, b.created_by, u.fullname AS created_by_name,
         p.id AS product_id, p.code AS product_code, p.name AS product_name,
         count(*) FILTER (WHERE status = 'free')::int AS free,
         count(*) FILTER (WHERE status = 'assigned')::int AS assigned,
         count(*) FILTER (WHERE status = 'activated')::int AS activated,
         count(*) FILTER (WHERE status IN ('cancelled', 'refunded'))::int AS closed
    FROM b
    JOIN products p ON p.id = b.product_id
    LEFT JOIN users u ON u.id = b.created_by
    LEFT JOIN LATERAL (
      SELECT ${CODE_STATUS} AS status FROM kit_codes c LEFT JOIN kits k ON k.id = c.kit_id WHERE c.batch_id = b.id
    ) codes ON true
   GROUP BY b.id, b.number, b.size, b.note, b.created_at, b.created_by, u.fullname, p.id, p.code, p.name
   ORDER BY b.created_at DESC, b.number DESC`;

function batchBody(row: KitBatchRow): KitBatch {
  return {
    _id: row.id,
    number: row.number,
    product: { _id: row.product_id, code: row.product_code, name: row.product_name },
    size: row.size,
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by ? { _id: row.created_by, fullname: row.created_by_name ?? '' } : null,
    counts: { free: row.free, assigned: row.assigned, activated: row.activated, closed: row.closed },
  };
}

export async function listKitBatches(db: Queryable, query: KitBatchListQuery): Promise<{ items: KitBatch[]; total: number }> {
  const rows = await db.query<KitBatchRow>(
    batchesWithCounts('SELECT * FROM kit_batches ORDER BY created_at DESC, number DESC LIMIT $1 OFFSET $2'),
    [query.limit, query.offset],
  );
  const [counted] = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM kit_batches');
  return { items: rows.map(batchBody), total: counted?.total ?? 0 };
}

export async function kitBatch(db: Queryable, id: string): Promise<KitBatch | undefined> {
  const [row] = await db.query<KitBatchRow>(batchesWithCounts('SELECT * FROM kit_batches WHERE id = $1'), [id]);
  return row && batchBody(row);
}

export const BATCH_NOT_FOUND = 'There is no such batch of kit codes.';

/** Makes a batch and issues its codes, in the caller's transaction, with its audit row. */
export async function createKitBatch(
  tx: Queryable,
  actor: AuditActor,
  input: { productId: string; size: number; note: string | null },
): Promise<string> {
  const [product] = await tx.query<{ id: string }>('SELECT id FROM products WHERE id = $1', [input.productId]);
  if (!product) throw notFound('There is no such product.');
  const [batch] = await tx.query<{ id: string }>('INSERT INTO kit_batches (product_id, size, note, created_by) VALUES ($1, $2, $3, $4) RETURNING id', [
    input.productId,
    input.size,
    input.note,
    actor.userId,
  ]);
  if (!batch) throw new Error('the batch was not inserted');
  await issueKitCodes(tx, input.productId, input.size, batch.id);
  await writeAudit(tx, {
    actor,
    action: 'kit_batch.created',
    entity: 'kit_batch',
    entityId: batch.id,
    after: { productId: input.productId, size: input.size, note: input.note },
  });
  return batch.id;
}

export interface BatchCodeRow extends Record<string, unknown> {
  code: string;
  status: KitCodeStatus;
}

/** The batch's codes in the order of the alphabet, as they are printed and listed. */
export async function batchCodes(db: Queryable, batchId: string): Promise<BatchCodeRow[]> {
  return db.query<BatchCodeRow>(
    `SELECT c.code, ${CODE_STATUS} AS status FROM kit_codes c LEFT JOIN kits k ON k.id = c.kit_id WHERE c.batch_id = $1 ORDER BY c.code`,
    [batchId],
  );
}

const refused = (status: number, message: string, code: string, field: string) => new HttpError(status, message, code, { [field]: message });

interface OnboardingProduct extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
}

/**
 * The person's profile: the one with this e-mail address or this mobile number, else a new one that their first
 * sign-in with this address links to (`profileForIdentity`). Both found on two different profiles is refused.
 */
async function customerFor(tx: Queryable, input: { fullname: string; email: string; phone: string }): Promise<{ user: UserRow; existing: boolean }> {
  const [byEmail] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) FOR UPDATE`, [input.email]);
  const [byPhone] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE phone = $1 ORDER BY created_at LIMIT 1 FOR UPDATE`, [input.phone]);
  if (byEmail && byPhone && byEmail.id !== byPhone.id) {
    throw new HttpError(
      409,
      'This e-mail address and this mobile number belong to two different customers. Check both with the person, or use the details of one profile.',
      'CUSTOMER_MISMATCH',
    );
  }
  const found = byEmail ?? byPhone;
  if (found) {
    if (found.role !== 'customer') throw new HttpError(409, 'These details belong to a staff member, not a customer.', 'CUSTOMER_IS_STAFF');
    // What the profile lacks is filled in, never replaced. An address typed at a counter is not proven to be the
    // person's, so it gives way if its proven owner signs in (as one typed on /get-email does).
    const [updated] = await tx.query<UserRow>(
      `UPDATE users SET email = coalesce(email, $2), email_verified = CASE WHEN email IS NULL THEN false ELSE email_verified END,
                        phone = coalesce(phone, $3), fullname = CASE WHEN fullname = '' THEN $4 ELSE fullname END
        WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [found.id, input.email, input.phone, input.fullname],
    );
    return { user: updated!, existing: true };
  }
  const [created] = await tx.query<UserRow>(
    `INSERT INTO users (email, email_verified, phone, fullname, role) VALUES ($1, false, $2, $3, 'customer') RETURNING ${USER_COLUMNS}`,
    [input.email, input.phone, input.fullname],
  );
  return { user: created!, existing: false };
}

/**
 * Registers a kit bought at a clinic or event counter, in the caller's transaction: the person's profile (found or
 * made), an order paid at the counter with its GST invoice number, and the kit with the batch code, handed over and
 * ready to activate; three audit rows record it.
 */
export async function onboardOfflineCustomer(tx: Queryable, actor: AuditActor, input: OfflineOnboardingRequest): Promise<Omit<OfflineOnboarding, 'signInLink'>> {
  const phone = indianMobile(input.phone);
  if (!phone) throw badRequest('Enter a 10-digit Indian mobile number, like 98765 43210.', { phone: 'must be an Indian mobile number' });
  const counterErrors = Object.entries(validateAddress({ ...input.counter, name: input.fullname, phone })).map(([field, message]) => [`counter.${field}`, message]);
  const firstCounterError = counterErrors[0];
  if (firstCounterError) throw badRequest(`Please correct where the kit was handed over. ${firstCounterError[1]}`, Object.fromEntries(counterErrors));
  const parsed = parseKitCode(input.code);
  if (!parsed.ok) {
    const message =
      parsed.reason === 'check'
        ? 'This code has a typing mistake: check each character against the label.'
        : 'A kit code looks like GUT-XXXX-XXXX, without O, 0, I, 1, L, S or 5.';
    throw refused(400, message, 'KIT_CODE_MISTYPED', 'code');
  }
  const [product] = await tx.query<OnboardingProduct>('SELECT id, code, name, price, actual_price FROM products WHERE id = $1', [input.productId]);
  if (!product) throw notFound('There is no such product.');
  if (input.payment.amount > product.price) {
    throw refused(400, `The amount cannot be more than the kit's price, ${formatRupees(product.price)}.`, 'AMOUNT_OUT_OF_RANGE', 'payment.amount');
  }
  const [code] = await tx.query<{ code: string; batch_id: string | null; product_id: string; kit_id: string | null; product_name: string }>(
    `SELECT c.code, c.batch_id, c.product_id, c.kit_id, p.name AS product_name
       FROM kit_codes c JOIN products p ON p.id = c.product_id WHERE c.code = $1 FOR UPDATE OF c`,
    [parsed.code],
  );
  if (!code || code.batch_id === null) {
    throw refused(404, `${parsed.code} is not a code of any batch. Check it against the label.`, 'KIT_CODE_UNKNOWN', 'code');
  }
  if (code.kit_id !== null) throw refused(409, `${parsed.code} is already assigned to a kit of another order.`, 'KIT_CODE_ASSIGNED', 'code');
  if (code.product_id !== product.id) {
    throw refused(409, `${parsed.code} is a code of a ${code.product_name} kit, not ${product.name}.`, 'KIT_CODE_OTHER_PRODUCT', 'code');
  }

  const { user, existing } = await customerFor(tx, { fullname: input.fullname.trim(), email: input.email.trim(), phone });
  const counter = input.counter;
  const invoiceNumber = await allocateDocumentNumber(tx, 'invoice', await transactionTime(tx));
  const [order] = await tx.query<{ id: string; number: string; created_at: Date | string }>(
    `INSERT INTO orders (user_id, idempotency_key, channel, status, actual_price, price, discount_percentage,
                         ship_name, ship_phone, ship_line1, ship_line2, ship_city, ship_state, ship_pincode, paid_at, invoice_number)
     VALUES ($1, $2, 'offline', 'paid', $3, $4, $5, $6, $7, $8, 'Handed over at the counter', $9, $10, $11, now(), $12)
     RETURNING id, number::text AS number, created_at`,
    [
      user.id,
      `offline:${parsed.code}`,
      product.price,
      input.payment.amount,
      Math.round((100 * (product.price - input.payment.amount)) / product.price),
      input.fullname.trim(),
      phone.slice(3),
      counter.line1.trim(),
      counter.city.trim(),
      counter.state,
      counter.pincode,
      invoiceNumber,
    ],
  );
  if (!order) throw new Error('the order was not inserted');
  const [item] = await tx.query<{ id: string }>(
    `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) VALUES ($1, $2, $3, $4, $5, $6, 0) RETURNING id`,
    [order.id, product.id, product.code, product.name, product.price, product.actual_price],
  );
  await tx.query(
    `INSERT INTO payments (order_id, provider, method, gateway_order_id, amount, status, paid_at) VALUES ($1, 'offline', $2, $3, $4, 'paid', now())`,
    [order.id, input.payment.method, `offline_${order.id}`, input.payment.amount],
  );
  const [kit] = await tx.query<{ id: string }>(
    `INSERT INTO kits (order_id, order_item_id, user_id, product_id, box_code, state) VALUES ($1, $2, $3, $4, $5, 'ordered') RETURNING id`,
    [order.id, item!.id, user.id, product.id, parsed.code],
  );
  await tx.query('INSERT INTO kit_events (kit_id, state) VALUES ($1, $2)', [kit!.id, 'ordered']);
  await tx.query('UPDATE kit_codes SET kit_id = $1 WHERE code = $2', [kit!.id, parsed.code]);
  await advanceKit(tx, kit!.id, 'journey.pay');
  await advanceKit(tx, kit!.id, 'journey.ship');
  const state = await advanceKit(tx, kit!.id, 'journey.deliver');

  const reason = input.reason?.trim() || null;
  const subject = user.id;
  if (!existing) await writeAudit(tx, { actor, action: 'user.created', entity: 'user', entityId: user.id, subject, after: { channel: 'offline' }, reason });
  await writeAudit(tx, {
    actor,
    action: 'order.paid',
    entity: 'order',
    entityId: order.id,
    subject,
    before: null,
    after: {
      channel: 'offline',
      method: input.payment.method,
      amount: input.payment.amount,
      invoiceNumber: invoiceNumber,
      counter: { city: counter.city, state: counter.state, pincode: counter.pincode },
    },
    reason,
  });
  await writeAudit(tx, {
    actor,
    action: 'kit.assigned',
    entity: 'kit',
    entityId: kit!.id,
    subject,
    before: { code: parsed.code, batchId: code.batch_id, status: 'free' },
    after: { code: parsed.code, orderId: order.id, userId: user.id, state },
    reason,
  });

  return {
    customer: { _id: user.id, fullname: user.fullname, email: user.email, phone: user.phone, existing },
    order: {
      _id: order.id,
      number: orderNumber(order),
      price: input.payment.amount,
      invoiceNumber: invoiceNumber,
      paymentMethod: input.payment.method,
    },
    kit: { _id: kit!.id, code: parsed.code, product: { _id: product.id, code: product.code, name: product.name }, state },
  };
}

/** The transaction's start, so that the invoice's financial year is the year of the payment it records. */
async function transactionTime(tx: Queryable): Promise<Date> {
  const [clock] = await tx.query<{ now: Date | string }>('SELECT now() AS now');
  return new Date(clock!.now);
}
