/**
 * Coupons against the real stack: the demo admin makes a coupon limited to Gut 360, once per person; a newly
 * registered customer with a Gut 360 and a Gut Start in the cart sees it taken off the Gut 360 only, buys through the
 * test gateway, and the second time the cart refuses the coupon, saying why. The coupons page passes axe.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { formatRupees } from '../../machines/pricing';
import { addToCart, applyCoupon, cartFigures, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, atPath, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, test } from './support';

const GUT_START = { path: '/products/gut360-start', name: 'Gut Start' };
const GUT_360 = { path: '/products/gut360', name: 'Gut 360' };

async function enterAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  await expect(form).toBeVisible();
  await form.getByLabel('Full name').fill('Kavya Menon');
  await form.getByLabel('Mobile number').fill('98450 12345');
  await form.getByLabel('House number and street').fill('7, 5th Main, Jayanagar');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  await form.getByLabel('PIN code').fill('560041');
  await form.getByRole('button', { name: 'Save and continue' }).click();
}

test('a coupon limited to Gut 360, once per person: made by the admin, taken off the Gut 360 only, refused the second time', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(240_000);
  const code = `G360-${randomUUID().slice(0, 8).toUpperCase()}`;

  // The admin makes the coupon.
  await startSignedIn(page, ACCOUNTS.admin, { path: '/admin/coupons' });
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  await expect(page.getByTestId('coupons')).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo);
  await page.getByRole('button', { name: 'New coupon' }).click();
  const dialog = page.getByRole('dialog', { name: 'New coupon' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Code/).fill(code.toLowerCase());
  await dialog.getByLabel(/^Percentage off/).fill('10');
  await dialog.getByLabel(/^Uses per person/).fill('1');
  await dialog.getByRole('checkbox', { name: 'Gut 360' }).check();
  await dialog.getByLabel(/^Note for the staff/).fill('Browser test');
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'coupon-dialog');
  await dialog.getByRole('button', { name: 'Make the coupon' }).click();
  await expect(page.getByText(`Coupon ${code} is made.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search coupons' }).fill(code);
  await page.getByRole('searchbox', { name: 'Search coupons' }).press('Enter');
  const row = page.getByTestId('coupons').getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Gut 360');
  await expect(row).toContainText('once per person');
  await expect(row).toContainText('Active');
  await keepScreenshot(page, testInfo, 'coupons-list', { fullPage: true });

  // A new customer, in a browser of their own.
  const shopper = await newContext({ viewport: page.viewportSize() ?? undefined });
  const customer = await shopper.newPage();
  const person = await registerPerson('Kavya Menon', 'coupon');
  await signInFresh(customer, person.email, '/');
  await addToCart(customer, GUT_360.path, GUT_360.name, 1);
  await addToCart(customer, GUT_START.path, GUT_START.name, 2);
  await openPage(customer, '/cart');
  await expect(customer.getByTestId('cart-line')).toHaveCount(2);
  await applyCoupon(customer, code.toLowerCase());
  await expect(customer.getByTestId('applied-coupon')).toContainText(code);
  const gut360Line = customer.getByTestId('cart-line').filter({ hasText: 'Gut 360' });
  const gutStartLine = customer.getByTestId('cart-line').filter({ hasText: 'Gut Start' });
  await expect(gut360Line.getByTestId('cart-line-discount')).toContainText(code);
  await expect(gutStartLine.getByTestId('cart-line-discount')).toHaveCount(0);
  await expect(customer.getByTestId('cart-figures')).toContainText(`${code} · 10% off Gut 360`);
  // The discount is a tenth of the Gut 360's price.
  const gut360Paise = Math.round(Number(((await gut360Line.getByTestId('cart-line-price').textContent()) ?? '').replace(/[₹,]/g, '')) * 100);
  await expect(cartFigures(customer).discount).toHaveText(`− ${formatRupees(Math.round(gut360Paise / 10))}`);
  await expectNoSeriousAxeViolations(customer, testInfo);
  await keepScreenshot(customer, testInfo, 'cart-with-coupon', { fullPage: true });
  const payable = (await cartFigures(customer).payable.textContent()) ?? '';

  // Bought through the test gateway.
  await customer.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(customer).toHaveURL(atPath('/checkout'));
  await enterAddress(customer);
  const review = customer.getByRole('region', { name: 'Your kits' });
  await expect(review).toContainText(`${code} · 10% off Gut 360`);
  await expect(review.getByTestId('review-line-discount')).toHaveCount(1);
  const total = (await customer.getByTestId('checkout-total').textContent()) ?? '';
  expect(total).toBe(payable);
  await customer.getByRole('button', { name: /^Place order and pay/ }).click();
  await customer.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(customer).toHaveURL(atPath('/success'));
  await expect(customer.getByTestId('paid-order')).toContainText(total);

  // The second time, the cart refuses the coupon with its reason.
  await addToCart(customer, GUT_360.path, GUT_360.name, 1);
  await openPage(customer, '/cart');
  await applyCoupon(customer, code);
  await expect(customer.getByText(`You have already used the coupon ${code}; it can be used once per person.`)).toBeVisible();
  await expect(customer.getByTestId('applied-coupon')).toHaveCount(0);
  await shopper.close();

  // The admin's list counts the use.
  await page.reload();
  await expect(page.getByTestId('coupons').getByRole('row').filter({ hasText: code })).toBeVisible();
  await expect(page.getByTestId('coupons').getByRole('row').filter({ hasText: code })).toContainText('1');
});
