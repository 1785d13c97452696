/**
 * A session that ends under /user or /admin still clears storage and opens /login (SPEC §8); the sign-in page then
 * says why, calmly, above the form: signed out elsewhere (or by a password change), or the session's time ran out.
 */
import type { Page } from '@playwright/test';
import { registerPerson, type Person } from './shopping';
import {
  atPath,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  notice,
  PASSWORD,
  signInForm,
  stored,
  submitSignIn,
  test,
  userMenuTrigger,
  type NewContext,
} from './support';

function sessionNotice(page: Page) {
  return page.getByTestId('session-ended');
}

async function signInAs(page: Page, person: Person, landing = '/'): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath(landing));
  await dismissPromo(page);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
}

/** The same person signed in on a second device, which then signs every other session out. */
async function signOutElsewhere(newContext: NewContext, person: Person): Promise<void> {
  const context = await newContext();
  const other = await context.newPage();
  await signInAs(other, person);
  const token = await other.evaluate(() => localStorage.getItem('authToken'));
  const answer = await other.request.post('/api/auth/sessions/revoke-others', { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(answer.ok(), await answer.text()).toBe(true);
  await context.close();
}

test('signed out on another device: the account page opens the sign-in page, which says so until the person signs in', { tag: '@phone' }, async ({
  page,
  newContext,
}, testInfo) => {
  const person = await registerPerson('Meera Pillai', 'session-end');
  await signInAs(page, person);
  await page.goto('/user/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await signOutElsewhere(newContext, person);

  // The stored token fails verification on load.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?session=revoked$/);
  await expect(sessionNotice(page)).toContainText('You have been signed out');
  await expect(sessionNotice(page)).toContainText('another device');
  expect(await stored(page)).toMatchObject({ authToken: null, userRole: null });
  await expect(signInForm(page)).toBeVisible();
  // Above the form, and a calm status rather than an error toast.
  const noticeBox = await sessionNotice(page).boundingBox();
  const formBox = await signInForm(page).boundingBox();
  expect(noticeBox && formBox && noticeBox.y < formBox.y).toBe(true);
  await expect(sessionNotice(page)).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('notice')).toHaveCount(0);
  await dismissPromo(page);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'session-notice', { fullPage: true });

  await submitSignIn(page, person.email, PASSWORD);
  // Home, or the page the person was on when the page's guard saw them signed out.
  await expect(page).toHaveURL(/^[^?]*\/\/[^/]+\/(?:user\/orders)?$/);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
  await expect(sessionNotice(page)).toHaveCount(0);
});

test('a session whose time runs out while the person is on an account page ends on the same explanation', { tag: '@phone' }, async ({ page }) => {
  const person = await registerPerson('Arjun Menon', 'session-timer');
  // The server's session lasts days; this one is made to end a few seconds after sign-in, on the page's clock.
  await page.route('**/api/auth/session', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { expiresAt?: string };
    const pageNow = await page.evaluate(() => Date.now());
    await route.fulfill({ response, json: { ...body, expiresAt: new Date(pageNow + 6_000).toISOString() } });
  });
  await signInAs(page, person);
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(atPath('/cart'));
  await expect(page).toHaveURL(/\/login\?session=expired$/, { timeout: 15_000 });
  await expect(sessionNotice(page)).toContainText('Your session has expired');
  await expect(notice(page, 'Your session has expired. Please sign in again.')).toHaveCount(0);
  expect((await stored(page)).authToken).toBeNull();
  // The page the person was on is kept for after signing in again.
  expect((await stored(page)).previousPage).toBe('/cart');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/cart'));
  await expect(sessionNotice(page)).toHaveCount(0);
});

test('the notice goes once the person leaves the sign-in page', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/login?session=expired');
  await dismissPromo(page);
  await expect(sessionNotice(page)).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(atPath('/register'));
  await page.goBack();
  await expect(page).toHaveURL(/\/login\?session=expired$/);
  await page.getByRole('main').getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(atPath('/forgot-password'));
  await expect(sessionNotice(page)).toHaveCount(0);
});

test.describe('addresses nobody was sent to', () => {
  for (const search of ['?session=stolen', '?session=', '']) {
    test(`/login${search} shows no notice`, { tag: '@phone' }, async ({ page }) => {
      await page.goto(`/login${search}`);
      await expect(signInForm(page)).toBeVisible();
      await expect(sessionNotice(page)).toHaveCount(0);
    });
  }
});

test('the notice shows even with the API unreachable, and the form still answers', { tag: '@phone' }, async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/login?session=revoked');
  await expect(sessionNotice(page)).toContainText('You have been signed out');
  await expect(signInForm(page)).toBeVisible();
  expect(crashes).toEqual([]);
});
