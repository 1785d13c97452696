/**
 * The delivery address at checkout against the real stack: a new customer's name and mobile number from
 * registration start the form; a PIN code of another state is refused beside the PIN code field and nothing is
 * saved or ordered until it is fixed; and a save that never reaches the server keeps everything typed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addToCart, registerPerson } from './shopping';
import { atPath, dismissPromo, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, PASSWORD, submitSignIn, test, userMenuTrigger } from './support';

const GUT_START = { path: '/products/gut360-start', name: 'Gut Start' };
const REFUSED = '110001 is a PIN code in Delhi, not Karnataka. Check the PIN code or the state.';

function uniqueMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

function addressForm(page: Page) {
  return page.getByRole('form', { name: 'Delivery address' });
}

async function savedAddress(page: Page): Promise<unknown> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const response = await page.request.get('/api/address', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { address: unknown }).address;
}

/** Gut Start in the cart, then on to the checkout from the cart page. */
async function checkOutGutStart(page: Page) {
  await addToCart(page, GUT_START.path, GUT_START.name, 1);
  await openPage(page, '/cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(atPath('/checkout'));
  await expect(addressForm(page)).toBeVisible();
}


test('starts with the name and mobile from registration, refuses a PIN code of another state at the field, then proceeds once fixed', { tag: '@phone' }, async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const mobile = uniqueMobile();
  await openPage(page, '/register');
  const register = page.locator('form[aria-label="Create your account"]');
  await register.getByLabel('Full name').fill('Kavya Iyer');
  await register.getByLabel('E-mail address').fill(`kavya-${randomUUID().slice(0, 8)}@example.test`);
  await register.getByLabel('Mobile number').fill(mobile);
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expect(userMenuTrigger(page)).toHaveText('Kavya Iyer');

  await checkOutGutStart(page);
  const form = addressForm(page);
  await expect(form.getByLabel('Full name')).toHaveValue('Kavya Iyer');
  await expect(form.getByLabel('Mobile number')).toHaveValue(mobile);

  await form.getByLabel('House number and street').fill('14, 2nd Cross, Indiranagar');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  const pincode = form.getByLabel('PIN code');
  await pincode.fill('110001');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(form.getByText(REFUSED)).toBeVisible();
  // Beside the field and tied to it, so that a screen reader reads it with the field.
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${await pincode.getAttribute('aria-errormessage')}"]`)).toHaveText(REFUSED);
  await keepScreenshot(page, testInfo, 'refused-pin', { around: pincode });
  await expectNoSeriousAxeViolations(page, testInfo);
  await expect(page.getByRole('region', { name: 'Your kits' })).toHaveCount(0);
  expect(await savedAddress(page)).toBeNull();

  await pincode.fill('560038');
  await expect(form.getByText(REFUSED)).toHaveCount(0);
  await form.getByRole('button', { name: 'Save and continue' }).click();
  const delivering = page.getByRole('region', { name: 'Delivery address' });
  await expect(delivering).toContainText('Kavya Iyer');
  await expect(delivering).toContainText('Bengaluru, Karnataka 560038');
  await expect(delivering).toContainText(`+91 ${mobile}`);
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await expect(page.getByRole('button', { name: 'Decline the payment' })).toBeVisible();
  expect(await savedAddress(page)).toMatchObject({ name: 'Kavya Iyer', phone: mobile, state: 'Karnataka', pincode: '560038' });
});

test('keeps everything typed when saving the address cannot reach the shop, and saves it on the next try', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const person = await registerPerson('Priya Raman', 'address');
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/'));
  await dismissPromo(page);
  await checkOutGutStart(page);

  const form = addressForm(page);
  // Registered without a mobile number: the name comes from the profile, the mobile is left to the person.
  await expect(form.getByLabel('Full name')).toHaveValue('Priya Raman');
  await expect(form.getByLabel('Mobile number')).toHaveValue('');
  const typed = {
    'Full name': 'Priya Raman',
    'Mobile number': '98765 43210',
    'House number and street': '7 Beach Road',
    'Area or landmark (optional)': 'Near the Promenade',
    'City or town': 'Karaikal',
    'PIN code': '609602',
  };
  for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
  await form.getByLabel('State or union territory').selectOption('Puducherry');

  await page.route('**/api/address', (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
  await form.getByRole('button', { name: 'Save and continue' }).click();
  const message = page.getByRole('region', { name: 'Delivery address' }).getByRole('alert');
  await expect(message).toBeVisible();
  await expect(message).not.toBeEmpty();
  for (const [label, value] of Object.entries(typed)) await expect(form.getByLabel(label)).toHaveValue(value);
  await expect(form.getByLabel('State or union territory')).toHaveValue('Puducherry');
  await expectNoSeriousAxeViolations(page, testInfo);

  await page.unroute('**/api/address');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Karaikal, Puducherry 609602');
  expect(await savedAddress(page)).toMatchObject({ city: 'Karaikal', state: 'Puducherry', pincode: '609602', phone: '9876543210' });
});
