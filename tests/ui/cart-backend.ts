/**
 * A stand-in for the cart calls of the contract (GET /api/cart, items and coupon), holding one cart in memory so the
 * pages can be driven through adds, removals and coupons. Bodies are typed from openapi/schema.d.ts.
 */
import { http, HttpResponse, delay, type DefaultBodyType, type PathParams } from 'msw';
import type { components } from '../../openapi/schema';
import { payableAfterCoupon } from '../../machines/pricing';
import { tokens } from './handlers';

type Schemas = components['schemas'];
type Product = Schemas['Product'];
type Kit = Schemas['Kit'];
type CartResponse = Schemas['CartResponse'];
type ErrorBody = Schemas['Error'];
type Answer = CartResponse | ErrorBody;

export const catalogue: Product[] = [
  {
    _id: 'prod-start',
    code: 'PROD-G3G-LITE',
    name: 'Gut Start',
    slug: 'gut360-start',
    summary: 'The starter test.',
    price: 499_900,
    actual_price: 999_900,
    image: '/images/products/gut360-start.svg',
  },
  {
    _id: 'prod-360',
    code: 'PROD-G360',
    name: 'Gut 360',
    slug: 'gut360',
    summary: 'The full test.',
    price: 1_499_900,
    actual_price: 1_999_900,
    image: '/images/products/gut360.svg',
  },
  {
    _id: 'prod-sens',
    code: 'PROD-GSENS',
    name: 'Gut SEnS',
    slug: 'gutsens',
    summary: 'Sleep, energy and stress.',
    price: 999_900,
    actual_price: 1_299_900,
    image: '/images/products/gutsens.svg',
  },
  {
    _id: 'prod-heal',
    code: 'PROD-IBS-HEAL',
    name: 'Gut Heal',
    slug: 'ibs-heal',
    summary: 'The IBS programme.',
    price: 1_199_900,
    actual_price: 1_599_900,
    image: '/images/products/ibs-heal.svg',
  },
];

/** Coupons this stand-in knows: a percentage, or the refusal the server would send. */
const coupons: Record<string, { percentage: number } | { status: number; body: ErrorBody }> = {
  WELCOME10: { percentage: 10 },
  DIWALI20: { status: 409, body: { message: 'The coupon DIWALI20 has expired (it was valid until 3 November 2026).', code: 'COUPON_EXPIRED' } },
  FIRST100: {
    status: 409,
    body: { message: 'The coupon FIRST100 has been used as many times as it allows and cannot be applied now.', code: 'COUPON_USED_UP' },
  },
  ONCEONLY: { status: 409, body: { message: 'You have already used the coupon ONCEONLY; it can be used once per person.', code: 'COUPON_ALREADY_USED' } },
};

export function createCartBackend(options: { kits?: string[]; coupon?: string | null; latencyMs?: number } = {}) {
  let kits: Kit[] = [];
  let coupon: string | null = options.coupon ?? null;
  let next = 1;
  // Goes up with every change, as the server's does.
  let version = 1;
  const calls: string[] = [];

  const add = (productId: string) => {
    const product = catalogue.find((p) => p._id === productId);
    if (!product) return false;
    kits.push({ _id: `item-${next++}`, product: product._id, code: product.code, name: product.name, price: product.price, actual_price: product.actual_price, image: product.image });
    version += 1;
    return true;
  };
  (options.kits ?? []).forEach(add);

  const body = (): CartResponse => {
    const actual = kits.reduce((sum, k) => sum + k.price, 0);
    const entry = coupon ? coupons[coupon] : undefined;
    const percentage = entry && 'percentage' in entry ? entry.percentage : 0;
    return {
      cart: {
        _id: 'cart-1',
        user: 'u-customer',
        price: payableAfterCoupon(actual, percentage),
        actual_price: actual,
        discountInPercentage: percentage,
        coupon: percentage > 0 ? coupon : null,
        version,
        kits: kits.map((k) => k._id),
      },
      kits: [...kits],
    };
  };

  const signedIn = (request: Request) => Object.values(tokens).includes((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
  const unauthorized = () => HttpResponse.json<ErrorBody>({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' }, { status: 401 });
  const wait = () => (options.latencyMs ? delay(options.latencyMs) : undefined);

  const handlers = [
    http.get<PathParams, DefaultBodyType, Answer>('*/api/cart', async ({ request }) => {
      calls.push('GET /api/cart');
      await wait();
      return signedIn(request) ? HttpResponse.json<CartResponse>(body()) : unauthorized();
    }),
    http.post<PathParams, DefaultBodyType, Answer>('*/api/cart/items', async ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const { productId } = (await request.json()) as Schemas['AddCartItemRequest'];
      calls.push(`POST /api/cart/items ${productId}`);
      await wait();
      if (kits.length >= 10) {
        return HttpResponse.json<ErrorBody>(
          { message: 'Your cart already holds 10 kits, the most one order can take. Remove a kit before adding another.', code: 'CART_FULL' },
          { status: 409 },
        );
      }
      if (!add(productId)) {
        return HttpResponse.json<ErrorBody>({ message: 'This kit is not on sale any more. Please choose another kit.', code: 'PRODUCT_NOT_FOUND' }, { status: 404 });
      }
      return HttpResponse.json<CartResponse>(body());
    }),
    http.delete<PathParams, DefaultBodyType, Answer>('*/api/cart/items/:itemId', async ({ request, params }) => {
      if (!signedIn(request)) return unauthorized();
      calls.push(`DELETE /api/cart/items/${String(params.itemId)}`);
      await wait();
      const before = kits.length;
      kits = kits.filter((k) => k._id !== params.itemId);
      if (kits.length === before) {
        return HttpResponse.json<ErrorBody>({ message: 'This kit is not in your cart any more.', code: 'CART_ITEM_NOT_FOUND' }, { status: 404 });
      }
      version += 1;
      return HttpResponse.json<CartResponse>(body());
    }),
    http.post<PathParams, DefaultBodyType, Answer>('*/api/cart/coupon', async ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      const { code } = (await request.json()) as Schemas['ApplyCouponRequest'];
      calls.push(`POST /api/cart/coupon ${code}`);
      await wait();
      const normalised = code.toUpperCase();
      const entry = coupons[normalised];
      if (!entry) {
        return HttpResponse.json<ErrorBody>({ message: `There is no coupon ${normalised}. Check the spelling and try again.`, code: 'COUPON_UNKNOWN' }, { status: 404 });
      }
      if ('status' in entry) return HttpResponse.json<ErrorBody>(entry.body, { status: entry.status });
      coupon = normalised;
      version += 1;
      return HttpResponse.json<CartResponse>(body());
    }),
    http.delete<PathParams, DefaultBodyType, Answer>('*/api/cart/coupon', async ({ request }) => {
      if (!signedIn(request)) return unauthorized();
      calls.push('DELETE /api/cart/coupon');
      await wait();
      coupon = null;
      version += 1;
      return HttpResponse.json<CartResponse>(body());
    }),
  ];

  /** `add` changes the cart as another tab or device would, behind the page's back. */
  return { handlers, calls, cart: body, add };
}
