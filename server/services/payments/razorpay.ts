/**
 * Razorpay through its official Node SDK: orders are created with the key pair; payment and webhook signatures are
 * checked with the SDK's own helpers; the payment is fetched to confirm its order, amount and currency before it
 * counts.
 */
import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { GatewayRefusedError, GatewayUnavailableError, type GatewayPayment, type GatewayRefund, type PaymentGateway, type RefundRequest } from './gateway';

/** Razorpay's error answer, as the SDK rejects with it. */
function refusalOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error) || !('error' in error)) return null;
  const { statusCode, error: detail } = error;
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null;
  const description = typeof detail === 'object' && detail !== null && 'description' in detail ? detail.description : null;
  return typeof description === 'string' ? description : 'The payment gateway refused the refund.';
}

/** The note that carries our key for a refund. */
const REFUND_KEY_NOTE = 'refundKey';

function noteOf(notes: unknown, name: string): unknown {
  return typeof notes === 'object' && notes !== null && !Array.isArray(notes) ? Reflect.get(notes, name) : undefined;
}

function refundOf(refund: { id: string; payment_id: string; amount?: number | string; status: GatewayRefund['status'] }): GatewayRefund {
  return { id: refund.id, paymentId: refund.payment_id, amount: Number(refund.amount), status: refund.status };
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

  async refund(params: RefundRequest): Promise<GatewayRefund> {
    try {
      // Razorpay has no idempotency key for refunds: the key travels in the notes, and a refund already made under it
      // is found among the payment's refunds.
      const { items } = await this.client.payments.fetchMultipleRefund(params.paymentId, { count: 100 });
      const earlier = items.find((refund) => noteOf(refund.notes, REFUND_KEY_NOTE) === params.key);
      if (earlier) {
        if (Number(earlier.amount) !== params.amount) throw new GatewayRefusedError('A refund was already made under this request for another amount.');
        return refundOf(earlier);
      }
      const refund = await this.client.payments.refund(params.paymentId, {
        amount: params.amount,
        speed: 'normal',
        receipt: params.receipt,
        notes: { ...params.notes, [REFUND_KEY_NOTE]: params.key },
      });
      return refundOf(refund);
    } catch (error) {
      if (error instanceof GatewayRefusedError) throw error;
      const refusal = refusalOf(error);
      if (refusal) throw new GatewayRefusedError(refusal);
      throw new GatewayUnavailableError('The payment gateway did not answer. Nothing was refunded; please try again in a moment.');
    }
  }
}
