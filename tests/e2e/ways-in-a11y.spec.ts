/** axe-core on every sign-in page, with its field errors showing, at both widths (DESIGN §9). */
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, openPage, startSignedIn, test } from './support';

interface Checked {
  path: string;
  signedIn?: boolean;
  /** Brings the page to the state worth checking (errors showing) and waits for it. */
  prepare: (page: Page) => Promise<void>;
}

const submitEmpty = (formName: string, button: string, shows: string) => async (page: Page) => {
  const form = page.getByRole('form', { name: formName });
  await form.getByRole('button', { name: button }).click();
  await expect(form.getByText(shows).first()).toBeVisible();
};

const PAGES: Checked[] = [
  { path: '/register', prepare: submitEmpty('Create your account', 'Create account', 'Please enter your full name.') },
  { path: '/verify-otp', prepare: submitEmpty('Send me a code', 'Send code', 'Please enter a 10-digit Indian mobile number') },
  { path: '/forgot-password', prepare: submitEmpty('Reset your password', 'Send reset link', 'Please enter your e-mail address.') },
  {
    path: '/login',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Sign in without a password: e-mail me a link' }).click();
      await submitEmpty('E-mail me a sign-in link', 'E-mail me a sign-in link', 'Please enter your e-mail address.')(page);
    },
  },
  { path: '/get-email', signedIn: true, prepare: submitEmpty('Add your e-mail address', 'Continue', 'Please enter your e-mail address.') },
  {
    path: '/user/change-password',
    signedIn: true,
    prepare: submitEmpty('Change your password', 'Change password', 'Please enter your current password.'),
  },
];

for (const checked of PAGES) {
  test(`${checked.path} has no serious accessibility violations, errors showing`, async ({ page }) => {
    if (checked.signedIn) await startSignedIn(page, ACCOUNTS.customer, { path: checked.path });
    else await openPage(page, checked.path);
    await checked.prepare(page);
    await expectNoSeriousAxeViolations(page);
  });
}
