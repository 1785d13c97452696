/**
 * The team, against the real stack and the Auth emulator: the demo admin adds a nutritionist, who opens the link the
 * shop had Firebase e-mail, sets a password, signs in at /admin/login and gets the reduced staff navigation (SPEC §6).
 * The admin then deactivates them: their open page finds its session ended, and signing in again is refused.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { E2E_EMULATOR_PORT } from './ports';
import {
  ACCOUNTS,
  atPath,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  openPage,
  openUserMenu,
  signInForm,
  startSignedIn,
  submitSignIn,
  test,
  userMenuTrigger,
} from './support';

const PROJECT_ID = 'demo-gut-shop';
const MEMBER_PASSWORD = 'Team-passw0rd';
// The authoring places, then the care team's.
const AUTHOR_LINKS = ['Write a blog post', 'Write a recipe', 'Blogs', 'Recipes', 'Questionnaire results'];

/** The newest "set your password" code the Auth emulator holds for this address. */
async function passwordCode(email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`http://127.0.0.1:${E2E_EMULATOR_PORT}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
      const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
      found = oobCodes.filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET').at(-1)?.oobCode;
      return found;
    })
    .toBeTruthy();
  return found!;
}

function memberRow(page: Page, name: string): Locator {
  return page.getByTestId('team-members').getByRole('row').filter({ hasText: name });
}

test('an admin adds a nutritionist, who sets a password from the e-mailed link and gets the reduced navigation; deactivated, their session ends', { tag: '@desktop' }, async ({
  newContext,
  page,
  layout,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = randomUUID().slice(0, 8);
  const name = `Nandini Rao ${suffix}`;
  const email = `nandini-${suffix}@team.example.test`;

  // The admin adds the nutritionist.
  await startSignedIn(page, ACCOUNTS.admin, { path: '/admin/add-team-member' });
  await expect(page.getByRole('heading', { level: 1, name: 'Add Team Member' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, testInfo);
  const form = page.getByRole('form', { name: 'Add a team member' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel(/^Mobile number/).fill('98765 43210');
  await form.getByRole('combobox', { name: /^Role/ }).selectOption({ label: 'Nutritionist' });
  await form.getByRole('button', { name: 'Add team member' }).click();
  const added = page.getByTestId('team-member-added');
  await expect(added).toContainText(`${name} is added as a nutritionist.`);
  await expect(added).toContainText(`A link to set their password was sent to ${email}.`);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'add-team-member', { fullPage: true });

  // Invited until they sign in.
  await openPage(page, `/admin/team-members?q=${encodeURIComponent(email)}`);
  await expect(memberRow(page, name)).toContainText('Invited');
  await expect(memberRow(page, name)).toContainText('Never');

  // The nutritionist opens the e-mailed link, sets a password and signs in at the staff sign-in.
  const context = await newContext({ viewport: page.viewportSize() });
  const member = await context.newPage();
  await openPage(member, `/forgot-password?mode=resetPassword&oobCode=${await passwordCode(email)}`);
  const choose = member.locator('form[aria-label="Choose a new password"]');
  await choose.getByLabel('New password', { exact: true }).fill(MEMBER_PASSWORD);
  await choose.getByLabel('New password again').fill(MEMBER_PASSWORD);
  await choose.getByRole('button', { name: 'Save new password' }).click();
  await expect(member.getByText('Your password has been changed. You can now sign in with it.')).toBeVisible();

  await member.goto('/admin/login');
  await submitSignIn(member, email, MEMBER_PASSWORD, '/admin/login');
  await expect(member).toHaveURL(atPath('/admin-home'));
  await dismissPromo(member);
  await expect(userMenuTrigger(member)).toHaveAccessibleName(name);
  // SPEC §6: no public menus, no admin sidebar, the authoring places only, and no Orders in the user menu.
  await expect(member.getByTestId('public-menus')).toHaveCount(0);
  await expect(member.getByTestId('admin-sidebar')).toHaveCount(0);
  await expect(member.getByTestId('staff-links').getByRole('link')).toHaveText(AUTHOR_LINKS);
  if (layout === 'desktop') {
    const menu = await openUserMenu(member);
    await expect(menu.getByRole('link')).toHaveText(['Staff home', 'Change Password']);
    await member.keyboard.press('Escape');
  }
  await keepScreenshot(member, testInfo, 'nutritionist-home', { fullPage: true });

  // The admin sees them active, and deactivates them after confirming.
  await openPage(page, `/admin/team-members?q=${encodeURIComponent(email)}`);
  const row = memberRow(page, name);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Nutritionist');
  await expect(row).not.toContainText('Never');
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'team-members', { fullPage: true });
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
  await expect(dialog).toContainText('ends at once');
  await expectNoSeriousAxeViolations(page, testInfo);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId('team-outcome')).toContainText(`${name} is deactivated`);
  await expect(memberRow(page, name)).toContainText('Deactivated');

  // The nutritionist's open page finds the session ended, and says why.
  await member.reload();
  await expect(member).toHaveURL(/\/login\?session=disabled$/);
  await expect(member.getByTestId('session-ended')).toContainText('Your account is disabled');
  await expect(member.getByTestId('session-ended')).toContainText('ask an admin to reactivate it');

  // Signing in again is refused, with the reason.
  await member.goto('/admin/login');
  await submitSignIn(member, email, MEMBER_PASSWORD, '/admin/login');
  await expect(signInForm(member, '/admin/login').getByRole('alert')).toContainText('This account has been deactivated. Ask an admin');
  await expect(member).toHaveURL(atPath('/admin/login'));
  await context.close();
});
