/**
 * The outbox: every e-mail and SMS is a row of `outbound_messages`, written in the transaction of the event that
 * causes it, with a job on the queue that sends it. The row, not the job, is the record of the message:
 *
 * - enqueue: `INSERT … ON CONFLICT (idempotency_key) DO NOTHING`, so an event that happens twice (a webhook and the
 *   browser both confirming a payment) queues one message;
 * - claim: the worker takes a lease on the row (status `sending`, a fresh token) and commits it before it sends;
 * - record: `sent`, queued again for a retry, or `failed`, each only while the worker's token is still the row's.
 *
 * A worker that dies between the provider's acceptance and the record leaves the row `sending` until its lease runs
 * out; the next try sends the e-mail again with the same Message-ID (derived from the idempotency key), which mailbox
 * providers fold into the first, and asks the SMS provider for the reference before it sends an SMS again.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db';
import type { Queue } from '../queue';
import type { MessageContent } from './types';

export const MESSAGE_QUEUE = 'messages.send';

export type Channel = 'email' | 'sms' | 'whatsapp';
export type MessageCategory = 'transactional' | 'promotional';
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** A document made and attached when the message is sent, so the outbox keeps a reference rather than the file. */
export type MessageAttachment = { kind: 'invoice'; orderId: string } | { kind: 'credit-note'; orderId: string; refundId: string };

export interface NewMessage {
  /** Unique per message the shop means to send: `<event>:<entity id>:<channel>`. */
  key: string;
  channel: Channel;
  recipient: string;
  content: MessageContent;
  category?: MessageCategory;
  attachment?: MessageAttachment;
  orderId?: string | null;
  userId?: string | null;
  resentBy?: string | null;
}

/**
 * Writes the message and its job in `tx`; returns its id, or undefined when a message with this key already exists
 * (the event happened before), in which case nothing is queued.
 */
export async function enqueueMessage(tx: Queryable, queue: Queue, message: NewMessage): Promise<string | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO outbound_messages (idempotency_key, channel, recipient, template, payload, category, attachment, order_id, user_id, resent_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9, $10)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [
      message.key,
      message.channel,
      message.recipient,
      message.content.template,
      JSON.stringify(message.content.payload),
      message.category ?? 'transactional',
      message.attachment ? JSON.stringify(message.attachment) : null,
      message.orderId ?? null,
      message.userId ?? null,
      message.resentBy ?? null,
    ],
  );
  if (!row) return undefined;
  await queue.send(tx, MESSAGE_QUEUE, { id: row.id });
  return row.id;
}

export interface ClaimedMessage extends Record<string, unknown> {
  id: string;
  idempotency_key: string;
  channel: Channel;
  recipient: string;
  template: MessageContent['template'];
  payload: MessageContent['payload'];
  category: MessageCategory;
  attachment: MessageAttachment | null;
  order_id: string | null;
  user_id: string | null;
  attempts: number;
  max_attempts: number;
  lease_token: string;
  /** Whether an earlier try held the lease and never recorded how it ended: it may have been sent. */
  interrupted: boolean;
}

export type ClaimResult =
  | { outcome: 'claimed'; message: ClaimedMessage }
  /** Sent or failed for good: nothing to do. */
  | { outcome: 'settled' }
  /** Another worker holds it now. */
  | { outcome: 'held' }
  | { outcome: 'missing' };

/**
 * Takes the lease on a message that is queued, or whose last holder's lease ran out, for `leaseSeconds`. The update
 * commits on its own, before anything is sent, so a second worker sees the lease.
 */
export async function claimMessage(db: Queryable, id: string, leaseSeconds: number): Promise<ClaimResult> {
  const [message] = await db.query<ClaimedMessage>(
    `UPDATE outbound_messages m
     SET status = 'sending', attempts = m.attempts + 1, lease_token = $2, lease_until = now() + make_interval(secs => $3)
     FROM (SELECT id, status = 'sending' AS interrupted FROM outbound_messages WHERE id = $1 FOR UPDATE) before
     WHERE m.id = before.id AND (m.status = 'queued' OR (m.status = 'sending' AND m.lease_until < now()))
     RETURNING m.id, m.idempotency_key, m.channel, m.recipient, m.template, m.payload, m.category, m.attachment, m.order_id,
               m.user_id, m.attempts, m.max_attempts, m.lease_token, before.interrupted`,
    [id, randomUUID(), leaseSeconds],
  );
  if (message) return { outcome: 'claimed', message };
  const [row] = await db.query<{ status: MessageStatus }>('SELECT status FROM outbound_messages WHERE id = $1', [id]);
  if (!row) return { outcome: 'missing' };
  return row.status === 'sending' ? { outcome: 'held' } : { outcome: 'settled' };
}

/**
 * Extends the lease of a message this worker is still sending; false when it was lost meanwhile. A live worker renews
 * its lease while the mail server takes its time, so the lease itself can be short and a message held by a process
 * that died is handed to another within about a lease.
 */
export async function renewLease(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'lease_token'>, leaseSeconds: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE outbound_messages SET lease_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND lease_token = $2 AND status = 'sending' RETURNING id`,
    [message.id, message.lease_token, leaseSeconds],
  );
  return rows.length > 0;
}

/** Records the send; false when the lease was lost meanwhile (another worker took over), so nothing is recorded. */
export async function recordSent(db: Queryable, message: Pick<ClaimedMessage, 'id' | 'lease_token'>, providerId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE outbound_messages SET status = 'sent', sent_at = now(), provider_message_id = $3, last_error = NULL, lease_token = NULL, lease_until = NULL
     WHERE id = $1 AND lease_token = $2 RETURNING id`,
    [message.id, message.lease_token, providerId],
  );
  return rows.length > 0;
}

/** Records a failed try: queued again for the next, or failed for good when `final`. */
export async function recordFailure(
  db: Queryable,
  message: Pick<ClaimedMessage, 'id' | 'lease_token'>,
  reason: string,
  final: boolean,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE outbound_messages SET status = $3, last_error = $4, lease_token = NULL, lease_until = NULL
     WHERE id = $1 AND lease_token = $2 RETURNING id`,
    [message.id, message.lease_token, final ? 'failed' : 'queued', reason.slice(0, 500)],
  );
  return rows.length > 0;
}

/** The e-mail's Message-ID, the same on every try: mailbox providers show a message with a Message-ID they have once. */
export function messageIdOf(key: string, domain: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`;
}
