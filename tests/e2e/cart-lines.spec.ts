/**
 * Two of the same kit in the cart against the real stack: one line with its quantity and line amount in rupees,
 * Remove one taking a single kit off, and a removal the network loses leaving the line as it was.
 *
 * Each test registers its own person, so its cart is its own at both widths.
 */
import { addToCart, cartFigures, registerPerson, signInFresh } from './shopping';
import { atPath, expect, expectNoSeriousAxeViolations, keepScreenshot, test } from './support';

test('two of a kit are one line × 2 with the right total; Remove one leaves × 1', { tag: '@phone' }, async ({ page }, testInfo) => {
  // Every full page load waits for the 3-second promotion to close it.
  test.setTimeout(120_000);
  const { email } = await registerPerson('Ritu Sharma', 'lines');
  await signInFresh(page, email, '/');
  await addToCart(page, '/products/gut360', 'Gut 360', 1);
  await addToCart(page, '/products/gut360', 'Gut 360', 2);

  await page.getByRole('link', { name: 'View cart (2 kits)' }).click();
  await expect(page).toHaveURL(atPath('/cart'));
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.getByTestId('cart-line-quantity')).toContainText('× 2');
  await expect(lines.getByTestId('cart-line-price')).toHaveText('₹29,998');
  const { actual, payable } = cartFigures(page);
  await expect(actual).toHaveText('₹29,998');
  await expect(payable).toHaveText('₹29,998');
  await expect(page.getByTestId('cart-lines')).not.toContainText('PROD-');
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'cart-with-two-of-a-kit', { fullPage: true });

  await page.getByRole('button', { name: 'Remove one Gut 360' }).click();
  await expect(lines.getByTestId('cart-line-quantity')).toContainText('× 1');
  await expect(lines).toHaveCount(1);
  await expect(lines.getByTestId('cart-line-price')).toHaveText('₹14,999');
  await expect(payable).toHaveText('₹14,999');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expectNoSeriousAxeViolations(page, testInfo);
});

test('a kit the network fails to remove stays on its line, and the cart says so', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { email } = await registerPerson('Ritu Sharma', 'lines');
  await signInFresh(page, email, '/');
  await addToCart(page, '/products/gut360-start', 'Gut Start', 1);
  await addToCart(page, '/products/gut360-start', 'Gut Start', 2);
  await page.getByRole('link', { name: 'View cart (2 kits)' }).click();
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('cart-line-quantity')).toContainText('× 2');

  await page.route('**/api/cart/items/**', (route) => route.abort('internetdisconnected'));
  const remove = page.getByRole('button', { name: 'Remove one Gut Start' });
  await remove.click();
  // The words are the network failure message's; what matters here is that one is shown and nothing changed.
  await expect(page.getByRole('alert').filter({ hasText: /\w/ })).toBeVisible();
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('cart-line-quantity')).toContainText('× 2');
  await expect(line.getByTestId('cart-line-price')).toHaveText('₹9,998');
  await expect(cartFigures(page).payable).toHaveText('₹9,998');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(remove).toBeEnabled();
  await expectNoSeriousAxeViolations(page, testInfo);

  await page.unroute('**/api/cart/items/**');
  await remove.click();
  await expect(line.getByTestId('cart-line-quantity')).toContainText('× 1');
  await expect(cartFigures(page).payable).toHaveText('₹4,999');
});
