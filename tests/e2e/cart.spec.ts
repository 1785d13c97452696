/**
 * The cart against the real stack: adding kits from their pages, the coupon and the SPEC §3/§4 figures, removing a
 * kit, refused codes, the sign-in rule for anonymous visitors, and offer links.
 *
 * Each test registers its own person in the Auth emulator, so its cart and its one use of WELCOME10 are its own and
 * the tests can run side by side with the checkout flows of the demo customer.
 */
import { addToCart, applyCoupon, cartFigures as figures, registerPerson, signInFresh } from './shopping';
import { atPath, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, PASSWORD, submitSignIn, test } from './support';

test('add two kits, apply WELCOME10, see the figures, refuse a bad code, add and remove a kit', async ({ page }, testInfo) => {
  // Every full page load waits for the 3-second promotion to close it.
  test.setTimeout(120_000);
  const { email } = await registerPerson('Ritu Sharma', 'cart');
  await signInFresh(page, email, '/');

  await addToCart(page, '/products/gut360-start', 'Gut Start', 1);
  await expectNoSeriousAxeViolations(page);
  await addToCart(page, '/products/gut360', 'Gut 360', 2);

  await page.getByRole('link', { name: 'View cart (2 kits)' }).click();
  await expect(page).toHaveURL(atPath('/cart'));
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Gut Start');
  await expect(lines.nth(0)).toContainText('₹4,999');
  await expect(lines.nth(1)).toContainText('Gut 360');
  await expect(lines.nth(1)).toContainText('₹14,999');
  const { actual, discount, payable } = figures(page);
  await expect(actual).toHaveText('₹19,998');
  await expect(discount).toHaveText('₹0');
  await expect(payable).toHaveText('₹19,998');

  await applyCoupon(page, 'NOSUCH1');
  await expect(page.getByTestId('coupon-error')).toHaveText('There is no coupon NOSUCH1. Check the spelling and try again.');
  await expect(payable).toHaveText('₹19,998');

  await applyCoupon(page, 'welcome10');
  await expect(page.getByTestId('coupon-outcome')).toHaveText('Coupon WELCOME10 is applied: 10% off the actual price.');
  await expect(page.getByTestId('cart-figures')).toContainText('Discount (WELCOME10, 10%)');
  await expect(actual).toHaveText('₹19,998');
  await expect(discount).toHaveText('− ₹1,999.80');
  await expect(payable).toHaveText('₹17,998.20');
  // One price story: the usual prices, the kits' price now, the coupon, and what is saved in all.
  await expect(page.getByTestId('usual-price')).toHaveText('₹29,998');
  await expect(page.getByTestId('cart-saving')).toHaveText('You save ₹11,999.80 on the usual price.');
  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, testInfo, 'cart-with-coupon', { fullPage: true, fromTop: true });

  // "+" adds one more of a kit, and "Remove one" takes it away again.
  await page.getByRole('button', { name: 'Add one more Gut 360' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await expect(lines.nth(1)).toContainText('× 2');
  await page.getByRole('button', { name: 'Remove one Gut 360' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(payable).toHaveText('₹17,998.20');

  await page.getByRole('button', { name: 'Remove one Gut Start' }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(actual).toHaveText('₹14,999');
  await expect(discount).toHaveText('− ₹1,499.90');
  await expect(payable).toHaveText('₹13,499.10');

  // The server kept all of it.
  await openPage(page, '/cart');
  await expect(lines).toHaveCount(1);
  await expect(payable).toHaveText('₹13,499.10');
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute('href', '/checkout');

  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(payable).toHaveText('₹14,999');
  await page.getByRole('button', { name: 'Remove one Gut 360' }).click();
  await expect(page.getByTestId('empty-cart')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
});

test('an offer link keeps its code until the person signs in, then applies it to the cart', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await registerPerson('Ritu Sharma', 'cart');
  await openPage(page, '/discount/welcome10');
  await expect(page.getByTestId('offer-saved')).toContainText('We have kept the code WELCOME10 on this device.');
  await page.getByRole('button', { name: 'Sign in to use the offer' }).click();
  await expect(page).toHaveURL(atPath('/login'));
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(atPath('/cart'));
  await expect(page.getByTestId('offer-outcome')).toHaveText("Your offer link's code WELCOME10 is applied: 10% off the actual price.");
  await expect(page.getByTestId('empty-cart')).toContainText('Your coupon WELCOME10 is saved and will apply to the kits you add.');

  await addToCart(page, '/products/ibs-heal', 'Gut Heal', 1);
  await page.getByRole('link', { name: 'View cart (1 kit)' }).click();
  const { actual, discount, payable } = figures(page);
  await expect(actual).toHaveText('₹11,999');
  await expect(discount).toHaveText('− ₹1,199.90');
  await expect(payable).toHaveText('₹10,799.10');

  // A signed-in person following a link goes straight to the cart.
  await openPage(page, '/discount/NOTAREALCODE');
  await expect(page).toHaveURL(atPath('/cart'));
  await expect(page.getByTestId('offer-outcome')).toHaveText(
    "Your offer link's code NOTAREALCODE could not be applied. There is no coupon NOTAREALCODE. Check the spelling and try again.",
  );
  await expect(payable).toHaveText('₹10,799.10');

  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(atPath('/checkout'));
});

test('the campaign page and an offer link pass the accessibility checks', async ({ page }) => {
  await openPage(page, '/landing-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Know your gut for ₹4,999' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await openPage(page, '/discount/WELCOME10');
  await expect(page.getByTestId('offer-saved')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
