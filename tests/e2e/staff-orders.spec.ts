/**
 * Staff fulfilment against the real stack, as the demo admin: find a paid order by its number; the lab receives its
 * sample, which fails quality control, so a replacement kit is shipped with a tracking number the customer sees; the
 * replacement's sample and report are recorded and the customer's dashboard links the report. Another paid order is
 * refunded after a confirmation that asks why: its credit note downloads, and order and kits show as refunded.
 *
 * The demo warehouse ships and delivers a paid kit at once, so the kit staff ship here is the replacement, which
 * waits for them. Customers buy through the API the checkout uses: buying itself is checkout.spec.ts's.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { buyKit, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, openPage, startSignedIn, test } from './support';

const ADDRESS = { name: 'Kavya Menon', phone: '9845012345', line1: '7, 3rd Cross, Malleswaram', city: 'Bengaluru', state: 'Karnataka', pincode: '560003' };

/** The signed-in customer of `page` buys one kit and pays through the test gateway; returns the order's number. */
const buy = (page: Page, code: string) => buyKit(page, code, ADDRESS);

/** Activates the kit on the customer's dashboard with the code printed in its box (shown by the demo shop). */
async function activateOnDashboard(page: Page, kitName: string) {
  await openPage(page, '/user/dashboard');
  const kit = page.getByRole('article', { name: kitName }).filter({ has: page.getByTestId('demo-box-code') });
  const code = (await kit.getByTestId('demo-box-code').textContent()) ?? '';
  await kit.getByLabel('Kit code from the box').fill(code);
  await kit.getByRole('button', { name: 'Activate kit' }).click();
  await expect(page.getByRole('article', { name: kitName }).getByTestId('kit-state').filter({ hasText: 'Activated' })).toHaveCount(1);
}

/** Opens an order's staff page from the list, found by its number. */
async function findOrder(admin: Page, number: string) {
  await openPage(admin, '/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(number);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByTestId('list-range')).toHaveText('1–1 of 1');
  await admin.getByRole('link', { name: number }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
}

test('an admin ships, records the lab’s steps and refunds; the customers see each step', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(240_000);
  const buyer = await registerPerson('Kavya Menon', 'fulfil');
  await signInFresh(page, buyer.email, '/');
  const number = await buy(page, 'PROD-G360');
  await activateOnDashboard(page, 'Gut 360');

  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin);
  await findOrder(admin, number);
  await expectNoSeriousAxeViolations(admin, testInfo);

  // The lab receives the sample; it fails quality control, and a new kit waits to be shipped.
  const first = admin.getByTestId('staff-kit').first();
  await first.getByRole('button', { name: 'Sample received at the lab' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Sample received' }).click();
  await expect(first.getByTestId('staff-kit-state')).toHaveText('Sample received at the lab');
  await first.getByLabel('What the lab found').fill('Too little sample in the tube');
  await first.getByRole('button', { name: 'QC failed' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'QC failed: send a new kit' }).click();
  await expect(first.getByTestId('staff-kit-state')).toHaveText('Replaced by a new kit');
  const replacement = admin.getByTestId('staff-kit').nth(1);
  await expect(replacement.getByTestId('staff-kit-state')).toHaveText('Paid');

  const ship = admin.getByRole('form', { name: /^Ship Gut 360/ });
  await ship.getByLabel('Courier').fill('Blue Dart');
  await ship.getByLabel('Tracking number').fill('BD7788990011');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(replacement.getByTestId('staff-kit-state')).toHaveText('Shipped');
  await expect(replacement).toContainText('Blue Dart, tracking number BD7788990011');
  await expect(admin.getByTestId('staff-audit')).toContainText('order.shipped by Asha Admin');

  // The customer sees the parcel on the order and on the dashboard, and activates the new kit.
  await openPage(page, '/user/orders');
  await page.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-shipments')).toContainText('Gut 360: shipped with Blue Dart, tracking number BD7788990011');
  await openPage(page, '/user/dashboard');
  await expect(page.getByTestId('kit-shipment')).toContainText('Shipped with Blue Dart, tracking number BD7788990011.');
  await expectNoSeriousAxeViolations(page, testInfo);
  await activateOnDashboard(page, 'Gut 360');

  // The lab has the new kit's sample, then its report.
  await admin.reload();
  await replacement.getByRole('button', { name: 'Sample received at the lab' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Sample received' }).click();
  await expect(replacement.getByTestId('staff-kit-state')).toHaveText('Sample received at the lab');
  await expect(replacement).toContainText('Not refundable: the sample is at the lab.');
  await replacement.getByLabel('Report link').fill('https://reports.example.test/gut360/kavya');
  await replacement.getByRole('button', { name: 'Report ready' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Publish the report' }).click();
  await expect(replacement.getByTestId('staff-kit-state')).toHaveText('Report ready');

  await openPage(page, '/user/dashboard');
  await expect(page.getByRole('link', { name: 'Read your report' })).toHaveAttribute('href', 'https://reports.example.test/gut360/kavya');

  // Another customer's paid order is refunded in full.
  const other = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const otherPage = await other.newPage();
  const second = await registerPerson('Rahul Nair', 'refund');
  await signInFresh(otherPage, second.email, '/');
  const refunded = await buy(otherPage, 'PROD-G3G-LITE');

  await findOrder(admin, refunded);
  await admin.getByRole('button', { name: /^Refund the whole order/ }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Refund order ${refunded}?` });
  await expect(confirm).toContainText('This cannot be undone.');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await confirm.getByLabel('Reason').fill('Ordered by mistake');
  await confirm.getByRole('button', { name: /^Refund ₹/ }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByTestId('staff-order-status')).toContainText('Refunded');
  await expect(admin.getByTestId('staff-kit-state')).toHaveText('Refunded');
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: /^Download credit note CN\/\d{2}-\d{2}\/\d{6}$/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^CN-\d{2}-\d{2}-\d{6}\.pdf$/);

  await openPage(otherPage, '/user/orders');
  await otherPage.getByTestId('order-link').first().click();
  await expect(otherPage.getByTestId('order-detail')).toContainText('Refunded');
  await expect(otherPage.getByTestId('order-refunds')).toContainText(/Download credit note CN\/\d{2}-\d{2}\/\d{6}/);
  await openPage(otherPage, '/user/dashboard');
  await expect(otherPage.getByTestId('kit-state')).toHaveText('Refunded');
  await expectNoSeriousAxeViolations(otherPage, testInfo);
  await staff.close();
  await other.close();
});

test('the order list filters by kit and status, sorts by its headers and exports what it shows', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await registerPerson('Kavya Menon', 'orderlist');
  await signInFresh(page, buyer.email, '/');
  const number = await buy(page, 'PROD-GSENS');

  const staff = await newContext({ viewport: page.viewportSize() });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin, { path: '/admin/orders' });
  await admin.getByLabel('Kit', { exact: true }).selectOption({ label: 'Gut SEnS' });
  await admin.getByLabel('Order status').selectOption({ label: 'Paid' });
  await expect(admin).toHaveURL(/product=PROD-GSENS/);
  await expect(admin).toHaveURL(/status=paid/);
  const rows = admin.getByTestId('orders').getByRole('row').filter({ has: admin.getByRole('rowheader') });
  await expect(rows.filter({ hasText: number })).toHaveCount(1);
  // Every row shown holds a Gut SEnS kit.
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Gut SEnS');

  if (testInfo.project.name === 'desktop') {
    const total = admin.getByRole('columnheader', { name: /Total/ });
    await total.getByRole('button').click();
    await expect(total).toHaveAttribute('aria-sort', 'ascending');
    await expect(admin).toHaveURL(/sort=total/);
    await total.getByRole('button').click();
    await expect(total).toHaveAttribute('aria-sort', 'descending');
  } else {
    await admin.getByLabel('Sort by').selectOption({ label: 'Largest total first' });
    await expect(admin).toHaveURL(/sort=-total/);
  }
  await expect(rows.filter({ hasText: number })).toHaveCount(1);

  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export orders as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Order,Placed (IST),Paid (IST),Status,Payment,Customer,E-mail,Phone,Ship to,Kits,Amount (INR),Refunded (INR),Invoice number,GST rates (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Payment method,Channel,Coupon',
  );
  // The export holds the filter's orders: paid ones with a Gut SEnS kit, ours among them.
  for (const line of lines.slice(1)) {
    expect(line.split(',')[3]).toBe('paid');
    expect(line).toContain('Gut SEnS');
  }
  expect(lines.find((line) => line.startsWith(`${number},`))).toContain(buyer.email);
  await expect(admin.getByText(new RegExp(`Saved ${download.suggestedFilename()}`))).toBeVisible();
  await expectNoSeriousAxeViolations(admin, testInfo);
  await staff.close();
});
