/**
 * An address the shop does not have answers 404 with a page that says so and leads home and to the kits; the
 * router's own addresses, dynamic ones included, still answer 200, and the API keeps its JSON 404.
 */
import { atPath, dismissPromo, expect, expectNoSeriousAxeViolations, keepScreenshot, test } from './support';

test('an unknown address answers 404 with Page not found, links home and to the kits', async ({ page }, testInfo) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response?.status()).toBe(404);
  // Titled so before the script runs, then by the page itself.
  expect(await response?.text()).toContain('<title>Page not found | Gut360 Health</title>');
  await expect(page).toHaveTitle('Page not found | Gut360 Health');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('list').getByRole('link')).toHaveText(['Gut Start', 'Gut 360', 'Gut SEnS', 'Gut Heal']);
  await dismissPromo(page);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'not-found', { fullPage: true });

  await main.getByRole('link', { name: 'Gut 360' }).click();
  await expect(page).toHaveURL(atPath('/products/gut360'));
});

test('a mistyped address inside the shop answers 404 too, and the home link leads home', { tag: '@phone' }, async ({ page }) => {
  // /products/<slug> is the page of any kit staff add: for a slug no kit has, the server answers 404 and the page says so.
  const response = await page.goto('/products/gut-360');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Kit not found' })).toBeVisible();
  await dismissPromo(page);
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(atPath('/'));
});

for (const path of ['/discount/WELCOME10', '/faq', '/About-us', '/login?session=expired', '/blogs/ghost/gut-health-basics']) {
  test(`${path} is one of the shop's pages and answers 200`, { tag: '@phone' }, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
  });
}

test('an unknown API address keeps its JSON 404', { tag: '@phone' }, async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/application\/json/);
  expect(await response.json()).toMatchObject({ message: 'There is no such API endpoint.' });
});

test('with the API unreachable the not-found page still shows', { tag: '@phone' }, async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  const response = await page.goto('/nothing-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(crashes).toEqual([]);
});
