/**
 * Razorpay through its official Node SDK: orders are created with the key pair; payment and webhook signatures are
 * checked with the SDK's own helpers; the payment is fetched to confirm its order, amount and currency before it
 * counts.
 */
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment, type GatewayRefund, type PaymentGateway } from './gateway';

/** Razorpay's error answer, as the SDK rejects with it. */
function refusalOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error) || !('error' in error)) return null;
  const { statusCode, error: detail } = error;
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null;
  const description = typeof detail === 'object' && detail !== null && 'description' in detail ? detail.description : null;
  return typeof description === 'string' ? description : 'The payment gateway refused the refund.';
}

interface AxiosHolder {
  rq: { defaults: { baseURL?: string } };
}

function holdsAxios(api: unknown): api is AxiosHolder {
  if (typeof api !== 'object' || api === null || !('rq' in api)) return false;
  // An axios instance is a function with properties.
  const { rq } = api;
  return (typeof rq === 'function' || (typeof rq === 'object' && rq !== null)) && 'defaults' in rq && typeof rq.defaults === 'object' && rq.defaults !== null;
}

/**
 * The SDK has no option for Razorpay's address: every call goes through one axios instance made with
 * https://api.razorpay.com as its base URL, which this moves. Checked at start, so an SDK that changes this fails
 * loudly instead of calling Razorpay itself.
 */
function useApiUrl(client: Razorpay, apiUrl: string): void {
  const { api } = client;
  if (!holdsAxios(api)) throw new Error('This version of the razorpay SDK cannot be pointed at RAZORPAY_API_URL.');
  api.rq.defaults.baseURL = apiUrl;
}

export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  private readonly client: Razorpay;

  constructor(private readonly keys: { keyId: string; keySecret: string; webhookSecret: string; apiUrl?: string | undefined }) {
    this.keyId = keys.keyId;
    this.client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
    if (keys.apiUrl) useApiUrl(this.client, keys.apiUrl);
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
      return {
        id: payment.id,
        orderId: String(payment.order_id),
        amount: Number(payment.amount),
        currency: payment.currency,
        status: payment.status,
      };
    } catch {
      return null;
    }
  }

  async refund(params: { paymentId: string; amount: number; receipt: string; notes: Record<string, string> }): Promise<GatewayRefund> {
    try {
      const refund = await this.client.payments.refund(params.paymentId, {
        amount: params.amount,
        speed: 'normal',
        receipt: params.receipt,
        notes: params.notes,
      });
      return { id: refund.id, paymentId: refund.payment_id, amount: Number(refund.amount), status: refund.status };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) throw new GatewayRefusedError(refusal);
      throw new GatewayUnavailableError('The payment gateway did not answer. Nothing was refunded; please try again in a moment.');
    }
  }
}
