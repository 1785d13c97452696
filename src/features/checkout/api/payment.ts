import type { components } from '../../../../openapi/schema';
import type { PlacedOrder } from '../../../../machines/checkout';
import { api, dataOf } from '../../../lib/api-client';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];

/** The gateway answered and no payment was made: the person closed its window or the bank declined. */
export class PaymentNotMade extends Error {
  override name = 'PaymentNotMade';
}

/** Places the order from the server-side cart; the same key answers the same order on a retry or double click. */
export async function createOrder(idempotencyKey: string): Promise<PlacedOrder> {
  const { order } = dataOf(await api.POST('/api/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: {} }));
  return { _id: order._id, price: order.price };
}

export async function startPayment(orderId: string): Promise<PaymentSession> {
  return dataOf(await api.POST('/api/orders/{id}/payment', { params: { path: { id: orderId } }, body: {} }));
}

/** The built-in test gateway: succeeds with a signed payment or throws the declined answer (402). */
export async function payWithTestGateway(gatewayOrderId: string, outcome: 'success' | 'failure'): Promise<PaymentAuthorization> {
  return dataOf(await api.POST('/api/payments/test-gateway', { body: { gatewayOrderId, outcome } }));
}

export async function verifyPayment(authorization: PaymentAuthorization): Promise<{ orderId: string }> {
  const { order } = dataOf(await api.POST('/api/payments/verify', { body: authorization }));
  return { orderId: order._id };
}
