/**
 * Signing in and out for every demo role, the header each role gets (SPEC §6), session restore on reload, and the
 * sign-in errors a person can run into.
 */
import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  PASSWORD,
  atPath,
  closeDrawer,
  dismissPromo,
  expect,
  keepScreenshot,
  logOut,
  notice,
  openDrawer,
  openUserMenu,
  signIn,
  signInForm,
  stored,
  submitSignIn,
  test,
  userMenuTrigger,
  type Account,
  type Layout,
} from './support';

const PUBLIC_LINKS = ['About Us', 'Publications', 'Blogs'];
const PRODUCT_LINKS = ['Gut Start', 'Gut 360', 'Gut SEnS', 'Gut Heal'];
const SCIENCE_LINKS = ['Overview', 'Modelling and AI', 'Sleep Energy & Stress', 'Food-Microbiome'];
const SIDEBAR_LINKS = ['Contact Us', 'FAQ', 'Privacy Policy', 'Terms and Conditions'];

/** The header of a signed-in person must match the role table of SPEC §6 exactly. */
async function expectHeaderFor(page: Page, layout: Layout, account: Account) {
  const staff = account.role !== 'customer';
  const publicMenus = page.getByTestId('public-menus');
  const cartIcon = page.getByTestId('cart-icon');

  if (staff) await expect(publicMenus).toHaveCount(0);
  else if (layout === 'desktop') await expect(publicMenus).toBeVisible();
  else await expect(publicMenus).toBeHidden();

  if (account.role === 'admin') await expect(cartIcon).toHaveCount(0);
  else await expect(cartIcon).toBeVisible();

  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

  await expect(userMenuTrigger(page)).toHaveText(account.fullname);
  const menu = await openUserMenu(page);
  await expect(menu.getByRole('listitem')).toHaveText(
    staff ? ['Staff home', 'Change Password', 'Logout'] : ['Orders', 'My kits', 'Privacy and data', 'Change Password', 'Logout'],
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  if (layout === 'mobile') {
    const drawer = await openDrawer(page);
    const links = drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    if (staff) await expect(links).toHaveCount(0);
    else await expect(links).toHaveText([...PRODUCT_LINKS, ...SCIENCE_LINKS, ...PUBLIC_LINKS, ...SIDEBAR_LINKS]);
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await closeDrawer(page);
  }
}

for (const account of Object.values(ACCOUNTS)) {
  test(`${account.role} signs in on ${account.signInPath}, keeps the session on reload and logs out`, async ({
    page,
    layout,
  }) => {
    await signIn(page, account);
    await expectHeaderFor(page, layout, account);

    const session = await stored(page);
    expect(session.authToken).toBeTruthy();
    expect(session.userRole).toBe(account.role);

    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login/success');
    await page.reload();
    expect((await verified).status()).toBe(200);
    await dismissPromo(page);
    await expect(userMenuTrigger(page)).toHaveText(account.fullname);
    expect(await stored(page)).toMatchObject({ authToken: session.authToken, userRole: account.role });
    await expectHeaderFor(page, layout, account);

    await logOut(page, layout);
    // Soft: a missing notice must not hide whether the rest of the flow works.
    await expect.soft(notice(page, 'Logout successful.')).toBeVisible();
    await expect(page).toHaveURL(atPath(account.afterLogout));
    await expect(signInForm(page, account.afterLogout)).toBeVisible();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ authToken: null, userRole: null });

    // Logging out revokes the session on the server too, not only in this browser.
    const reused = await page.request.get('/api/auth/login/success', {
      headers: { Authorization: `Bearer ${session.authToken}` },
    });
    expect(reused.status()).toBe(401);
  });
}

test('Login from a public page returns there once signed in, the header naming who is signed in', async ({ page, layout }, testInfo) => {
  const customer = ACCOUNTS.customer;
  await page.goto('/faq');
  await dismissPromo(page);
  if (layout === 'mobile') {
    const drawer = await openDrawer(page);
    await drawer.getByRole('link', { name: 'Login' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  }
  await expect(page).toHaveURL(atPath('/login'));
  await submitSignIn(page, customer.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/faq'));
  const signedIn = notice(page, `Signed in as ${customer.fullname}.`);
  await expect(signedIn).toBeVisible();
  // Below the header and its launch strip: the menu, the cart and the drawer stay within reach while it shows.
  const header = (await page.getByRole('banner').boundingBox())!;
  await expect.poll(async () => (await signedIn.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await keepScreenshot(page, testInfo, 'signed-in-notice');
  await expect(userMenuTrigger(page)).toHaveText(customer.fullname);
});

test.describe('sign-in errors', () => {
  const incorrect = 'The e-mail address or password is incorrect.';

  test('a wrong password is refused on /login', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, ACCOUNTS.customer.email, 'not-the-password');
    await dismissPromo(page);
    await expect(signInForm(page).getByRole('alert')).toHaveText(incorrect);
    await expect(page).toHaveURL(atPath('/login'));
    expect((await stored(page)).authToken).toBeNull();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
  });

  test('an unknown e-mail address is refused on /login', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/login');
    await submitSignIn(page, 'nobody-here@demo.test', PASSWORD);
    await dismissPromo(page);
    await expect(signInForm(page).getByRole('alert')).toHaveText(incorrect);
    await expect(page).toHaveURL(atPath('/login'));
    expect((await stored(page)).authToken).toBeNull();
  });

  test('a customer is refused on /admin/login', { tag: '@desktop' }, async ({ page }) => {
    await page.goto('/admin/login');
    await submitSignIn(page, ACCOUNTS.customer.email, PASSWORD, '/admin/login');
    await dismissPromo(page);
    await expect(signInForm(page, '/admin/login').getByRole('alert')).toHaveText(
      'This sign-in is for staff. Please use the customer login.',
    );
    await expect(page).toHaveURL(atPath('/admin/login'));
    expect((await stored(page)).authToken).toBeNull();
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
  });
});
