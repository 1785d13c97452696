/**
 * Kits for family: a box code is the claim. A buyer gives a kit to their sister by e-mail; the sister opens the
 * e-mail's link in her own browser, signs in to her own account and activates the code there; the buyer's kit then
 * reads "Activated by another account" with nothing of hers, while the kit, its journey and its questionnaire are hers.
 */
import type { APIRequestContext } from '@playwright/test';
import { buyKit, registerPerson, signInFresh } from './shopping';
import { expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, test } from './support';

const ADDRESS = { name: 'Kavya Menon', phone: '9847012345', line1: '21, Panampilly Nagar', city: 'Kochi', state: 'Kerala', pincode: '682036' };

interface CaughtMail {
  to: string[];
  subject: string;
  text: string | null;
}

/** The gift e-mail delivered to `address`, once the outbox's worker has sent it. */
async function giftMailTo(request: APIRequestContext, address: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const { mail } = (await (await request.get('/_dev/mail.json')).json()) as { mail: CaughtMail[] };
        found = mail.find((each) => each.to.some((to) => to.toLowerCase() === address) && /has given you a Gut Start kit/.test(each.subject));
        return Boolean(found);
      },
      { message: `the gift e-mail to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('a buyer gives a kit by e-mail; her sister activates its code in her own account, and the buyer sees only that it was', async ({
  page,
  newContext,
}, testInfo) => {
  test.setTimeout(180_000);
  const buyer = await registerPerson('Kavya Menon', 'buyer');
  const sister = await registerPerson('Meera Menon', 'sister');
  await signInFresh(page, buyer.email, '/');
  await buyKit(page, 'PROD-G3G-LITE', ADDRESS);

  // The buyer gives the kit: the form, what it means, the confirmation.
  await openPage(page, '/user/dashboard');
  const card = page.getByRole('article', { name: 'Gut Start' });
  await expect(card.getByTestId('kit-state')).toHaveText('Delivered');
  await card.getByRole('button', { name: 'Give this kit to someone' }).click();
  const form = card.getByRole('form', { name: 'Give Gut Start to someone' });
  await form.getByLabel('Their e-mail address').fill('not-an-address');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await form.getByLabel('Their e-mail address').fill(sister.email);
  await form.getByLabel(/Their first name/).fill('Meera');
  await keepScreenshot(card, testInfo, 'give-kit-form');
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('heading', { name: `E-mail the code of Gut Start to ${sister.email}?` })).toBeFocused();
  await keepScreenshot(card, testInfo, 'give-kit-confirm');
  await expectNoSeriousAxeViolations(page);
  await card.getByRole('button', { name: 'E-mail the code' }).click();
  await expect(card.getByRole('heading', { name: `Sent to ${sister.email}` })).toBeVisible();
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByTestId('kit-gift')).toContainText(`You e-mailed this kit’s code to ${sister.email}`);

  // The sister's e-mail carries the code and a link that fills it in.
  const mail = await giftMailTo(page.request, sister.email);
  expect(mail.subject).toBe('Kavya has given you a Gut Start kit: activate it in your own Gut360 Health account');
  const code = /Kit code:?\s*(GUT-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text ?? '')?.[1];
  expect(code, mail.text ?? '').toBeTruthy();
  const link = /(https?:\/\/\S+\/user\/dashboard\?code=GUT-[A-Z2-9-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text ?? '').toBeTruthy();

  // In her own browser, she signs in and opens the link: the code is filled in under the kit someone gave her.
  const sisterContext = await newContext({ viewport: page.viewportSize() ?? undefined });
  const sisterPage = await sisterContext.newPage();
  await signInFresh(sisterPage, sister.email, '/');
  await sisterPage.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(sisterPage.getByRole('heading', { level: 1, name: 'My kits' })).toBeVisible();
  await expect(sisterPage.getByTestId('scanned-code')).toContainText(`The code ${code} from your kit's label is filled in below`);
  const given = sisterPage.getByRole('region', { name: 'Activate a kit someone gave you' });
  await expect(given.getByLabel('Kit code from the box')).toHaveValue(code!);
  await given.getByRole('button', { name: 'Activate kit' }).click();
  await expect(sisterPage.getByTestId('activation-notice')).toHaveText(
    'The code was of a Gut Start kit someone gave you: it is now activated in your account, and its sample and report are yours.',
  );
  const hers = sisterPage.getByRole('article', { name: 'Gut Start' });
  await expect(hers.getByTestId('kit-state')).toHaveText('Activated');
  await expect(hers).toContainText('A kit someone gave you: its sample, questionnaire and report are yours alone.');
  // The lab's questionnaire is hers to answer.
  await expect(hers.getByTestId('intake-invite')).toBeVisible();
  await keepScreenshot(sisterPage, testInfo, 'given-kit-activated', { fullPage: true });
  await expectNoSeriousAxeViolations(sisterPage);

  // The buyer's kit now says only that another account activated it.
  await page.reload();
  const bought = page.getByRole('article', { name: 'Gut Start' });
  await expect(bought.getByTestId('kit-state')).toHaveText('Activated by another account');
  await expect(bought).toContainText('Another account activated this kit’s code');
  await expect(bought.getByTestId('intake-invite')).toHaveCount(0);
  await expect(bought.getByRole('button')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'activated-by-another', { fullPage: true });
});
