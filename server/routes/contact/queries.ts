/**
 * Messages from the contact page: kept as sent (the mobile number in E.164), listed for the staff with search,
 * filters and pages, and closed once answered. Closing is written to the audit log in the same transaction.
 */
import type { components } from '../../../openapi/schema';
import { indianMobile } from '../../../machines/phone';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';

type ContactMessage = components['schemas']['ContactMessage'];
type ContactMessageInput = components['schemas']['ContactMessageInput'];
type ContactMessageReceipt = components['schemas']['ContactMessageReceipt'];
type ContactMessageStatus = components['schemas']['ContactMessageStatus'];
type ContactTopic = components['schemas']['ContactTopic'];

export const CONTACT_MESSAGE_NOT_FOUND = 'There is no such message.';
export const MOBILE_REFUSED = 'Enter a 10-digit Indian mobile number, or leave it empty.';

interface MessageRow extends Record<string, unknown> {
  id: string;
  number: string | number;
  name: string;
  email: string;
  mobile: string | null;
  topic: ContactTopic;
  message: string;
  received_at: Date | string;
  closed_at: Date | string | null;
  closed_by_name: string | null;
  closing_note: string | null;
}

/** The reference a sender quotes: CM and the message's number, six digits at least. */
export function referenceOf(number: string | number): string {
  return `CM-${String(number).padStart(6, '0')}`;
}

const REFERENCE = /^CM-?0*(\d{1,15})$/i;

const SELECT = `
  SELECT m.id, m.number, m.name, m.email, m.mobile, m.topic, m.message, m.received_at, m.closed_at,
         u.fullname AS closed_by_name, m.closing_note
    FROM contact_messages m LEFT JOIN users u ON u.id = m.closed_by`;

function messageBody(row: MessageRow): ContactMessage {
  return {
    _id: row.id,
    reference: referenceOf(row.number),
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    topic: row.topic,
    message: row.message,
    status: row.closed_at ? 'closed' : 'open',
    receivedAt: iso(row.received_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    closedBy: row.closed_at ? (row.closed_by_name ?? 'A former team member') : null,
    closingNote: row.closing_note,
  };
}

/**
 * The messages sent with the e-mail address of a user's account, newest first (their copy of their data), once the
 * account has proven that address: anyone can type one.
 */
export async function contactMessagesOfUser(db: Queryable, userId: string): Promise<ContactMessage[]> {
  const rows = await db.query<MessageRow>(
    `${SELECT} JOIN users owner ON lower(m.email) = lower(owner.email)
      WHERE owner.id = $1 AND owner.email_verified ORDER BY m.received_at DESC, m.number DESC`,
    [userId],
  );
  return rows.map(messageBody);
}

export async function saveContactMessage(db: Queryable, input: ContactMessageInput, clientIp: string): Promise<ContactMessageReceipt & { id: string }> {
  const typedMobile = input.mobile?.trim() ?? '';
  const mobile = typedMobile === '' ? null : indianMobile(typedMobile);
  if (mobile === undefined) throw badRequest(MOBILE_REFUSED, { mobile: MOBILE_REFUSED });
  const [row] = await db.query<{ id: string; number: string | number; received_at: Date | string }>(
    `INSERT INTO contact_messages (name, email, mobile, topic, message, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, number, received_at`,
    [input.name.trim(), input.email.trim().toLowerCase(), mobile, input.topic, input.message.trim(), clientIp],
  );
  if (!row) throw new Error('the message was not stored');
  return { id: row.id, reference: referenceOf(row.number), receivedAt: iso(row.received_at) };
}

export interface ContactMessageQuery {
  q?: string | undefined;
  status?: ContactMessageStatus | undefined;
  topic?: ContactTopic | undefined;
  sort: 'receivedAt' | '-receivedAt';
  limit: number;
  offset: number;
}

const SORTS = { '-receivedAt': 'm.received_at DESC, m.id DESC', receivedAt: 'm.received_at, m.id' } as const;

const containsPattern = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listContactMessages(db: Queryable, query: ContactMessageQuery): Promise<{ items: ContactMessage[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  const q = query.q?.trim();
  if (q) {
    const reference = REFERENCE.exec(q);
    if (reference?.[1]) where.push(`m.number = ${param(Number(reference[1]))}`);
    else {
      const pattern = param(containsPattern(q));
      where.push(`(lower(m.name) LIKE ${pattern} OR m.email LIKE ${pattern} OR lower(m.message) LIKE ${pattern})`);
    }
  }
  if (query.status) where.push(query.status === 'open' ? 'm.closed_at IS NULL' : 'm.closed_at IS NOT NULL');
  if (query.topic) where.push(`m.topic = ${param(query.topic)}`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<MessageRow>(`${SELECT} ${filter} ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`, params),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM contact_messages m ${filter}`, counted),
  ]);
  return { total: count?.total ?? 0, items: rows.map(messageBody) };
}

export async function contactMessageById(db: Queryable, id: string): Promise<ContactMessage | undefined> {
  const [row] = await db.query<MessageRow>(`${SELECT} WHERE m.id = $1`, [id]);
  return row && messageBody(row);
}

export async function closeContactMessage(db: Queryable, actor: AuditActor, id: string, note: string | undefined): Promise<void> {
  const [row] = await db.query<{ closed_at: Date | string | null; number: string | number }>(
    'SELECT closed_at, number FROM contact_messages WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
  if (row.closed_at) throw new HttpError(409, 'This message is already closed.', 'CONTACT_MESSAGE_CLOSED');
  const closingNote = note?.trim() || null;
  await db.query('UPDATE contact_messages SET closed_at = now(), closed_by = $2, closing_note = $3 WHERE id = $1', [
    id,
    actor.userId,
    closingNote,
  ]);
  await writeAudit(db, {
    actor,
    action: 'contact_message.closed',
    entity: 'contact_message',
    entityId: id,
    before: { status: 'open' },
    after: { status: 'closed', note: closingNote },
  });
}
