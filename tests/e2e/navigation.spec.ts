/** What an anonymous visitor gets: the public menus with Login (SPEC §2, §6) and the Gut Start promotion. */
import type { Page } from '@playwright/test';
import { PROMO_DELAY_MS } from '../../machines/promo';
import { atPath, awaitPromo, closeDrawer, expect, openDrawer, openPage, promoDialog, test } from './support';

test('an anonymous visitor sees the public menus, the cart icon and Login', async ({ page, layout }) => {
  await openPage(page, '/');
  await expect(page.getByTestId('cart-icon')).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);

  const menus = page.getByTestId('public-menus');
  const headerLogin = page.getByTestId('site-header').getByRole('link', { name: 'Login', exact: true });
  if (layout === 'desktop') {
    await expect(menus).toBeVisible();
    await expect(menus.getByRole('button', { name: 'Products' })).toBeVisible();
    await expect(menus.getByRole('button', { name: 'Our Science' })).toBeVisible();
    await expect(menus.getByRole('link')).toHaveText(['About Us', 'Publications', 'Blogs']);
    await expect(headerLogin).toBeVisible();

    await menus.getByRole('button', { name: 'Products' }).click();
    await expect(page.getByTestId('nav-products').getByRole('link')).toHaveText([
      'Gut Start',
      'Gut 360',
      'Gut SEnS',
      'Gut Heal',
    ]);
  } else {
    await expect(menus).toBeHidden();
    await expect(headerLogin).toBeHidden();
    const drawer = await openDrawer(page);
    await expect(drawer.getByRole('navigation', { name: 'Mobile' }).getByRole('link')).toHaveText([
      'Gut Start',
      'Gut 360',
      'Gut SEnS',
      'Gut Heal',
      'Overview',
      'Modelling and AI',
      'Sleep Energy & Stress',
      'Food-Microbiome',
      'About Us',
      'Publications',
      'Blogs',
      'Contact Us',
      'FAQ',
      'Privacy Policy',
      'Terms and Conditions',
    ]);
    await expect(drawer.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await closeDrawer(page);
  }
});

test.describe('promotional dialog', () => {
  interface PromoMarks {
    /** Whether the dialog was in the page at the 1 s check, and when (ms since navigation start) that ran. */
    presentAt1s: boolean | null;
    checkedAt: number | null;
    /** When the page set the offer's 3 s timer: the shop's code has loaded and the promotion machine started. */
    scheduledAt: number | null;
    /** When the dialog first appeared, in ms since navigation start. */
    openedAt: number | null;
  }

  test.beforeEach(async ({ page }) => {
    // Browser-side timestamps, relative to the start of navigation, are free of the test runner's own latency; the
    // timer's own start is the page's clock for how long the offer waited, however long a busy machine took to load.
    await page.addInitScript((delay) => {
      const marks: PromoMarks = { presentAt1s: null, checkedAt: null, scheduledAt: null, openedAt: null };
      (window as unknown as { promoMarks: PromoMarks }).promoMarks = marks;
      const setTimer = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) => {
        if (timeout === delay && marks.scheduledAt === null) marks.scheduledAt = performance.now();
        return setTimer(handler, timeout, ...rest);
      }) as typeof window.setTimeout;
      const present = () => document.querySelector('[data-testid="promo-dialog"]') !== null;
      setTimer(() => {
        marks.presentAt1s = present();
        marks.checkedAt = performance.now();
      }, 1000);
      new MutationObserver((_, observer) => {
        if (marks.openedAt === null && present()) {
          marks.openedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, PROMO_DELAY_MS);
  });

  function promoMarks(page: Page): Promise<PromoMarks> {
    return page.evaluate(() => (window as unknown as { promoMarks: PromoMarks }).promoMarks);
  }

  test('opens 3 s after load with the offer, and the close icon closes it', async ({ page }, testInfo) => {
    await page.goto('/');
    const dialog = promoDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });

    const { presentAt1s, checkedAt, scheduledAt, openedAt } = await promoMarks(page);
    testInfo.annotations.push(
      { type: 'promo timer set after (ms)', description: String(Math.round(scheduledAt ?? -1)) },
      { type: 'promo opened after (ms)', description: String(Math.round(openedAt ?? -1)) },
    );
    expect(presentAt1s, 'the dialog must not be open 1 s after load').toBe(false);
    expect(checkedAt, 'the 1 s check ran before the 3 s mark').toBeLessThan(PROMO_DELAY_MS);
    expect(scheduledAt, 'the page set the offer\'s timer').not.toBeNull();
    expect(openedAt, 'the dialog opens no earlier than 3 s after load').toBeGreaterThanOrEqual(PROMO_DELAY_MS);
    // Measured from the timer's start, so that a machine slow to load the page does not fail the check.
    const waited = (openedAt ?? 0) - (scheduledAt ?? 0);
    expect(waited, 'the dialog waits the whole delay').toBeGreaterThanOrEqual(PROMO_DELAY_MS);
    expect(waited, 'the dialog opens once the delay is over, its code loaded on demand').toBeLessThanOrEqual(PROMO_DELAY_MS + 1_500);

    await expect(page.getByRole('dialog', { name: 'Limited Time Offer!' })).toBeVisible();
    await expect(dialog.getByText('Limited Time Offer!', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Introducing Gut Start', { exact: true })).toBeVisible();
    await expect(dialog.getByText('at RS 4999/-', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Buy Now' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Close offer' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(atPath('/'));
  });

  test('Buy Now closes it and opens Gut Start', async ({ page }) => {
    await page.goto('/');
    const dialog = await awaitPromo(page);
    await dialog.getByRole('button', { name: 'Buy Now' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(atPath('/products/gut360-start'));
  });
});
