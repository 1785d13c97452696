/**
 * Queues lead to the work, against the real stack, as the demo admin at both widths: the staff home's "Paid kits to
 * ship" number opens the orders holding those kits, whose Ship step opens the order at its ship form; the order is
 * shipped, its GST invoice downloads as the PDF of its number, its customer's page is a link away and leads back by
 * the order's number, and the order search finds the order by its kit's code.
 *
 * The demo warehouse ships and delivers a paid kit at once, so the kit waiting here is a replacement: the customer
 * activates the kit, the lab finds the sample unusable, and the new kit waits for staff to ship it.
 */
import { readFileSync } from 'node:fs';
import { pdfRows } from '../api/pdf-text';
import { buyKit, callApi, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, test } from './support';

const ADDRESS = { name: 'Kabir Sethi', phone: '9845067890', line1: '21, 5th Main, Jayanagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560041' };

interface StaffOrder {
  _id: string;
  number: string;
  invoice: { number: string } | null;
  kits: Array<{ _id: string; boxCode: string; state: string }>;
}

test('from the staff home’s “to ship” number the admin reaches the order, ships it and downloads its invoice', async ({ newContext, page }, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await registerPerson('Kabir Sethi', 'queues');
  await signInFresh(page, buyer.email, '/');
  const number = await buyKit(page, 'PROD-G3G-LITE', ADDRESS);

  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null, acceptDownloads: true });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin);
  const {
    items: [listed],
  } = await callApi<{ items: Array<{ _id: string }> }>(admin, 'GET', `/api/admin/orders?q=${number}`);
  const orderId = listed!._id;
  const bought = (await callApi<{ order: StaffOrder }>(admin, 'GET', `/api/admin/orders/${orderId}`)).order;
  await callApi(page, 'POST', '/api/kits/activate', { code: bought.kits[0]!.boxCode });
  await callApi(admin, 'POST', `/api/admin/orders/${orderId}/journey`, { step: 'receiveSample' });
  const { order } = await callApi<{ order: StaffOrder }>(admin, 'POST', `/api/admin/orders/${orderId}/journey`, {
    step: 'failQc',
    reason: 'Too little sample in the tube',
  });
  const replacement = order.kits.find((kit) => kit.state === 'paid')!;
  expect(replacement).toBeTruthy();
  const invoiceNumber = order.invoice!.number;

  // The staff home counts the replacement among the kits to ship; its number opens the orders holding them.
  await openPage(admin, '/admin-home');
  const toShip = admin.getByTestId('staff-queues').getByRole('link', { name: /Paid kits to ship$/ });
  await expect(toShip).toHaveText(/^[1-9][\d,]*Paid kits to ship$/);
  await keepScreenshot(admin, testInfo, 'staff-home-queues', { around: toShip });
  await toShip.click();
  await expect(admin).toHaveURL(/\/admin\/orders\?kitState=paid$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Holding a kit that is' })).toHaveValue('paid');
  const ship = admin.getByRole('link', { name: `Ship: order ${number}` });
  await expect(ship).toBeVisible();
  await expectNoSeriousAxeViolations(admin, testInfo);
  await keepScreenshot(admin, testInfo, 'orders-to-ship', { fromTop: true });

  // The order opens at its ship form.
  await ship.click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`/admin/order\\?id=${orderId}#ship$`));
  const shipForm = admin.getByRole('form', { name: /^Ship / });
  await expect(shipForm).toBeInViewport();
  await keepScreenshot(admin, testInfo, 'order-ship-form');
  await shipForm.getByLabel('Courier').fill('Blue Dart');
  await shipForm.getByLabel('Tracking number').fill('BD 5555 1234');
  await shipForm.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(admin.getByRole('article', { name: `Gut Start (${replacement.boxCode})` }).getByTestId('staff-kit-state')).toHaveText('Shipped');
  await expect(admin.getByRole('form', { name: /^Ship / })).toHaveCount(0);

  // The invoice: the PDF of the order's invoice number.
  const invoiceButton = admin.getByRole('button', { name: `Download invoice ${invoiceNumber}` });
  await invoiceButton.scrollIntoViewIfNeeded();
  await keepScreenshot(admin, testInfo, 'order-invoice', { around: invoiceButton });
  const [download] = await Promise.all([admin.waitForEvent('download'), invoiceButton.click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const rows = await pdfRows(pdf);
  expect(rows).toContain('Tax Invoice');
  expect(rows.some((row) => row.startsWith(`Invoice number | ${invoiceNumber} |`))).toBe(true);
  expect(rows.some((row) => row.startsWith(`Order number | ${number} |`))).toBe(true);

  // The customer is a link away, and their page leads back by the order's number.
  await admin.getByTestId('staff-order-customer').click();
  await expect(admin.getByRole('heading', { level: 1, name: buyer.fullname })).toBeVisible();
  await admin.getByRole('link', { name: number }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();

  // The order search finds the order by its kit's code, typed as it is read off a label.
  await openPage(admin, '/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(replacement.boxCode.toLowerCase().replaceAll('-', ' '));
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByTestId('list-range')).toHaveText('1–1 of 1');
  await expect(admin.getByRole('link', { name: number })).toBeVisible();
});
