/** axe-core on the main routes at both widths: no serious or critical WCAG 2 A/AA violation (DESIGN §9). */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { ACCOUNTS, expect, openDrawer, openPage, promoDialog, signIn, test, type Account } from './support';

/** Lets transitions finish, so that colours are checked as they end up rather than half-faded. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function expectNoSeriousViolations(page: Page, testInfo: TestInfo): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  // A scan that checked nothing (a blank or still-loading page) would pass too.
  expect(results.passes.length, 'axe found nothing to check').toBeGreaterThan(0);
  await testInfo.attach('axe-violations.json', {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n  at ${node.target.join(' ')}\n  ${node.failureSummary?.replace(/\n/g, '\n  ')}`,
      ),
    );
  expect(serious, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}

interface Checked {
  path: string;
  as?: Account;
  ready: (page: Page) => Locator;
}

const ROUTES: Checked[] = [
  { path: '/', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { path: '/login', ready: (page) => page.getByRole('form', { name: 'Sign in' }) },
  { path: '/admin/login', ready: (page) => page.getByRole('form', { name: 'Staff sign-in' }) },
  { path: '/cart', as: ACCOUNTS.customer, ready: (page) => page.getByTestId('empty-cart') },
  { path: '/admin/customers-list', as: ACCOUNTS.admin, ready: (page) => page.getByTestId('admin-sidebar') },
  { path: '/blogs-list', ready: (page) => page.getByRole('heading', { level: 1, name: 'Blogs' }) },
];

for (const route of ROUTES) {
  test(`${route.path}${route.as ? ` (${route.as.role})` : ''} has no serious accessibility violations`, async ({
    page,
  }, testInfo) => {
    if (route.as) await signIn(page, route.as);
    await openPage(page, route.path);
    await expect(route.ready(page)).toBeVisible();
    await expectNoSeriousViolations(page, testInfo);
  });
}

test('the open promotional dialog has no serious accessibility violations', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(promoDialog(page)).toBeVisible({ timeout: 8_000 });
  await expectNoSeriousViolations(page, testInfo);
});

test('the open mobile drawer has no serious accessibility violations', async ({ page, layout }, testInfo) => {
  test.skip(layout !== 'mobile', 'the drawer is the navigation below 960 px only');
  await openPage(page, '/');
  await openDrawer(page);
  await expectNoSeriousViolations(page, testInfo);
});
