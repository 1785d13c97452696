/**
 * The person's data rights against the real stack: a customer gives a consent, downloads everything the shop holds
 * about them (and nothing of anyone else's), asks for erasure by signing in again; an admin completes it; the person
 * can then no longer sign in, their old session is refused, and an account made afresh with the same address starts
 * empty. (That the rows are gone from the database, questionnaire results included, is checked by the API suite.)
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { registerPerson, signInFresh } from './shopping';
import {
  ACCOUNTS,
  atPath,
  emailActionCode,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  openPage,
  openUserMenu,
  PASSWORD,
  signInForm,
  startSignedIn,
  stored,
  submitSignIn,
  test,
} from './support';

const ADDRESS = {
  name: 'Meera Pillai',
  phone: '9812345670',
  line1: '22, 5th Main, Jayanagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560041',
};

async function bearer(page: Page): Promise<Record<string, string>> {
  const { authToken } = await stored(page);
  expect(authToken).toBeTruthy();
  return { authorization: `Bearer ${authToken}` };
}


function privacyRegion(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('a customer takes their data and asks for erasure; an admin erases the account; the person cannot sign in again', { tag: '@phone' }, async ({ newContext, page }, testInfo) => {
  test.setTimeout(240_000);
  const person = await registerPerson('Meera Pillai', 'erase-me');
  await signInFresh(page, person.email, '/');

  // What the person gives the shop: a delivery address (through the API the checkout uses) and a consent.
  const saved = await page.request.put('/api/address', { headers: await bearer(page), data: ADDRESS });
  expect(saved.status(), await saved.text()).toBe(200);
  if (testInfo.project.name.includes('desktop')) {
    const menu = await openUserMenu(page);
    await menu.getByRole('link', { name: 'Privacy and data' }).click();
    await expect(page).toHaveURL(atPath('/user/privacy'));
  } else {
    await openPage(page, '/user/privacy');
  }
  const holdings = privacyRegion(page, 'What we hold about you');
  await expect(holdings).toContainText(person.email);
  await expect(holdings).toContainText('Saved');

  // Registered with a password, the address is not proven yet: the person confirms it with Firebase's e-mail link,
  // opened in this browser, and the page says so without a new sign-in.
  await expect(holdings).toContainText(`${person.email} (not confirmed)`);
  await holdings.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
  await expect(holdings).toContainText(`We sent a link to ${person.email}.`);
  await page.goto(`/user/privacy?mode=signIn&oobCode=${await emailActionCode(person.email, 'EMAIL_SIGNIN')}&apiKey=demo-api-key&lang=en`);
  await expect(holdings).toContainText('Your e-mail address is confirmed.');
  await expect(holdings).not.toContainText('(not confirmed)');
  await expect(page).toHaveURL(/\/user\/privacy$/);
  await page.getByRole('button', { name: 'Give consent: Research use of your sample' }).click();
  await expect(page.getByTestId('consent-research')).toContainText(/Given on \d+ \w+ 20\d\d/);
  await expect(page.getByTestId('privacy-history')).toContainText('Consent given: Research use of your sample');
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'privacy-page');

  // A message from the contact page under the person's address, and the acknowledgement the shop sends for it.
  const contact = await page.request.post('/api/contact-messages', {
    data: { name: person.fullname, email: person.email, topic: 'privacy', message: 'Please tell me what you keep about me.' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const { reference } = (await contact.json()) as { reference: string };

  // The download: the JSON, a note, and nothing of the demo customer who also has an address and orders.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data (ZIP)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gut360-my-data-\d{4}-\d\d-\d\d\.zip$/);
  const archive = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(Object.keys(archive)).toEqual(expect.arrayContaining(['personal-data.json', 'README.txt']));
  const text = strFromU8(archive['personal-data.json']!);
  const data = JSON.parse(text) as {
    profile: { email: string; fullname: string };
    address: typeof ADDRESS | null;
    consents: Array<{ purpose: string; granted: boolean }>;
    contactMessages: Array<{ reference: string; message: string }>;
    messages: Array<{ channel: string; template: string; recipient: string }>;
  };
  expect(data.profile).toMatchObject({ email: person.email, fullname: person.fullname });
  expect(data.address).toMatchObject(ADDRESS);
  expect(data.consents).toContainEqual(expect.objectContaining({ purpose: 'research', granted: true }));
  expect(data.contactMessages).toEqual([expect.objectContaining({ reference, message: 'Please tell me what you keep about me.' })]);
  expect(data.messages).toContainEqual(expect.objectContaining({ channel: 'email', template: 'contact-ack', recipient: person.email }));
  expect(text).not.toContain(ACCOUNTS.customer.email);
  expect(text).not.toContain(ACCOUNTS.customer.fullname);
  await expect(page.getByTestId('privacy-history')).toContainText('Data downloaded');

  // The request, confirmed by signing in again with the password.
  await page.getByRole('button', { name: 'Erase my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your account' });
  await expect(dialog).toContainText('kept for 72 months');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Confirm and ask to erase' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await expectNoSeriousAxeViolations(page, testInfo);
  await dialog.getByRole('button', { name: 'Confirm and ask to erase' }).click();
  const recorded = page.getByRole('dialog', { name: 'Your request is recorded' });
  await expect(recorded).toContainText('We will erase your account by');
  await recorded.getByRole('button', { name: 'Done' }).click();
  await expect(privacyRegion(page, 'Erase your account')).toContainText('for your account to be erased. We will complete it by');
  const oldSession = await bearer(page);

  // An admin completes it in the staff area.
  const staff = await newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin, { path: '/admin/erasure-requests' });
  const row = admin.getByRole('row').filter({ hasText: person.email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Erase account…' }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Erase the account of ${person.fullname}?` });
  await expect(confirm).toContainText('72 months');
  await confirm.getByLabel('Reason (optional)').fill('Asked on the privacy page');
  const erase = confirm.getByRole('button', { name: 'Erase account', exact: true });
  await expect(erase).toBeDisabled();
  await confirm.getByLabel('Type ERASE to confirm').fill('ERASE');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await erase.click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: person.email })).toHaveCount(0);
  await keepScreenshot(admin, testInfo, 'erasure-completed');
  await staff.close();

  // The person's session is over and their sign-in account is gone.
  expect((await page.request.get('/api/address', { headers: oldSession })).status()).toBe(401);
  await page.goto('/login');
  await submitSignIn(page, person.email, PASSWORD);
  await expect(signInForm(page).getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  await expect(page).toHaveURL(atPath('/login'));

  // A new account with the same address starts empty: nothing of the erased profile comes back.
  await registerPerson(person.fullname, 'unused', person.email);
  await signInFresh(page, person.email, '/');
  await openPage(page, '/user/privacy');
  const fresh = privacyRegion(page, 'What we hold about you');
  await expect(fresh).toContainText('None saved');
  await expect(fresh).toContainText('0 orders');
  await expect(page.getByTestId('consent-research')).toContainText('Not given');
  await expect(privacyRegion(page, 'History')).toContainText('Nothing yet.');
  expect(await (await page.request.get('/api/address', { headers: await bearer(page) })).json()).toEqual({ address: null });
});
