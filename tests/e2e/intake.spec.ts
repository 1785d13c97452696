/**
 * The food and lifestyle intake the lab reads with every sample: a customer with a kit just activated answers it on
 * the kit's card by keyboard, sees it saved and changes one answer; a doctor of the care team reads it, read-only, on
 * the customer's page.
 */
import type { Locator, Page } from '@playwright/test';
import { buyKit, callApi, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, openPage, startSignedIn, test } from './support';

const ADDRESS = { name: 'Farah Siddiqui', phone: '9819012345', line1: '7, Carter Road, Bandra West', city: 'Mumbai', state: 'Maharashtra', pincode: '400050' };

/** Chooses a radio button or checkbox the way a keyboard does: focus, then Space. */
async function press(option: Locator): Promise<void> {
  await option.focus();
  await option.press('Space');
}

async function next(card: Locator, name = 'Next'): Promise<void> {
  const button = card.getByRole('button', { name });
  await button.focus();
  await button.press('Enter');
}

async function activatedKit(page: Page): Promise<Locator> {
  await openPage(page, '/user/dashboard');
  const card = page.getByRole('article', { name: 'Gut Start' });
  await expect(card.getByTestId('kit-state')).toHaveText('Delivered');
  // Before activation the intake is not asked for yet.
  await expect(card.getByTestId('kit-intake')).toHaveCount(0);
  const code = (await card.getByTestId('demo-box-code').textContent()) ?? '';
  await card.getByLabel('Kit code from the box').fill(code);
  await card.getByRole('button', { name: 'Activate kit' }).click();
  await expect(card.getByTestId('kit-state')).toHaveText('Activated');
  return card;
}

test('a customer answers the food and lifestyle intake on the kit card by keyboard, changes an answer, and the care team reads it', async ({ page, newContext }, testInfo) => {
  test.setTimeout(180_000);
  const person = await registerPerson('Farah Siddiqui', 'intake');
  await signInFresh(page, person.email, '/');
  await buyKit(page, 'PROD-G3G-LITE', ADDRESS);
  const card = await activatedKit(page);

  const invite = card.getByTestId('intake-invite');
  await expect(invite).toContainText('Next: the food and lifestyle questionnaire');
  await keepScreenshot(card, testInfo, 'intake-invite');
  await expectNoSeriousAxeViolations(page);
  await next(invite, 'Answer the questionnaire');

  // Step 1: nothing chosen is refused with a reason, and the focus goes to the answer to give.
  await expect(card.getByText('Step 1 of 4')).toBeVisible();
  await next(card);
  await expect(card.getByText('Choose how you eat.')).toBeVisible();
  const diet = card.getByRole('group', { name: 'Which best describes how you eat?' });
  await expect(diet.getByRole('radio').first()).toBeFocused();
  await press(diet.getByRole('radio', { name: /^Vegetarian/ }));
  await press(card.getByRole('radio', { name: 'A few times a week' }));
  await keepScreenshot(card, testInfo, 'intake-step-food');
  await next(card);

  // Step 2: an antibiotic taken asks which.
  await expect(card.getByRole('heading', { name: 'Medicines' })).toBeFocused();
  await press(card.getByRole('group', { name: /antibiotics in the last 3 months/ }).getByRole('radio', { name: 'Yes' }));
  await card.getByRole('textbox', { name: /Which antibiotic/ }).fill('Amoxicillin for a tooth infection');
  await press(card.getByRole('group', { name: /probiotic supplements/ }).getByRole('radio', { name: 'No' }));
  await next(card);

  // Step 3: the Bristol stool chart, seven plain types.
  const bristol = card.getByRole('group', { name: /Bristol stool chart/ });
  await expect(bristol.getByRole('radio')).toHaveCount(7);
  await press(bristol.getByRole('radio', { name: /^Type 4:/ }));
  await press(card.getByRole('radio', { name: 'Once a day' }));
  await keepScreenshot(card, testInfo, 'intake-step-bowel');
  await expectNoSeriousAxeViolations(page);
  await next(card);

  // Step 4: conditions, height and weight.
  await press(card.getByRole('checkbox', { name: 'Thyroid condition' }));
  await card.getByRole('textbox', { name: 'Weight in kg (optional)' }).fill('58');
  await next(card, 'Review your answers');

  const review = card.getByTestId('intake-review');
  await expect(review).toContainText('Vegetarian (milk and curd, no eggs, meat or fish)');
  await expect(review).toContainText('Amoxicillin for a tooth infection');
  await expect(review).toContainText('Type 4: Like a sausage or snake, smooth and soft');
  await expect(review).toContainText('58 kg');
  await keepScreenshot(card, testInfo, 'intake-review');
  await expectNoSeriousAxeViolations(page);
  await next(review, 'Save your answers');

  await expect(card.getByText('Your answers are saved. The lab will read them with your sample.')).toBeVisible();
  const answered = card.getByTestId('intake-answered');
  await expect(answered).toContainText('You can change your answers until the lab receives your sample.');
  await expect(card.getByTestId('intake-invite')).toHaveCount(0);

  // Changing one answer: the bowel habits step, the rest kept.
  await next(answered, 'Change your answers');
  await next(card);
  await next(card);
  await press(card.getByRole('group', { name: /Bristol stool chart/ }).getByRole('radio', { name: /^Type 5:/ }));
  await next(card);
  await next(card, 'Review your answers');
  await expect(card.getByTestId('intake-review')).toContainText('Type 5: Soft blobs with clear-cut edges; passed easily');
  await next(card.getByTestId('intake-review'), 'Save your answers');
  await expect(card.getByText('Your answers are saved. The lab will read them with your sample.')).toBeVisible();

  // After a reload the card shows the answers kept, not the call to answer.
  await page.reload();
  const reloaded = page.getByRole('article', { name: 'Gut Start' }).getByTestId('intake-answered');
  await expect(reloaded).toContainText('Food and lifestyle questionnaire: answered');
  await reloaded.getByText('Show your answers').click();
  await expect(reloaded).toContainText('Type 5: Soft blobs with clear-cut edges; passed easily');
  await expect(reloaded).toContainText('Amoxicillin for a tooth infection');
  await keepScreenshot(page.getByRole('article', { name: 'Gut Start' }), testInfo, 'intake-answered');

  // The care team: a doctor reads the answers, read-only, on the customer's page.
  const { user } = await callApi<{ user: { _id: string } }>(page, 'GET', '/api/auth/login/success');
  const doctorContext = await newContext({ viewport: page.viewportSize() ?? undefined });
  const doctor = await doctorContext.newPage();
  await startSignedIn(doctor, ACCOUNTS.doctor, { path: `/care/questionnaires?customer=${user._id}` });
  const intakes = doctor.getByTestId('care-intakes');
  const kit = intakes.getByRole('article', { name: /^Gut Start GUT-/ });
  await expect(kit).toContainText('Activated · answered');
  await expect(kit).toContainText('Vegetarian (milk and curd, no eggs, meat or fish)');
  await expect(kit).toContainText('Type 5: Soft blobs with clear-cut edges; passed easily');
  await expect(kit).toContainText('Thyroid condition');
  await expect(intakes.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAxeViolations(doctor);
  await keepScreenshot(doctor, testInfo, 'intake-care-view', { fullPage: true, fromTop: true });
});
