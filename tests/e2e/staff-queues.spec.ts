/**
 * Queues lead to the work, against the real stack, as the demo admin at both widths: the staff home's "Paid kits to
 * ship" number opens the orders holding those kits, whose Ship step opens the order at its ship form; the order is
 * shipped, its GST invoice downloads as the PDF of its number, its customer's page is a link away and leads back by
 * the order's number, and the order search finds the order by its kit's code. Each step that e-mails the customer asks
 * first, showing the e-mail's subject; the mistyped tracking number is corrected (the customer's order shows the
 * right one); a report PDF is uploaded, opened by staff, and withdrawn as published on the wrong kit, after which the
 * customer can no longer open it.
 *
 * The demo warehouse ships and delivers a paid kit at once, so the kit waiting here is a replacement: the customer
 * activates the kit, the lab finds the sample unusable, and the new kit waits for staff to ship it.
 */
import { readFileSync } from 'node:fs';
import { pdfRows } from '../api/pdf-text';
import { buyKit, callApi, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, stored, test } from './support';

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
  // It asks first, with what the customer will receive.
  const confirmShip = admin.getByRole('alertdialog', { name: `Ship Gut Start (${replacement.boxCode})?` });
  await expect(confirmShip.getByTestId('step-confirm-message')).toContainText(`Subject: “Order ${number} has shipped: your kit is on the way”`);
  await expect(confirmShip.getByTestId('step-confirm-message')).toContainText('The courier Blue Dart and tracking number BD 5555 1234');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await keepScreenshot(admin, testInfo, 'order-ship-confirm');
  await confirmShip.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(confirmShip).toBeHidden();
  const kitPanel = admin.getByRole('article', { name: `Gut Start (${replacement.boxCode})` });
  await expect(kitPanel.getByTestId('staff-kit-state')).toHaveText('Shipped');
  await expect(admin.getByRole('form', { name: /^Ship / })).toHaveCount(0);

  // The tracking number was mistyped: corrected, the customer's order shows the right one.
  await kitPanel.getByRole('button', { name: 'Correct the tracking number' }).click();
  const correction = admin.getByRole('alertdialog', { name: 'Correct the tracking number?' });
  await correction.getByRole('textbox', { name: 'Tracking number' }).fill('BD 5555 1243');
  await correction.getByLabel('Why (for the audit log)').fill('Last digits swapped');
  await expect(correction.getByTestId('step-confirm-message')).toContainText(`Subject: “Order ${number}: the right tracking number is BD 5555 1243”`);
  await expectNoSeriousAxeViolations(admin, testInfo);
  await keepScreenshot(admin, testInfo, 'order-tracking-correction');
  await correction.getByRole('button', { name: 'Correct and e-mail the customer' }).click();
  await expect(correction).toBeHidden();
  await expect(kitPanel).toContainText('Blue Dart, tracking number BD 5555 1243');
  await expect(admin.getByTestId('staff-audit')).toContainText('order.trackingCorrected by Asha Admin');
  const seen = await callApi<{ order: { shipments: Array<{ trackingNumber: string }> } }>(page, 'GET', `/api/orders/${orderId}`);
  expect(seen.order.shipments.map((shipment) => shipment.trackingNumber)).toContain('BD 5555 1243');

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

  // The lab's report, uploaded as a PDF: checked before it is published, opened by staff after.
  await callApi(page, 'POST', '/api/kits/activate', { code: replacement.boxCode });
  await callApi(admin, 'POST', `/api/admin/orders/${orderId}/journey`, { step: 'receiveSample', kitIds: [replacement._id] });
  await admin.reload();
  const report = Buffer.from('%PDF-1.4\n% Gut Start report of another person\n%%EOF\n');
  await kitPanel.getByLabel('or the report as a PDF').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: report });
  await kitPanel.getByRole('button', { name: 'Report ready' }).click();
  const publish = admin.getByRole('alertdialog', { name: `Publish the report of Gut Start (${replacement.boxCode})?` });
  await expect(publish.getByRole('link', { name: 'Open the chosen PDF (report.pdf)' })).toHaveAttribute('href', /^blob:/);
  await expect(publish.getByTestId('step-confirm-message')).toContainText('Subject: “Your Gut Start report is ready”');
  await keepScreenshot(admin, testInfo, 'order-report-confirm');
  await publish.getByRole('button', { name: 'Publish the report' }).click();
  await expect(publish).toBeHidden();
  await expect(kitPanel.getByTestId('staff-kit-state')).toHaveText('Report ready');
  const [opened] = await Promise.all([admin.waitForEvent('download'), kitPanel.getByRole('button', { name: 'Open the report PDF' }).click()]);
  expect(opened.suggestedFilename()).toBe(`report-${replacement.boxCode}.pdf`);
  expect(readFileSync(await opened.path())).toEqual(report);
  const { authToken: customerToken } = await stored(page);
  const customerReport = () => page.request.get(`/api/kits/${replacement._id}/report`, { headers: { authorization: `Bearer ${customerToken}` } });
  expect((await customerReport()).status()).toBe(200);

  // It was another person's: withdrawn, after a confirmation that asks why; the customer loses it at once.
  await kitPanel.getByRole('button', { name: 'Withdraw this report' }).click();
  const withdraw = admin.getByRole('alertdialog', { name: `Withdraw the report of Gut Start (${replacement.boxCode})?` });
  await expect(withdraw).toContainText('The customer can no longer open it');
  await withdraw.getByLabel('Reason').fill('Published on the wrong kit: another person’s report');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await keepScreenshot(admin, testInfo, 'order-report-withdraw');
  await withdraw.getByRole('button', { name: 'Withdraw the report' }).click();
  await expect(withdraw).toBeHidden();
  await expect(kitPanel.getByTestId('staff-kit-state')).toHaveText('Sample received at the lab');
  await expect(kitPanel.getByRole('button', { name: 'Open the report PDF' })).toHaveCount(0);
  await expect(admin.getByTestId('staff-audit')).toContainText('order.reportWithdrawn by Asha Admin');
  await expect(admin.getByTestId('staff-audit')).toContainText('Reason: Published on the wrong kit: another person’s report');
  expect((await customerReport()).status()).toBe(404);

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
