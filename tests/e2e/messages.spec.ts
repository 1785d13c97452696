/**
 * What the shop sends, read back from the local mail catcher and the SMS log that the API server runs outside
 * production (GET /_dev/mail.json, the /_dev/mail pages): a new customer's paid order brings its confirmation with
 * the GST invoice attached; a kit that staff ship brings the "kit shipped" e-mail and, to a customer who gave a mobile
 * number and consented to SMS updates, an SMS with the tracking number; the staff order page lists both as sent.
 *
 * Messages go out from a worker that polls the outbox about every second, so they are waited for. Every test buys as
 * a person of its own and finds messages by their recipient, never as "the newest": the other specs' messages arrive
 * in the same catcher meanwhile.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { addToCart, applyCoupon, cartFigures, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, atPath, expect, keepScreenshot, openPage, PASSWORD, startSignedIn, stored, test, userMenuTrigger } from './support';

/** The catcher's JSON (server/services/messages/catcher.ts, sms.ts), as far as these tests read it. */
interface CaughtMail {
  id: string;
  receivedAt: string;
  messageId: string | null;
  from: string | null;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  attachments: Array<{ filename: string | null; contentType: string; size: number; contentId: string | null; inline: boolean }>;
  deliveries: number;
}

interface SmsLogEntry {
  id: string;
  at: string;
  to: string;
  templateKey: string;
  vars: Record<string, string>;
  text: string;
  reference: string;
}

interface Caught {
  mail: CaughtMail[];
  sms: SmsLogEntry[];
}

/** How long a message may take: the worker polls about every second, on a machine busy with the other specs. */
const MESSAGE_TIMEOUT = 20_000;

async function caught(request: APIRequestContext): Promise<Caught> {
  const response = await request.get('/_dev/mail.json');
  expect(response.ok(), `GET /_dev/mail.json: ${response.status()}`).toBe(true);
  return (await response.json()) as Caught;
}

/** The e-mails delivered to `address` (of everything the catcher holds), once at least one that `wanted` accepts is there. */
async function mailTo(
  request: APIRequestContext,
  address: string,
  wanted: (mail: CaughtMail) => boolean,
  what: string,
): Promise<CaughtMail[]> {
  let theirs: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        theirs = (await caught(request)).mail.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
        return theirs.filter(wanted).length;
      },
      { message: `${what} to ${address}`, timeout: MESSAGE_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return theirs;
}

/** The SMS logged to `mobile` (E.164), once at least one that `wanted` accepts is there. */
async function smsTo(
  request: APIRequestContext,
  mobile: string,
  wanted: (sms: SmsLogEntry) => boolean,
  what: string,
): Promise<SmsLogEntry[]> {
  let theirs: SmsLogEntry[] = [];
  await expect
    .poll(
      async () => {
        theirs = (await caught(request)).sms.filter((sms) => sms.to === mobile);
        return theirs.filter(wanted).length;
      },
      { message: `${what} to ${mobile}`, timeout: MESSAGE_TIMEOUT },
    )
    .toBeGreaterThan(0);
  return theirs;
}

/** The e-mail's HTML as the catcher serves it, at the project's viewport, attached to the report. */
async function attachMailScreenshot(page: Page, mail: CaughtMail, testInfo: TestInfo, name: string) {
  const response = await page.goto(`/_dev/mail/${encodeURIComponent(mail.id)}/html`);
  expect(response?.status()).toBe(200);
  await keepScreenshot(page, testInfo, name, { fullPage: true });
}

async function call<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const { authToken } = await stored(page);
  const response = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${authToken}`, ...headers }, data });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A mobile number of no one else in this run: the SMS log is searched by it. */
function uniqueMobile(): string {
  return `9${String(randomInt(1e9)).padStart(9, '0')}`;
}

test('a paid order sends its confirmation with the GST invoice attached, readable on the development mail page', { tag: '@desktop' }, async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const buyer = await registerPerson('Ritu Sharma', 'mail-buyer');
  await signInFresh(page, buyer.email, '/');
  await expect(userMenuTrigger(page)).toHaveText(buyer.fullname);

  // Buying as checkout.spec.ts does: the kit page, the cart with WELCOME10, the address, the test gateway.
  await addToCart(page, '/products/gut360', 'Gut 360', 1);
  await openPage(page, '/cart');
  await applyCoupon(page, 'WELCOME10');
  await expect(page.getByTestId('coupon-outcome')).toContainText('Coupon WELCOME10 is applied');
  const payable = (await cartFigures(page).payable.textContent()) ?? '';
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(atPath('/checkout'));
  const form = page.getByRole('form', { name: 'Delivery address' });
  await form.getByLabel('Full name').fill('Ritu Sharma');
  await form.getByLabel('Mobile number').fill('98765 43210');
  await form.getByLabel('House number and street').fill('14, 2nd Cross, Indiranagar');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  await form.getByLabel('PIN code').fill('560038');
  await form.getByRole('button', { name: 'Save and continue' }).click();
  const total = (await page.getByTestId('checkout-total').textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,]+(\.\d{2})?$/);
  expect(total).toBe(payable);
  await page.getByRole('button', { name: /^Place order and pay/ }).click();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(atPath('/success'));
  const paid = page.getByTestId('paid-order');
  await expect(paid).toContainText(total);
  const heading = (await paid.getByRole('heading', { name: /^Payment received: order / }).textContent()) ?? '';
  const number = /order (GS-\d{4}-\d{6})$/.exec(heading)?.[1];
  expect(number, heading).toBeTruthy();

  // One e-mail reaches the new person: the confirmation of this order, with the amount paid and the invoice.
  const theirs = await mailTo(request, buyer.email, (mail) => mail.subject.includes(number!), 'the order confirmation');
  expect(theirs.map((mail) => mail.subject)).toEqual([`Order ${number} confirmed: your invoice is attached`]);
  const confirmation = theirs[0]!;
  await testInfo.attach('order-confirmation.txt', { body: confirmation.text ?? '', contentType: 'text/plain' });
  expect(confirmation.deliveries).toBe(1);
  expect(confirmation.text).toContain(number);
  expect(confirmation.text).toContain(total);
  expect(confirmation.text).toContain('WELCOME10');
  expect(confirmation.html).toContain(total);
  expect(confirmation.attachments).toHaveLength(1);
  const [invoice] = confirmation.attachments;
  expect(invoice).toMatchObject({ contentType: 'application/pdf', inline: false });
  expect(invoice!.filename).toMatch(/^INV-\d{2}-\d{2}-\d{6}\.pdf$/);
  // The attachment is the invoice the e-mail names.
  const invoiceNumber = /INV\/\d{2}-\d{2}\/\d{6}/.exec(confirmation.text ?? '')?.[0];
  expect(invoiceNumber, 'the invoice number in the text').toBeTruthy();
  expect(invoice!.filename).toBe(`${invoiceNumber!.replaceAll('/', '-')}.pdf`);

  const download = await request.get(`/_dev/mail/${encodeURIComponent(confirmation.id)}/attachments/0`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toContain(`filename="${invoice!.filename}"`);
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBe(invoice!.size);

  // The development mail page lists it among everyone's; its own page shows it.
  const mailbox = page;
  await mailbox.goto('/_dev/mail');
  await expect(mailbox.getByRole('heading', { level: 1, name: /Sent messages/ })).toBeVisible();
  const row = mailbox.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: invoice!.filename! })).toBeVisible();
  await row.getByRole('link', { name: confirmation.subject }).click();
  await expect(mailbox).toHaveURL(atPath(`/_dev/mail/${confirmation.id}`));
  await expect(mailbox.getByRole('heading', { level: 1, name: confirmation.subject })).toBeVisible();
  await expect(mailbox.getByRole('row', { name: /Delivered to/ })).toContainText(buyer.email);
  const frame = mailbox.locator('iframe[title="The HTML part of the e-mail"]');
  await expect(frame).toHaveAttribute('src', `/_dev/mail/${confirmation.id}/html`);
  await expect(mailbox.frameLocator('iframe[title="The HTML part of the e-mail"]').getByText(total).first()).toBeVisible();
  await expect(mailbox.locator('pre')).toContainText(number!);
  await keepScreenshot(mailbox, testInfo, 'dev-mail-message-page');

  await attachMailScreenshot(page, confirmation, testInfo, 'order-confirmation-email');
});

const ADDRESS = {
  name: 'Kavya Menon',
  phone: '9845012345',
  line1: '7, 3rd Cross, Malleswaram',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560003',
};

/** The signed-in customer of `page` buys one kit and pays through the test gateway (as staff-orders.spec.ts does); returns the order's number. */
async function buy(page: Page, code: string): Promise<string> {
  await call(page, 'PUT', '/api/address', ADDRESS);
  const { data: products } = await call<{ data: Array<{ _id: string; code: string }> }>(page, 'GET', '/api/products');
  await call(page, 'POST', '/api/cart/items', { productId: products.find((product) => product.code === code)!._id });
  // Placed for the cart as the checkout's review shows it: its version and total.
  const { cart } = await call<{ cart: { version: number; price: number } }>(page, 'GET', '/api/cart');
  const reviewed = { cartVersion: cart.version, cartPrice: cart.price };
  const { order } = await call<{ order: { _id: string } }>(page, 'POST', '/api/orders', reviewed, { 'idempotency-key': randomUUID() });
  const { gatewayOrderId } = await call<{ gatewayOrderId: string }>(page, 'POST', `/api/orders/${order._id}/payment`, {});
  const signed = await call<Record<string, string>>(page, 'POST', '/api/payments/test-gateway', { gatewayOrderId, outcome: 'success' });
  const paid = await call<{ order: { number: string; status: string } }>(page, 'POST', '/api/payments/verify', signed);
  expect(paid.order.status).toBe('paid');
  return paid.order.number;
}

test('a shipped kit sends the e-mail and, with the customer’s consent, an SMS with the tracking number; staff see both sent', { tag: '@desktop' }, async ({
  newContext,
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  // Registered on /register with a mobile number, which the profile keeps (unlike the delivery address's).
  const email = `mail-sms-${randomUUID()}@example.test`;
  const mobile = uniqueMobile();
  await openPage(page, '/register');
  const register = page.getByRole('form', { name: 'Create your account' });
  await register.getByLabel('Full name').fill('Kavya Menon');
  await register.getByLabel('E-mail address').fill(email);
  await register.getByLabel('Mobile number').fill(mobile);
  await register.getByLabel('Password').fill(PASSWORD);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(atPath('/'));
  await expect(userMenuTrigger(page)).toHaveText('Kavya Menon');

  // The SMS consent, given on the account's privacy page.
  await openPage(page, '/user/privacy');
  const consent = page.getByTestId('consent-sms');
  await expect(consent).toContainText('SMS updates');
  await consent.getByRole('button', { name: 'Give consent: SMS updates' }).click();
  await expect(consent).toContainText(/Given on \d+ \w+ 20\d\d/);
  await expect(consent.getByRole('button', { name: 'Withdraw consent: SMS updates' })).toBeVisible();

  const number = await buy(page, 'PROD-G360');
  // The demo warehouse ships and delivers a paid kit at once; the kit staff ship is the replacement after a failed QC.
  await openPage(page, '/user/dashboard');
  const kit = page.getByRole('article', { name: 'Gut 360' }).filter({ has: page.getByTestId('demo-box-code') });
  const code = (await kit.getByTestId('demo-box-code').textContent()) ?? '';
  await kit.getByLabel('Kit code from the box').fill(code);
  await kit.getByRole('button', { name: 'Activate kit' }).click();
  await expect(page.getByRole('article', { name: 'Gut 360' }).getByTestId('kit-state')).toHaveText('Activated');

  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin, { path: '/admin/orders' });
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(number);
  await admin.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByTestId('list-range')).toHaveText('1–1 of 1');
  await admin.getByRole('link', { name: number }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();

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

  const tracking = `BD${randomInt(1e9, 1e10)}`;
  const ship = admin.getByRole('form', { name: /^Ship Gut 360/ });
  await ship.getByLabel('Courier').fill('Blue Dart');
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(replacement.getByTestId('staff-kit-state')).toHaveText('Shipped');
  await expect(replacement).toContainText(`Blue Dart, tracking number ${tracking}`);

  // The e-mail, to the customer, with the courier and the tracking number.
  const shippedSubject = `Order ${number} has shipped: your kit is on the way`;
  const theirs = await mailTo(request, email, (mail) => mail.subject === shippedSubject, 'the kit-shipped e-mail');
  const shipped = theirs.filter((mail) => mail.subject === shippedSubject);
  expect(shipped).toHaveLength(1);
  expect(shipped[0]!.text).toContain('Blue Dart');
  expect(shipped[0]!.text).toContain(tracking);
  expect(shipped[0]!.attachments).toEqual([]);

  // The SMS, to the profile's mobile (not the delivery address's), with the tracking number.
  const e164 = `+91${mobile}`;
  const texts = await smsTo(request, e164, (sms) => sms.templateKey === 'kit-shipped', 'the kit-shipped SMS');
  await testInfo.attach('kit-shipped.txt', { body: shipped[0]!.text ?? '', contentType: 'text/plain' });
  await testInfo.attach('kit-shipped-sms.json', { body: JSON.stringify(texts, null, 2), contentType: 'application/json' });
  expect(texts).toHaveLength(1);
  expect(texts[0]).toMatchObject({
    templateKey: 'kit-shipped',
    vars: { orderNumber: number, courier: 'Blue Dart', trackingNumber: tracking },
  });
  expect(texts[0]!.text).toContain(tracking);
  expect(texts[0]!.text).toContain(number);
  expect((await caught(request)).sms.filter((sms) => sms.to === `+91${ADDRESS.phone}`)).toEqual([]);

  // Staff see both on the order page, sent: shipping made the page read its messages again.
  const messages = admin.getByRole('region', { name: 'Messages' });
  await expect(messages.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible();
  const shippedBy = (channel: 'E-mail' | 'SMS') =>
    messages
      .getByTestId('sent-message')
      .filter({ has: admin.getByText('Kit shipped', { exact: true }) })
      .filter({ has: admin.getByText(channel, { exact: true }) });
  for (const [channel, to] of [
    ['E-mail', email],
    ['SMS', e164],
  ] as const) {
    await expect(shippedBy(channel)).toHaveCount(1);
    await expect(shippedBy(channel)).toContainText(`To ${to}`);
    // Queued or sending, the list reads itself again every 4 s until it has gone.
    await expect(shippedBy(channel).getByText('Sent', { exact: true })).toBeVisible({ timeout: MESSAGE_TIMEOUT });
  }

  await keepScreenshot(messages, testInfo, 'staff-messages');

  await attachMailScreenshot(page, shipped[0]!, testInfo, 'kit-shipped-email');
  await staff.close();
});
