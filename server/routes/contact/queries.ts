/**
 * Messages from the contact page: kept as sent (the mobile number in E.164), listed for the staff with search,
 * filters and pages, answered by e-mail from the shop (through the outbox, each reply kept with the message) and
 * closed once answered. Replying and closing are written to the audit log in the same transaction.
 */
import type { components } from '../../../openapi/schema';
import { indianMobile } from '../../../machines/phone';
import type { Queryable } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';

type ContactMessage = components['schemas']['ContactMessage'];
type ContactMessageInput = components['schemas']['ContactMessageInput'];
type ContactMessageReply = components['schemas']['ContactMessageReply'];
type ContactReplyInput = components['schemas']['ContactReplyInput'];
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

interface ReplyRow extends Record<string, unknown> {
  id: string;
  contact_message_id: string;
  subject: string;
  body: string;
  replied_at: Date | string;
  replied_by_name: string | null;
  replied_by: string | null;
  delivery: ContactMessageReply['delivery'];
}

/** The replies sent to each of these messages, oldest first. */
async function repliesOf(db: Queryable, ids: string[]): Promise<Map<string, ContactMessageReply[]>> {
  const replies = new Map<string, ContactMessageReply[]>();
  if (ids.length === 0) return replies;
  const rows = await db.query<ReplyRow>(
    `SELECT r.id, r.contact_message_id, r.subject, r.body, r.replied_at, r.replied_by, u.fullname AS replied_by_name,
            o.status AS delivery
       FROM contact_message_replies r
       LEFT JOIN users u ON u.id = r.replied_by
       LEFT JOIN outbound_messages o ON o.id = r.outbound_message_id
      WHERE r.contact_message_id = ANY ($1::text[])
      ORDER BY r.replied_at, r.id`,
    [ids],
  );
  for (const row of rows) {
    const list = replies.get(row.contact_message_id) ?? [];
    list.push({
      _id: row.id,
      subject: row.subject,
      body: row.body,
      repliedAt: iso(row.replied_at),
      repliedBy: row.replied_by ? (row.replied_by_name ?? 'A former team member') : null,
      delivery: row.delivery ?? null,
    });
    replies.set(row.contact_message_id, list);
  }
  return replies;
}

async function messageBodies(db: Queryable, rows: MessageRow[]): Promise<ContactMessage[]> {
  const replies = await repliesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => messageBody(row, replies.get(row.id) ?? []));
}

function messageBody(row: MessageRow, replies: ContactMessageReply[]): ContactMessage {
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
    replies,
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
  return messageBodies(db, rows);
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
  return { total: count?.total ?? 0, items: await messageBodies(db, rows) };
}

export async function contactMessageById(db: Queryable, id: string): Promise<ContactMessage | undefined> {
  const [row] = await db.query<MessageRow>(`${SELECT} WHERE m.id = $1`, [id]);
  return row && (await messageBodies(db, [row]))[0];
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

/** The reply's subject quotes the reference, which the sender was given when they wrote. */
export const replySubject = (reference: string) => `Re: your message ${reference}`;

export const SENDER_ERASED =
  'The person who wrote this message has had their account erased, or asked for it to be erased: the shop no longer writes to them.';
export const ADDRESS_GONE = 'This message no longer holds an e-mail address to reply to.';

/** An address the shop can write to: something, an at sign, a domain with a dot, and no spaces. */
const WRITABLE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type SendReply = (
  tx: Queryable,
  reply: { replyId: string; name: string; email: string; reference: string; subject: string; body: string },
) => Promise<string | undefined>;

/**
 * Sends a staff member's reply to a contact message through the outbox, keeps it with the message (who, when, the
 * text, the outbox message), closes the message if it was open, and writes the audit row, in one transaction. A
 * sender whose account was erased, or is waiting to be, is not written to; nor is a message without an address.
 */
export async function replyToContactMessage(
  tx: Queryable,
  actor: AuditActor,
  id: string,
  input: ContactReplyInput,
  send: SendReply,
): Promise<void> {
  const [row] = await tx.query<{ number: string | number; name: string; email: string | null; closed_at: Date | string | null; erased: boolean }>(
    `SELECT m.number, m.name, m.email, m.closed_at,
            EXISTS (
              SELECT 1 FROM users u
               WHERE lower(u.email) = lower(m.email) AND u.email_verified
                 AND (u.erased_at IS NOT NULL OR EXISTS (SELECT 1 FROM erasure_requests r WHERE r.user_id = u.id AND r.status = 'pending'))
            ) AS erased
       FROM contact_messages m WHERE m.id = $1 FOR UPDATE OF m`,
    [id],
  );
  if (!row) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
  const email = row.email?.trim() ?? '';
  if (!WRITABLE_ADDRESS.test(email)) throw new HttpError(409, ADDRESS_GONE, 'CONTACT_ADDRESS_GONE');
  if (row.erased) throw new HttpError(409, SENDER_ERASED, 'CONTACT_SENDER_ERASED');
  const body = input.body.replace(/\r\n?/g, '\n').trim();
  if (body === '') throw badRequest('Write the reply before sending it.', { body: 'Write the reply before sending it.' });
  const reference = referenceOf(row.number);
  const subject = input.subject?.replace(/\s+/g, ' ').trim() || replySubject(reference);
  const [reply] = await tx.query<{ id: string }>(
    `INSERT INTO contact_message_replies (contact_message_id, replied_by, subject, body) VALUES ($1, $2, $3, $4) RETURNING id`,
    [id, actor.userId, subject, body],
  );
  if (!reply) throw new Error('the reply was not stored');
  const outboxId = await send(tx, { replyId: reply.id, name: row.name, email, reference, subject, body });
  await tx.query('UPDATE contact_message_replies SET outbound_message_id = $2 WHERE id = $1', [reply.id, outboxId ?? null]);
  const wasOpen = !row.closed_at;
  if (wasOpen) await tx.query('UPDATE contact_messages SET closed_at = now(), closed_by = $2 WHERE id = $1', [id, actor.userId]);
  await writeAudit(tx, {
    actor,
    action: 'contact_message.replied',
    entity: 'contact_message',
    entityId: id,
    before: { status: wasOpen ? 'open' : 'closed' },
    after: { status: 'closed', replyId: reply.id, outboundMessageId: outboxId ?? null, subject, bodyLength: body.length },
  });
}
