/**
 * WhatsApp's fallback: a WhatsApp message that fails for good (WhatsApp refused it, or its webhook reported it
 * failed) is followed by one SMS of the same step, where the step has an SMS. The WhatsApp consent covers it; its key
 * (`<event>:<entity id>:sms-fallback`) makes it one however many times the failure is reported.
 */
import type { Queryable } from '../../db';
import type { Queue } from '../queue';
import { enqueueMessage } from './outbox';
import { isSmsTemplate } from './render';
import type { MessageContent } from './types';

/** The key of an SMS sent in place of a WhatsApp message, and of its resends. */
export const SMS_FALLBACK_KEY = /:sms-fallback(:resend-\d+)?$/;

export interface FailedWhatsapp extends Record<string, unknown> {
  idempotency_key: string;
  recipient: string;
  template: MessageContent['template'];
  payload: MessageContent['payload'];
  order_id: string | null;
  user_id: string | null;
}

/** Queues the SMS that replaces a failed WhatsApp message; its id, or undefined when none is due or it exists already. */
export async function queueSmsFallback(tx: Queryable, queue: Queue, failed: FailedWhatsapp): Promise<string | undefined> {
  if (!isSmsTemplate(failed.template)) return undefined;
  const step = failed.idempotency_key.replace(/:whatsapp(:resend-\d+)?$/, '');
  return enqueueMessage(tx, queue, {
    key: `${step}:sms-fallback`,
    channel: 'sms',
    recipient: failed.recipient,
    content: { template: failed.template, payload: failed.payload } as MessageContent,
    orderId: failed.order_id,
    userId: failed.user_id,
  });
}
