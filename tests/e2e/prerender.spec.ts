/**
 * Public pages arrive rendered (src/prerender.tsx): readable before any script runs, then taken over by the shop
 * without a mismatch, so the catalogue, the person and every control work as on any other page.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, openPage, startSignedIn, test, userMenuTrigger } from './support';

/** Errors the page reports: a takeover that does not match the markup is one. */
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

  test('a kit page is already there: header, content and footer', async ({ page }) => {
    await page.goto('/products/gut360');
    await expect(page).toHaveTitle('Gut 360 | Gut360 Health');
    await expect(page.getByRole('heading', { level: 1, name: 'Gut 360' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What it measures' })).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
  });

  test('the blog list is already there: its posts with their links, the topics and the count', async ({ page }) => {
    await page.goto('/blogs-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sleep, stress and your gut: a two-way street' })).toHaveAttribute('href', '/blogs/sleep-stress');
    await expect(page.getByTestId('posts-status')).toHaveText(/^\d+ posts?, newest first/);
    await expect(page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: /^sleep/ })).toBeVisible();
    await expect(page.getByText('Loading the posts…')).toHaveCount(0);
  });

  test('the home page shows its message', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Know your gut. Eat for it.' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Start with Gut Start/ })).toBeVisible();
  });
});

for (const path of ['/', '/products/gut360', '/faq', '/blogs-list']) {
  test(`${path} is taken over without a mismatch`, async ({ page }) => {
    const errors = collectErrors(page);
    await openPage(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('the blog list takes over the posts it came with without asking for them, and asks for a topic’s', async ({ page }) => {
  const errors = collectErrors(page);
  const asked: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/posts') asked.push(url.searchParams);
  });
  const sent = page.waitForResponse((response) => new URL(response.url()).pathname === '/blogs-list');
  await openPage(page, '/blogs-list');
  const html = await (await sent).text();
  expect(html).toContain('<script type="application/json" id="embedded-answer">{"operationId":"listPosts"');
  expect(html).not.toContain('Loading the posts…');
  // The takeover is done (the promotion had its turn) and the list was never asked for.
  await expect(page.getByRole('link', { name: 'Sleep, stress and your gut: a two-way street' })).toBeVisible();
  expect(asked).toEqual([]);
  await page.getByRole('group', { name: 'Topics' }).getByRole('button', { name: /^sleep/ }).click();
  await expect(page.getByTestId('posts-status')).toContainText('tagged “sleep”');
  expect(asked.map((search) => search.get('tag'))).toEqual(['sleep']);
  expect(errors).toEqual([]);
});

test('a page carries its component styles in its head, and its code asks to be compiled as it loads', { tag: '@phone' }, async ({ page }) => {
  const shell = page.waitForResponse((response) => /^\/assets\/shell-[\w-]+\.js$/.test(new URL(response.url()).pathname));
  await openPage(page, '/products/gut360');
  expect(await (await shell).text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
  await expect(page.locator('head style[data-emotion^="css "]')).toHaveCount(1);
  await expect(page.locator('#root style')).toHaveCount(0);
});

test('after the takeover the catalogue fills in and the page works', async ({ page, layout }) => {
  const errors = collectErrors(page);
  await openPage(page, '/');
  await expect(page.getByRole('link', { name: 'View Gut 360' })).toBeVisible();
  await page.getByRole('link', { name: 'View Gut 360' }).click();
  await expect(page.getByTestId('price')).toContainText('₹');
  if (layout === 'desktop') {
    await page.getByTestId('public-menus').getByRole('button', { name: 'Products' }).click();
    await expect(page.getByTestId('nav-products').getByRole('link', { name: 'Gut Heal' })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a signed-in customer opening a prerendered page sees their own header', async ({ page }) => {
  await startSignedIn(page, ACCOUNTS.customer);
  const errors = collectErrors(page);
  await openPage(page, '/products/gutsens');
  await expect(userMenuTrigger(page)).toHaveText(ACCOUNTS.customer.fullname);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a page whose code cannot be fetched says so and offers a reload', { tag: '@phone' }, async ({ page }) => {
  await page.route(/\/assets\/shell-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('alert')).toContainText('The page could not be loaded. Check your connection, then reload the page.');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});
