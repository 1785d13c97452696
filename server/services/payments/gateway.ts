/**
 * One interface for every payment gateway. Razorpay's scheme is the model: the server opens a gateway order for the
 * stored amount, the person pays in the gateway's widget, and the widget hands back the payment id with an
 * HMAC-SHA256 signature of "order_id|payment_id" made with the key secret. Webhooks are signed over the raw body.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type GatewayName = 'test' | 'razorpay';

export interface GatewayOrder {
  id: string;
  amount: number;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  amount: number;
  /** ISO 4217, e.g. INR; `amount` is in its smallest unit. */
  currency: string;
  /** Razorpay's payment status: authorized or captured means the money is taken. */
  status: string;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  /** Razorpay's refund status: processed once the money is on its way back, pending before, failed if it could not be. */
  status: 'pending' | 'processed' | 'failed';
}

export interface RefundRequest {
  paymentId: string;
  amount: number;
  receipt: string;
  notes: Record<string, string>;
  key: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key the widget is opened with. */
  readonly keyId: string;
  createOrder(params: { amount: number; receipt: string }): Promise<GatewayOrder>;
  /** Whether `signature` is the gateway's signature of this order and payment. */
  verifyPaymentSignature(params: { orderId: string; paymentId: string; signature: string }): boolean;
  /** Whether `signature` is the gateway's signature of this raw webhook body. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
  /** The payment as the gateway knows it, to check its amount and order against ours; null when unknown. */
  fetchPayment(paymentId: string, expected: { orderId: string; amount: number }): Promise<GatewayPayment | null>;
  /**
   * Gives `amount` of a captured payment back. `receipt` is ours (the refund's credit note), and `notes` travel with
   * the refund to its webhooks. `key` names this refund: a refund the gateway already made under the same key (its
   * answer lost, our transaction rolled back) is answered again rather than made twice. Throws GatewayRefusedError
   * when the gateway says no, GatewayUnavailableError when it does not answer.
   */
  refund(params: RefundRequest): Promise<GatewayRefund>;
}

export function hmacSha256Hex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** The gateway answered and refused, e.g. a refund beyond what is left of the payment. */
export class GatewayRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayRefusedError';
  }
}

export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
