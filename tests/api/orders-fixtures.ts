/**
 * What the order, payment and kit tests share: customers with sessions, a filled cart, a saved address, and the
 * test gateway's own signing, exactly as the real flow uses them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hashSessionToken, newSessionToken } from '../../server/plugins/auth';
import { TestGateway } from '../../server/services/payments';
import { expectContract } from './contract';

export interface Customer {
  token: string;
  userId: string;
  auth: { authorization: string };
}

export const ADDRESS = {
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: 'Near Trinity Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
} as const;

/** A customer with a live session; sign-in itself is tested in auth.test.ts. */
export async function newCustomer(app: FastifyInstance, role = 'customer'): Promise<Customer> {
  const email = `buyer-${randomUUID()}@example.test`;
  const [user] = await app.db.query<{ id: string }>(`INSERT INTO users (email, fullname, role) VALUES ($1, 'Test Buyer', $2) RETURNING id`, [email, role]);
  const token = newSessionToken();
  await app.db.query(`INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [hashSessionToken(token), user!.id]);
  return { token, userId: user!.id, auth: { authorization: `Bearer ${token}` } };
}

export async function productIds(app: FastifyInstance): Promise<Record<string, { id: string; price: number }>> {
  const rows = await app.db.query<{ id: string; code: string; price: number }>('SELECT id, code, price FROM products');
  return Object.fromEntries(rows.map((row) => [row.code, { id: row.id, price: row.price }]));
}

/** A kit staff add to the catalogue, named `name`, at ₹1,500, as an admin does on the products page. */
export async function addCatalogueKit(app: FastifyInstance, admin: Customer, code: string, name: string): Promise<void> {
  expectContract(
    await app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name, code, slug: code.toLowerCase(), price: 150_000, actual_price: 150_000 },
    }),
    'createProduct',
    201,
  );
}

export async function addToCart(app: FastifyInstance, customer: Customer, productId: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/cart/items', headers: customer.auth, payload: { productId } });
  expect(response.statusCode, response.body).toBe(200);
}

export async function applyCoupon(app: FastifyInstance, customer: Customer, code: string) {
  return app.inject({ method: 'POST', url: '/api/cart/coupon', headers: customer.auth, payload: { code } });
}

export async function saveAddress(app: FastifyInstance, customer: Customer, address: Record<string, string> = ADDRESS) {
  const response = await app.inject({ method: 'PUT', url: '/api/address', headers: customer.auth, payload: address });
  expectContract(response, 'putAddress', 200);
}

export interface OrderBody {
  _id: string;
  number: string;
  status: string;
  items: Array<{ _id: string; product: string; code: string; name: string; price: number }>;
  actual_price: number;
  discount: number;
  discountInPercentage: number;
  coupon: string | null;
  price: number;
  payment: { status: string; provider: string | null; paymentId: string | null };
  timeline: Array<{ status: string; at: string }>;
  invoiceNumber: string | null;
}

/** What the checkout's review shows now: the cart's version and payable total, which placing the order sends. */
export async function reviewedCart(app: FastifyInstance, customer: Customer): Promise<{ cartVersion: number; cartPrice: number }> {
  const response = await app.inject({ method: 'GET', url: '/api/cart', headers: customer.auth });
  const { cart } = expectContract<{ cart: { version: number; price: number } }>(response, 'getCart', 200);
  return { cartVersion: cart.version, cartPrice: cart.price };
}

/** Places the order of the cart as it is now, as the checkout does after its review; `payload` adds to the body or replaces its fields. */
export async function placeOrder(app: FastifyInstance, customer: Customer, key = randomUUID(), payload?: Record<string, unknown>) {
  const reviewed = await reviewedCart(app, customer);
  return app.inject({ method: 'POST', url: '/api/orders', headers: { ...customer.auth, 'idempotency-key': key }, payload: { ...reviewed, ...payload } });
}

export interface OrderChoices {
  /** The delivery address; ADDRESS, in Karnataka, when not given. */
  address?: Record<string, string>;
  coupon?: string;
}

/** A customer with the given kits in the cart and an address, and the order placed. */
export async function orderedCustomer(
  app: FastifyInstance,
  codes: string[] = ['PROD-G3G-LITE'],
  { address = ADDRESS, coupon }: OrderChoices = {},
): Promise<{ customer: Customer; order: OrderBody }> {
  const customer = await newCustomer(app);
  const products = await productIds(app);
  for (const code of codes) await addToCart(app, customer, products[code]!.id);
  if (coupon) expect((await applyCoupon(app, customer, coupon)).statusCode).toBe(200);
  await saveAddress(app, customer, address);
  const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app, customer), 'createOrder', 201);
  return { customer, order };
}

export interface Session {
  provider: string;
  gatewayOrderId: string;
  amount: number;
}

export async function startPayment(app: FastifyInstance, customer: Customer, orderId: string): Promise<Session> {
  const response = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/payment`, headers: customer.auth });
  return expectContract<Session>(response, 'startPayment', 200);
}

export function testGateway(app: FastifyInstance): TestGateway {
  return new TestGateway(app.config.testGatewaySecret);
}

export function verify(app: FastifyInstance, customer: Customer, authorization: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/api/payments/verify', headers: customer.auth, payload: authorization });
}

/** Places and pays an order through the test gateway, as the checkout page does. */
export async function paidCustomer(app: FastifyInstance, codes?: string[], choices?: OrderChoices): Promise<{ customer: Customer; order: OrderBody }> {
  const { customer, order } = await orderedCustomer(app, codes, choices);
  const session = await startPayment(app, customer, order._id);
  const pay = await app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway',
    headers: customer.auth,
    payload: { gatewayOrderId: session.gatewayOrderId, outcome: 'success' },
  });
  const authorization = expectContract<Record<string, string>>(pay, 'payWithTestGateway', 200);
  const paid = expectContract<{ order: OrderBody }>(await verify(app, customer, authorization), 'verifyPayment', 200);
  return { customer, order: paid.order };
}
