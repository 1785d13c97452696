/**
 * The way home in the staff area (issue 30, items 5 and 13): from a staff page of each staff role, the sidebar (on a
 * phone the menu, ☰, that holds it), the user menu and the logo each lead to the staff home.
 */
import type { Page } from '@playwright/test';
import { ADMIN_NAV } from '../../src/lib/staff-nav';
import { ACCOUNTS, atPath, expect, keepScreenshot, openUserMenu, startSignedIn, test, type Account } from './support';

/** A staff page of each role, by the heading that says it has opened. */
const STAFF_PAGES = [
  { account: ACCOUNTS.admin, path: '/admin/customers-list', heading: 'List of Customers' },
  { account: ACCOUNTS.doctor, path: '/care/questionnaires', heading: 'Questionnaire results' },
  { account: ACCOUNTS.nutritionist, path: '/recipe/create', heading: 'Write a recipe' },
];

const CARE_TEAM_NAV = ['Staff home', 'Write a blog post', 'Write a recipe', 'Blogs', 'Recipes', 'Questionnaire results'];

async function expectStaffHome(page: Page, account: Account) {
  await expect(page).toHaveURL(atPath('/admin-home'));
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${account.fullname}` })).toBeVisible();
}

/** Back to the staff page, as the browser's Back button takes the person there (no new page load). */
async function goBack(page: Page, heading: string) {
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

for (const { account, path, heading } of STAFF_PAGES) {
  test(`${account.role === 'admin' ? 'an' : 'a'} ${account.role} gets home from ${path} by the sidebar or menu, the user menu and the logo`, async ({ page, layout }, testInfo) => {
    await startSignedIn(page, account, { path });
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const sidebar = page.getByTestId(account.role === 'admin' ? 'admin-sidebar' : 'staff-sidebar');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByTestId('mobile-drawer');
    const staffNav = drawer.getByRole('navigation', { name: 'Staff' });

    if (layout === 'desktop') {
      await expect(toggle).toBeHidden();
      await expect(sidebar).toBeVisible();
      await expect(sidebar).toHaveAccessibleName(account.role === 'admin' ? 'Admin' : 'Staff');
      if (account.role === 'admin') await expect(sidebar.getByRole('link')).toHaveCount(ADMIN_NAV.length + 1);
      else await expect(sidebar.getByRole('link')).toHaveText(CARE_TEAM_NAV);
      await expect(sidebar.getByRole('link').first()).toHaveText('Staff home');
      await expect(sidebar.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
      await keepScreenshot(page, testInfo, `${account.role}-staff-page`);
      await sidebar.getByRole('link', { name: 'Staff home' }).click();
      await expectStaffHome(page, account);
      // The staff home lists the places itself.
      await expect(sidebar).toHaveCount(0);
      await goBack(page, heading);
    } else {
      // On a phone the page takes the whole width: the sidebar has folded into the menu.
      await expect(sidebar).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, testInfo, `${account.role}-staff-page`);
      await expect(toggle).toBeVisible();
      await toggle.click();
      await expect(staffNav).toBeVisible();
      if (account.role === 'admin') await expect(staffNav.getByRole('link')).toHaveCount(ADMIN_NAV.length + 1);
      else await expect(staffNav.getByRole('link')).toHaveText(CARE_TEAM_NAV);
      await expect(staffNav.getByRole('link').first()).toHaveText('Staff home');
      await expect(staffNav.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
      await drawer.evaluate((panel) => Promise.all(panel.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      await keepScreenshot(page, testInfo, `${account.role}-staff-menu`);
      // Escape closes it and hands the focus back to the menu button.
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await staffNav.getByRole('link', { name: 'Staff home' }).click();
      await expectStaffHome(page, account);
      await expect(drawer).toBeHidden();
      await goBack(page, heading);
    }

    const menu = await openUserMenu(page);
    await expect(menu.getByRole('link').first()).toHaveText('Staff home');
    await keepScreenshot(page, testInfo, `${account.role}-user-menu`);
    await menu.getByRole('link', { name: 'Staff home' }).click();
    await expectStaffHome(page, account);
    await goBack(page, heading);

    const logo = page.getByTestId('logo');
    await expect(logo).toHaveAccessibleName('Gut360 Health, staff home');
    await logo.click();
    await expectStaffHome(page, account);
  });
}
