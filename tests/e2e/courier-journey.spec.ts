/**
 * The kit's journey on the couriers' own data, against the real stack with the built-in test courier, at both widths.
 * A customer buys a kit (the demo warehouse delivers it at once), activates it, books the pickup of the sample for a
 * day and moves it to another; the courier's webhooks (sent by the test, as the courier would) carry the sample to
 * the lab. The lab finds the sample unusable, and the admin ships the new kit through the courier service: the label
 * downloads, and the courier's webhooks deliver it. The customer and the admin see each step; the e-mails of each step
 * reach the customer exactly once.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { buyKit, callApi, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, keepScreenshot, openPage, startSignedIn, test } from './support';

/** Meera's address, with a mobile number of her own in each run: the WhatsApp log is shared by every test of the run. */
const addressOf = () => ({
  name: 'Meera Pillai',
  phone: `9${String(randomInt(100_000_000, 999_999_999))}`,
  line1: '22, 5th Main, Jayanagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560041',
});
/** The test courier's webhook token outside production (server/config.ts). */
const COURIER_TOKEN = 'test-courier-webhook-token-for-local-use-only';

/** The test's start, `minutes` on, in IST as couriers write it ("2026-11-29 15:20:11"): the same update, the same time. */
const START = Date.now();
function istAt(minutes: number): string {
  return new Date(START + 5.5 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The courier's tracking webhook, in Shiprocket's format, as the test courier sends it. */
async function courierSays(request: APIRequestContext, awb: string, [code, label]: [number, string], minutes: number, isReturn: boolean) {
  const at = istAt(minutes);
  const response = await request.post('/api/shipping/webhook', {
    headers: { 'x-api-key': COURIER_TOKEN },
    data: {
      awb,
      courier_name: 'Test Courier',
      current_status: label,
      current_status_id: code,
      current_timestamp: at.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3 $2 $1'),
      scans: [{ date: at, status: label, activity: label.toLowerCase(), location: 'Bengaluru hub', 'sr-status': String(code), 'sr-status-label': label }],
      is_return: isReturn ? 1 : 0,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

/** The subjects of the e-mails the catcher holds for `address`, and the WhatsApp templates logged for `mobile`. */
async function caughtFor(request: APIRequestContext, address: string, mobile: string): Promise<{ subjects: string[]; whatsapp: string[] }> {
  const response = await request.get('/_dev/mail.json');
  expect(response.ok()).toBe(true);
  const { mail, whatsapp } = (await response.json()) as { mail: Array<{ to: string[]; subject: string }>; whatsapp: Array<{ to: string; template: string }> };
  return {
    subjects: mail.filter((one) => one.to.some((to) => to.toLowerCase() === address.toLowerCase())).map((one) => one.subject),
    whatsapp: whatsapp.filter((one) => one.to === mobile).map((one) => one.template),
  };
}

async function activate(page: Page) {
  await openPage(page, '/user/dashboard');
  const kit = page.getByRole('article', { name: 'Gut 360' });
  const code = (await kit.getByTestId('demo-box-code').textContent()) ?? '';
  await kit.getByLabel('Kit code from the box').fill(code);
  await kit.getByRole('button', { name: 'Activate kit' }).click();
  await expect(kit.getByTestId('kit-state')).toHaveText('Activated');
  return kit;
}

test('a sample’s pickup and a new kit’s shipment run on the courier’s updates', async ({ newContext, page, request }, testInfo) => {
  test.setTimeout(240_000);
  const address = addressOf();
  const buyer = await registerPerson('Meera Pillai', 'courier');
  await signInFresh(page, buyer.email, '/');
  // The customer chose WhatsApp for updates: each step reaches them there too (instead of SMS).
  await callApi(page, 'PUT', '/api/privacy/consents/whatsapp', { granted: true });
  const number = await buyKit(page, 'PROD-G360', address);
  const kit = await activate(page);

  // The customer books the pickup of the sample, then moves it to another day.
  const pickup = kit.getByRole('region', { name: 'Pickup of your sample' });
  await pickup.getByRole('button', { name: 'Book the pickup of my sample' }).click();
  const form = pickup.getByRole('form', { name: 'Pickup address' });
  await expect(form.getByLabel('House number and street')).toHaveValue(address.line1);
  const days = form.getByLabel('Pickup day');
  const offered = await days.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered).toHaveLength(6);
  await days.selectOption(offered[0]!);
  await keepScreenshot(pickup, testInfo, 'pickup-form');
  await form.getByRole('button', { name: 'Book the pickup' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: /^Pickup booked for / })).toBeVisible();
  const booked = pickup.getByTestId('sample-pickup-booked');
  await expect(booked).toContainText('The courier (Test Courier) comes for your sample on');
  await pickup.getByRole('button', { name: 'Change the day or address' }).click();
  await pickup.getByLabel('Pickup day').selectOption(offered[2]!);
  await pickup.getByRole('button', { name: 'Move the pickup' }).click();
  await expect(pickup.getByRole('form', { name: 'Pickup address' })).toBeHidden();
  const returnAwb = ((await pickup.getByRole('link', { name: /^Follow AWB / }).textContent()) ?? '').replace('Follow AWB ', '');
  expect(returnAwb).toMatch(/^TC\d{12}$/);
  await keepScreenshot(pickup, testInfo, 'pickup-booked');

  // The courier collects the sample and brings it to the lab; a repeated update changes nothing.
  expect(await courierSays(request, returnAwb, [42, 'RETURN PICKED UP'], 1, true)).toBe('processed');
  await page.reload();
  await expect(pickup).toContainText('Your sample is on its way to the lab with Test Courier.');
  await expect(pickup.getByRole('button')).toHaveCount(0);
  expect(await courierSays(request, returnAwb, [7, 'RETURN DELIVERED'], 2, true)).toBe('processed');
  expect(await courierSays(request, returnAwb, [7, 'RETURN DELIVERED'], 2, true)).toBe('duplicate');
  await page.reload();
  await expect(kit.getByTestId('kit-state')).toHaveText('Sample received at the lab');
  await expect(pickup).toHaveCount(0);

  // The lab cannot analyse it: a new kit waits, which the admin ships through the courier service.
  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin);
  await openPage(admin, '/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(number);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: number }).click();
  const first = admin.getByTestId('staff-kit').first();
  await first.getByLabel('What the lab found').fill('Too little sample in the tube');
  await first.getByRole('button', { name: 'QC failed' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'QC failed: send a new kit' }).click();
  await expect(first.getByTestId('staff-kit-state')).toHaveText('Replaced by a new kit');
  await admin.getByRole('button', { name: 'Book the courier' }).click();
  const confirm = admin.getByRole('alertdialog');
  await expect(confirm).toContainText(`checks that it delivers to PIN ${address.pincode}`);
  await confirm.getByRole('button', { name: 'Book and mark shipped' }).click();
  await expect(admin.getByTestId('notice').filter({ hasText: /^Booked with Test Courier, AWB TC\d{12}; the customer is e-mailed it\./ })).toBeVisible();
  const parcel = admin.getByTestId('staff-parcel').filter({ has: admin.getByRole('heading', { name: /^Parcel / }) });
  await expect(admin.getByTestId('staff-parcel').filter({ has: admin.getByRole('heading', { name: /^Sample pickup / }) }).getByTestId('staff-parcel-status')).toHaveText('Delivered');
  await expect(parcel.getByTestId('staff-parcel-status')).toHaveText('Booked, waiting for the courier');
  const forwardAwb = /AWB (TC\d{12})/.exec((await parcel.getByRole('link').textContent()) ?? '')?.[1] ?? '';
  const label = admin.waitForEvent('download');
  await parcel.getByRole('button', { name: 'Download the label' }).click();
  expect((await label).suggestedFilename()).toBe(`label-${forwardAwb}.pdf`);

  // The courier's updates deliver the new kit: out for delivery, then delivered (sent twice).
  expect(await courierSays(request, forwardAwb, [18, 'IN TRANSIT'], 3, false)).toBe('processed');
  expect(await courierSays(request, forwardAwb, [17, 'OUT FOR DELIVERY'], 4, false)).toBe('processed');
  // The customer sees where the new kit is, as the courier says.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Gut 360' }).first().getByTestId('kit-parcel-status')).toHaveText('Out for delivery today.');
  expect(await courierSays(request, forwardAwb, [7, 'DELIVERED'], 5, false)).toBe('processed');
  expect(await courierSays(request, forwardAwb, [7, 'DELIVERED'], 5, false)).toBe('duplicate');
  await admin.reload();
  await expect(parcel.getByTestId('staff-parcel-status')).toHaveText('Delivered');
  await expect(parcel.getByTestId('staff-parcel-scans').getByRole('listitem')).toHaveCount(3);
  await expect(admin.getByTestId('staff-kit').nth(1).getByTestId('staff-kit-state')).toHaveText('Delivered');
  await keepScreenshot(parcel, testInfo, 'staff-parcel');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Gut 360' }).getByTestId('kit-state')).toContainText(['Delivered', 'Replaced by a new kit']);
  await expect(page.getByRole('article', { name: 'Gut 360' }).first().getByRole('link', { name: 'Follow the parcel' })).toHaveAttribute(
    'href',
    `https://test-courier.example/track/${forwardAwb}`,
  );

  // Each step's e-mail, and its WhatsApp message, reached the customer once.
  const mobile = `+91${address.phone}`;
  await expect
    .poll(
      async () => {
        const { subjects, whatsapp } = await caughtFor(request, buyer.email, mobile);
        const count = (list: string[], wanted: string | RegExp) => list.filter((one) => (typeof wanted === 'string' ? one === wanted : wanted.test(one))).length;
        return {
          pickupBooked: count(subjects, /^Pickup booked: the courier comes for your Gut 360 sample on /),
          pickupMoved: count(subjects, /^Pickup moved: the courier comes for your Gut 360 sample on /),
          sampleReceived: count(subjects, 'Your Gut 360 sample has reached our lab'),
          shipped: count(subjects, `Order ${number} has shipped: your kit is on the way`),
          delivered: count(subjects, `Order ${number} delivered: how to activate your kit`),
          whatsapp: [count(whatsapp, 'pickup_booked'), count(whatsapp, 'sample_received'), count(whatsapp, 'kit_shipped'), count(whatsapp, 'kit_delivered')],
        };
      },
      { timeout: 30_000 },
    )
    .toEqual({ pickupBooked: 1, pickupMoved: 1, sampleReceived: 1, shipped: 1, delivered: 1, whatsapp: [2, 1, 1, 1] });
  await staff.close();
});
