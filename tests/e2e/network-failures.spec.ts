/**
 * A failed network is not a refused payment: with the API unreachable at each step of checkout, the page says what
 * happened, what was and was not charged, and offers a retry that is safe to press. The retries end in one paid
 * order.
 */
import type { Page } from '@playwright/test';
import { addToCart, registerPerson } from './shopping';
import { atPath, dismissPromo, expect, expectNoSeriousAxeViolations, openPage, PASSWORD, submitSignIn, test } from './support';

const NO_CONNECTION = 'No connection: we could not reach the shop. Check your internet connection, then try again.';

async function unreachable(page: Page, path: string) {
  await page.route(`**${path}`, (route) => route.abort('internetdisconnected'));
}

async function signInNewPerson(page: Page) {
  const person = await registerPerson('Priya Raman', 'offline');
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/'));
  await dismissPromo(page);
}

async function ordersOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { orders: Array<{ status: string; payment: { status: string } }> }).orders;
}

test('every step of checkout says what a lost connection means, and its retry is safe', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(120_000);
  await signInNewPerson(page);
  await addToCart(page, '/products/gut360', 'Gut 360', 1);
  await openPage(page, '/checkout');

  // Saving the address: nothing typed is lost.
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Full name').fill('Priya Raman');
  await form.getByLabel('Mobile number').fill('98765 43210');
  await form.getByLabel('House number and street').fill('14, 2nd Cross, Indiranagar');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  await form.getByLabel('PIN code').fill('560038');
  await unreachable(page, '/api/address');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NO_CONNECTION })).toBeVisible();
  await expect(form.getByLabel('House number and street')).toHaveValue('14, 2nd Cross, Indiranagar');
  await page.unrouteAll();
  await form.getByRole('button', { name: 'Save and continue' }).click();

  // Placing the order: not placed, nothing charged, placing again makes one order.
  const place = page.getByRole('button', { name: /^Place order and pay/ });
  await expect(place).toBeVisible();
  await unreachable(page, '/api/orders');
  await place.click();
  const notPlaced = page.getByRole('alert').filter({ hasText: 'Your order was not placed yet.' });
  await expect(notPlaced).toContainText(NO_CONNECTION);
  await expect(notPlaced).toContainText('Nothing was charged. Placing the order again is safe: it never makes a second order.');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.unrouteAll();
  await place.click();

  // Paying: the gateway could not be reached, so nothing was charged.
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(pay).toBeVisible();
  await unreachable(page, '/api/payments/test-gateway');
  await pay.click();
  const problem = page.getByTestId('payment-problem');
  await expect(problem.getByRole('heading')).toHaveText('We could not open the payment');
  await expect(problem).toContainText(NO_CONNECTION);
  await expect(problem).toContainText('Nothing was charged.');
  await expect(problem).not.toContainText('The payment did not go through');
  await page.unrouteAll();
  await problem.getByRole('button', { name: 'Try again' }).click();

  // Confirming: the money may have left, so the page never offers to pay again, only to check again.
  await unreachable(page, '/api/payments/verify');
  await pay.click();
  await expect(problem.getByRole('heading')).toHaveText('We could not confirm your payment yet');
  await expect(problem).toContainText('Your payment may have gone through. Do not pay again');
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.unrouteAll();
  await problem.getByRole('button', { name: 'Check again' }).click();

  await expect(page).toHaveURL(atPath('/success'));
  expect((await ordersOf(page)).map((order) => [order.status, order.payment.status])).toEqual([['paid', 'paid']]);
});

test('a page whose data cannot be loaded says there is no connection and offers to try again', { tag: '@phone' }, async ({ page }) => {
  await signInNewPerson(page);
  await unreachable(page, '/api/orders');
  await openPage(page, '/user/orders');
  const failure = page.getByRole('alert');
  await expect(failure).toContainText(NO_CONNECTION);
  await page.unrouteAll();
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/orders/i);
});
