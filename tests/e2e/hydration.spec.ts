/**
 * Prerendered pages opened with a search that changes what they show: the browser takes the markup over without a
 * hydration error, then shows the page for that search.
 */
import { expect, test } from './support';

test('the password-reset link opens /forgot-password without any console error', { tag: '@phone' }, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const catalogue = page.waitForResponse((response) => response.url().includes('/api/products'));
  await page.goto('/forgot-password?mode=resetPassword&oobCode=made-up-code&apiKey=fake-key&lang=en');
  await expect(page.getByRole('form', { name: 'Choose a new password' })).toBeVisible();
  // The takeover and the catalogue are done (the promotion keeps quiet over a sign-in form, but reads the catalogue).
  await catalogue;
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('/forgot-password without a link still asks for the e-mail address, without any console error', { tag: '@phone' }, async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const catalogue = page.waitForResponse((response) => response.url().includes('/api/products'));
  await page.goto('/forgot-password');
  await expect(page.getByRole('form', { name: 'Reset your password' })).toBeVisible();
  await catalogue;
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
