/** Answers of the order, payment and kit calls, typed with the contract's schemas. */
import { http, HttpResponse } from 'msw';
import type { components } from '../../openapi/schema';

type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OwnedKit = Schemas['OwnedKit'];
export type DeliveryAddress = Schemas['DeliveryAddress'];

export const address: DeliveryAddress = {
  name: 'Chetan Customer',
  phone: '9876543210',
  line1: '14, 2nd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
};

export function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order-1',
    number: 'GS-2026-000001',
    status: 'pending',
    items: [
      { _id: 'item-1', product: 'prod-start', code: 'PROD-G3G-LITE', name: 'Gut Start', price: 499_900, actual_price: 999_900 },
      { _id: 'item-2', product: 'prod-360', code: 'PROD-G360', name: 'Gut 360', price: 1_299_900, actual_price: 1_299_900 },
    ],
    actual_price: 1_799_800,
    discount: 179_980,
    discountInPercentage: 10,
    coupon: 'WELCOME10',
    price: 1_619_820,
    address,
    payment: { status: 'unpaid', provider: null, paymentId: null },
    timeline: [{ status: 'placed', at: '2026-11-20T10:00:00.000Z' }],
    invoiceNumber: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

export const paidOrder = order({
  status: 'paid',
  payment: { status: 'paid', provider: 'test', paymentId: 'pay_test_1' },
  timeline: [
    { status: 'placed', at: '2026-11-20T10:00:00.000Z' },
    { status: 'paid', at: '2026-11-20T10:01:00.000Z' },
  ],
  invoiceNumber: 'INV/26-27/000001',
  paidAt: '2026-11-20T10:01:00.000Z',
});

export function ownedKit(overrides: Partial<OwnedKit> = {}): OwnedKit {
  return {
    _id: 'kit-1',
    orderId: 'order-1',
    claim: 'bought',
    gift: null,
    product: 'prod-start',
    code: 'PROD-G3G-LITE',
    name: 'Gut Start',
    state: 'delivered',
    activatedAt: null,
    timeline: [
      { state: 'ordered', at: '2026-11-20T10:00:00.000Z' },
      { state: 'paid', at: '2026-11-20T10:01:00.000Z' },
      { state: 'shipped', at: '2026-11-20T10:01:00.000Z' },
      { state: 'delivered', at: '2026-11-20T10:01:00.000Z' },
    ],
    reportUrl: null,
    demoBoxCode: 'GUT-ABCD-EFGH',
    ...overrides,
  };
}

const api = (path: string) => `*${path}`;
const error = (status: number, message: string, code?: string) => HttpResponse.json<Schemas['Error']>({ message, ...(code ? { code } : {}) }, { status });

/**
 * The checkout's calls, answering as the server would for a signed-in customer. With `cart`, placing the order
 * compares the version and total reviewed with that cart as it is then: a changed cart answers 409 CART_CHANGED with
 * it, an unchanged one is ordered at its total.
 */
export function checkoutApi(options: { declined?: boolean; cart?: () => Schemas['CartResponse'] } = {}) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  let current = order();
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null, headers: request.headers });
  };
  const handlers = [
    http.get(api('/api/address'), () => HttpResponse.json<Schemas['AddressResponse']>({ address: null })),
    http.put(api('/api/address'), async ({ request }) => {
      await record(request.clone());
      return HttpResponse.json<Schemas['AddressResponse']>({ address: (await request.json()) as DeliveryAddress });
    }),
    http.post<never, Schemas['PlaceOrderRequest'], Schemas['OrderResponse'] | Schemas['PlaceOrderConflict']>(api('/api/orders'), async ({ request }) => {
      await record(request.clone());
      const now = options.cart?.();
      if (now) {
        const reviewed = await request.json();
        if (reviewed.cartVersion !== now.cart.version || reviewed.cartPrice !== now.cart.price) {
          return HttpResponse.json<Schemas['PlaceOrderConflict']>(
            {
              message: 'Your cart changed since you reviewed it, perhaps in another tab. Check its kits and total below, then place the order again.',
              code: 'CART_CHANGED',
              cart: now,
            },
            { status: 409 },
          );
        }
        current = order({
          items: now.kits.map(({ _id, product, code, name, price, actual_price }) => ({ _id, product, code, name, price, actual_price })),
          actual_price: now.cart.actual_price,
          discount: now.cart.actual_price - now.cart.price,
          discountInPercentage: now.cart.discountInPercentage,
          coupon: now.cart.coupon,
          price: now.cart.price,
        });
      }
      return HttpResponse.json<Schemas['OrderResponse']>({ order: current }, { status: 201 });
    }),
    http.post(api('/api/orders/:id/payment'), async ({ request }) => {
      await record(request);
      return HttpResponse.json<Schemas['PaymentSession']>({
        provider: 'test',
        keyId: 'rzp_test_embedded',
        gatewayOrderId: `order_test_${calls.length}`,
        amount: current.price,
        currency: 'INR',
        orderId: current._id,
        name: 'Gut360 Health',
        prefill: { name: address.name, email: 'customer@demo.test', contact: '+919876543210' },
      });
    }),
    http.post<never, never, Schemas['PaymentAuthorization'] | Schemas['Error']>(api('/api/payments/test-gateway'), async ({ request }) => {
      await record(request);
      const { outcome } = (calls.at(-1)?.body ?? {}) as { outcome?: string };
      if (options.declined || outcome === 'failure') {
        return error(402, 'The test bank declined the payment. Nothing was charged; you can try again.', 'PAYMENT_DECLINED');
      }
      return HttpResponse.json<Schemas['PaymentAuthorization']>({
        razorpay_order_id: 'order_test_1',
        razorpay_payment_id: 'pay_test_1',
        razorpay_signature: 'a'.repeat(64),
      });
    }),
    http.post(api('/api/payments/verify'), async ({ request }) => {
      await record(request);
      current = paidOrder;
      return HttpResponse.json<Schemas['OrderResponse']>({ order: current });
    }),
    http.get(api('/api/orders/:id'), () => HttpResponse.json<Schemas['OrderResponse']>({ order: current })),
    http.get(api('/api/orders'), () => HttpResponse.json({ orders: [current] })),
  ];
  return { calls, handlers };
}

export { error as errorAnswer };
