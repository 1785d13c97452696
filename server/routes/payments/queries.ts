import type { Queryable } from '../../db';
import { HttpError } from '../../errors';
import { createKitsForOrder } from '../kits/queries';
import { allocateDocumentNumber } from '../../services/invoice/numbering';

export interface PaymentRow extends Record<string, unknown> {
  id: string;
  order_id: string;
  user_id: string;
  provider: 'test' | 'razorpay';
  gateway_order_id: string;
  gateway_payment_id: string | null;
  amount: number;
  status: 'created' | 'failed' | 'paid';
  order_status: 'pending' | 'paid' | 'cancelled' | 'refunded';
  order_price: number;
}

const PAYMENT_SELECT = `
  SELECT p.id, p.order_id, o.user_id, p.provider, p.gateway_order_id, p.gateway_payment_id, p.amount, p.status,
         o.status AS order_status, o.price AS order_price
    FROM payments p JOIN orders o ON o.id = p.order_id`;

export async function paymentByGatewayOrder(db: Queryable, gatewayOrderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(`${PAYMENT_SELECT} WHERE p.gateway_order_id = $1`, [gatewayOrderId]);
  return row;
}

/** The newest unpaid gateway order of an order that is still for its stored amount, to reuse on a retry. */
export async function openPayment(db: Queryable, orderId: string, provider: string, amount: number): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `${PAYMENT_SELECT} WHERE p.order_id = $1 AND p.provider = $2 AND p.amount = $3 AND p.status = 'created' ORDER BY p.created_at DESC LIMIT 1`,
    [orderId, provider, amount],
  );
  return row;
}

export async function insertPayment(db: Queryable, payment: { orderId: string; provider: string; gatewayOrderId: string; amount: number }) {
  await db.query('INSERT INTO payments (order_id, provider, gateway_order_id, amount) VALUES ($1, $2, $3, $4)', [
    payment.orderId,
    payment.provider,
    payment.gatewayOrderId,
    payment.amount,
  ]);
}

export async function markPaymentFailed(db: Queryable, paymentId: string): Promise<void> {
  await db.query(`UPDATE payments SET status = 'failed', failed_at = now() WHERE id = $1 AND status = 'created'`, [paymentId]);
}

/**
 * Marks an order paid by one verified gateway payment, once: the order row is locked, a second call for the same
 * payment changes nothing, and the kits with their printed codes are made in the same transaction.
 * Returns false when the order was already paid by this payment.
 */
export async function markPaid(
  tx: Queryable,
  payment: Pick<PaymentRow, 'id' | 'order_id' | 'amount'>,
  gatewayPaymentId: string,
  demoWarehouse: boolean,
): Promise<boolean> {
  const [order] = await tx.query<{ status: string; price: number }>('SELECT status, price FROM orders WHERE id = $1 FOR UPDATE', [payment.order_id]);
  if (!order) throw new HttpError(404, 'There is no such order.', 'NOT_FOUND');
  const [current] = await tx.query<{ status: string; gateway_payment_id: string | null }>(
    'SELECT status, gateway_payment_id FROM payments WHERE id = $1',
    [payment.id],
  );
  if (order.status === 'paid') {
    if (current?.status === 'paid' && current.gateway_payment_id === gatewayPaymentId) return false;
    throw new HttpError(409, 'This order is already paid.', 'ALREADY_PAID');
  }
  if (order.status !== 'pending') throw new HttpError(409, `This order is ${order.status} and cannot be paid.`, 'ORDER_CLOSED');
  if (order.price !== payment.amount) throw new HttpError(409, 'The payment is not for the amount of this order.', 'AMOUNT_MISMATCH');
  const [used] = await tx.query('SELECT 1 FROM payments WHERE gateway_payment_id = $1', [gatewayPaymentId]);
  if (used) throw new HttpError(409, 'This payment was already used.', 'PAYMENT_REPLAYED');
  await tx.query(`UPDATE payments SET status = 'paid', gateway_payment_id = $2, paid_at = now() WHERE id = $1`, [payment.id, gatewayPaymentId]);
  await tx.query(`UPDATE orders SET status = 'paid', paid_at = now() WHERE id = $1`, [payment.order_id]);
  await createKitsForOrder(tx, payment.order_id, demoWarehouse);
  // The invoice number last: its series' row stays locked until the transaction ends, and every payment of the
  // shop waits on it. now() is the transaction's start, so the invoice's year is the year of the payment it records.
  const [clock] = await tx.query<{ now: Date | string }>('SELECT now() AS now');
  const invoiceNumber = await allocateDocumentNumber(tx, 'invoice', new Date(clock!.now));
  await tx.query('UPDATE orders SET invoice_number = $2 WHERE id = $1', [payment.order_id, invoiceNumber]);
  return true;
}

/** Records a webhook event id; false when it was seen before. */
export async function recordWebhookEvent(tx: Queryable, eventId: string, eventType: string): Promise<boolean> {
  const rows = await tx.query('INSERT INTO payment_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING RETURNING event_id', [
    eventId,
    eventType,
  ]);
  return rows.length > 0;
}
