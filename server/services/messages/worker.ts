/**
 * Sends one message of the outbox: claims it, makes it (the e-mail from its template, with the invoice or credit
 * note attached, or the SMS text), hands it to the mail server or the SMS provider, and records how that ended.
 * A try that fails for a passing reason (the mail server is down) is queued again and the queue retries it with a
 * growing delay; a refusal that will not change (a 5xx from the mail server) or the last try fails the message.
 */
import { channel } from 'node:diagnostics_channel';
import type { SendMailOptions } from 'nodemailer';
import { documentFileName } from '../../../machines/document-numbers';
import type { Config } from '../../config';
import { isConnectionError, type Queryable } from '../../db';
import { creditNoteOf } from '../../routes/admin-orders/queries';
import { invoiceOrder, orderBody, orderById } from '../../routes/orders/queries';
import { creditNotePdf } from '../invoice/credit-note';
import { invoicePdf } from '../invoice/pdf';
import { claimMessage, messageIdOf, recordFailure, recordSent, renewLease, type ClaimedMessage, type MessageAttachment } from './outbox';
import type { Queue } from '../queue';
import { queueSmsFallback, SMS_FALLBACK_KEY } from './fallback';
import { renderEmail, smsText, smsVars, whatsappMessageOf } from './render';
import { SmsRefused, type SmsProvider } from './sms';
import { WhatsappRefused, type WhatsappProvider } from './whatsapp';
import type { MessageContent, MessageFooter } from './types';
import { unsubscribeUrl } from './unsubscribe';

/** What sends e-mail: nodemailer's transport, or anything with its `sendMail`. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<{ messageId?: string; response?: string }>;
}

export interface Senders {
  db: Queryable;
  mail: MailTransport;
  sms: SmsProvider;
  whatsapp: WhatsappProvider;
  /** The language code the WhatsApp templates were approved in. */
  whatsappLanguage: string;
  /** Where the SMS that replaces a failed WhatsApp message is queued. */
  queue: Queue;
  /** The From of every e-mail, e.g. `Gut360 Health <care@gut360.in>`. */
  from: string;
  /** The shop's public address, for the preferences and unsubscribe links. */
  siteUrl: string;
  seller: Config['seller'];
  /** Signs the unsubscribe links. */
  secret: string;
  /** How long a claim on a message lasts; the worker renews it every third of that while it is sending. */
  leaseSeconds: number;
  log: { info(object: unknown, message: string): void; warn(object: unknown, message: string): void };
  /** Runs after the provider accepted a message and before it is recorded (the tests stop a worker there). */
  afterHandOver?: (message: ClaimedMessage) => Promise<void>;
}

/** A try that should be made again later; the queue retries the job. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

export type DeliveryOutcome = 'sent' | 'failed' | 'settled' | 'missing';

/** The diagnostics channel on which each failed try to send is published, as a `SendFailure` (for the metrics). */
export const SEND_FAILURES = 'gutshop:messages:send-failed';

export interface SendFailure {
  /** The database whose outbox held the message: an app hears its own failures only. */
  db: Queryable;
  channel: ClaimedMessage['channel'];
  /** The message is given up: no further try follows. */
  final: boolean;
}

const sendFailures = channel(SEND_FAILURES);

/**
 * Sends message `id` once it is claimed. `lastTry` is the queue's word that no retry follows: a passing failure then
 * fails the message for good, with its reason, where staff see it and can resend.
 */
export async function deliverMessage(senders: Senders, id: string, lastTry = false): Promise<DeliveryOutcome> {
  const claim = await claimMessage(senders.db, id, senders.leaseSeconds);
  if (claim.outcome === 'held') throw new RetryLater('Another worker is sending this message.');
  if (claim.outcome !== 'claimed') return claim.outcome;
  const message = claim.message;
  // When the lease ends by this process's clock; it started no later than the claim's answer.
  let leaseEnds = Date.now() + senders.leaseSeconds * 1000;
  const renewal = setInterval(() => {
    const asked = Date.now();
    renewLease(senders.db, message, senders.leaseSeconds).then(
      (held) => {
        if (held) leaseEnds = asked + senders.leaseSeconds * 1000;
      },
      () => {
        // The database is away: the lease runs out, and the message goes to whichever worker claims it next.
      },
    );
  }, (senders.leaseSeconds * 1000) / 3);
  renewal.unref();
  try {
    return await sendClaimed(senders, message, lastTry, () => leaseEnds);
  } finally {
    clearInterval(renewal);
  }
}

async function sendClaimed(senders: Senders, message: ClaimedMessage, lastTry: boolean, leaseEnds: () => number): Promise<DeliveryOutcome> {
  let providerId: string;
  try {
    const withdrawn = await consentWithdrawn(senders.db, message);
    if (withdrawn) {
      await recordFailure(senders.db, message, withdrawn, true);
      return 'failed';
    }
    providerId =
      message.channel === 'email'
        ? await sendEmail(senders, message)
        : message.channel === 'whatsapp'
          ? await sendWhatsapp(senders, message)
          : await sendSms(senders, message);
  } catch (error) {
    const reason = reasonOf(error);
    const final = lastTry || isPermanent(error) || message.attempts >= message.max_attempts;
    if (sendFailures.hasSubscribers) sendFailures.publish({ db: senders.db, channel: message.channel, final } satisfies SendFailure);
    const recorded = await recordFailure(senders.db, message, reason, final);
    // A WhatsApp message given up is followed by the SMS of its step, once.
    if (recorded && final && message.channel === 'whatsapp') await queueSmsFallback(senders.db, senders.queue, message);
    senders.log.warn({ messageId: message.id, attempt: message.attempts, final, reason }, 'message not sent');
    if (final) return 'failed';
    throw new RetryLater(reason, { cause: error });
  }
  await senders.afterHandOver?.(message);
  if (!(await recordHandedOver(senders, message, providerId, leaseEnds))) {
    senders.log.warn({ messageId: message.id }, 'message sent after its lease ran out; another worker has it now');
  }
  return 'sent';
}

/** Milliseconds between tries to record a hand-over while the database is away. */
const RECORD_RETRY_MS = 1_000;

/**
 * Records that the provider accepted the message. While the database is away the record is tried again until the
 * lease runs out: the message is still this worker's, and giving up would have it sent a second time after the lease.
 */
async function recordHandedOver(senders: Senders, message: ClaimedMessage, providerId: string, leaseEnds: () => number): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await recordSent(senders.db, message, providerId);
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + RECORD_RETRY_MS >= leaseEnds()) throw error;
      if (attempt === 1) senders.log.warn({ messageId: message.id, reason: reasonOf(error) }, 'message sent; its record waits for the database');
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

const CONSENT_NAMES = { sms: 'SMS', whatsapp: 'WhatsApp messages', marketing: 'offers and reminders' } as const;

/** The consent a message goes with: WhatsApp's for WhatsApp and the SMS that replaces it, SMS's for SMS, marketing's for offers. */
function purposeOf(message: ClaimedMessage): keyof typeof CONSENT_NAMES | undefined {
  if (message.channel === 'whatsapp') return 'whatsapp';
  if (message.channel === 'sms') return SMS_FALLBACK_KEY.test(message.idempotency_key) ? 'whatsapp' : 'sms';
  return message.category === 'promotional' ? 'marketing' : undefined;
}

/** Why a message may not go any more: an SMS, a WhatsApp message or a promotional e-mail whose consent was withdrawn after it was queued. */
async function consentWithdrawn(db: Queryable, message: ClaimedMessage): Promise<string | undefined> {
  const purpose = purposeOf(message);
  if (!purpose || !message.user_id) return undefined;
  const [consent] = await db.query<{ granted: boolean }>('SELECT granted FROM consents WHERE user_id = $1 AND purpose = $2', [
    message.user_id,
    purpose,
  ]);
  return consent?.granted ? undefined : `Not sent: the person has not consented to ${CONSENT_NAMES[purpose]}.`;
}

const contentOf = (message: ClaimedMessage) => ({ template: message.template, payload: message.payload }) as MessageContent;

async function sendEmail(senders: Senders, message: ClaimedMessage): Promise<string> {
  const site = senders.siteUrl.replace(/\/+$/, '');
  const unsubscribe = message.category === 'promotional' ? unsubscribeUrl(site, senders.secret, message.recipient) : null;
  const footer: MessageFooter = { preferencesUrl: message.user_id ? `${site}/user/privacy` : null, unsubscribeUrl: unsubscribe };
  const email = await renderEmail(contentOf(message), footer);
  const domain = senders.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  const info = await senders.mail.sendMail({
    from: senders.from,
    to: message.recipient,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: messageIdOf(message.idempotency_key, domain),
    attachments: message.attachment ? [await documentOf(senders, message.attachment)] : [],
    ...(unsubscribe ? { list: { unsubscribe: unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  });
  return info.messageId ?? messageIdOf(message.idempotency_key, domain);
}

/** The invoice or credit note as it reads now (both are fixed once issued), as a PDF attachment. */
async function documentOf(
  senders: Senders,
  attachment: MessageAttachment,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  const row = await orderById(senders.db, attachment.orderId);
  if (attachment.kind === 'invoice') {
    const invoice = row && invoiceOrder(row, await orderBody(senders.db, row));
    if (!invoice) throw new Error('The order has no invoice to attach.');
    return {
      filename: documentFileName(invoice.invoiceNumber),
      content: await invoicePdf(invoice, senders.seller),
      contentType: 'application/pdf',
    };
  }
  const note = row && (await creditNoteOf(senders.db, row, attachment.refundId));
  if (!note) throw new Error('The refund has no credit note to attach.');
  return { filename: documentFileName(note.number), content: await creditNotePdf(note, senders.seller), contentType: 'application/pdf' };
}

async function sendSms(senders: Senders, message: ClaimedMessage): Promise<string> {
  // A try that was interrupted after handing the SMS over must not send it twice: the provider knows our reference.
  if (message.interrupted || message.attempts > 1) {
    const earlier = await senders.sms.find(message.idempotency_key);
    if (earlier) return earlier.id;
  }
  const content = contentOf(message);
  const text = smsText(content);
  if (text === undefined) throw new PermanentFailure(`There is no SMS for ${message.template}.`);
  const sent = await senders.sms.send({
    to: message.recipient,
    templateKey: message.template,
    vars: smsVars(content) ?? {},
    text,
    reference: message.idempotency_key,
  });
  return sent.id;
}

/**
 * WhatsApp keeps no reference of ours to ask for, so (as with MSG91) a try interrupted after the hand-over is the one
 * case that may reach the person twice.
 */
async function sendWhatsapp(senders: Senders, message: ClaimedMessage): Promise<string> {
  const made = whatsappMessageOf(contentOf(message));
  if (!made) throw new PermanentFailure(`There is no WhatsApp message for ${message.template}.`);
  const sent = await senders.whatsapp.send({
    to: message.recipient,
    template: made.name,
    language: senders.whatsappLanguage,
    params: made.params,
    text: made.text,
    reference: message.idempotency_key,
  });
  return sent.id;
}

/** A refusal that another try will not change. */
export class PermanentFailure extends Error {
  override readonly name = 'PermanentFailure';
}

/** 5xx from a mail server is a permanent refusal (RFC 5321); a provider's 4xx about the request is too. */
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentFailure) return true;
  if (error instanceof SmsRefused || error instanceof WhatsappRefused) return error.permanent;
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? Number(error.responseCode) : NaN;
  return code >= 500 && code < 600;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  return `${code}${error.message}`;
}
