/**
 * Every way in and out against the real stack and the Auth emulator: registration, Google (the emulator's credential
 * path: everything after Google's popup is the same code), phone OTP with the code read from the emulator, e-mail
 * link, password reset and change; and out: logout that fails, an expired session and a revoked one. Each has a
 * failure path. The forms are the same at both widths: the ways in run at the phone's (`@phone`), as customers here
 * mostly sign in on one, and ways-in-a11y.spec.ts checks each page at both; what differs by width (signing out from
 * the user menu or the drawer) runs at both, and the staff's wrong sign-in page at the desktop's.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_EMULATOR_PORT } from './ports';
import {
  ACCOUNTS,
  PASSWORD,
  atPath,
  dismissPromo,
  emailActionCode,
  expect,
  keepScreenshot,
  logOut,
  notice,
  openPage,
  signInForm,
  stored,
  submitSignIn,
  test,
  userMenuTrigger,
  type NewContext,
} from './support';

const EMULATOR = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
const PROJECT_ID = 'demo-gut-shop';
const NEW_PASSWORD_RULES = 'At least 8 characters, with at least one letter and one number.';

function uniqueEmail(what: string): string {
  return `${what}-${randomUUID().slice(0, 8)}@example.test`;
}

function uniqueMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

async function emulatorJson<T>(path: string): Promise<T> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/${path}`);
  return (await response.json()) as T;
}

/** The newest SMS code the emulator "sent" to this number. */
async function smsCode(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const { verificationCodes } = await emulatorJson<{ verificationCodes: Array<{ phoneNumber: string; code: string }> }>(
        'verificationCodes',
      );
      code = verificationCodes.filter((entry) => entry.phoneNumber === phone).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** An account with a password, made in the emulator as /register's first step would. */
async function firebaseAccount(email: string, password: string): Promise<void> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
}

async function signInWithPassword(page: Page, email: string, password: string, landing = '/') {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(atPath(landing));
  await dismissPromo(page);
}

/** The signed-in person as the server sees them, from the session the page keeps. */
async function me(page: Page): Promise<{ _id: string; phone: string | null; email: string | null }> {
  const { authToken } = await stored(page);
  expect(authToken).toBeTruthy();
  const answer = await page.request.get('/api/auth/login/success', { headers: { Authorization: `Bearer ${authToken}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()).user;
}

function form(page: Page, label: string) {
  return page.locator(`form[aria-label="${label}"]`);
}

test.describe('register', () => {
  test('creates the account and profile, and refuses a bad phone, a weak password and a taken e-mail at the field', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/register');
    const register = form(page, 'Create your account');
    await expect(register.getByText(NEW_PASSWORD_RULES)).toBeVisible();

    await register.getByLabel('Full name').fill('Kavya Iyer');
    await register.getByLabel('E-mail address').fill(ACCOUNTS.customer.email);
    await register.getByLabel('Mobile number').fill('12345');
    await register.getByLabel('Password').fill('short');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(register.getByText('Please enter a 10-digit Indian mobile number, like 98765 43210.')).toBeVisible();
    await expect(register.getByText(`The password is too weak. ${NEW_PASSWORD_RULES}`)).toBeVisible();

    await register.getByLabel('Mobile number').fill(uniqueMobile());
    await register.getByLabel('Password').fill('Str0ng-enough');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(
      register.getByText('An account with this e-mail address already exists. Sign in instead, or reset your password.'),
    ).toBeVisible();
    expect((await stored(page)).authToken).toBeNull();

    const mobile = uniqueMobile();
    await register.getByLabel('E-mail address').fill(uniqueEmail('kavya'));
    await register.getByLabel('Mobile number').fill(mobile);
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(atPath('/'));
    await expect(userMenuTrigger(page)).toHaveText('Kavya Iyer');
    expect((await stored(page)).userRole).toBe('customer');

    const session = await stored(page);
    const me = await page.request.get('/api/auth/login/success', { headers: { Authorization: `Bearer ${session.authToken}` } });
    expect((await me.json()).user).toMatchObject({ fullname: 'Kavya Iyer', phone: `+91${mobile}`, role: 'customer' });
  });
});

test.describe('Google', () => {
  test('a first Google sign-in creates the profile and returns to the page the person came from', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/');
    await page.getByTestId('cart-icon').click();
    await expect(page).toHaveURL(atPath('/login'));
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

    // Google's popup cannot load here; the emulator takes what the popup would return, and the page goes on from it.
    const email = uniqueEmail('rohan');
    await page.evaluate(
      (idToken) => window.gutShopGoogleSignIn!(idToken),
      JSON.stringify({ sub: `google-${randomUUID()}`, email, email_verified: true, name: 'Rohan Gupta' }),
    );
    await expect(page).toHaveURL(atPath('/cart'));
    await expect(userMenuTrigger(page)).toHaveText('Rohan Gupta');
    expect((await stored(page)).userRole).toBe('customer');
  });

  test('a Google answer the provider refuses leaves the person signed out with a message', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/login');
    await page.evaluate(() => window.gutShopGoogleSignIn!('{"this is": "not an id token"'));
    await expect(page.getByRole('alert')).toHaveText('Google could not confirm your account. Please try again, or sign in another way.');
    await expect(page).toHaveURL(atPath('/login'));
    expect((await stored(page)).authToken).toBeNull();
  });

  test('Google on /register is the same way in', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/register');
    const email = uniqueEmail('meera');
    await page.evaluate(
      (idToken) => window.gutShopGoogleSignIn!(idToken),
      JSON.stringify({ sub: `google-${randomUUID()}`, email, email_verified: true, name: 'Meera Nair' }),
    );
    await expect(page).toHaveURL(atPath('/'));
    await expect(userMenuTrigger(page)).toHaveText('Meera Nair');
  });
});

test.describe('phone OTP', () => {
  test('signs in with the SMS code, refuses a wrong one, then asks a phone-only person for an e-mail address, which they prove from the privacy page', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/login');
    await page.getByRole('link', { name: 'Sign in with your phone' }).click();
    await expect(page).toHaveURL(atPath('/verify-otp'));

    const send = form(page, 'Send me a code');
    await send.getByLabel('Mobile number').fill('555');
    await send.getByRole('button', { name: 'Send code' }).click();
    await expect(send.getByText('Please enter a 10-digit Indian mobile number, like 98765 43210.')).toBeVisible();

    const mobile = uniqueMobile();
    await send.getByLabel('Mobile number').fill(mobile);
    await send.getByRole('button', { name: 'Send code' }).click();
    const verify = form(page, 'Enter the SMS code');
    await expect(verify.getByText(`We have sent a code to +91${mobile}.`)).toBeVisible();
    await expect(verify.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

    const code = await smsCode(`+91${mobile}`);
    const wrong = code === '000000' ? '111111' : '000000';
    await verify.getByLabel('SMS code').fill(wrong);
    await verify.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(verify.getByRole('alert')).toHaveText('That code is not right. Check the SMS and try again (4 tries left).');

    await verify.getByLabel('SMS code').fill(code);
    await verify.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(atPath('/get-email'));

    const getEmail = form(page, 'Add your e-mail address');
    await getEmail.getByLabel('E-mail address').fill(ACCOUNTS.customer.email);
    await getEmail.getByRole('button', { name: 'Continue' }).click();
    await expect(getEmail.getByText(/already exists/)).toBeVisible();

    const address = uniqueEmail('phone');
    await getEmail.getByLabel('E-mail address').fill(address);
    await getEmail.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(atPath('/'));
    await expect(userMenuTrigger(page)).toHaveText('User');

    // A phone-only account has no password to change, and is told so.
    await openPage(page, '/user/change-password');
    await expect(page.getByText(/You sign in with your phone, so your account has no password to change/)).toBeVisible();

    // The address was only typed: the privacy page has Firebase e-mail a link to it, which, opened in this browser,
    // makes it the phone account's own, proven address.
    await openPage(page, '/user/privacy');
    const holdings = page.getByRole('region', { name: 'What we hold about you' });
    await expect(holdings).toContainText(`${address} (not confirmed)`);
    await holdings.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
    await expect(holdings).toContainText(`We sent a link to ${address}.`);
    await page.goto(`/user/privacy?mode=signIn&oobCode=${await emailActionCode(address, 'EMAIL_SIGNIN')}&apiKey=demo-api-key&lang=en`);
    await expect(holdings).toContainText('Your e-mail address is confirmed.');
    await expect(holdings).not.toContainText('(not confirmed)');
  });

  test('a number an existing account holds joins that account once its owner proves it, never a second account', async ({ page, newContext }, testInfo) => {
    // A registration and two sign-ins by SMS, each on a device of its own.
    test.setTimeout(90_000);
    // Meera registered with her e-mail address, a password and her mobile number.
    const email = uniqueEmail('meera');
    const mobile = uniqueMobile();
    await openPage(page, '/register');
    const register = form(page, 'Create your account');
    await register.getByLabel('Full name').fill('Meera Nair');
    await register.getByLabel('E-mail address').fill(email);
    await register.getByLabel('Mobile number').fill(mobile);
    await register.getByLabel('Password').fill('Str0ng-enough');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(atPath('/'));
    const ownerId = (await me(page))._id;

    /** Signs in by SMS on a device of its own, up to the page that follows the code. */
    async function phoneSignIn() {
      const device = await (await newContext({ viewport: page.viewportSize() })).newPage();
      await openPage(device, '/verify-otp');
      await form(device, 'Send me a code').getByLabel('Mobile number').fill(mobile);
      await form(device, 'Send me a code').getByRole('button', { name: 'Send code' }).click();
      const verify = form(device, 'Enter the SMS code');
      await expect(verify.getByText(`We have sent a code to +91${mobile}.`)).toBeVisible();
      await verify.getByLabel('SMS code').fill(await smsCode(`+91${mobile}`));
      await verify.getByRole('button', { name: 'Verify and sign in' }).click();
      return device;
    }

    // On another phone she signs in with her number: no second, empty account; she is asked to prove hers.
    const phone = await phoneSignIn();
    await expect(phone.getByRole('heading', { level: 1, name: 'This number already has an account' })).toBeVisible();
    // Her address, mostly hidden: enough to recognise it, too little to learn it from.
    await expect(phone.getByText(new RegExp(`^\\+91${mobile} is the mobile number of an account that already exists \\(m•{5}[0-9a-f]@e•{5}e\\.test\\)\\.`))).toBeVisible();
    await expect(phone.getByText(email)).toHaveCount(0);
    expect((await stored(phone)).authToken).toBeNull();
    await keepScreenshot(phone, testInfo, 'phone-held');

    const prove = form(phone, 'Sign in to your account');
    await prove.getByLabel('E-mail address').fill(email);
    await prove.getByLabel('Password').fill('not-my-passw0rd');
    await prove.getByRole('button', { name: 'Sign in and add my number' }).click();
    await expect(phone.getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
    await prove.getByLabel('Password').fill('Str0ng-enough');
    await prove.getByRole('button', { name: 'Sign in and add my number' }).click();
    await expect(phone).toHaveURL(atPath('/'));
    await dismissPromo(phone);
    await expect(userMenuTrigger(phone)).toHaveText(/Meera/);
    expect((await me(phone))._id).toBe(ownerId);

    // From then on her number opens her account at once.
    const again = await phoneSignIn();
    await expect(again).toHaveURL(atPath('/'));
    await dismissPromo(again);
    expect((await me(again))._id).toBe(ownerId);
  });

  test('someone whose number another account lists says it is not theirs and gets an account of their own', { tag: '@desktop' }, async ({ newContext }, testInfo) => {
    // Ravi typed a number into his profile that is not his.
    const mobile = uniqueMobile();
    const typist = await (await newContext()).newPage();
    await openPage(typist, '/register');
    const register = form(typist, 'Create your account');
    await register.getByLabel('Full name').fill('Ravi Typist');
    await register.getByLabel('E-mail address').fill(uniqueEmail('ravi'));
    await register.getByLabel('Mobile number').fill(mobile);
    await register.getByLabel('Password').fill('Str0ng-enough');
    await register.getByRole('button', { name: 'Create account' }).click();
    await expect(typist).toHaveURL(atPath('/'));
    await typist.context().close();

    const owner = await (await newContext()).newPage();
    await openPage(owner, '/verify-otp');
    await form(owner, 'Send me a code').getByLabel('Mobile number').fill(mobile);
    await form(owner, 'Send me a code').getByRole('button', { name: 'Send code' }).click();
    const verify = form(owner, 'Enter the SMS code');
    await verify.getByLabel('SMS code').fill(await smsCode(`+91${mobile}`));
    await verify.getByRole('button', { name: 'Verify and sign in' }).click();
    const notMine = owner.getByRole('region', { name: 'Not your account?' });
    await expect(notMine).toBeVisible();
    await keepScreenshot(owner, testInfo, 'phone-held-desktop');
    await notMine.getByRole('button', { name: 'Make a new account for this number' }).click();
    await expect(owner).toHaveURL(atPath('/get-email'));
    expect(await me(owner)).toMatchObject({ phone: `+91${mobile}`, email: null });
  });

  test('five wrong codes use up the SMS; a new code must be asked for', { tag: '@phone' }, async ({ page }) => {
    await openPage(page, '/verify-otp');
    const mobile = uniqueMobile();
    await form(page, 'Send me a code').getByLabel('Mobile number').fill(mobile);
    await form(page, 'Send me a code').getByRole('button', { name: 'Send code' }).click();
    const verify = form(page, 'Enter the SMS code');
    const code = await smsCode(`+91${mobile}`);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      await verify.getByLabel('SMS code').fill(wrong);
      await verify.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(verify.getByRole('alert')).toHaveText(
        attempt < 5 ? new RegExp(`\\(${5 - attempt} tr(y|ies) left\\)`) : 'Too many wrong codes. Please ask for a new code.',
      );
    }
    await expect(verify.getByRole('button', { name: 'Verify and sign in' })).toBeDisabled();
    expect((await stored(page)).authToken).toBeNull();
  });
});

test.describe('e-mail link', () => {
  test('a link by e-mail signs the person in; a used link is refused', { tag: '@phone' }, async ({ page, layout }) => {
    const email = uniqueEmail('link');
    await openPage(page, '/login');
    await page.getByRole('button', { name: 'Sign in without a password: e-mail me a link' }).click();
    const linkForm = form(page, 'E-mail me a sign-in link');
    await linkForm.getByLabel('E-mail address for the link').fill('not-an-address');
    await linkForm.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(linkForm.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();

    await linkForm.getByLabel('E-mail address for the link').fill(email);
    await linkForm.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await expect(linkForm.getByRole('status')).toContainText(`We have sent a sign-in link to ${email}.`);

    const link = `/login?mode=signIn&oobCode=${await emailActionCode(email, 'EMAIL_SIGNIN')}&apiKey=demo-api-key&lang=en`;
    await page.goto(link);
    await expect(page).toHaveURL(atPath('/'));
    await dismissPromo(page);
    await expect(userMenuTrigger(page)).toHaveText('User');
    await logOut(page, layout);
    await expect(page).toHaveURL(atPath('/login'));

    // Opened again (here in a browser that no longer remembers the address): the person confirms it, and is refused.
    await page.goto(link);
    const confirm = form(page, 'Finish signing in with your link');
    await confirm.getByLabel('E-mail address').fill(email);
    await confirm.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toHaveText(
      'This link is no longer valid: it was used already or has expired. Please ask for a new one.',
    );
    expect((await stored(page)).authToken).toBeNull();
  });
});

test.describe('password reset', () => {
  test('gives the same answer with or without an account, and the e-mailed code sets a new password', { tag: '@phone' }, async ({ page }) => {
    const email = uniqueEmail('reset');
    await firebaseAccount(email, 'Old-passw0rd');

    await openPage(page, '/forgot-password');
    const request = form(page, 'Reset your password');
    const nobody = uniqueEmail('nobody');
    await request.getByLabel('E-mail address').fill(nobody);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await expect(request.getByRole('status')).toHaveText(new RegExp(`^If ${nobody} has an account with us, we have sent it a link`));

    await request.getByLabel('E-mail address').fill(email);
    await request.getByRole('button', { name: 'Send reset link' }).click();
    await expect(request.getByRole('status')).toHaveText(new RegExp(`^If ${email} has an account with us, we have sent it a link`));

    await openPage(page, `/forgot-password?mode=resetPassword&oobCode=${await emailActionCode(email, 'PASSWORD_RESET')}`);
    const choose = form(page, 'Choose a new password');
    await choose.getByLabel('New password', { exact: true }).fill('weak');
    await choose.getByLabel('New password again').fill('weak');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await expect(choose.getByText(`The password is too weak. ${NEW_PASSWORD_RULES}`)).toBeVisible();
    await choose.getByLabel('New password', { exact: true }).fill('New-passw0rd');
    await choose.getByLabel('New password again').fill('New-passw0rd');
    await choose.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed. You can now sign in with it.')).toBeVisible();

    await page.goto('/login');
    await submitSignIn(page, email, 'Old-passw0rd');
    await expect(signInForm(page).getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
    await submitSignIn(page, email, 'New-passw0rd');
    await expect(page).toHaveURL(atPath('/'));
  });
});

async function secondDevice(newContext: NewContext, email: string, password: string): Promise<Page> {
  const context = await newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInWithPassword(page, email, password);
  return page;
}

test.describe('change password and sessions', () => {
  test('re-authenticates, changes the password and signs the other devices out', { tag: '@phone' }, async ({ page, newContext, layout }) => {
    const email = uniqueEmail('change');
    await firebaseAccount(email, 'First-passw0rd');
    const other = await secondDevice(newContext, email, 'First-passw0rd');
    await signInWithPassword(page, email, 'First-passw0rd');

    await openPage(page, '/user/change-password');
    const change = form(page, 'Change your password');
    await change.getByLabel('Current password').fill('not-my-password1');
    await change.getByLabel('New password', { exact: true }).fill('Second-passw0rd');
    await change.getByLabel('New password again').fill('Second-passw0rd');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('Your current password is not right. Please check it and try again.')).toBeVisible();

    await change.getByLabel('Current password').fill('First-passw0rd');
    await change.getByLabel('New password again').fill('Second-passw0rd-typo');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByText('The two new passwords are not the same.')).toBeVisible();

    await change.getByLabel('New password again').fill('Second-passw0rd');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expect(change.getByRole('status')).toHaveText(
      'Your password has been changed, and you have been signed out on 1 other device.',
    );
    // This device stays signed in.
    await expect(userMenuTrigger(page)).toBeVisible();

    // The other device's session was revoked: its next visit to an account page sends it to sign in.
    await other.goto('/user/change-password');
    await expect(other).toHaveURL(atPath('/login'));
    expect((await stored(other)).authToken).toBeNull();
    await other.context().close();

    await logOut(page, layout);
    await page.goto('/login');
    await submitSignIn(page, email, 'First-passw0rd');
    await expect(signInForm(page).getByRole('alert')).toHaveText('The e-mail address or password is incorrect.');
    await submitSignIn(page, email, 'Second-passw0rd');
    await expect(page).toHaveURL(atPath('/'));
  });

  test('a session revoked on the server is not restored on the next load', { tag: '@phone' }, async ({ page, newContext }) => {
    const email = uniqueEmail('revoked');
    await firebaseAccount(email, 'Some-passw0rd');
    await signInWithPassword(page, email, 'Some-passw0rd');
    const other = await secondDevice(newContext, email, 'Some-passw0rd');
    const token = (await stored(other)).authToken;
    // Signing out on the other device revokes that session on the server; this one is untouched.
    await other.request.get('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    await other.context().close();

    await page.reload();
    await dismissPromo(page);
    await expect(userMenuTrigger(page)).toBeVisible();

    const mine = (await stored(page)).authToken;
    await page.request.get('/api/auth/logout', { headers: { Authorization: `Bearer ${mine}` } });
    await page.reload();
    await dismissPromo(page);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    expect((await stored(page)).authToken).toBeNull();
  });

  test('an expired session ends in the browser with a notice and a way back', { tag: '@phone' }, async ({ page }) => {
    await page.clock.install();
    const account = ACCOUNTS.customer;
    await signInWithPassword(page, account.email, PASSWORD);
    await page.goto('/products/gut360');
    await dismissPromo(page);
    await expect(userMenuTrigger(page)).toHaveText(account.fullname);

    await page.clock.fastForward(169 * 3_600_000);
    await expect(page).toHaveURL(/\/login\?session=expired$/);
    await expect(page.getByTestId('session-ended')).toContainText('Your session has expired');
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    expect(await stored(page)).toMatchObject({ authToken: null, previousPage: '/products/gut360' });
  });

  test('a logout that cannot reach the server keeps the session and says so', async ({ page, layout }) => {
    await signInWithPassword(page, ACCOUNTS.customer.email, PASSWORD);
    await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
    await logOut(page, layout);
    await expect(notice(page, 'Logout failed. Try again.')).toBeVisible();
    await expect(userMenuTrigger(page)).toHaveText(ACCOUNTS.customer.fullname);
    expect((await stored(page)).authToken).toBeTruthy();

    await page.unroute('**/api/auth/logout');
    await logOut(page, layout);
    await expect(notice(page, 'Logout successful.')).toBeVisible();
    await expect(page).toHaveURL(atPath('/login'));
  });
});

test.describe('the wrong sign-in page', () => {
  test('staff on /login land on the staff home; a customer on /admin/login is pointed to /login', { tag: '@desktop' }, async ({ newContext, page }, testInfo) => {
    await page.goto('/login');
    await submitSignIn(page, ACCOUNTS.admin.email, PASSWORD);
    await expect(page).toHaveURL(atPath('/admin-home'));
    await dismissPromo(page).catch(() => undefined);

    // The customer in a browser of their own: the admin's page, signed out under it, would go to /login itself.
    const customerContext = await newContext({ viewport: testInfo.project.use.viewport ?? null });
    const customer = await customerContext.newPage();
    await customer.goto('/admin/login');
    await submitSignIn(customer, ACCOUNTS.customer.email, PASSWORD, '/admin/login');
    await expect(signInForm(customer, '/admin/login').getByRole('alert')).toHaveText(
      'This sign-in is for staff. Please use the customer login.',
    );
    await dismissPromo(customer).catch(() => undefined);
    await customer.getByRole('link', { name: 'Sign in as a customer' }).click();
    await expect(customer).toHaveURL(atPath('/login'));
    await customerContext.close();
  });
});
