/** The guards: the cart needs a signed-in person (SPEC §5), the admin area an admin (§2, §6), and a 401 (§8). */
import {
  ACCOUNTS,
  atPath,
  expect,
  keepScreenshot,
  notice,
  openDrawer,
  openPage,
  PASSWORD,
  signIn,
  signInForm,
  stored,
  submitSignIn,
  test,
} from './support';
import { registerPerson } from './shopping';

const ADMIN_SIDEBAR = [
  'List of Customers',
  'Generate Kit',
  'Team Members',
  'Orders',
  'Products',
  'Coupons',
  'IBS Customers',
  'Gut Sens Customers',
  'Gut Sens Gut360 Customers',
  'Gut Heal Gut360 Customers',
  'Gut 360 Customers',
  'Offline Onboarding',
  'Publications',
  'Messages',
  'Ebook Leads',
  'Erasure Requests',
  'GST Registers',
  'Questionnaire results',
];

test('the cart sends an anonymous visitor to sign in, and back to the cart afterwards', { tag: '@phone' }, async ({ page }) => {
  // A person of their own: the demo customer's cart is filled by the checkout spec running alongside.
  const person = await registerPerson('Ritu Sharma', 'guard');
  await openPage(page, '/');
  await page.getByTestId('cart-icon').click();

  await expect(page).toHaveURL(atPath('/login'));
  // Soft: a missing notice must not hide whether the rest of the flow works.
  await expect.soft(notice(page, 'please login to goto the cart page')).toBeVisible();
  expect((await stored(page)).previousPage).toBe('/cart');

  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/cart'));
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(page.getByTestId('empty-cart')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect((await stored(page)).previousPage).toBeNull();
});

test.describe('admin area', () => {
  test('a customer is told they have no access', { tag: '@desktop' }, async ({ page }) => {
    await signIn(page, ACCOUNTS.customer);
    await page.goto('/admin/customers-list');
    await expect(page.getByTestId('admin-denied')).toHaveText("You don't have access to view dashboard.");
    await expect(page.getByTestId('admin-sidebar')).toHaveCount(0);
  });

  test('the admin sees the sidebar with List of Customers highlighted (on a phone, in the menu)', async ({ page, layout }) => {
    await signIn(page, ACCOUNTS.admin);
    await openPage(page, '/admin/customers-list');
    let sidebar = page.getByTestId('admin-sidebar');
    if (layout === 'mobile') {
      await expect(sidebar).toBeHidden();
      sidebar = (await openDrawer(page)).getByTestId('drawer-staff-nav');
    }
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('link')).toHaveText(['Staff home', ...ADMIN_SIDEBAR]);
    await expect(sidebar.getByRole('link', { name: 'List of Customers' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current]')).toHaveCount(1);
    await expect(page.getByTestId('admin-denied')).toHaveCount(0);
  });
});

test('a session revoked on the server sends the person from /user to sign in', { tag: '@phone' }, async ({ page }) => {
  await signIn(page, ACCOUNTS.customer);
  const { authToken } = await stored(page);
  expect(authToken).toBeTruthy();

  const revoked = await page.request.get('/api/auth/logout', { headers: { Authorization: `Bearer ${authToken}` } });
  expect(revoked.status()).toBe(200);

  await page.goto('/user/orders');
  await expect(page).toHaveURL(atPath('/login'));
  await expect(signInForm(page)).toBeVisible();
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  expect(await stored(page)).toMatchObject({ authToken: null, userRole: null });
  // The sign-in page says why: the session was ended by a sign-out.
  await expect(page).toHaveURL(/\/login\?session=revoked$/);
  await expect(page.getByTestId('session-ended')).toContainText('You have been signed out');
});

test('a stored token the server does not know sends the person from /admin to sign in, saying the session ended', { tag: '@desktop' }, async ({ page }) => {
  // A file of the site, not a page: no shop starts there to verify (and drop) the token before /admin is opened.
  await page.goto('/favicon.svg');
  await page.evaluate(() => {
    localStorage.setItem('authToken', 'A'.repeat(43));
    localStorage.setItem('userRole', 'admin');
  });
  await page.goto('/admin/customers-list');
  await expect(page).toHaveURL(/\/login\?session=ended$/);
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(signInForm(page)).toBeVisible();
  expect(await stored(page)).toMatchObject({ authToken: null, userRole: null });
});

test('the sign-in page after an account was disabled says so and whom to call, above the form', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/login?session=disabled');
  const explained = page.getByTestId('session-ended');
  await expect(explained).toContainText('Your account is disabled');
  await expect(explained).toContainText(/please call us on \+?[\d ]+ or write to us through the Contact Us page/);
  await expect(signInForm(page)).toBeVisible();
  await keepScreenshot(page, testInfo, 'account-disabled', { fullPage: true });
});
