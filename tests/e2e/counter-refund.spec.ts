/**
 * A kit sold at a counter is refundable, against the real stack, as the demo admin at both widths: a buyer registered
 * at a health camp who paid in cash is found in Gut 360 Customers, their order is a link away, the kit is refunded in
 * cash (the dialog says how the money goes back for a cash payment), and the credit note downloads as the PDF of its
 * number, saying the money was handed back in cash.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pdfRows } from '../api/pdf-text';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, notice, startSignedIn, stored, test } from './support';

test('a buyer registered at a counter with cash is in Gut 360 Customers, and their kit is refunded in cash with its credit note', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await startSignedIn(page, ACCOUNTS.admin, { path: '/admin/offline-onboard' });

  // A code from a batch for the camp, as its printed label carries it.
  const { authToken } = await stored(page);
  const auth = { authorization: `Bearer ${authToken}` };
  const products = (await (await page.request.get('/api/products')).json()) as { data: Array<{ _id: string; code: string }> };
  const made = await page.request.post('/api/admin/kit-batches', {
    headers: auth,
    data: { productId: products.data.find((product) => product.code === 'PROD-G360')!._id, size: 1, note: 'Refund walk' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { batch } = (await made.json()) as { batch: { _id: string } };
  const csv = await page.request.get(`/api/admin/kit-batches/${batch._id}/codes.csv`, { headers: auth });
  const code = csv.ok() ? (await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[1]!.split(',')[0]! : '';
  expect(code).toMatch(/^GUT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // Registered at the counter, paid in cash.
  const email = `cash-${randomUUID()}@example.test`;
  const name = `Revathi Pillai ${randomUUID().slice(0, 4)}`;
  const onboardForm = page.getByRole('form', { name: 'Register a kit bought at a counter' });
  await onboardForm.getByLabel(/^Full name/).fill(name);
  await onboardForm.getByLabel(/^Mobile number/).fill(`9${randomInt(100_000_000, 999_999_999)}`);
  await onboardForm.getByLabel(/^E-mail address/).fill(email);
  await onboardForm.getByRole('combobox', { name: /^Kit/ }).selectOption({ label: 'Gut 360 (₹14,999)' });
  await onboardForm.getByLabel(/^Kit code from the label/).fill(code);
  await onboardForm.getByRole('combobox', { name: /^Paid by/ }).selectOption({ label: 'Cash' });
  await onboardForm.getByLabel(/^Amount paid/).fill('14999');
  await onboardForm.getByLabel(/^Clinic or event/).fill('Gut health camp, Thrissur');
  await onboardForm.getByLabel(/^City or town/).fill('Thrissur');
  await onboardForm.getByRole('combobox', { name: /^State or union territory/ }).selectOption({ label: 'Kerala' });
  await onboardForm.getByLabel(/^PIN code/).fill('680001');
  await onboardForm.getByRole('button', { name: 'Register and hand over the kit' }).click();
  await expect(onboardForm.getByTestId('onboarding-done')).toContainText(`${name} is registered.`);

  // Found in Gut 360 Customers at once, with the kit among their products.
  await openPage(page, '/admin/gut-360-customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Gut 360 Customers' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.fill(email);
  await box.press('Enter');
  const row = page.getByTestId('customers').getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Gut 360');
  await row.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // The customer's page links the order by its number; the order's kit was handed over, not shipped.
  await page.getByRole('link', { name: /^GS-\d{4}-\d{6}$/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order GS-/ })).toBeVisible();
  const kit = page.getByTestId('staff-kit').first();
  await expect(kit.getByTestId('staff-kit-state')).toHaveText('Handed over at the counter');
  await expect(page.getByText(/₹14,999 paid at a counter in cash/)).toBeVisible();

  // Refunded in cash: the dialog says how the money goes back for this payment.
  await kit.getByRole('button', { name: 'Refund this kit (₹14,999)' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Refund Gut 360 (${code})?` });
  await expect(dialog).toBeVisible();
  const way = dialog.getByRole('combobox', { name: /How the money goes back/ });
  await expect(way).toHaveValue('cash');
  await expect(dialog.getByTestId('refund-how')).toHaveText('Hand ₹14,999 back to the customer in cash, then record it here.');
  await dialog.getByRole('textbox', { name: 'Reason, for the customer' }).fill('Could not collect the sample after all');
  await keepScreenshot(dialog, testInfo, 'counter-refund-dialog');
  await expectNoSeriousAxeViolations(page, testInfo);
  await dialog.getByRole('button', { name: 'Record the refund of ₹14,999' }).click();
  await expect(notice(page, 'Recorded the refund of ₹14,999; its credit note is issued.')).toBeVisible();
  const refunds = page.getByTestId('staff-refunds');
  await expect(refunds).toContainText('Cash handed back at the counter');
  await expect(page.getByTestId('staff-order-status')).toContainText('Refunded');

  // The credit note, as the PDF of its number.
  const button = refunds.getByRole('button', { name: /^Download credit note CN\/\d{2}-\d{2}\/\d{6}$/ });
  const number = ((await button.textContent()) ?? '').replace('Download credit note ', '');
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
  const text = (await pdfRows(readFileSync((await download.path())!))).join('\n');
  expect(text).toContain(number);
  expect(text).toContain('14,999');
  expect(text).toMatch(/[Cc]ash/);
  await keepScreenshot(page, testInfo, 'counter-refund-order', { fullPage: true });
});
