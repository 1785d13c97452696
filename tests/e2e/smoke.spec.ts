import { test, expect } from '@playwright/test';
test('smoke', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toBeVisible();
  await page.waitForTimeout(4000);
  console.log(await page.locator('body').innerText());
});
