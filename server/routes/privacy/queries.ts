import type { components, operations } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { contactMessagesOfUser } from '../contact/queries';
import { iso } from '../orders/queries';
import { questionnaireColumns, questionnaireResultBody, type QuestionnaireResult, type QuestionnaireRow } from '../questionnaires/score';

type Consent = components['schemas']['Consent'];
type ConsentPurpose = components['schemas']['ConsentPurpose'];
type ErasureRequest = components['schemas']['ErasureRequest'];
type ErasureStatus = components['schemas']['ErasureStatus'];
type PersonalData = components['schemas']['PersonalData'];
type PrivacyEvent = components['schemas']['PrivacyEvent'];
type PrivacyOverview = components['schemas']['PrivacyOverview'];
type StaffErasureRequest = components['schemas']['StaffErasureRequest'];
/** The staff list's query with the contract's defaults filled in. */
export type ErasureListQuery = Required<NonNullable<operations['listErasureRequests']['parameters']['query']>>;

/** Every purpose, in the contract's order (ConsentPurpose). */
export const CONSENT_PURPOSES = ['marketing', 'sms', 'ebook', 'questionnaires', 'research', 'whatsapp'] as const satisfies readonly ConsentPurpose[];

/** The audit actions a person sees in their own history. */
export const PRIVACY_ACTIONS = [
  'consent.granted',
  'consent.withdrawn',
  'data.exported',
  'erasure.requested',
  'erasure.cancelled',
] as const satisfies readonly PrivacyEvent['action'][];

/** How many events the privacy page shows. */
const HISTORY_ON_PAGE = 50;

const dateOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

interface ConsentRow extends Record<string, unknown> {
  purpose: ConsentPurpose;
  granted: boolean;
  changed_at: Date | string;
}

/** Every purpose with the person's answer; a purpose never asked about is not granted and has no date. */
export async function consentsOf(db: Queryable, userId: string): Promise<Consent[]> {
  const rows = await db.query<ConsentRow>('SELECT purpose, granted, changed_at FROM consents WHERE user_id = $1', [userId]);
  return CONSENT_PURPOSES.map((purpose) => {
    const row = rows.find((candidate) => candidate.purpose === purpose);
    return { purpose, granted: row?.granted ?? false, changedAt: row ? iso(row.changed_at) : null };
  });
}

interface ErasureRow extends Record<string, unknown> {
  id: string;
  status: ErasureStatus;
  requested_at: Date | string;
  due_by: Date | string;
  completed_at: Date | string | null;
  cancelled_at: Date | string | null;
}

const ERASURE_COLUMNS = 'r.id, r.status, r.requested_at, r.due_by, r.completed_at, r.cancelled_at';

function erasureBody(row: ErasureRow): ErasureRequest {
  return {
    _id: row.id,
    status: row.status,
    requestedAt: iso(row.requested_at),
    dueBy: iso(row.due_by),
    completedAt: dateOrNull(row.completed_at),
    cancelledAt: dateOrNull(row.cancelled_at),
  };
}

/** The person's erasure requests, newest first. */
export async function erasureRequestsOf(db: Queryable, userId: string): Promise<ErasureRequest[]> {
  const rows = await db.query<ErasureRow>(
    `SELECT ${ERASURE_COLUMNS} FROM erasure_requests r WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id`,
    [userId],
  );
  return rows.map(erasureBody);
}

interface EventRow extends Record<string, unknown> {
  action: PrivacyEvent['action'];
  purpose: ConsentPurpose | null;
  at: Date | string;
  by_person: boolean;
}

/** The person's consent changes, downloads and erasure requests, newest first; `limit` null is all of them. */
export async function historyOf(db: Queryable, userId: string, limit: number | null): Promise<PrivacyEvent[]> {
  const rows = await db.query<EventRow>(
    `SELECT action, CASE WHEN entity = 'consent' THEN entity_id END AS purpose, at,
            actor_user_id IS NOT DISTINCT FROM subject_user_id AS by_person
       FROM audit_log
      WHERE subject_user_id = $1 AND action = ANY($2)
      ORDER BY at DESC, id DESC
      LIMIT $3`,
    [userId, PRIVACY_ACTIONS, limit],
  );
  return rows.map((row) => ({ action: row.action, purpose: row.purpose, at: iso(row.at), by: row.by_person ? 'you' : 'staff' }));
}

interface HoldingsRow extends Record<string, unknown> {
  id: string;
  fullname: string;
  email: string | null;
  email_verified: boolean;
  phone: string | null;
  role: PersonalData['profile']['role'];
  created_at: Date | string;
  address: boolean;
  orders: number;
  kits: number;
  questionnaire_results: number;
}

async function holdingsOf(db: Queryable, userId: string): Promise<HoldingsRow> {
  const [row] = await db.query<HoldingsRow>(
    `SELECT u.id, u.fullname, u.email, u.email IS NOT NULL AND u.email_verified AS email_verified, u.phone, u.role, u.created_at,
            EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = u.id) AS address,
            (SELECT count(*)::int FROM orders o WHERE o.user_id = u.id) AS orders,
            (SELECT count(*)::int FROM kits k WHERE k.user_id = u.id) AS kits,
            (SELECT count(*)::int FROM questionnaire_responses q WHERE q.user_id = u.id) AS questionnaire_results
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId} of a live session was not found`);
  return row;
}

/** The privacy page's data, but for what comes from Firebase and the configuration. */
export async function overviewOf(
  db: Queryable,
  userId: string,
): Promise<Pick<PrivacyOverview, 'consents' | 'holdings' | 'erasure' | 'history'>> {
  const holdings = await holdingsOf(db, userId);
  const [latest] = await db.query<ErasureRow>(
    `SELECT ${ERASURE_COLUMNS} FROM erasure_requests r WHERE r.user_id = $1 ORDER BY r.requested_at DESC, r.id LIMIT 1`,
    [userId],
  );
  return {
    consents: await consentsOf(db, userId),
    holdings: {
      profile: {
        fullname: holdings.fullname,
        email: holdings.email,
        emailVerified: holdings.email_verified,
        phone: holdings.phone,
        createdAt: iso(holdings.created_at),
      },
      address: holdings.address,
      orders: holdings.orders,
      kits: holdings.kits,
      questionnaireResults: holdings.questionnaire_results,
    },
    erasure: latest ? erasureBody(latest) : null,
    history: await historyOf(db, userId, HISTORY_ON_PAGE),
  };
}

/** The profile as it is exported, but for its sign-in methods, and what the copy leaves out for an unproven address. */
export async function profileOf(
  db: Queryable,
  userId: string,
): Promise<{ profile: Omit<PersonalData['profile'], 'signInMethods'>; unconfirmedEmail: PersonalData['unconfirmedEmail'] }> {
  const row = await holdingsOf(db, userId);
  return {
    profile: { _id: row.id, fullname: row.fullname, email: row.email, phone: row.phone, role: row.role, createdAt: iso(row.created_at) },
    unconfirmedEmail: row.email !== null && !row.email_verified ? unconfirmedEmailNotice(row.email) : null,
  };
}

/** What the copy of the person's data leaves out while their e-mail address is not proven, in its fields and in words. */
export function unconfirmedEmailNotice(email: string): NonNullable<PersonalData['unconfirmedEmail']> {
  return {
    email,
    leftOut: ['contactMessages', 'ebookRequest', 'messages'],
    statement:
      `Your e-mail address ${email} is not confirmed yet, so this copy leaves out anything we keep under that address alone: ` +
      'messages sent from our contact page with it, an ebook request, and the e-mails we sent to it. Anyone can type an ' +
      'e-mail address, so we show these only to an account that has proven the address is its own. To include them, open ' +
      '"Privacy and data" in your account, choose "E-mail me a confirmation link", open the link in the same browser and ' +
      'download your data again. Until then, erasing your account leaves them too.',
  };
}

/** The kits in the person's cart and its coupon, without making a cart for someone who has none. */
export async function cartOf(db: Queryable, userId: string): Promise<PersonalData['cart']> {
  const items = await db.query<{ name: string; added_at: Date | string }>(
    `SELECT p.name, i.added_at FROM carts c JOIN cart_items i ON i.cart_id = c.id JOIN products p ON p.id = i.product_id
      WHERE c.user_id = $1 ORDER BY i.added_at, i.id`,
    [userId],
  );
  const [cart] = await db.query<{ coupon: string | null }>(
    'SELECT k.code AS coupon FROM carts c LEFT JOIN coupons k ON k.id = c.coupon_id WHERE c.user_id = $1',
    [userId],
  );
  return { items: items.map((item) => ({ name: item.name, addedAt: iso(item.added_at) })), coupon: cart?.coupon ?? null };
}

/**
 * The person's questionnaire results, newest first, each with its result scored afresh from the stored answers;
 * `limit` null is all of them (the copy of the person's data).
 */
export async function questionnaireResultsOf(db: Queryable, userId: string, limit: number | null = null): Promise<QuestionnaireResult[]> {
  const rows = await db.query<QuestionnaireRow>(
    `SELECT ${questionnaireColumns('q')} FROM questionnaire_responses q WHERE q.user_id = $1 ORDER BY q.created_at DESC, q.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map(questionnaireResultBody);
}

/** The person's sessions that still work, newest first, marking the one making the request. */
/**
 * The e-mail address of person $1, lower-cased, once it is proven (`email_verified`), otherwise NULL. What is kept
 * under an address alone (contact messages, an ebook request, the e-mails sent to it) is found through this only:
 * anyone can type an address, and an unproven one opens nobody else's records.
 */
const VERIFIED_EMAIL = '(SELECT lower(email) FROM users WHERE id = $1 AND email_verified)';

/**
 * The outbox rows of person $1: their account's, and those addressed to their proven e-mail address or their mobile
 * number (E.164 has no case). Each side has its index.
 */
const PERSONS_MESSAGES = `(m.user_id = $1 OR lower(m.recipient) = ANY (ARRAY[${VERIFIED_EMAIL}, (SELECT phone FROM users WHERE id = $1)]))`;

/**
 * The e-mails and SMS sent to the person, newest first: those of their account and those addressed to their proven
 * e-mail address or their mobile number, the same rows an erasure deletes.
 */
export async function messagesOf(db: Queryable, userId: string): Promise<PersonalData['messages']> {
  const rows = await db.query<{
    channel: PersonalData['messages'][number]['channel'];
    template: PersonalData['messages'][number]['template'];
    recipient: string;
    status: PersonalData['messages'][number]['status'];
    created_at: Date | string;
    sent_at: Date | string | null;
  }>(
    `SELECT m.channel, m.template, m.recipient, m.status, m.created_at, m.sent_at
       FROM outbound_messages m
      WHERE ${PERSONS_MESSAGES}
      ORDER BY m.created_at DESC, m.id`,
    [userId],
  );
  return rows.map((row) => ({
    channel: row.channel,
    template: row.template,
    recipient: row.recipient,
    status: row.status,
    createdAt: iso(row.created_at),
    sentAt: dateOrNull(row.sent_at),
  }));
}

/** What was sent from the contact page with the person's proven e-mail address, newest first, without the staff's notes. */
export async function contactMessagesOf(db: Queryable, userId: string): Promise<PersonalData['contactMessages']> {
  return (await contactMessagesOfUser(db, userId)).map(({ reference, name, email, mobile, topic, message, receivedAt, closedAt }) => ({
    reference,
    name,
    email,
    mobile,
    topic,
    message,
    receivedAt,
    answeredAt: closedAt,
  }));
}

/** The person's ebook request under their proven e-mail address (one row per address), or null. */
export async function ebookRequestOf(db: Queryable, userId: string): Promise<PersonalData['ebookRequest']> {
  const [row] = await db.query<{
    name: string;
    email: string;
    consent_to_contact: boolean;
    consent_at: Date | string;
    consent_text: string;
    created_at: Date | string;
    last_requested_at: Date | string;
    downloads: number;
  }>(
    `SELECT l.name, l.email, l.consent_to_contact, l.consent_at, l.consent_text, l.created_at, l.last_requested_at, l.downloads
       FROM ebook_leads l WHERE l.email = ${VERIFIED_EMAIL}`,
    [userId],
  );
  if (!row) return null;
  return {
    name: row.name,
    email: row.email,
    consentToContact: row.consent_to_contact,
    consentAt: iso(row.consent_at),
    consentText: row.consent_text,
    firstRequestedAt: iso(row.created_at),
    lastRequestedAt: iso(row.last_requested_at),
    downloads: row.downloads,
  };
}

export async function liveSessionsOf(db: Queryable, userId: string, currentTokenHash: string): Promise<PersonalData['sessions']> {
  const rows = await db.query<{ created_at: Date | string; expires_at: Date | string; current: boolean }>(
    `SELECT created_at, expires_at, token_hash = $2 AS current FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC`,
    [userId, currentTokenHash],
  );
  return rows.map((row) => ({ createdAt: iso(row.created_at), expiresAt: iso(row.expires_at), current: row.current }));
}

/**
 * Records the person's answer for one purpose. The audit log gets a row only when the consent changes; withdrawing
 * `questionnaires` also deletes the results kept under it, and the row says how many.
 */
export async function setConsent(tx: Queryable, actor: AuditActor, userId: string, purpose: ConsentPurpose, granted: boolean): Promise<void> {
  const [before] = await tx.query<{ granted: boolean }>('SELECT granted FROM consents WHERE user_id = $1 AND purpose = $2 FOR UPDATE', [
    userId,
    purpose,
  ]);
  const wasGranted = before?.granted ?? false;
  await tx.query(
    `INSERT INTO consents (user_id, purpose, granted) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, purpose) DO UPDATE
        SET granted = EXCLUDED.granted,
            changed_at = CASE WHEN consents.granted = EXCLUDED.granted THEN consents.changed_at ELSE now() END`,
    [userId, purpose, granted],
  );
  const deleted =
    purpose === 'questionnaires' && !granted
      ? (await tx.query('DELETE FROM questionnaire_responses WHERE user_id = $1 RETURNING id', [userId])).length
      : 0;
  if (wasGranted === granted && deleted === 0) return;
  await writeAudit(tx, {
    actor,
    action: granted ? 'consent.granted' : 'consent.withdrawn',
    entity: 'consent',
    entityId: purpose,
    subject: userId,
    before: { granted: wasGranted },
    after: purpose === 'questionnaires' && !granted ? { granted, questionnaireResultsDeleted: deleted } : { granted },
  });
}

const ERASURE_PENDING = 'You have already asked for your account to be erased. You can withdraw that request on this page.';

/** Opens the person's erasure request, due in `dueDays`; a second pending one is a 409. */
export async function requestErasure(tx: Queryable, actor: AuditActor, userId: string, dueDays: number): Promise<void> {
  const [created] = await tx.query<{ id: string; due_by: Date | string }>(
    `INSERT INTO erasure_requests (user_id, due_by) VALUES ($1, now() + make_interval(days => $2::int))
     ON CONFLICT (user_id) WHERE status = 'pending' DO NOTHING
     RETURNING id, due_by`,
    [userId, dueDays],
  );
  if (!created) throw new HttpError(409, ERASURE_PENDING, 'ERASURE_PENDING');
  await writeAudit(tx, {
    actor,
    action: 'erasure.requested',
    entity: 'erasure_request',
    entityId: created.id,
    subject: userId,
    after: { status: 'pending', dueBy: iso(created.due_by) },
  });
}

/** Withdraws the person's pending erasure request; false when there is none. */
export async function cancelErasure(tx: Queryable, actor: AuditActor, userId: string): Promise<boolean> {
  const [cancelled] = await tx.query<{ id: string }>(
    `UPDATE erasure_requests SET status = 'cancelled', cancelled_at = now() WHERE user_id = $1 AND status = 'pending' RETURNING id`,
    [userId],
  );
  if (!cancelled) return false;
  await writeAudit(tx, {
    actor,
    action: 'erasure.cancelled',
    entity: 'erasure_request',
    entityId: cancelled.id,
    subject: userId,
    before: { status: 'pending' },
    after: { status: 'cancelled' },
  });
  return true;
}

interface StaffErasureRow extends ErasureRow {
  user_id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  erased: boolean;
  completed_by_name: string | null;
  open_orders: number;
}

const STAFF_ERASURE_SELECT = `
  SELECT ${ERASURE_COLUMNS}, r.user_id, u.fullname, u.email, u.phone, u.erased_at IS NOT NULL AS erased,
         staff.fullname AS completed_by_name,
         (SELECT count(*)::int FROM orders o
           WHERE o.user_id = r.user_id AND o.status = 'paid'
             AND EXISTS (SELECT 1 FROM kits k WHERE k.order_id = o.id AND k.state IN ('paid', 'shipped'))) AS open_orders
    FROM erasure_requests r
    JOIN users u ON u.id = r.user_id
    LEFT JOIN users staff ON staff.id = r.completed_by`;

function staffErasureBody(row: StaffErasureRow): StaffErasureRequest {
  return {
    ...erasureBody(row),
    completedBy: row.completed_by_name,
    customer: {
      _id: row.user_id,
      fullname: row.erased ? null : row.fullname,
      email: row.email,
      phone: row.phone,
    },
    openOrders: row.open_orders,
  };
}

/** The contract's sort values, each as an ORDER BY with the id last, so that pages never overlap. */
const ERASURE_SORTS: Record<ErasureListQuery['sort'], string> = {
  dueBy: 'r.due_by ASC, r.id ASC',
  '-dueBy': 'r.due_by DESC, r.id DESC',
  requestedAt: 'r.requested_at ASC, r.id ASC',
  '-requestedAt': 'r.requested_at DESC, r.id DESC',
};

export async function listErasureRequests(db: Queryable, query: ErasureListQuery): Promise<{ items: StaffErasureRequest[]; total: number }> {
  const status = query.status === 'all' ? null : query.status;
  const rows = await db.query<StaffErasureRow>(
    `${STAFF_ERASURE_SELECT} WHERE ($1::text IS NULL OR r.status = $1) ORDER BY ${ERASURE_SORTS[query.sort]} LIMIT $2 OFFSET $3`,
    [status, query.limit, query.offset],
  );
  const [counted] = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM erasure_requests r WHERE ($1::text IS NULL OR r.status = $1)',
    [status],
  );
  return { items: rows.map(staffErasureBody), total: counted?.total ?? 0 };
}

export async function staffErasureRequest(db: Queryable, id: string): Promise<StaffErasureRequest | undefined> {
  const [row] = await db.query<StaffErasureRow>(`${STAFF_ERASURE_SELECT} WHERE r.id = $1`, [id]);
  return row && staffErasureBody(row);
}

export const ERASURE_NOT_FOUND = 'There is no such erasure request.';
const notPending = (status: ErasureStatus) => new HttpError(409, `This erasure request is already ${status}.`, 'ERASURE_NOT_PENDING');

export type FirebaseAccountOutcome = 'deleted' | 'already-gone' | 'none';
/** What an erasure did with what is kept under the person's e-mail address alone. */
type EmailRecords = 'erased' | 'left-unconfirmed-address' | 'no-address';

/**
 * Erases the person of a pending request, in one transaction: their saved address, cart, consents, questionnaire
 * results, sessions, ebook request and contact messages (both kept by e-mail address, and erased only when that
 * address is proven: the audit row's `recordsByEmail` says which) go; the profile keeps its id but loses its name,
 * e-mail, phone and Firebase account; orders never paid lose their delivery details, and the addresses the person's
 * own actions were logged from are dropped; paid orders, payments, invoices, coupon uses and kits stay for
 * RETENTION_MONTHS, attached to the anonymised profile. The audit row holds counts only.
 *
 * The request row is locked first and stays locked while `deleteAccount` ends the Firebase account, so that two
 * staff members erase once and a withdrawal by the person waits, then finds nothing pending. When Firebase cannot
 * be reached, `deleteAccount` throws and nothing changes.
 */
export async function completeErasure(
  tx: Queryable,
  actor: AuditActor,
  id: string,
  reason: string | null,
  deleteAccount: (firebaseUid: string) => Promise<Exclude<FirebaseAccountOutcome, 'none'>>,
): Promise<void> {
  const [request] = await tx.query<{ user_id: string; status: ErasureStatus; firebase_uid: string | null; email_state: EmailRecords }>(
    `SELECT r.user_id, r.status, u.firebase_uid,
            CASE WHEN u.email IS NULL THEN 'no-address' WHEN u.email_verified THEN 'erased' ELSE 'left-unconfirmed-address' END AS email_state
       FROM erasure_requests r JOIN users u ON u.id = r.user_id
     WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  if (!request) throw new HttpError(404, ERASURE_NOT_FOUND, 'NOT_FOUND');
  if (request.status !== 'pending') throw notPending(request.status);
  const firebaseAccount: FirebaseAccountOutcome = request.firebase_uid ? await deleteAccount(request.firebase_uid) : 'none';
  const userId = request.user_id;
  const removed = async (sql: string) => (await tx.query(sql, [userId])).length;
  const after = {
    addresses: await removed('DELETE FROM addresses WHERE user_id = $1 RETURNING user_id'),
    cartItems: await removed('DELETE FROM cart_items i USING carts c WHERE i.cart_id = c.id AND c.user_id = $1 RETURNING i.id'),
    carts: await removed('DELETE FROM carts WHERE user_id = $1 RETURNING id'),
    consents: await removed('DELETE FROM consents WHERE user_id = $1 RETURNING purpose'),
    questionnaireResults: await removed('DELETE FROM questionnaire_responses WHERE user_id = $1 RETURNING id'),
    kitIntakes: await removed('DELETE FROM kit_intakes i USING kits k WHERE i.kit_id = k.id AND k.user_id = $1 RETURNING i.kit_id'),
    sessions: await removed('DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash'),
    // Kept by e-mail address rather than by account: the ebook request and the messages sent from the contact page,
    // erased only under a proven address. Under one the person merely typed they may be someone else's, and stay.
    recordsByEmail: request.email_state,
    ebookLeads: await removed(`DELETE FROM ebook_leads WHERE email = ${VERIFIED_EMAIL} RETURNING id`),
    contactMessages: await removed(`DELETE FROM contact_messages WHERE lower(email) = ${VERIFIED_EMAIL} RETURNING id`),
    // The e-mails and SMS sent to the person (their copies hold names, addresses and links), and any still queued.
    messages: await removed(`DELETE FROM outbound_messages m WHERE ${PERSONS_MESSAGES} RETURNING id`),
    // Not tax records: nothing requires keeping where an unpaid order was to go.
    unpaidOrdersAnonymised: await removed(
      `UPDATE orders SET ship_name = '', ship_phone = '', ship_line1 = '', ship_line2 = NULL, ship_city = '', ship_pincode = ''
       WHERE user_id = $1 AND status IN ('pending', 'cancelled') AND invoice_number IS NULL RETURNING id`,
    ),
    auditAddressesDropped: await removed(
      'UPDATE audit_log SET actor_ip = NULL WHERE actor_user_id = $1 AND actor_ip IS NOT NULL RETURNING id',
    ),
    firebaseAccount,
  };
  await tx.query(
    `UPDATE users SET fullname = '', email = NULL, phone = NULL, firebase_uid = NULL, erased_at = now() WHERE id = $1`,
    [userId],
  );
  await tx.query(
    `UPDATE erasure_requests SET status = 'completed', completed_at = now(), completed_by = $2, reason = $3 WHERE id = $1`,
    [id, actor.userId, reason],
  );
  await writeAudit(tx, {
    actor,
    action: 'erasure.completed',
    entity: 'erasure_request',
    entityId: id,
    subject: userId,
    before: { status: 'pending' },
    after,
    reason,
  });
}
