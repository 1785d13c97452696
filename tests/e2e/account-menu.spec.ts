/**
 * The signed-in person's own pages from the header: the user menu (desktop) and the drawer (phone) offer Orders,
 * My kits, Change Password and Logout, the current page marked; staff get Change Password and Logout only (SPEC §6).
 * A long name fits a phone's header as a first name or initials, and the menu keeps working with the API gone.
 */
import type { Page } from '@playwright/test';
import { registerPerson, type Person } from './shopping';
import {
  ACCOUNTS,
  atPath,
  closeDrawer,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  openDrawer,
  openUserMenu,
  PASSWORD,
  startSignedIn,
  submitSignIn,
  test,
  userMenuTrigger,
} from './support';

const CUSTOMER_PAGES = ['Orders', 'My kits', 'Privacy and data', 'Change Password'];

async function signInAs(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(page).toHaveURL(atPath('/'));
  await dismissPromo(page);
  await expect(userMenuTrigger(page)).toHaveAccessibleName(person.fullname);
}

/** The drawer's list of the person's own pages. */
function accountNav(page: Page) {
  return page.getByTestId('mobile-drawer').getByRole('navigation', { name: 'Your account' });
}

test.describe('desktop user menu @desktop', () => {

  test('a customer finds Orders, My kits, Change Password and Logout, by mouse and by keyboard', async ({ page }, testInfo) => {
    await startSignedIn(page, ACCOUNTS.customer);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('listitem')).toHaveText([...CUSTOMER_PAGES, 'Logout']);
    await expect(menu.getByRole('link', { name: 'My kits' })).toHaveAttribute('href', '/user/dashboard');
    await expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/user/orders');
    await expectNoSeriousAxeViolations(page, testInfo);
    await keepScreenshot(page, testInfo, 'user-menu-1280');
    await menu.getByRole('link', { name: 'My kits' }).click();
    await expect(page).toHaveURL(atPath('/user/dashboard'));
    await expect(menu).toBeHidden();

    // By keyboard: the menu opens from its button, Tab walks its entries, and the current page is marked.
    await userMenuTrigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My kits' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Orders' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath('/user/orders'));
    await expect(menu).toBeHidden();
  });

  test('a doctor gets Staff home, Change Password and Logout only', async ({ page }) => {
    await startSignedIn(page, ACCOUNTS.doctor);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('listitem')).toHaveText(['Staff home', 'Change Password', 'Logout']);
  });

  test('shows a long name whole on a wide screen', async ({ page }) => {
    const person = await registerPerson('Priyadarshini Venkataraman', 'long-name');
    await signInAs(page, person);
    await expect(userMenuTrigger(page)).toHaveText(person.fullname);
    await expect(userMenuTrigger(page).getByText(person.fullname)).toBeVisible();
    await expect(userMenuTrigger(page).getByTestId('user-menu-short-name')).toBeHidden();
  });

  test('keeps working with the API unreachable: the pages open and say what went wrong, nothing breaks', async ({ page }) => {
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await startSignedIn(page, ACCOUNTS.customer);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const menu = await openUserMenu(page);
    await menu.getByRole('link', { name: 'My kits' }).click();
    await expect(page).toHaveURL(atPath('/user/dashboard'));
    await expect(page.getByRole('alert').first()).toBeVisible();
    await openUserMenu(page);
    await menu.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(atPath('/user/change-password'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(crashes).toEqual([]);
  });
});

test.describe('phone drawer @phone', () => {

  test('a customer reaches their own pages from the drawer, the current one marked', async ({ page }, testInfo) => {
    await startSignedIn(page, ACCOUNTS.customer);
    await openDrawer(page);
    await expect(accountNav(page).getByRole('link')).toHaveText(CUSTOMER_PAGES);
    await expect(page.getByTestId('mobile-drawer').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo);
    await keepScreenshot(page, testInfo, 'drawer-390');
    await accountNav(page).getByRole('link', { name: 'My kits' }).click();
    await expect(page).toHaveURL(atPath('/user/dashboard'));
    await expect(page.getByTestId('mobile-drawer')).toBeHidden();

    await openDrawer(page);
    await expect(accountNav(page).getByRole('link', { name: 'My kits' })).toHaveAttribute('aria-current', 'page');
    // By keyboard: the drawer takes focus, and the account links come first in it.
    const orders = accountNav(page).getByRole('link', { name: 'Orders' });
    for (let press = 0; press < 3 && !(await orders.evaluate((link) => link === document.activeElement)); press += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(orders).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(atPath('/user/orders'));
  });

  test('a nutritionist gets Change Password and Logout only', async ({ page }) => {
    await startSignedIn(page, ACCOUNTS.nutritionist);
    await openDrawer(page);
    await expect(accountNav(page).getByRole('link')).toHaveText(['Change Password']);
    await closeDrawer(page);
  });

  test('an anonymous visitor gets no account links, and Login', async ({ page }) => {
    await page.goto('/');
    await dismissPromo(page);
    const drawer = await openDrawer(page);
    await expect(accountNav(page)).toHaveCount(0);
    await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('fits a long name into the header as initials, with the full name as the menu’s name', async ({ page }, testInfo) => {
    const person = await registerPerson('Priyadarshini Venkataraman', 'long-name');
    await signInAs(page, person);
    const trigger = userMenuTrigger(page);
    await expect(trigger.getByText(person.fullname)).toBeHidden();
    const short = trigger.getByTestId('user-menu-short-name');
    await expect(short).toBeVisible();
    expect(await short.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"PV"');
    await expect(short).toHaveAttribute('title', person.fullname);
    // The header's parts stay on one row inside the screen.
    const box = await trigger.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, testInfo, 'long-name-390');
  });

  test('shows a first name that fits as it is', async ({ page }) => {
    await startSignedIn(page, ACCOUNTS.customer);
    const short = userMenuTrigger(page).getByTestId('user-menu-short-name');
    expect(await short.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('"Chetan"');
  });

  test('keeps working with the API unreachable', async ({ page }) => {
    const crashes: string[] = [];
    page.on('pageerror', (error) => crashes.push(error.message));
    await startSignedIn(page, ACCOUNTS.customer);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await openDrawer(page);
    await accountNav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(atPath('/user/orders'));
    await expect(page.getByRole('alert').first()).toBeVisible();
    await openDrawer(page);
    await expect(accountNav(page).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(crashes).toEqual([]);
  });
});
