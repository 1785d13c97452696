/**
 * Buying kits end to end against the real stack: cart → checkout (address, review, test gateway) → /success →
 * order and GST invoice in /user/orders → kit activation on /user/dashboard; and a declined payment that charges
 * nothing.
 *
 * The demo customer has one cart, and WELCOME10 may be used once per person, so these flows run once per suite run,
 * at desktop width and one after the other; the database is fresh for every run (see global-setup.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ACCOUNTS, atPath, expect, openPage, signIn, test } from './support';

test.describe.configure({ mode: 'serial' });
test.skip(({ layout }) => layout === 'mobile', 'The demo customer has one cart and one WELCOME10: the purchase runs once, at desktop width.');

async function callApi(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Puts exactly these kits (and the coupon) in the cart through the cart API. */
async function fillCart(page: Page, codes: string[], coupon?: string) {
  const current = (await callApi(page, 'GET', '/api/cart')) as { cart: { kits: string[] } };
  for (const itemId of current.cart.kits) await callApi(page, 'DELETE', `/api/cart/items/${itemId}`);
  const { data } = (await callApi(page, 'GET', '/api/products')) as { data: Array<{ _id: string; code: string }> };
  for (const code of codes) await callApi(page, 'POST', '/api/cart/items', { productId: data.find((p) => p.code === code)!._id });
  if (coupon) await callApi(page, 'POST', '/api/cart/coupon', { code: coupon });
}

/** No serious or critical WCAG 2 A/AA violation on the page as it is now (DESIGN §9). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}

async function enterAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await expect(form).toBeVisible();
  await form.getByLabel('Full name').fill('Chetan Customer');
  await form.getByLabel('Mobile number').fill('98765 43210');
  await form.getByLabel('House number and street').fill('14, 2nd Cross, Indiranagar');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  await form.getByLabel('PIN code').fill('560038');
  await form.getByRole('button', { name: 'Save and continue' }).click();
}

test('a declined payment keeps the order unpaid and charges nothing', async ({ page }) => {
  await signIn(page, ACCOUNTS.customer);
  await fillCart(page, ['PROD-G360']);
  await openPage(page, '/checkout');
  // A field left wrong is named at the field.
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('PIN code').fill('0123');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByText('A PIN code has 6 digits and does not start with 0.')).toBeVisible();
  await expectAccessible(page);
  await enterAddress(page);

  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByRole('button', { name: 'Decline the payment' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Decline the payment' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The payment did not go through' });
  await expect(alert).toContainText('Nothing was charged');

  const { orders } = (await callApi(page, 'GET', '/api/orders')) as { orders: Array<{ status: string; payment: { status: string } }> };
  expect(orders.map((order) => [order.status, order.payment.status])).toEqual([['pending', 'failed']]);
  const { kits } = (await callApi(page, 'GET', '/api/kits')) as { kits: unknown[] };
  expect(kits).toEqual([]);

  await alert.getByRole('link', { name: 'See my orders' }).click();
  await expect(page).toHaveURL(atPath('/user/orders'));
  await expect(page.getByTestId('order-link').first()).toContainText('Waiting for payment');
});

test('buys Gut Start and Gut 360 with WELCOME10, gets the invoice and activates a kit', async ({ page }) => {
  await signIn(page, ACCOUNTS.customer);
  await fillCart(page, ['PROD-G3G-LITE', 'PROD-G360'], 'WELCOME10');
  await openPage(page, '/checkout');
  await enterAddress(page);

  const review = page.getByRole('region', { name: 'Your kits' });
  await expect(review).toContainText('Gut Start');
  await expect(review).toContainText('Gut 360');
  await expect(review).toContainText('WELCOME10 (10% off)');
  await expectAccessible(page);
  const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,]+(\.\d{2})?$/);

  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(atPath('/success'));
  const paid = page.getByTestId('paid-order');
  await expect(paid).toContainText('Payment received: order GS-');
  await expect(paid).toContainText(total);

  await paid.getByRole('link', { name: 'See the order and invoice' }).click();
  await expect(page).toHaveURL(atPath('/user/orders'));
  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText('Paid');
  await expect(detail).toContainText('Coupon WELCOME10');
  await expect(detail).toContainText('Payment received');
  const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'Download GST invoice' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  await expectAccessible(page);

  await openPage(page, '/user/dashboard');
  const kit = page.getByRole('article', { name: 'Gut Start' });
  await expect(kit.getByTestId('kit-state')).toHaveText('Delivered');
  await expectAccessible(page);
  const code = (await kit.getByTestId('demo-box-code').textContent()) ?? '';
  expect(code).toMatch(/^GUT-/);
  await kit.getByLabel('Kit code from the box').fill(code.toLowerCase());
  await kit.getByRole('button', { name: 'Activate kit' }).click();
  await expect(kit.getByTestId('kit-state')).toHaveText('Activated');
  await expect(kit).toContainText('Post your sample');
});
