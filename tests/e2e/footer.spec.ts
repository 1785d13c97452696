/**
 * The footer at both widths: at 1280 px, where there is no drawer, it is the way to the FAQ, Contact Us, the privacy
 * policy, the terms, the recipes and the ebook; at every width it names the consumer grievance officer (Consumer
 * Protection (E-Commerce) Rules, 2020), comes in the first HTML, and axe finds nothing serious in it. The launch
 * offer's last day, which the same rules ask the shop not to leave open, is stated, and past it no offer opens.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, openPage, passPageTime, promoDialog, test } from './support';

const footer = (page: Page) => page.getByRole('contentinfo');

/** Each footer link, where it leads, and the page's heading there. */
const DESTINATIONS: { link: string; path: string; heading: RegExp }[] = [
  { link: 'FAQ', path: '/faq', heading: /question/i },
  { link: 'Contact Us', path: '/contact-us', heading: /contact/i },
  { link: 'Privacy Policy', path: '/privacy-policy', heading: /^Privacy Policy$/ },
  { link: 'Terms and Conditions', path: '/terms-and-conditions', heading: /^Terms and Conditions$/ },
  { link: 'Recipes', path: '/recipe-list', heading: /recipes/i },
  { link: 'Free ebook', path: '/Microbiomeandhealthebook', heading: /ebook/i },
];

test('the footer’s links reach the FAQ, Contact Us, the privacy policy, the terms, the recipes and the ebook', async ({ page }) => {
  await openPage(page, '/');
  for (const { link, path, heading } of DESTINATIONS) {
    const nav = footer(page).getByRole('navigation', { name: 'Footer' });
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  const phone = footer(page).getByRole('link', { name: /^Call \+91/ });
  await expect(phone).toHaveAttribute('href', /^tel:\+91\d+$/);
});

test('the footer names the consumer grievance officer, and axe finds nothing serious in it', async ({ page, layout }, testInfo) => {
  await openPage(page, '/faq');
  await page.screenshot({ path: testInfo.outputPath(`top-${layout}.png`) });
  const officer = footer(page).getByTestId('consumer-grievance-officer');
  await officer.scrollIntoViewIfNeeded();
  await expect(officer).toBeVisible();
  await expect(officer).toContainText('Consumer grievance officer');
  await expect(officer).toContainText('Arjun Rao, Head of Customer Care');
  await expect(officer).toContainText('Koramangala');
  await expect(officer.getByRole('link', { name: 'consumer.grievance@gut360.example' })).toHaveAttribute('href', 'mailto:consumer.grievance@gut360.example');
  await expect(officer.getByRole('link', { name: '+91 80 4000 3601' })).toHaveAttribute('href', 'tel:+918040003601');
  await expectNoSeriousAxeViolations(page, testInfo);
  await footer(page).screenshot({ path: testInfo.outputPath(`footer-${layout}.png`) });
  await page.screenshot({ path: testInfo.outputPath(`footer-page-${layout}.png`), fullPage: true });
});

test('the footer and its officer come in the first HTML, before any script runs', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Consumer grievance officer');
  expect(html).toContain('href="/Microbiomeandhealthebook"');
  expect(html).toContain('href="/terms-and-conditions"');
});

test('the terms name the officer, and registration links the terms and the privacy policy by its button', async ({ page }) => {
  await openPage(page, '/terms-and-conditions');
  const section = page.getByRole('region', { name: 'Our consumer grievance officer' });
  await expect(section).toContainText('Consumer Protection (E-Commerce) Rules, 2020');
  await expect(section.getByRole('link', { name: 'consumer.grievance@gut360.example' })).toBeVisible();

  await openPage(page, '/register');
  const form = page.getByRole('form', { name: 'Create your account' });
  await expect(form.getByText(/^By creating an account you agree to the Terms and Conditions and the Privacy Policy\.$/)).toBeVisible();
  await form.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test('the banner and the dialog state the launch offer’s last day', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('promo-banner');
  await expect(banner).toHaveText(/^Launch offer until \d{1,2} [A-Z][a-z]+ \d{4}: Gut Start, our starter gut test, now at Rs 4,999\. Shop now$/);
  const lastDay = /until (\d{1,2} [A-Z][a-z]+ \d{4})/.exec((await banner.textContent()) ?? '')?.[1];
  await passPageTime(page, 5_000);
  await expect(promoDialog(page)).toBeVisible();
  await expect(promoDialog(page).getByText(`Offer ends ${lastDay}`)).toBeVisible();
});

test('once the offer’s last day is over, the page takes over without an error, no longer calls it an offer, and opens no dialog', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The first HTML says the day, as it was built while the offer ran.
  const html = await (await page.request.get('/')).text();
  const lastDay = /Launch offer until (\d{1,2} [A-Z][a-z]+ \d{4})/.exec(html)?.[1];
  expect(lastDay).toBeDefined();
  // The first second after that day, in India.
  await page.clock.setSystemTime(new Date(`${lastDay} 23:59:59 GMT+0530`).getTime() + 1_000);
  await page.goto('/');
  await expect(page.getByTestId('promo-banner')).toHaveText('Gut Start, our starter gut test: a first look at your gut bacteria. Shop now');
  // The home page comes with the catalogue the offer looks for: once the page's code has all arrived, it is read.
  await page.waitForLoadState('networkidle');
  await passPageTime(page, 6_000);
  await expect(promoDialog(page)).toBeHidden();
  expect(errors).toEqual([]);
});
