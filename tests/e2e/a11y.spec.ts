/** axe-core on the main routes at both widths: no serious or critical WCAG 2 A/AA violation (DESIGN §9). */
import type { Locator, Page } from '@playwright/test';
import {
  ACCOUNTS,
  awaitPromo,
  expect,
  expectNoSeriousAxeViolations,
  openDrawer,
  openPage,
  startSignedIn,
  test,
  type Account,
} from './support';

interface Checked {
  path: string;
  as?: Account;
  ready: (page: Page) => Locator;
}

const ROUTES: Checked[] = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/login', ready: (page) => page.getByRole('form', { name: 'Sign in' }) },
  { path: '/admin/login', ready: (page) => page.getByRole('form', { name: 'Staff sign-in' }) },
  // The demo customer's cart may hold kits while the checkout spec runs alongside: either state is checked.
  { path: '/cart', as: ACCOUNTS.customer, ready: (page) => page.getByTestId('empty-cart').or(page.getByTestId('cart-figures')) },
  { path: '/admin/customers-list', as: ACCOUNTS.admin, ready: (page) => page.getByRole('heading', { level: 1, name: 'List of Customers' }) },
  { path: '/user/privacy', as: ACCOUNTS.customer, ready: (page) => page.getByRole('region', { name: 'Your consents' }) },
  { path: '/admin/erasure-requests', as: ACCOUNTS.admin, ready: (page) => page.getByRole('heading', { level: 1, name: 'Erasure requests' }) },
  { path: '/blogs-list', ready: (page) => page.getByRole('heading', { level: 1, name: 'Blogs' }) },
];

for (const route of ROUTES) {
  test(`${route.path}${route.as ? ` (${route.as.role})` : ''} has no serious accessibility violations`, async ({
    page,
  }, testInfo) => {
    if (route.as) await startSignedIn(page, route.as, { path: route.path });
    else await openPage(page, route.path);
    await expect(route.ready(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo);
  });
}

test('the open promotional dialog has no serious accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/');
  await awaitPromo(page);
  await expectNoSeriousAxeViolations(page, testInfo);
});

// The drawer is the navigation below 960 px only: the desktop project leaves @phone tests out (playwright.config.ts).
test('the open mobile drawer has no serious accessibility violations', { tag: '@phone' }, async ({ page }, testInfo) => {
  await openPage(page, '/');
  await openDrawer(page);
  await expectNoSeriousAxeViolations(page, testInfo);
});
