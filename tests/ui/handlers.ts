/**
 * A stand-in for the product API on jsdom's origin. Bodies are typed with the contract's schemas so a change to
 * openapi/openapi.yaml breaks these tests at compile time instead of letting them pass against a stale shape.
 */
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import type { components, operations } from '../../openapi/schema';
import { staffCatalogue } from './staff-fixtures';

type Schemas = components['schemas'];
export type User = Schemas['User'];
export type Role = Schemas['Role'];
type Product = Schemas['Product'];
type Kit = Schemas['Kit'];
type ApiErrorBody = Schemas['Error'];
type Ok<Operation extends keyof operations> = operations[Operation]['responses'] extends {
  200: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
type ProductsAnswer = Ok<'listProducts'>;
type LoginAnswer = Ok<'getLoginSuccess'>;
type LogoutAnswer = Ok<'logout'>;
type CartResponse = Ok<'getCart'>;

/** The API client uses relative URLs, so every call goes to jsdom's origin; the wildcard keeps that implicit. */
const api = (path: `/api/${string}`) => `*${path}`;

/** A GET handler whose answers are the operation's success body or the contract's error body. */
const get = <Answer extends DefaultBodyType>(
  path: `/api/${string}`,
  resolver: Parameters<typeof http.get<PathParams, DefaultBodyType, Answer | ApiErrorBody>>[1],
) => http.get<PathParams, DefaultBodyType, Answer | ApiErrorBody>(api(path), resolver);

export const PROMO_CODE = 'PROD-G3G-LITE';

export const products: Product[] = [
  {
    _id: 'prod-start',
    code: PROMO_CODE,
    name: 'Gut Start',
    slug: 'gut360-start',
    summary: 'Our starter gut microbiome test.',
    price: 499_900,
    actual_price: 699_900,
    image: '/images/gut-start.png',
  },
  {
    _id: 'prod-360',
    code: 'PROD-G360',
    name: 'Gut 360',
    slug: 'gut360',
    summary: 'The full gut microbiome test.',
    price: 1_299_900,
    actual_price: 1_299_900,
    image: '/images/gut-360.png',
  },
];

export const tokens: Record<Role, string> = {
  admin: 'session-admin',
  doctor: 'session-doctor',
  nutritionist: 'session-nutritionist',
  customer: 'session-customer',
};

export const users: Record<Role, User> = {
  admin: { _id: 'u-admin', fullname: 'Asha Admin', email: 'asha@example.in', phone: null, user_role: 'admin', role: 'admin' },
  doctor: { _id: 'u-doctor', fullname: 'Dev Doctor', email: 'dev@example.in', phone: null, user_role: 'doctor', role: 'doctor' },
  nutritionist: {
    _id: 'u-nutri',
    fullname: 'Nina Nutritionist',
    email: 'nina@example.in',
    phone: null,
    user_role: 'nutritionist',
    role: 'nutritionist',
  },
  customer: {
    _id: 'u-customer',
    fullname: 'Chitra Customer',
    email: 'chitra@example.in',
    phone: '+919800000000',
    user_role: 'customer',
    role: 'customer',
  },
};

export function kit(n: number): Kit {
  return {
    _id: `kit-${n}`,
    product: 'prod-360',
    code: 'PROD-G360',
    name: `Gut 360 kit ${n}`,
    price: 1_299_900,
    actual_price: 1_299_900,
    image: '/images/gut-360.png',
  };
}

export function cartWith(kits: Kit[], owner = users.customer._id): CartResponse {
  const total = kits.reduce((sum, k) => sum + k.price, 0);
  return {
    cart: {
      _id: `cart-${owner}`,
      user: owner,
      price: total,
      actual_price: total,
      discountInPercentage: 0,
      coupon: null,
      version: 1,
      kits: kits.map((k) => k._id),
    },
    kits,
  };
}

/** Sessions the fake API accepts, bearer token → user; tests may add their own. */
export const sessions = new Map<string, User>();

export function resetBackend() {
  sessions.clear();
  for (const role of Object.keys(tokens) as Role[]) sessions.set(tokens[role], users[role]);
}
resetBackend();

function bearerOf(request: Request): string | null {
  const header = request.headers.get('Authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

const unauthorized = () =>
  HttpResponse.json<ApiErrorBody>({ message: 'Please sign in again.', code: 'UNAUTHORIZED' }, { status: 401 });

export const handlers = [
  get<ProductsAnswer>('/api/products', () => HttpResponse.json({ status: true, data: products })),
  get<LoginAnswer>('/api/auth/login/success', ({ request }) => {
    const user = sessions.get(bearerOf(request) ?? '');
    return user ? HttpResponse.json({ user }) : unauthorized();
  }),
  get<LogoutAnswer>('/api/auth/logout', ({ request }) => {
    const token = bearerOf(request);
    if (!token || !sessions.delete(token)) return unauthorized();
    return HttpResponse.json({ message: 'Logout successful.' });
  }),
  get<CartResponse>('/api/cart', ({ request }) => {
    const user = sessions.get(bearerOf(request) ?? '');
    return user ? HttpResponse.json(cartWith([kit(1), kit(2)], user._id)) : unauthorized();
  }),
  // A customer with no orders, kits or saved address yet; the order and kit tests answer with their own.
  get<Ok<'listOrders'>>('/api/orders', () => HttpResponse.json({ orders: [] })),
  get<Ok<'listKits'>>('/api/kits', () => HttpResponse.json({ kits: [] })),
  // No kit's food and lifestyle intake is answered yet; the intake tests answer otherwise.
  get<Ok<'getKitIntake'>>('/api/kits/:id/intake', () => HttpResponse.json({ intake: null, editable: true })),
  // No courier service answers for a sample's pickup: the card offers none; the pickup tests answer otherwise.
  get<Ok<'getSamplePickup'>>('/api/kits/:id/pickup', () => HttpResponse.json({ pickup: null, bookable: false, reason: null, days: [], address: null })),
  get<Ok<'getStaffCustomerIntakes'>>('/api/staff/customers/:id/intakes', () => HttpResponse.json({ intakes: [] })),
  get<Ok<'getAddress'>>('/api/address', () => HttpResponse.json({ address: null })),
  // The staff's catalogue that the lists' product filters offer: the four kits. The product tests answer otherwise.
  staffCatalogue({ 'PROD-G3G-LITE': 'Gut Start', 'PROD-G360': 'Gut 360', 'PROD-GSENS': 'Gut SEnS', 'PROD-IBS-HEAL': 'Gut Heal' }),
  // The staff home's panels: nobody has written anything and no message waits; their own tests answer otherwise.
  get<Ok<'listAuthoringItems'>>('/api/authoring/items', () => HttpResponse.json({ items: [], total: 0 })),
  get<Ok<'listContactMessages'>>('/api/admin/contact-messages', () => HttpResponse.json({ items: [], total: 0 })),
  // No e-mail or SMS has gone to anyone yet; the sent-messages tests answer otherwise.
  get<Ok<'listOrderMessages'>>('/api/admin/orders/:id/messages', () => HttpResponse.json({ items: [] })),
  get<Ok<'listCustomerMessages'>>('/api/admin/customers/:id/messages', () => HttpResponse.json({ items: [] })),
  // Both questionnaires are offered; nobody has kept a result yet. The questionnaire tests answer otherwise.
  get<Ok<'listQuestionnaires'>>('/api/questionnaires', () =>
    HttpResponse.json({ instruments: [{ instrument: 'gad7', offered: true }, { instrument: 'psqi', offered: true }] }),
  ),
  get<Ok<'listMyQuestionnaireResults'>>('/api/questionnaires/results', ({ request }) =>
    sessions.has(bearerOf(request) ?? '') ? HttpResponse.json({ results: [], consent: false }) : unauthorized(),
  ),
  // The privacy policy names the grievance officer once the server has answered.
  get<Ok<'getGrievanceOfficer'>>('/api/privacy/grievance-officer', () =>
    HttpResponse.json({
      grievance: {
        name: 'Kavya Iyer',
        email: 'grievance@gut360.example',
        phone: '+91 80 4718 2031',
        address: '2nd Floor, 80 Feet Road, Koramangala, Bengaluru 560034',
        respondWithinDays: 30,
      },
    }),
  ),
];

export const server = setupServer(...handlers);

/** Overrides for one test each. */
export const answers = {
  catalogue: (data: Product[]) => get<ProductsAnswer>('/api/products', () => HttpResponse.json({ status: true, data })),
  /**
   * The catalogue without the offer product. The promotion opens a modal dialog 3 s after load, which hides the
   * rest of the page from queries; tests about other things use this so a slow run cannot trip over it.
   */
  catalogueWithoutOffer: () =>
    get<ProductsAnswer>('/api/products', () =>
      HttpResponse.json({ status: true, data: products.filter((p) => p.code !== PROMO_CODE) }),
    ),
  catalogueFails: () =>
    get<ProductsAnswer>('/api/products', () => HttpResponse.json({ message: 'Catalogue unavailable.' }, { status: 500 })),
  cart: (body: CartResponse) => get<CartResponse>('/api/cart', () => HttpResponse.json(body)),
  cartStatus: (status: number) =>
    get<CartResponse>('/api/cart', () => HttpResponse.json({ message: 'Cart refused.' }, { status })),
  verificationFails: () =>
    get<LoginAnswer>('/api/auth/login/success', () =>
      HttpResponse.json({ message: 'Database unavailable.' }, { status: 500 }),
    ),
  /** Holds the verification until `release` is called, so the loading state can be looked at. */
  verificationHeld: () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handler = get<LoginAnswer>('/api/auth/login/success', async ({ request }) => {
      await released;
      const user = sessions.get(bearerOf(request) ?? '');
      return user ? HttpResponse.json({ user }) : unauthorized();
    });
    return { handler, release };
  },
  logoutFails: (body: ApiErrorBody | null, status = 500) =>
    http.get(api('/api/auth/logout'), () =>
      body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }),
    ),
};
