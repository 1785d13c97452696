import type { components } from '../../../../openapi/schema';
import { CART_CHANGED_CODE, type PlacedOrder, type ReviewedCart } from '../../../../machines/checkout';
import { api, ApiError, dataOf } from '../../../lib/api-client';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];
type PlaceOrderConflict = components['schemas']['PlaceOrderConflict'];

/** The gateway answered and no payment was made: the person closed its window or the bank declined. */
export class PaymentNotMade extends Error {
  override name = 'PaymentNotMade';
}

/**
 * Places the order from the server-side cart if it is still the cart reviewed (its version and total); the same key
 * answers the same order on a retry or double click. When the cart changed, the refusal carries the cart as it is now.
 */
export async function createOrder(idempotencyKey: string, reviewed: ReviewedCart): Promise<PlacedOrder> {
  try {
    const { order } = dataOf(await api.POST('/api/orders', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body: reviewed }));
    return { _id: order._id, price: order.price };
  } catch (error) {
    const cart = error instanceof ApiError && error.code === CART_CHANGED_CODE ? (error.body as PlaceOrderConflict | undefined)?.cart : undefined;
    if (error instanceof ApiError && cart) throw { status: error.status, code: error.code, message: error.message, cart };
    throw error;
  }
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
