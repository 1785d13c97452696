/**
 * Kits sold outside the web shop, against the real stack: an admin makes a batch of Gut 360 codes and downloads its
 * CSV and label sheets, registers a buyer at a clinic counter with one of the codes, and the buyer, signing in with
 * the link the shop sent, opens the label's activation address and activates the kit. The batch then counts it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, atPath, dismissPromo, expect, expectNoSeriousAxeViolations, openPage, startSignedIn, test } from './support';

/**
 * The sign-in code of the link in the shop's welcome e-mail to `email`, as the local mail catcher received it (the
 * e-mail also carries the order's invoice as a PDF).
 */
async function welcomeLinkCode(request: APIRequestContext, email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const { mail } = (await (await request.get('/_dev/mail.json')).json()) as {
          mail: Array<{ to: string[]; subject: string; text: string | null; attachments: Array<{ contentType: string }> }>;
        };
        const welcome = mail.find((m) => m.to.includes(email) && m.subject.includes('ready to activate'));
        if (!welcome?.attachments.some((attachment) => attachment.contentType === 'application/pdf')) return undefined;
        found = /[?&]oobCode=([^&\s\]]+)/.exec(welcome.text ?? '')?.[1];
        return found;
      },
      { message: `the welcome e-mail to ${email}`, timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

async function downloaded(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).first().click();
  const download = await downloading;
  return { name: download.suggestedFilename(), body: readFileSync((await download.path())!) };
}

test('a batch of codes for a clinic, its CSV and labels, a buyer registered at the counter who activates the kit from the label', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(240_000);
  const viewport = page.viewportSize() ?? undefined;
  const place = `Gut health camp ${randomUUID().slice(0, 8)}`;

  // The batch.
  await startSignedIn(page, ACCOUNTS.admin, { path: '/admin/generate-kit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Kit' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo);
  const batchForm = page.getByRole('form', { name: 'New batch of kit codes' });
  await batchForm.getByRole('combobox', { name: /^Kit/ }).selectOption({ label: 'Gut 360' });
  await batchForm.getByLabel(/^Number of codes/).fill('20');
  await batchForm.getByLabel(/^Where it goes/).fill(place);
  await batchForm.getByRole('button', { name: 'Generate codes' }).click();
  const ready = batchForm.getByRole('status').filter({ hasText: /Batch \d+ is ready: 20 Gut 360 codes\./ });
  await expect(ready).toBeVisible();
  const number = /Batch (\d+) is ready/.exec((await ready.textContent()) ?? '')![1]!;
  await expectNoSeriousAxeViolations(page, testInfo);

  const csv = await downloaded(page, `CSV of batch ${number}`);
  expect(csv.name).toBe(`kit-batch-${number}-PROD-G360.csv`);
  const rows = csv.body.toString('utf8').trimEnd().split('\r\n').map((line) => line.split(','));
  expect(rows[0]).toEqual(['code', 'product', 'activation_url', 'status']);
  expect(rows).toHaveLength(21);
  for (const [code, product, url, status] of rows.slice(1)) {
    expect(code).toMatch(/^GUT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(product).toBe('Gut 360');
    expect(url).toMatch(new RegExp(`/user/dashboard\\?code=${code}$`));
    expect(status).toBe('free');
  }
  const labels = await downloaded(page, `Labels (PDF) of batch ${number}`);
  expect(labels.name).toBe(`kit-batch-${number}-PROD-G360.pdf`);
  expect(labels.body.subarray(0, 5).toString()).toBe('%PDF-');
  const [code, , activationUrl] = rows[1]!;

  const batchRow = page.getByRole('row').filter({ hasText: place });
  await expect(batchRow).toContainText('Gut 360');

  // The buyer, registered at the counter.
  const email = `counter-${randomUUID()}@example.test`;
  await openPage(page, '/admin/offline-onboard');
  await expectNoSeriousAxeViolations(page, testInfo);
  const onboardForm = page.getByRole('form', { name: 'Register a kit bought at a counter' });
  await onboardForm.getByLabel(/^Full name/).fill('Lakshmi Menon');
  await onboardForm.getByLabel(/^Mobile number/).fill(`9${randomInt(100_000_000, 999_999_999)}`);
  await onboardForm.getByLabel(/^E-mail address/).fill(email);
  await onboardForm.getByRole('combobox', { name: /^Kit/ }).selectOption({ label: 'Gut 360 (₹14,999)' });
  await onboardForm.getByLabel(/^Kit code from the label/).fill(`${code!.slice(0, -1)}${code!.endsWith('A') ? 'B' : 'A'}`);
  await onboardForm.getByRole('combobox', { name: /^Paid by/ }).selectOption({ label: 'UPI' });
  await onboardForm.getByLabel(/^Amount paid/).fill('12999');
  await onboardForm.getByLabel(/^Clinic or event/).fill(place);
  await onboardForm.getByLabel(/^City or town/).fill('Bengaluru');
  await onboardForm.getByRole('combobox', { name: /^State or union territory/ }).selectOption({ label: 'Karnataka' });
  await onboardForm.getByLabel(/^PIN code/).fill('560011');
  await onboardForm.getByRole('button', { name: 'Register and hand over the kit' }).click();
  await expect(onboardForm.getByText('This code has a typing mistake: check each character against the label.')).toBeVisible();
  await onboardForm.getByLabel(/^Kit code from the label/).fill(code!.toLowerCase());
  await onboardForm.getByRole('button', { name: 'Register and hand over the kit' }).click();
  const done = onboardForm.getByTestId('onboarding-done');
  await expect(done).toContainText('Lakshmi Menon is registered.');
  await expect(done).toContainText(`Kit ${code} (Gut 360) is handed over and ready to activate.`);
  await expect(done).toContainText(`A welcome e-mail with the invoice and a sign-in link is on its way to ${email}.`);
  await expect(done).toContainText(/invoice INV\/\d{2}-\d{2}\/\d{6}/);
  await expectNoSeriousAxeViolations(page, testInfo);

  // The buyer scans the label: signed out, the shop asks them to sign in and keeps where they were going.
  const buyerContext = await newContext({ viewport });
  const buyer = await buyerContext.newPage();
  await buyer.goto(new URL(activationUrl!).pathname + new URL(activationUrl!).search);
  await expect(buyer).toHaveURL(atPath('/login'));
  // The link from the shop's welcome e-mail, opened in the same browser: they confirm the address it was sent to.
  await buyer.goto(`/login?mode=signIn&oobCode=${await welcomeLinkCode(page.request, email)}&apiKey=demo-api-key&lang=en`);
  const confirm = buyer.locator('form[aria-label="Finish signing in with your link"]');
  await confirm.getByLabel('E-mail address').fill(email);
  await confirm.getByRole('button', { name: 'Sign in' }).click();
  await expect(buyer).toHaveURL(atPath('/user/dashboard'));
  await dismissPromo(buyer);
  const card = buyer.getByRole('article', { name: 'Gut 360' });
  await expect(card.getByLabel('Kit code from the box')).toHaveValue(code!);
  await expect(buyer.getByTestId('scanned-code')).toContainText(`The code ${code} from your kit's label is filled in below.`);
  await expectNoSeriousAxeViolations(buyer, testInfo);
  await card.getByRole('button', { name: 'Activate kit' }).click();
  await expect(card.getByTestId('kit-state')).toHaveText('Activated');
  await expect(buyer).toHaveURL(/\/user\/dashboard$/);
  await buyerContext.close();

  // The batch counts the activated kit.
  await openPage(page, '/admin/generate-kit');
  const counted = page.getByRole('row').filter({ hasText: place });
  await expect(counted).toContainText(/Free\s*19/);
  await expect(counted).toContainText(/Activated\s*1/);
});
