/**
 * The first HTML already sells: the home page's kits and a kit's price are in the page the server sends, at the
 * prices of the catalogue as it is when the page is asked for (server/plugins/catalogue-page.ts), so a phone on a
 * slow network reads them before the shop's script arrives. The script takes them over without a mismatch and
 * without asking for the catalogue again.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, keepScreenshot, openPage, startSignedIn, stored, test } from './support';

interface Kit {
  _id: string;
  code: string;
  name: string;
  price: number;
  actual_price: number;
}

/** The kits as the demo data has them; Gut Heal's price is the one the last test changes. */
const KITS = [
  { name: 'Gut Start', price: '₹4,999', listPrice: '₹9,999' },
  { name: 'Gut 360', price: '₹14,999', listPrice: '₹19,999' },
  { name: 'Gut SEnS', price: '₹9,999', listPrice: '₹12,999' },
];

/** The page's layout shifts since it loaded, summed as CLS counts them (none after a person's input). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[];
          resolve(shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the four kits with their names and prices', async ({ page }, testInfo) => {
    await page.goto('/');
    const kits = page.getByRole('heading', { level: 3 });
    await expect(kits).toHaveText(['Gut Start', 'Gut 360', 'Gut SEnS', 'Gut Heal']);
    for (const kit of KITS) {
      const card = page.locator('div').filter({ has: page.getByRole('heading', { level: 3, name: kit.name, exact: true }) }).last();
      await expect(card).toContainText(kit.price);
      await expect(card.locator('s')).toHaveText(`was ${kit.listPrice}`);
      await expect(card.getByRole('link', { name: `View ${kit.name}` })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'View Gut Heal' })).toHaveAttribute('href', '/products/ibs-heal');
    await keepScreenshot(page, testInfo, 'home-without-javascript', { fullPage: true });
  });

  test('a kit’s page shows its price, never “Loading the price…”', async ({ page }, testInfo) => {
    await page.goto('/products/gut360');
    await expect(page.getByTestId('price')).toContainText('₹14,999');
    await expect(page.getByTestId('price')).toContainText('Usual price ₹19,999');
    await expect(page.getByTestId('price')).toContainText('You save 25%');
    await expect(page.getByText('Loading the price…')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'kit-page-without-javascript');
  });
});

test('the kits and the price are taken over as sent, without a mismatch and without asking for the catalogue', async ({ page }) => {
  const errors = collectErrors(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products') asked.push(page.url());
  });
  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/');
  await openPage(page, '/');
  expect(await (await sent).text()).toContain('<script type="application/json" id="embedded-answer">{"operationId":"listProducts","key":"all"');
  await expect(page.getByRole('link', { name: 'View Gut 360' })).toBeVisible();
  // The takeover moved nothing: the kits it renders are the ones the page came with.
  expect(await layoutShift(page)).toBe(0);
  await page.getByRole('link', { name: 'View Gut 360' }).click();
  await expect(page.getByTestId('price')).toContainText('₹14,999');
  // Add to cart waits for the shop's code and the catalogue's ids: once it can be used, the takeover is done.
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  expect(await layoutShift(page)).toBe(0);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('a price staff change shows in the next page the server sends', { tag: '@desktop' }, async ({ page }) => {
  await startSignedIn(page, ACCOUNTS.admin);
  const { authToken } = await stored(page);
  const headers = { authorization: `Bearer ${authToken}` };
  const catalogue = (await (await page.request.get('/api/products')).json()) as { data: Kit[] };
  const gutHeal = catalogue.data.find((kit) => kit.code === 'PROD-IBS-HEAL');
  if (!gutHeal) throw new Error('no Gut Heal in the catalogue');
  const setPrice = async (price: number) =>
    expect((await page.request.patch(`/api/admin/products/${gutHeal._id}`, { headers, data: { price } })).status()).toBe(200);
  try {
    await setPrice(1099900);
    const home = await (await page.request.get('/')).text();
    expect(home).toContain('>₹10,999<');
    const kitPage = await (await page.request.get('/products/ibs-heal')).text();
    expect(kitPage).toContain('>₹10,999<');
    expect(kitPage).toContain('You save <!-- -->31<!-- -->%');
    // Sold at its list price, the kit's page has no struck price and no saving.
    await setPrice(gutHeal.actual_price);
    const atListPrice = await (await page.request.get('/products/ibs-heal')).text();
    expect(atListPrice).toContain('>₹15,999<');
    expect(atListPrice).not.toContain('You save');
    expect(atListPrice).not.toContain('Loading the price…');
  } finally {
    await setPrice(gutHeal.price);
  }
});
