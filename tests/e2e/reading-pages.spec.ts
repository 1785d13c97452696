/**
 * The reading pages against the real stack, at both widths: each opens with its own heading and title, fits a phone
 * without sideways scrolling, and axe-core finds no serious violation. A published post arrives with its text in
 * the HTML the server sends, and the sitemap lists it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, test } from './support';

interface ReadingPage {
  path: string;
  heading: string | RegExp;
  /** What shows once the page's data has arrived, when it has any. */
  ready?: (page: Page) => Locator;
}

const PAGES: ReadingPage[] = [
  { path: '/about-us', heading: 'About Us' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/contact-us', heading: 'Contact Us' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-and-conditions', heading: /Terms/ },
  { path: '/science/our-science', heading: 'Our Science' },
  { path: '/science/modelling', heading: 'Modelling and AI' },
  { path: '/science/sens', heading: 'Sleep, Energy & Stress' },
  { path: '/science/food-microbiome', heading: 'Food-Microbiome' },
  { path: '/publications', heading: 'Publications', ready: (page) => page.getByRole('link', { name: /human gut microbial gene catalogue/i }) },
  { path: '/Microbiomeandhealthebook', heading: /ebook/i },
  { path: '/blogs-list', heading: 'Blogs', ready: (page) => page.getByRole('link', { name: /Sleep, stress and your gut/ }).first() },
  { path: '/blogs/sleep-stress', heading: 'Sleep, stress and your gut: a two-way street', ready: (page) => page.getByText('min read').first() },
  { path: '/recipe-list', heading: /Recipes/, ready: (page) => page.getByRole('link', { name: /Moong dal chilla/i }).first() },
  { path: '/recipe?slug=moong-dal-chilla', heading: /Moong dal chilla/i, ready: (page) => page.getByRole('heading', { name: 'Ingredients' }) },
  { path: '/cookbook', heading: /Cookbook/i, ready: (page) => page.getByRole('link', { name: /Download the cookbook/i }) },
];

test('every reading page opens with its heading, fits a phone and has no serious accessibility violation', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  for (const reading of PAGES) {
    await test.step(reading.path, async () => {
      await openPage(page, reading.path);
      await expect(page.getByRole('heading', { level: 1, name: reading.heading })).toBeVisible();
      if (reading.ready) await expect(reading.ready(page)).toBeVisible();
      await expect(page).toHaveTitle(/\| Gut360 Health$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${reading.path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoSeriousAxeViolations(page, testInfo);
      await keepScreenshot(page, testInfo, reading.path.replace(/\W+/g, '_'), { fullPage: true });
    });
  }
});

test('a published post arrives with its text in the HTML, is listed in the sitemap, and an unknown one is a 404', async ({ request }) => {
  const post = await request.get('/blogs/sleep-stress');
  expect(post.status()).toBe(200);
  const html = await post.text();
  expect(html).toContain('<title>Sleep, stress and your gut: a two-way street | Gut360 Health</title>');
  expect(html).toMatch(/<main[^>]*><article data-article-root><header><h1>Sleep, stress and your gut: a two-way street<\/h1>/);
  expect(html).toContain('GAD-7');

  const recipe = await request.get('/recipe?slug=moong-dal-chilla');
  expect(await recipe.text()).toMatch(/<h2>Ingredients<\/h2><ul><li>/);

  expect((await request.get('/blog?slug=no-such-post')).status()).toBe(404);

  // The blog list arrives with its posts, and their answer for the shop's script.
  const list = await (await request.get('/blogs-list')).text();
  expect(list).toMatch(/<a [^>]*href="\/blogs\/sleep-stress">Sleep, stress and your gut: a two-way street<\/a>/);
  expect(list).toContain('<script type="application/json" id="embedded-answer">{"operationId":"listPosts","key":"limit=12&offset=0"');
  expect(list).not.toContain('Loading the posts…');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/blogs/sleep-stress</loc>');
  expect(sitemap).toContain('/recipe?slug=moong-dal-chilla</loc>');
  expect(sitemap).toContain('/science/our-science</loc>');
  expect(sitemap).not.toContain('/admin');
});
