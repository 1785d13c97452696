/**
 * Razorpay through its official Node SDK: orders are created with the key pair; payment and webhook signatures are
 * checked with the SDK's own helpers; the payment is fetched to confirm its amount and order before it counts.
 */
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from './gateway';

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  private readonly client: Razorpay;

  constructor(private readonly keys: { keyId: string; keySecret: string; webhookSecret: string }) {
    this.keyId = keys.keyId;
    this.client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  }

  async createOrder(params: { amount: number; receipt: string }) {
    try {
      const order = await this.client.orders.create({ amount: params.amount, currency: 'INR', receipt: params.receipt.slice(0, 40) });
      return { id: order.id, amount: Number(order.amount) };
    } catch {
      throw new GatewayUnavailableError('The payment gateway did not answer. Please try again in a moment.');
    }
  }

  verifyPaymentSignature(params: { orderId: string; paymentId: string; signature: string }): boolean {
    return validatePaymentVerification({ order_id: params.orderId, payment_id: params.paymentId }, params.signature, this.keys.keySecret);
  }

  verifyWebhookSignature(rawBody: string, signature: string): boolean {
    return validateWebhookSignature(rawBody, signature, this.keys.webhookSecret);
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    try {
      const payment = await this.client.payments.fetch(paymentId);
      return { id: payment.id, orderId: String(payment.order_id), amount: Number(payment.amount), status: payment.status };
    } catch {
      return null;
    }
  }
}
