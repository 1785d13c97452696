/**
 * A reply to a contact message, against the real stack, as the demo admin at both widths: a visitor writes from the
 * contact page's call, the staff home counts the message among those to answer and opens the list filtered to them,
 * the admin writes the reply, reads the e-mail as the visitor will receive it and sends it; the message is answered,
 * with the reply in its history, and the e-mail arrives on the development mail page as the visitor reads it.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, test } from './support';

interface CaughtMail {
  id: string;
  to: string[];
  subject: string;
  text: string | null;
}

test('the admin replies to a contact message from the shop, and the e-mail arrives as the visitor reads it', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = `visitor-${randomUUID().slice(0, 8)}@example.in`;
  const sent = await request.post('/api/contact-messages', {
    data: { name: 'Meera Iyer', email, topic: 'kit', message: 'When will the courier pick up my sample?' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const { reference } = (await sent.json()) as { reference: string };

  await startSignedIn(page, ACCOUNTS.admin);
  await openPage(page, '/admin-home');
  const queue = page.getByTestId('staff-queues').getByRole('link', { name: /Contact messages to answer$/ });
  await expect(queue).toHaveText(/^[1-9][\d,]*Contact messages to answer$/);
  await queue.click();
  await expect(page).toHaveURL(/\/admin\/contact-messages\?status=open$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search the messages' }).fill(reference);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: reference }) });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: `Reply to ${reference}` }).click();

  const dialog = page.getByRole('dialog', { name: `Reply to ${reference}` });
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Re: your message ${reference}`);
  const body = dialog.getByRole('textbox', { name: 'Your reply' });
  await expect(body).toBeFocused();
  await body.pressSequentially('Thank you for writing to us.');
  await body.press('Enter');
  await body.press('Enter');
  await body.pressSequentially('The courier comes on Thursday between 9 am and 1 pm.');
  await keepScreenshot(page, testInfo, 'contact-reply-write');
  await dialog.getByRole('button', { name: 'Review the e-mail' }).click();

  const review = page.getByRole('dialog', { name: `Send this reply to ${reference}?` });
  await expect(review.getByTestId('reply-preview')).toContainText('Hello Meera,');
  await expect(review.getByRole('button', { name: 'Send reply' })).toBeFocused();
  await keepScreenshot(page, testInfo, 'contact-reply-review');
  await expectNoSeriousAxeViolations(page, testInfo);
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('message-outcome')).toContainText(`Your reply to ${reference} is on its way to ${email}`);
  await expect(row).toContainText('Closed');
  await row.getByText('1 reply sent').click();
  await expect(row.getByRole('list', { name: `Replies to ${reference}` })).toContainText('The courier comes on Thursday');
  await keepScreenshot(page, testInfo, 'contact-reply-history', { around: row });

  // The e-mail, as the development mail page shows it.
  let mail: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const caught = (await (await request.get('/_dev/mail.json')).json()) as { mail: CaughtMail[] };
        mail = caught.mail.find((entry) => entry.to.includes(email) && entry.subject === `Re: your message ${reference}`);
        return Boolean(mail);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(mail!.text).toContain('Hello Meera,');
  expect(mail!.text).toContain('The courier comes on Thursday between 9 am and 1 pm.');
  expect(mail!.text).not.toContain('When will the courier');
  await page.goto('/_dev/mail');
  await expect(page.getByText(`Re: your message ${reference}`).first()).toBeVisible();
  const frame = await page.goto(`/_dev/mail/${encodeURIComponent(mail!.id)}/html`);
  expect(frame?.status()).toBe(200);
  await expect(page.getByText('The courier comes on Thursday between 9 am and 1 pm.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'contact-reply-mail', { fullPage: true });
});
