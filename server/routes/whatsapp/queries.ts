import type { Queryable } from '../../db';
import type { FailedWhatsapp } from '../../services/messages/fallback';
import type { WhatsappStatus } from '../../services/messages/whatsapp';

/** How far a WhatsApp message got; a status is recorded only when it goes further, so nothing steps back. */
const DELIVERY_ORDER = `ARRAY['sent', 'delivered', 'failed', 'read']::text[]`;

export type StatusOutcome = { outcome: 'recorded'; failed: FailedWhatsapp | undefined } | { outcome: 'unchanged' } | { outcome: 'unknown' };

/**
 * Records one status of a WhatsApp message the shop sent, found by WhatsApp's id. A status at or behind the one
 * recorded (a replay, a `delivered` after `read`) changes nothing; a `failed` that is recorded hands back the message,
 * whose SMS fallback is then due.
 */
export async function recordWhatsappStatus(tx: Queryable, status: WhatsappStatus): Promise<StatusOutcome> {
  const [row] = await tx.query<FailedWhatsapp & { delivery: string }>(
    `UPDATE outbound_messages
     SET delivery = $2::text, delivery_at = $3, last_error = CASE WHEN $2::text = 'failed' THEN $4 ELSE last_error END
     WHERE channel = 'whatsapp' AND provider_message_id = $1
       AND COALESCE(array_position(${DELIVERY_ORDER}, delivery), 0) < array_position(${DELIVERY_ORDER}, $2::text)
     RETURNING idempotency_key, recipient, template, payload, order_id, user_id, delivery`,
    [status.id, status.status, status.at.toISOString(), status.error ? `WhatsApp could not deliver it: ${status.error}` : 'WhatsApp could not deliver it.'],
  );
  if (row) return { outcome: 'recorded', failed: row.delivery === 'failed' ? row : undefined };
  const [known] = await tx.query<{ id: string }>(`SELECT id FROM outbound_messages WHERE channel = 'whatsapp' AND provider_message_id = $1`, [status.id]);
  return known ? { outcome: 'unchanged' } : { outcome: 'unknown' };
}
