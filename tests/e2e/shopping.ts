/**
 * Shopping steps shared by the cart and checkout specs, done the way a person does them: on the kit pages and the
 * cart page.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_EMULATOR_PORT } from './ports';
import { atPath, dismissPromo, expect, openPage, PASSWORD, stored, submitSignIn } from './support';

export interface Person {
  email: string;
  fullname: string;
}

/** A new person with an e-mail and password in the emulator, as /register would leave them. */
export async function registerPerson(fullname = 'Ritu Sharma', prefix = 'shopper', email = `${prefix}-${randomUUID()}@example.test`): Promise<Person> {
  const response = await fetch(
    `http://127.0.0.1:${E2E_EMULATOR_PORT}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, displayName: fullname, returnSecureToken: true }),
    },
  );
  expect(response.ok, await response.text()).toBe(true);
  return { email, fullname };
}

/** Signs a newly registered person in on /login and waits for `landing`, ready to use once the promotion is closed. */
export async function signInFresh(page: Page, email: string, landing: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(atPath(landing));
  await dismissPromo(page);
}

/** A call to the API as the person signed in on `page`, which must succeed; returns its answer. */
export async function callApi<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const { authToken } = await stored(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${authToken}`, ...headers }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * The signed-in customer of `page` buys one kit for delivery to `address` and pays through the test gateway, through
 * the API the checkout uses (buying itself is checkout.spec.ts's); returns the order's number.
 */
export async function buyKit(page: Page, code: string, address: Record<string, string>): Promise<string> {
  await callApi(page, 'PUT', '/api/address', address);
  const { data: products } = await callApi<{ data: Array<{ _id: string; code: string }> }>(page, 'GET', '/api/products');
  await callApi(page, 'POST', '/api/cart/items', { productId: products.find((product) => product.code === code)!._id });
  // Placed for the cart as the checkout's review shows it: its version and total.
  const { cart } = await callApi<{ cart: { version: number; price: number } }>(page, 'GET', '/api/cart');
  const reviewed = { cartVersion: cart.version, cartPrice: cart.price };
  const { order } = await callApi<{ order: { _id: string } }>(page, 'POST', '/api/orders', reviewed, { 'idempotency-key': randomUUID() });
  const { gatewayOrderId } = await callApi<{ gatewayOrderId: string }>(page, 'POST', `/api/orders/${order._id}/payment`, {});
  const signed = await callApi<Record<string, string>>(page, 'POST', '/api/payments/test-gateway', { gatewayOrderId, outcome: 'success' });
  const paid = await callApi<{ order: { number: string; status: string } }>(page, 'POST', '/api/payments/verify', signed);
  expect(paid.order.status).toBe('paid');
  return paid.order.number;
}

/** Adds a kit from its own page and waits for the badge to show `count` kits. */
export async function addToCart(page: Page, path: string, name: string, count: number): Promise<void> {
  await openPage(page, path);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const button = page.getByRole('button', { name: 'Add to cart' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByTestId('added-to-cart')).toContainText(`${name} is in your cart.`);
  await expect(page.getByTestId('cart-badge')).toHaveText(String(count));
}

/** Types a code into the cart page's coupon field and applies it. */
export async function applyCoupon(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: /coupon/i }).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

/** The cart page's figures (SPEC §3): actual price, discount and payable price. */
export function cartFigures(page: Page) {
  const list = page.getByTestId('cart-figures');
  return {
    actual: list.getByTestId('actual-price'),
    discount: list.getByTestId('discount'),
    payable: list.getByTestId('payable'),
  };
}
