import type { components } from '../../../../openapi/schema';
import { PaymentNotMade } from './payment';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const WINDOW_NOT_LOADED = 'No connection: the payment window could not be loaded. Check your internet connection, then try again.';

interface RazorpayWidget {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayWidget;

function loadScript(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error(WINDOW_NOT_LOADED));
    };
    script.onerror = () => reject(new Error(WINDOW_NOT_LOADED));
    document.head.append(script);
  });
}

/** Opens Razorpay Checkout for the session; resolves with the signed payment, rejects with what to tell the person. */
export async function payWithRazorpay(session: PaymentSession): Promise<PaymentAuthorization> {
  const Razorpay = await loadScript();
  return new Promise((resolve, reject) => {
    const widget = new Razorpay({
      key: session.keyId,
      order_id: session.gatewayOrderId,
      amount: session.amount,
      currency: session.currency,
      name: session.name,
      prefill: session.prefill,
      handler: (response: PaymentAuthorization) => resolve(response),
      modal: { ondismiss: () => reject(new PaymentNotMade('You closed the payment window. Nothing was charged; you can try again.')) },
    });
    widget.on('payment.failed', (response) =>
      reject(new PaymentNotMade(response.error?.description ?? 'The payment did not go through. Nothing was charged.')),
    );
    widget.open();
  });
}
