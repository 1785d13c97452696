/**
 * The built-in test gateway, the embedded default. It signs payments exactly as Razorpay does, so the same
 * verification path is exercised end to end, and lets the person choose whether a payment succeeds or fails.
 * Its gateway orders are our own `payments` rows, so it keeps no state of its own (any number of API processes).
 */
import { randomBytes } from 'node:crypto';
import { hmacSha256Hex, signaturesMatch, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './gateway';

export const TEST_GATEWAY_KEY_ID = 'rzp_test_embedded';

function gatewayId(prefix: string): string {
  return `${prefix}_${randomBytes(10).toString('hex')}`;
}

export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  readonly keyId = TEST_GATEWAY_KEY_ID;

  constructor(private readonly secret: string) {}

  async createOrder(params: { amount: number }) {
    return { id: gatewayId('order_test'), amount: params.amount };
  }

  /** What the test gateway's widget hands back after a successful payment. */
  authorize(orderId: string): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string } {
    const paymentId = gatewayId('pay_test');
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmacSha256Hex(this.secret, `${orderId}|${paymentId}`),
    };
  }

  /** A webhook signature as Razorpay would send it, for test events. */
  signWebhook(rawBody: string): string {
    return hmacSha256Hex(this.secret, rawBody);
  }

  verifyPaymentSignature(params: { orderId: string; paymentId: string; signature: string }): boolean {
    return signaturesMatch(hmacSha256Hex(this.secret, `${params.orderId}|${params.paymentId}`), params.signature);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return signaturesMatch(hmacSha256Hex(this.secret, rawBody), signature);
  }

  /** A signed test payment is, by construction, for its gateway order's stored amount. */
  async fetchPayment(paymentId: string, expected: { orderId: string; amount: number }): Promise<GatewayPayment> {
    return { id: paymentId, orderId: expected.orderId, amount: expected.amount, currency: 'INR', status: 'captured' };
  }

  /**
   * A refund as Razorpay's answers it, processed at once. What was refunded before, and under which key, is ours to
   * know (the refunds table, read under the order's lock): the gateway keeps nothing.
   */
  async refund(params: { paymentId: string; amount: number }): Promise<GatewayRefund> {
    return { id: gatewayId('rfnd_test'), paymentId: params.paymentId, amount: params.amount, status: 'processed' };
  }
}
