/**
 * A kit's sample report, as a visitor deciding to buy reaches it: from the kit's page, said to be a sample, readable
 * at both widths and free of serious accessibility violations.
 */
import { expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, test } from './support';

test('a visitor opens the sample report of Gut 360 from its page and comes back', async ({ page }, testInfo) => {
  await openPage(page, '/products/gut360');
  await page.getByRole('link', { name: 'See a sample report of Gut 360' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sample report: Gut 360' })).toBeVisible();
  await expect(page.getByTestId('sample-note')).toContainText('This is a sample report.');
  await expect(page.getByRole('table')).toContainText('Faecalibacterium prausnitzii');
  await keepScreenshot(page, testInfo, 'sample-report', { fullPage: true });
  await expectNoSeriousAxeViolations(page, testInfo);
  await page.getByRole('link', { name: 'Back to Gut 360' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gut 360' })).toBeVisible();
});
