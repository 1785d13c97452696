/**
 * The month's GST registers against the real stack, as the demo admin: a customer buys a kit in Maharashtra and it is
 * refunded; the invoice register of the month holds its invoice with IGST, as the invoice PDF says, and the
 * credit-note register its credit note against that invoice.
 */
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { pdfRows } from '../api/pdf-text';
import { buyKit, callApi, registerPerson, signInFresh } from './shopping';
import { formatRupees } from '../../machines/pricing';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, stored, test } from './support';

const ADDRESS = { name: 'Neha Kulkarni', phone: '9822012345', line1: '4, Linking Road, Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' };

interface StaffOrder {
  _id: string;
  invoice: { number: string } | null;
  refunds: Array<{ creditNoteNumber: string }>;
  price: number;
}

/** The CSV a download saved, as rows of fields (these registers' fields hold no commas). */
function csvRows(path: string): string[][] {
  return readFileSync(path, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
}

async function exportRegister(admin: Page, what: string): Promise<{ download: Download; path: string }> {
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: `Export ${what} as CSV` }).click();
  const download = await downloading;
  return { download, path: (await download.path())! };
}

test('the month’s invoice and credit-note registers hold the invoice and the credit note as their PDFs say them', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(150_000);
  const buyer = await registerPerson('Neha Kulkarni', 'gst');
  await signInFresh(page, buyer.email, '/');
  const number = await buyKit(page, 'PROD-G3G-LITE', ADDRESS);

  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null, acceptDownloads: true });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin);
  const {
    items: [listed],
  } = await callApi<{ items: Array<{ _id: string }> }>(admin, 'GET', `/api/admin/orders?q=${number}`);
  await callApi(admin, 'POST', `/api/admin/orders/${listed!._id}/refunds`, { reason: 'Bought twice by mistake' }, { 'idempotency-key': crypto.randomUUID() });
  const order = (await callApi<{ order: StaffOrder }>(admin, 'GET', `/api/admin/orders/${listed!._id}`)).order;
  const invoiceNumber = order.invoice!.number;
  const creditNote = order.refunds[0]!.creditNoteNumber;

  // What the invoice PDF says of its taxes.
  const pdf = await admin.request.get(`/api/admin/orders/${order._id}/invoice`, {
    headers: { authorization: `Bearer ${(await stored(admin)).authToken}` },
  });
  expect(pdf.ok()).toBe(true);
  const text = (await pdfRows(await pdf.body())).join('\n');
  expect(text).toContain(invoiceNumber);

  await openPage(admin, '/admin/gst-registers');
  await expect(admin.getByRole('heading', { level: 1, name: 'GST Registers' })).toBeVisible();
  const month = admin.getByLabel('Month');
  const thisMonth = (await month.locator('option').first().getAttribute('value'))!;
  await month.selectOption(thisMonth);

  const invoices = await exportRegister(admin, 'the invoice register');
  expect(invoices.download.suggestedFilename()).toMatch(new RegExp(`^invoice-register-${thisMonth}-01-to-${thisMonth}-\\d{2}\\.csv$`));
  const [header, ...rows] = csvRows(invoices.path);
  expect(header!.slice(0, 3)).toEqual(['Invoice number', 'Invoice date', 'Order']);
  const row = rows.find((fields) => fields[0] === invoiceNumber)!;
  expect(row).toBeTruthy();
  const column = (name: string) => row[header!.indexOf(name)];
  expect(column('Order')).toBe(number);
  expect(column('Place of supply')).toBe('27-Maharashtra');
  expect(column('Supply')).toBe('Inter-state');
  expect(column('CGST (INR)')).toBe('0.00');
  expect(Number(column('Invoice value (INR)')) * 100).toBe(order.price);
  // The IGST and taxable value are the invoice PDF's own figures.
  for (const figure of [column('IGST (INR)')!, column('Taxable value (INR)')!]) {
    expect(text).toContain(formatRupees(Math.round(Number(figure) * 100), { symbol: '', alwaysShowPaise: true }));
  }
  await expect(admin.getByText(new RegExp(`Saved ${invoices.download.suggestedFilename()}`))).toBeVisible();

  const notes = await exportRegister(admin, 'the credit-note register');
  const [noteHeader, ...noteRows] = csvRows(notes.path);
  const note = noteRows.find((fields) => fields[0] === creditNote)!;
  expect(note[noteHeader!.indexOf('Original invoice number')]).toBe(invoiceNumber);
  expect(note[noteHeader!.indexOf('Note value (INR)')]).toBe(column('Invoice value (INR)'));
  expect(note[noteHeader!.indexOf('Reason')]).toBe('Bought twice by mistake');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await keepScreenshot(admin, testInfo, 'gst-registers', { fromTop: true });
  await staff.close();
});
