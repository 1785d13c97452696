/** The messages staff see on an order's and a customer's page, and a staff member's resend. */
import type { components } from '../../../openapi/schema';
import type { Queryable } from '../../db';
import { HttpError } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { enqueueMessage, type MessageAttachment } from '../../services/messages/outbox';
import type { MessageContent } from '../../services/messages/types';
import type { Queue } from '../../services/queue';
import { iso } from '../orders/queries';

type StaffMessage = components['schemas']['StaffMessage'];

interface MessageRow extends Record<string, unknown> {
  id: string;
  idempotency_key: string;
  channel: StaffMessage['channel'];
  template: StaffMessage['template'];
  category: StaffMessage['category'];
  recipient: string;
  status: StaffMessage['status'];
  attempts: number;
  last_error: string | null;
  delivery: NonNullable<StaffMessage['delivery']> | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  resent_by: string | null;
  resent_by_name: string | null;
}

const COLUMNS = `m.id, m.idempotency_key, m.channel, m.template, m.category, m.recipient, m.status, m.attempts, m.last_error, m.delivery, m.created_at, m.sent_at,
  m.resent_by, (SELECT fullname FROM users WHERE id = m.resent_by) AS resent_by_name`;

/** The most a page lists: a customer with more has had a long life with the shop, and the latest are what matter. */
const LIMIT = 100;

function messageBody(row: MessageRow): StaffMessage {
  return {
    _id: row.id,
    channel: row.channel,
    template: row.template,
    category: row.category,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    // A WhatsApp message handed over may still fail on the way to the phone: its webhook says why.
    lastError: row.status === 'sent' && row.delivery !== 'failed' ? null : row.last_error,
    ...(row.channel === 'whatsapp' ? { delivery: row.delivery } : {}),
    createdAt: iso(row.created_at),
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    resend: row.idempotency_key.includes(':resend-') ? { by: row.resent_by_name } : null,
  };
}

export async function messagesOfOrder(db: Queryable, orderId: string): Promise<StaffMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM outbound_messages m WHERE m.order_id = $1 ORDER BY m.created_at DESC, m.id LIMIT ${LIMIT}`,
    [orderId],
  );
  return rows.map(messageBody);
}

export async function messagesOfCustomer(db: Queryable, userId: string): Promise<StaffMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${COLUMNS} FROM outbound_messages m WHERE m.user_id = $1 ORDER BY m.created_at DESC, m.id LIMIT ${LIMIT}`,
    [userId],
  );
  return rows.map(messageBody);
}

export const MESSAGE_NOT_FOUND = 'There is no such message.';

interface SourceRow extends MessageRow {
  payload: MessageContent['payload'];
  attachment: MessageAttachment | null;
  order_id: string | null;
  user_id: string | null;
}

/** The templates that carry a one-time link, which a resend replaces with a new one. */
export const LINK_TEMPLATES = ['staff-invitation', 'account-ready'] as const;
export type LinkTemplate = (typeof LINK_TEMPLATES)[number];

/** What a resend needs to know before it starts: the template, and the address a new link is made for. */
export async function messageToResend(db: Queryable, id: string): Promise<{ template: StaffMessage['template']; channel: StaffMessage['channel']; recipient: string } | null> {
  const [row] = await db.query<{ template: StaffMessage['template']; channel: StaffMessage['channel']; recipient: string }>(
    'SELECT template, channel, recipient FROM outbound_messages WHERE id = $1',
    [id],
  );
  return row ?? null;
}

/** A new one-time link for a resend, by the payload field that carries it (null: none could be made). */
export type FreshLinks = { setPasswordUrl: string } | { signInUrl: string | null };

/**
 * Queues the message again as it was written, as a message of its own (`<key>:resend-<n>`), with an audit entry.
 * A message still on its way is not resent; neither is a promotional one to someone without consent. A message
 * whose one-time link was made anew (`links`) carries that link instead of its own.
 */
export async function resendMessage(tx: Queryable, queue: Queue, actor: AuditActor, id: string, links?: FreshLinks): Promise<StaffMessage> {
  const [source] = await tx.query<SourceRow>(
    `SELECT ${COLUMNS}, m.payload, m.attachment, m.order_id, m.user_id FROM outbound_messages m WHERE m.id = $1 FOR UPDATE`,
    [id],
  );
  if (!source) throw new HttpError(404, MESSAGE_NOT_FOUND, 'NOT_FOUND');
  if (source.status === 'queued' || source.status === 'sending') {
    throw new HttpError(409, 'This message is still on its way; it can be resent once it is sent or has failed.', 'MESSAGE_PENDING');
  }
  if (source.category === 'promotional' && source.user_id) {
    const [consent] = await tx.query<{ granted: boolean }>(`SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'marketing'`, [
      source.user_id,
    ]);
    if (!consent?.granted)
      throw new HttpError(409, 'The person has not consented to offers and reminders, so this message is not sent again.', 'NO_CONSENT');
  }
  const base = source.idempotency_key.replace(/:resend-\d+$/, '');
  const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_messages WHERE idempotency_key LIKE $1`, [
    `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}:resend-%`,
  ]);
  const newId = await enqueueMessage(tx, queue, {
    key: `${base}:resend-${(count?.n ?? 0) + 1}`,
    channel: source.channel,
    recipient: source.recipient,
    content: { template: source.template, payload: links ? { ...source.payload, ...links } : source.payload } as MessageContent,
    category: source.category,
    ...(source.attachment ? { attachment: source.attachment } : {}),
    orderId: source.order_id,
    userId: source.user_id,
    resentBy: actor.userId,
  });
  if (!newId) throw new HttpError(409, 'This message was just resent.', 'MESSAGE_PENDING');
  await writeAudit(tx, {
    actor,
    action: 'message.resent',
    entity: 'outbound_message',
    entityId: newId,
    subject: source.user_id,
    before: { message: source.id, status: source.status, lastError: source.last_error },
    after: {
      message: newId,
      template: source.template,
      channel: source.channel,
      recipient: source.recipient,
      ...(links ? { newLink: Object.values(links)[0] !== null } : {}),
    },
  });
  const [row] = await tx.query<MessageRow>(`SELECT ${COLUMNS} FROM outbound_messages m WHERE m.id = $1`, [newId]);
  return messageBody(row!);
}
