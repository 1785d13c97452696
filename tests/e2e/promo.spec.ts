/**
 * SPEC §2 promotional dialog: 3 s after load, never over something the person has opened. The drawer (390 px) and
 * the Products menu (1280 px) are opened before the offer falls due; it waits, and opens once they are closed.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, promoDialog, test } from './support';

/** Longer than the 3 s delay plus the time the page takes to start it. */
const PAST_THE_DELAY_MS = 5_000;

/** Clicks until the control answers: the prerendered header is painted before the shop's code takes it over. */
async function openWhenReady(trigger: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    await trigger.click({ timeout: 1_000 });
    await expect(opened).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function openDrawerEarly(page: Page): Promise<Locator> {
  const drawer = page.getByTestId('mobile-drawer');
  await openWhenReady(page.getByTestId('drawer-toggle'), drawer);
  return drawer;
}

async function openProductsMenuEarly(page: Page): Promise<Locator> {
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Products' });
  await openWhenReady(trigger, page.getByRole('banner').getByRole('button', { name: 'Products', expanded: true }));
  return trigger;
}

test.describe('the promotion waits for what the person has open', () => {
  test('at 390 px it does not open over the drawer, and opens once the drawer is closed', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/');
    const drawer = await openDrawerEarly(page);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    await expect(promoDialog(page)).toBeHidden();
    await expect(drawer).toBeVisible();

    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    await expect(promoDialog(page)).toBeVisible();
    await expect(promoDialog(page).getByRole('heading', { name: 'Limited Time Offer!' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo);

    await promoDialog(page).getByRole('button', { name: 'Close offer' }).click();
    await expect(promoDialog(page)).toBeHidden();
  });

  test('at 1280 px it does not open over the Products menu, and opens once the menu is closed', async ({ page, layout }, testInfo) => {
    test.skip(layout !== 'desktop', 'the header menus are shown from 960 px');
    await page.goto('/');
    const trigger = await openProductsMenuEarly(page);
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    await expect(promoDialog(page)).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(promoDialog(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, testInfo);

    await promoDialog(page).getByRole('button', { name: 'Buy Now' }).click();
    await expect(promoDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/products\/gut360-start$/);
  });

  test('without the product list it never opens, and the page keeps working', async ({ page, layout }) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.route('**/api/products**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(PAST_THE_DELAY_MS);
    await expect(promoDialog(page)).toBeHidden();

    // The navigation still answers, and closing it does not bring the offer back.
    if (layout === 'mobile') {
      const drawer = await openDrawerEarly(page);
      await drawer.getByRole('button', { name: 'Close menu' }).click();
      await expect(drawer).toBeHidden();
    } else {
      await openProductsMenuEarly(page);
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(1_000);
    await expect(promoDialog(page)).toBeHidden();
    expect(errors).toEqual([]);
  });
});
