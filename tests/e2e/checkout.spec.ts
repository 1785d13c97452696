/**
 * Buying kits end to end against the real stack: kit pages → cart with WELCOME10 → checkout (address, review, test
 * gateway) → /success → order and GST invoice in /user/orders → kit activation on /user/dashboard; a declined
 * payment that charges nothing; and the order placed being the order reviewed when another tab changed the cart.
 *
 * At desktop width the demo customer buys. The demo customer has one cart and may use WELCOME10 once, so the phone
 * width (which runs at the same time) and any retry buy as a newly registered person of their own.
 */
import type { Page, TestInfo } from '@playwright/test';
import { addToCart, applyCoupon, cartFigures, registerPerson } from './shopping';
import {
  ACCOUNTS,
  atPath,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  openPage,
  PASSWORD,
  signIn,
  submitSignIn,
  test,
  userMenuTrigger,
  type Layout,
} from './support';

test.describe.configure({ mode: 'serial' });

async function callApi(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Signs in the person who buys in this run: the demo customer at desktop width on a first try, else someone new. A
 * test that counts the buyer's orders (`ownBuyer`) always buys as someone new: other specs' orders are the demo
 * customer's too.
 */
async function signInBuyer(page: Page, layout: Layout, testInfo: TestInfo, { ownBuyer = false } = {}) {
  if (layout === 'desktop' && testInfo.retry === 0 && !ownBuyer) {
    await signIn(page, ACCOUNTS.customer);
    return;
  }
  const person = await registerPerson(layout === 'desktop' ? 'Chetan Customer' : 'Priya Raman', 'buyer');
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/'));
  await dismissPromo(page);
  await expect(userMenuTrigger(page)).toHaveText(person.fullname);
}

/** Adds the kits from their pages, applies the coupon on the cart page and goes on to the checkout. */
async function fillCart(page: Page, kits: Array<{ path: string; name: string }>, coupon?: string) {
  // Setup, not the flow under test: whatever an earlier attempt left in the cart goes first.
  const current = (await callApi(page, 'GET', '/api/cart')) as { cart: { kits: string[] } };
  for (const itemId of current.cart.kits) await callApi(page, 'DELETE', `/api/cart/items/${itemId}`);
  for (const [index, kit] of kits.entries()) await addToCart(page, kit.path, kit.name, index + 1);
  await openPage(page, '/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(kits.length);
  if (coupon) {
    await applyCoupon(page, coupon);
    await expect(page.getByTestId('coupon-outcome')).toContainText(`Coupon ${coupon} is applied`);
  }
  const payable = (await cartFigures(page).payable.textContent()) ?? '';
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(atPath('/checkout'));
  return { payable };
}

const GUT_START = { path: '/products/gut360-start', name: 'Gut Start' };
const GUT_360 = { path: '/products/gut360', name: 'Gut 360' };

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

test('a declined payment keeps the order unpaid and charges nothing', { tag: '@phone' }, async ({ page, layout }, testInfo) => {
  test.setTimeout(120_000);
  await signInBuyer(page, layout, testInfo, { ownBuyer: true });
  await fillCart(page, [GUT_360]);
  // A field left wrong is named at the field.
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('PIN code').fill('0123');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByText('A PIN code has 6 digits and does not start with 0.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await enterAddress(page);

  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByRole('button', { name: 'Decline the payment' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
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

test('buys Gut Start and Gut 360 with WELCOME10, gets the invoice and activates a kit', async ({ page, layout }, testInfo) => {
  test.setTimeout(150_000);
  await signInBuyer(page, layout, testInfo);
  const { payable } = await fillCart(page, [GUT_START, GUT_360], 'WELCOME10');
  await enterAddress(page);

  const review = page.getByRole('region', { name: 'Your kits' });
  await expect(review).toContainText('Gut Start');
  await expect(review).toContainText('Gut 360');
  await expect(review).toContainText('WELCOME10 (10% off)');
  await expectNoSeriousAxeViolations(page);
  const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,]+(\.\d{2})?$/);
  // The server's checkout total is the cart's payable price.
  expect(total).toBe(payable);

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
  expect(download.suggestedFilename()).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
  await expectNoSeriousAxeViolations(page);

  await openPage(page, '/user/dashboard');
  const kit = page.getByRole('article', { name: 'Gut Start' });
  await expect(kit.getByTestId('kit-state')).toHaveText('Delivered');
  await expectNoSeriousAxeViolations(page);
  const code = (await kit.getByTestId('demo-box-code').textContent()) ?? '';
  expect(code).toMatch(/^GUT-/);
  await kit.getByLabel('Kit code from the box').fill(code.toLowerCase());
  await kit.getByRole('button', { name: 'Activate kit' }).click();
  await expect(kit.getByTestId('kit-state')).toHaveText('Activated');
  await expect(kit).toContainText('Now send your sample to the lab');
});

test('places the order reviewed: a kit added in another tab shows “Your cart changed” and the new total, never the payment', async ({ page, context, layout }, testInfo) => {
  test.setTimeout(150_000);
  await signInBuyer(page, layout, testInfo, { ownBuyer: true });
  await fillCart(page, [GUT_START]);
  await enterAddress(page);
  await expect(page.getByTestId('checkout-total')).toHaveText('₹4,999');
  const place = page.getByRole('button', { name: /^Place order and pay/ });
  await expect(place).toHaveText('Place order and pay ₹4,999');

  // Another tab of the same browser adds a second Gut Start while this one shows the review of one.
  const otherTab = await context.newPage();
  await addToCart(otherTab, GUT_START.path, GUT_START.name, 2);
  await otherTab.close();

  await place.click();
  const notice = page.getByRole('alert').filter({ hasText: 'Your cart changed' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nothing was ordered or charged');
  // Above the review, it is brought into sight of the person who just pressed the button (at the foot on a phone).
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  const review = page.getByRole('region', { name: 'Your kits' });
  await expect(review).toContainText('Gut Start');
  await expect(review).toContainText('× 2');
  await expect(page.getByTestId('checkout-total')).toHaveText('₹9,998');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
  const before = (await callApi(page, 'GET', '/api/orders')) as { orders: unknown[] };
  expect(before.orders).toEqual([]);
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, testInfo, 'cart-changed', { fullPage: true, fromTop: true });

  await page.getByRole('button', { name: 'Place order and pay ₹9,998' }).click();
  await page.getByRole('button', { name: 'Pay ₹9,998' }).click();
  await expect(page).toHaveURL(atPath('/success'));
  await expect(page.getByTestId('paid-order')).toContainText('₹9,998');
  const { orders } = (await callApi(page, 'GET', '/api/orders')) as { orders: Array<{ status: string; price: number; items: unknown[] }> };
  expect(orders.map((order) => [order.status, order.price, order.items.length])).toEqual([['paid', 999_800, 2]]);
});
