/**
 * The GAD-7 and the PSQI against the real stack, at both widths: on a phone (below 48em) one question at a time with
 * a progress bar and Next / Skip / Back, on a wide screen every question at once with one "Review my answers".
 *
 * - A visitor takes the GAD-7 by keyboard alone (Tab to the radios, arrow keys and Space to choose, Enter to go on),
 *   sees the total and its band, and nothing is sent to be kept; axe finds nothing serious on the introduction, a
 *   question, the review and the result.
 * - A customer of this test's own (registered in the Auth emulator, so no other spec's results are in their history)
 *   takes the PSQI, agrees to keep results, saves, sees the seven components and the global score, and finds the
 *   result on their dashboard; the demo admin then finds it on that customer's page in the staff area.
 * - A reload in the middle of the questionnaire comes back at the same question with every answer kept.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { registerPerson, signInFresh } from './shopping';
import {
  ACCOUNTS,
  atPath,
  dismissPromo,
  expect,
  expectNoSeriousAxeViolations,
  keepScreenshot,
  startSignedIn,
  test,
  type Layout,
} from './support';

/** A full page load (or a reload), ready to use once the promotion is out of the way. */
async function open(page: Page, path?: string): Promise<void> {
  if (path) await page.goto(path);
  else await page.reload();
  await dismissPromo(page);
}

/** A screenshot of one part of a page, with the sticky header kept at the top of the page rather than over it. */
async function sectionScreenshot(part: Locator, testInfo: TestInfo, name: string): Promise<void> {
  await keepScreenshot(part, testInfo, name, { style: 'header { position: static !important; }' });
}

/** Presses Tab until `target` has the focus, as a keyboard user would, and fails if it never gets it. */
async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `Tab never reached it in ${most} presses`).toBeFocused();
}

/** The GAD-7's four answers in order: an answer's place is its score, 0 to 3. */
const GAD7_CHOICES = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'] as const;
const GAD7_PROMPTS = [
  'Feeling nervous, anxious, or on edge',
  'Not being able to stop or control worrying',
  'Worrying too much about different things',
  'Trouble relaxing',
  'Being so restless that it is hard to sit still',
  'Becoming easily annoyed or irritable',
  'Feeling afraid, as if something awful might happen',
] as const;

function question(page: Page, prompt: string): Locator {
  return page.getByRole('radiogroup', { name: new RegExp(prompt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

/** The question's prompt when it has the focus (on a phone, each question takes it as it is shown). */
function focusedPrompt(page: Page): Locator {
  return page.locator('[tabindex="-1"]:focus');
}

function progress(page: Page): Locator {
  return page.getByRole('progressbar', { name: 'Progress' });
}

/**
 * Chooses the `value`-th answer of the radio group that has the focus, from the keyboard: the first answer with Space,
 * any other by moving down to it with the arrow key (which also selects it, as radios do).
 */
async function chooseByKeyboard(page: Page, group: Locator, value: number, label: string): Promise<void> {
  await expect(group.getByRole('radio').first()).toBeFocused();
  if (value === 0) await page.keyboard.press('Space');
  for (let step = 0; step < value; step += 1) await page.keyboard.press('ArrowDown');
  const chosen = group.getByRole('radio', { name: label, exact: true });
  await expect(chosen).toBeChecked();
  await expect(chosen).toBeFocused();
}

test('a visitor takes the GAD-7 by keyboard alone and sees the total and its band at once; nothing is kept', async ({ page, layout }, testInfo) => {
  test.setTimeout(180_000);
  const kept: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/questionnaires')) kept.push(request.url());
  });
  const ratings = [2, 2, 1, 1, 2, 1, 1];

  await open(page, '/questionaire/gad7');
  await expect(page.getByRole('heading', { level: 1, name: 'GAD-7 anxiety questionnaire' })).toBeVisible();
  const intro = page.getByTestId('questionnaire-intro');
  await expect(intro).toContainText('8 questions (7 of them scored), about 2 minutes.');
  await expect(page.getByText(/Developed by Drs\. Robert L\. Spitzer/)).toBeVisible();
  const start = page.getByRole('button', { name: 'Start the GAD-7' });
  await expect(start).toBeEnabled();
  await expectNoSeriousAxeViolations(page, testInfo);

  await tabTo(page, start);
  await page.keyboard.press('Enter');

  if (layout === 'mobile') {
    // One question at a time: each takes the focus, and Tab leads on to its answers.
    for (const [index, value] of ratings.entries()) {
      await expect(progress(page)).toHaveAttribute('aria-valuetext', `Question ${index + 1} of 8`);
      await expect(focusedPrompt(page)).toContainText(GAD7_PROMPTS[index]!);
      const group = question(page, GAD7_PROMPTS[index]!);
      await page.keyboard.press('Tab');
      if (index === 0) {
        // Enter with nothing chosen is refused, in words, and the question stays.
        await expect(group.getByRole('radio').first()).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(group.getByRole('alert')).toHaveText('Choose an answer to go on.');
        await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 1 of 8');
      }
      await chooseByKeyboard(page, group, value, GAD7_CHOICES[value]!);
      if (index === 0) await expectNoSeriousAxeViolations(page, testInfo);
      await page.keyboard.press('Enter');
    }
    // The eighth, not scored, is left unanswered: Tab past its answers to the button, which goes on to the review.
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 8 of 8');
    await expect(focusedPrompt(page)).toContainText('If you checked off any problems');
    await tabTo(page, page.getByRole('button', { name: 'Review my answers' }), 4);
    await page.keyboard.press('Enter');
  } else {
    // Every question at once, one radio group after another in the Tab order.
    await expect(progress(page)).toHaveCount(0);
    await expect(page.getByRole('radiogroup')).toHaveCount(8);
    for (const [index, value] of ratings.entries()) {
      const group = question(page, GAD7_PROMPTS[index]!);
      await tabTo(page, group.getByRole('radio').first(), index === 0 ? 80 : 1);
      await chooseByKeyboard(page, group, value, GAD7_CHOICES[value]!);
      if (index === 0) await expectNoSeriousAxeViolations(page, testInfo);
    }
    // Enter on the last answer sends the form: the eighth question is not scored and may stay unanswered.
    await page.keyboard.press('Enter');
  }

  // The review: every answer, the eighth not answered; the focus on its heading.
  const reviewHeading = page.getByRole('heading', { level: 2, name: 'Check your answers' });
  await expect(reviewHeading).toBeFocused();
  for (const [index, value] of ratings.entries()) await expect(page.getByTestId(`answer-q${index + 1}`)).toHaveText(GAD7_CHOICES[value]!);
  await expect(page.getByTestId('answer-difficulty')).toHaveText('Not answered');
  await expect(page.getByText('You are not signed in: you will see your result at once, and can sign in then to keep it.')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, testInfo);
  const see = page.getByRole('button', { name: 'See my result', exact: true });
  await tabTo(page, see, 40);
  await page.keyboard.press('Enter');

  // 2 + 2 + 1 + 1 + 2 + 1 + 1 = 10: the moderate band (10–14), which suggests an assessment.
  const result = page.getByTestId('questionnaire-result');
  await expect(result).toBeFocused();
  await expect(page.getByTestId('result-headline')).toHaveText('Your GAD-7 score is 10 of 21: moderate anxiety');
  await expect(result).toContainText('Yours is in the moderate band (10–14).');
  await expect(result).toContainText('A score of 10 or more suggests an assessment by a doctor or a mental-health professional.');
  await expect(page.getByRole('button', { name: 'Sign in to keep my result' })).toBeVisible();
  await expect(page.getByText('Saved to your history.')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'gad7-visitor-result', { fullPage: true, fromTop: true });
  expect(kept, 'a visitor’s result is sent nowhere').toEqual([]);
});

/** The PSQI answers of the signed-in customer, in the form's order; `undefined` leaves an optional one unanswered. */
type Answer =
  | { kind: 'time' | 'amount'; label: string; value: string }
  | { kind: 'choice'; prompt: string; value: string | undefined };

const NOT = 'Not during the past month';
const LESS = 'Less than once a week';
const TWICE = 'Once or twice a week';

/*
 * The expected score, by hand (Buysse et al. 1989, with the bands machines/questionnaire-scoring.ts uses):
 *   hours in bed: 23:00 to 06:00 across midnight = 7 h
 *   C1 subjective quality: item 6 "Fairly bad"                                    = 2
 *   C2 latency: 20 min → 1 (over 15 to 30); 5a "Once or twice a week" → 2; 1 + 2 = 3 → 2
 *   C3 duration: 6 hours → 1 (6 to 7 h inclusive)                                 = 1
 *   C4 efficiency: 6 h asleep / 7 h in bed = 85.7 % → 0 (85 % or more)             = 0
 *   C5 disturbances: 5b 1 + 5c 2 + 5d 0 + 5e 0 + 5f 1 + 5g 1 + 5h 0 + 5i 0 + 5j (none) 0 = 5 → 1 (1–9)
 *   C6 medication: item 7 "Not during the past month"                             = 0
 *   C7 daytime: item 8 "Less than once a week" 1 + item 9 "Somewhat of a problem" 2 = 3 → 2 (3–4)
 *   Global: 2 + 2 + 1 + 0 + 1 + 0 + 2 = 8, above 5: poor sleep quality.
 */
const PSQI_ANSWERS: Answer[] = [
  { kind: 'time', label: 'Bed time', value: '23:00' },
  { kind: 'amount', label: 'Number of minutes', value: '20' },
  { kind: 'time', label: 'Getting up time', value: '06:00' },
  { kind: 'amount', label: 'Hours of sleep per night', value: '6' },
  { kind: 'choice', prompt: 'Cannot get to sleep within 30 minutes', value: TWICE },
  { kind: 'choice', prompt: 'Wake up in the middle of the night or early morning', value: LESS },
  { kind: 'choice', prompt: 'Have to get up to use the bathroom', value: TWICE },
  { kind: 'choice', prompt: 'Cannot breathe comfortably', value: NOT },
  { kind: 'choice', prompt: 'Cough or snore loudly', value: NOT },
  { kind: 'choice', prompt: 'Feel too cold', value: LESS },
  { kind: 'choice', prompt: 'Feel too hot', value: LESS },
  { kind: 'choice', prompt: 'Had bad dreams', value: NOT },
  { kind: 'choice', prompt: 'Have pain', value: NOT },
  { kind: 'choice', prompt: 'Other reason(s), please describe', value: undefined },
  { kind: 'choice', prompt: 'how would you rate your sleep quality overall', value: 'Fairly bad' },
  { kind: 'choice', prompt: 'how often have you taken medicine to help you sleep', value: NOT },
  { kind: 'choice', prompt: 'trouble staying awake while driving', value: LESS },
  { kind: 'choice', prompt: 'keep up enough enthusiasm to get things done', value: 'Somewhat of a problem' },
  { kind: 'choice', prompt: 'Do you have a bed partner or room mate?', value: undefined },
  { kind: 'choice', prompt: 'Loud snoring', value: undefined },
  { kind: 'choice', prompt: 'Long pauses between breaths while asleep', value: undefined },
  { kind: 'choice', prompt: 'Legs twitching or jerking while you sleep', value: undefined },
  { kind: 'choice', prompt: 'Episodes of disorientation or confusion during sleep', value: undefined },
  { kind: 'choice', prompt: 'Other restlessness while you sleep', value: undefined },
];

const EXPECTED_COMPONENTS = { quality: 2, latency: 2, duration: 1, efficiency: 0, disturbances: 1, medication: 0, daytime: 2 } as const;
const EXPECTED_GLOBAL = 8;

async function give(page: Page, answer: Answer): Promise<void> {
  if (answer.kind === 'choice') {
    if (answer.value !== undefined) await question(page, answer.prompt).getByRole('radio', { name: answer.value, exact: true }).check();
    return;
  }
  const field = page.getByLabel(answer.label, { exact: true });
  await field.fill(answer.value);
  await expect(field).toHaveValue(answer.value);
}

/** What the page shows of an answer already given: the value typed, or the radio chosen (none for an unanswered one). */
async function expectKept(page: Page, answer: Answer): Promise<void> {
  if (answer.kind !== 'choice') {
    await expect(page.getByLabel(answer.label, { exact: true })).toHaveValue(answer.value);
    return;
  }
  const group = question(page, answer.prompt);
  if (answer.value === undefined) await expect(group.getByRole('radio', { checked: true })).toHaveCount(0);
  else await expect(group.getByRole('radio', { name: answer.value, exact: true })).toBeChecked();
}

/** The review's lines for questions 1 to 5b, as the answers were given. */
async function expectReviewed(page: Page): Promise<void> {
  await expect(page.getByTestId('answer-bedTime')).toHaveText('23:00');
  await expect(page.getByTestId('answer-latency')).toHaveText('20 minutes');
  await expect(page.getByTestId('answer-wakeTime')).toHaveText('06:00');
  await expect(page.getByTestId('answer-sleepHours')).toHaveText('6 hours');
  await expect(page.getByTestId('answer-q5a')).toHaveText(TWICE);
  await expect(page.getByTestId('answer-q5b')).toHaveText(LESS);
}

/** An answer not given yet: no radio chosen, nothing typed. */
async function expectUnanswered(page: Page, answer: Answer): Promise<void> {
  if (answer.kind === 'choice') await expect(question(page, answer.prompt).getByRole('radio', { checked: true })).toHaveCount(0);
  else await expect(page.getByLabel(answer.label, { exact: true })).toHaveValue('');
}

/**
 * Gives `answers` (the form's first ones, in order) from the `from`-th on, the way the layout asks them: all on the one
 * page, or on a phone one step at a time from the step shown, ending on the last one given.
 */
async function answerPsqi(page: Page, layout: Layout, answers: readonly Answer[], from = 0): Promise<void> {
  if (layout === 'desktop') {
    for (const answer of answers.slice(from)) await give(page, answer);
    return;
  }
  for (const [index, answer] of answers.entries()) {
    if (index < from) continue;
    await expect(progress(page)).toHaveAttribute('aria-valuetext', `Question ${index + 1} of 24`);
    await give(page, answer);
    if (index === answers.length - 1) return;
    const name = answer.kind === 'choice' && answer.value === undefined ? 'Skip' : 'Next';
    await page.getByRole('button', { name, exact: true }).click();
  }
}

/** The admin's page of `email`'s customer, found by their address in the list of customers. */
async function openCustomerPage(admin: Page, email: string, fullname: string): Promise<void> {
  await open(admin, '/admin/customers-list');
  await expect(admin.getByRole('heading', { level: 1, name: 'List of Customers' })).toBeVisible();
  const box = admin.getByRole('searchbox', { name: 'Search customers' });
  await box.fill(email);
  const answered = admin.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/admin/customers' && new URL(response.url()).searchParams.get('q') === email,
  );
  await box.press('Enter');
  expect((await answered).status()).toBe(200);
  const rows = admin.getByTestId('customers').getByRole('row').filter({ has: admin.getByRole('rowheader') });
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link', { name: fullname }).click();
  await expect(admin).toHaveURL(/\/admin\/gut-360-customer-details\?id=[^&]+$/);
  await expect(admin.getByRole('heading', { level: 1, name: fullname })).toBeVisible();
}

test('a customer keeps a PSQI result with their consent, finds it on the dashboard, and the admin sees it on their page', async ({
  newContext,
  page,
  layout,
}, testInfo) => {
  test.setTimeout(240_000);
  const person = await registerPerson('Sunita Venkatesh', 'psqi');
  await signInFresh(page, person.email, '/');

  await open(page, '/questionaire/psqi');
  await expect(page.getByRole('heading', { level: 1, name: 'PSQI sleep questionnaire' })).toBeVisible();
  await expect(page.getByTestId('questionnaire-intro')).toContainText('24 questions (17 of them scored), about 8 minutes.');
  await page.getByRole('button', { name: 'Start the PSQI' }).click();

  await answerPsqi(page, layout, PSQI_ANSWERS);
  if (layout === 'mobile') await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 24 of 24');
  await page.getByRole('button', { name: 'Review my answers' }).click();

  // The review lists the answers as given; keeping the result asks for the consent first.
  await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeFocused();
  await expectReviewed(page);
  await expect(page.getByTestId('answer-q5c')).toHaveText(TWICE);
  await expect(page.getByTestId('answer-q5j')).toHaveText('Not answered');
  await expect(page.getByTestId('answer-q6')).toHaveText('Fairly bad');
  await expect(page.getByTestId('answer-q10e')).toHaveText('Not answered');
  const consent = page.getByRole('checkbox', { name: /^Keep my questionnaire results in my account/ });
  await expect(consent).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'See my result', exact: true })).toBeVisible();
  // Ticked by its words, as a person does. (Once ticked, the box leaves the page at present: the review shows it only
  // while the machine's consent is false, so it cannot be unticked there. Only the button's new name is checked here.)
  await page.getByText('Keep my questionnaire results in my account', { exact: false }).click();
  const save = page.getByRole('button', { name: 'Save and see my result' });
  await expect(page.getByRole('button', { name: 'See my result', exact: true })).toHaveCount(0);
  await expect(save).toBeEnabled();
  const saving = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/questionnaires/psqi/results');
  await save.click();
  const saved = await saving;
  expect(saved.status(), await saved.text()).toBe(201);
  const body = (await saved.json()) as { result: { score: number; result: { components: Record<string, number>; global: number } } };
  // The server scores the answers itself, and agrees with the hand count above.
  expect(body.result.score).toBe(EXPECTED_GLOBAL);
  expect(body.result.result.components).toEqual(EXPECTED_COMPONENTS);

  // The result: the seven components, the global score, and where it is kept.
  await expect(page.getByTestId('result-headline')).toHaveText(`Your PSQI global score is ${EXPECTED_GLOBAL} of 21: poor sleep quality`);
  const table = page.getByTestId('psqi-components');
  await expect(table.getByRole('rowheader')).toHaveText([
    'C1 Subjective sleep quality',
    'C2 Sleep latency (time to fall asleep)',
    'C3 Sleep duration',
    'C4 Habitual sleep efficiency',
    'C5 Sleep disturbances',
    'C6 Use of sleeping medication',
    'C7 Daytime dysfunction',
  ]);
  for (const [key, value] of Object.entries(EXPECTED_COMPONENTS)) await expect(table.getByTestId(`component-${key}`)).toHaveText(String(value));
  await expect(page.getByTestId('questionnaire-result')).toContainText('You spent about 7 hours in bed and slept 85.7% of it.');
  await expect(page.getByText('Saved to your history.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change my answers' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'psqi-result', { fullPage: true, fromTop: true });

  // The dashboard's history: the PSQI section with its chart and this one entry (the person is new: nothing else).
  await page.getByRole('link', { name: 'your dashboard' }).click();
  await expect(page).toHaveURL(atPath('/user/dashboard'));
  const mine = page.getByTestId('my-questionnaires');
  await expect(mine.getByRole('heading', { level: 2, name: 'My questionnaires' })).toBeVisible();
  const psqi = mine.getByRole('region', { name: 'PSQI sleep questionnaire' });
  await expect(psqi.getByRole('heading', { name: 'PSQI sleep questionnaire' })).toBeVisible();
  await expect(psqi.getByRole('img', { name: new RegExp(`^PSQI scores over time, out of 21: ${EXPECTED_GLOBAL} on .+\\.$`) })).toBeVisible();
  await expect(psqi.getByTestId('chart-psqi').locator('circle')).toHaveCount(1);
  await expect(psqi.getByTestId('chart-psqi')).toContainText('Dashed line: above 5: poor sleep quality. Lower is better.');
  const entries = psqi.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`${EXPECTED_GLOBAL} of 21 · Poor sleep quality`);
  await expect(entries.first()).toContainText('C1 2 · C2 2 · C3 1 · C4 0 · C5 1 · C6 0 · C7 2');
  await expect(mine.getByTestId('history-gad7')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, testInfo);
  await keepScreenshot(page, testInfo, 'dashboard-history', { fullPage: true, fromTop: true });
  await sectionScreenshot(mine, testInfo, 'dashboard-history-section');

  // The same after a full load of the dashboard: the history comes from the server.
  await open(page, '/user/dashboard');
  await expect(page.getByTestId('my-questionnaires').getByRole('region', { name: 'PSQI sleep questionnaire' }).getByTestId('history-entry')).toHaveCount(1);

  // The admin finds the customer and sees the result on their page, in a context of their own.
  const staff = await newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await staff.newPage();
  try {
    await startSignedIn(admin, ACCOUNTS.admin);
    await openCustomerPage(admin, person.email, person.fullname);
    const section = admin.getByRole('region', { name: 'Questionnaires (1)' });
    await expect(section).toBeVisible();
    const kept = section.getByRole('region', { name: 'PSQI sleep questionnaire' });
    await expect(kept.getByTestId('history-entry')).toHaveCount(1);
    await expect(kept.getByTestId('history-entry')).toContainText(`${EXPECTED_GLOBAL} of 21 · Poor sleep quality`);
    await expect(kept.getByTestId('history-entry')).toContainText('C1 2 · C2 2 · C3 1 · C4 0 · C5 1 · C6 0 · C7 2');
    // The care team can read the answers the score was made from.
    await kept.getByText('Answers', { exact: true }).click();
    const given = kept.locator('dl');
    await expect(given).toContainText('23:00');
    await expect(given).toContainText('20 minutes');
    await expect(given).toContainText('06:00');
    await expect(given).toContainText('6 hours');
    await expectNoSeriousAxeViolations(admin, testInfo);
    await sectionScreenshot(section, testInfo, 'admin-customer-questionnaires');
  } finally {
    await staff.close();
  }
});

test('a reload in the middle of the PSQI comes back at the same question with every answer kept', async ({ page, layout }, testInfo) => {
  test.setTimeout(150_000);
  // Question 1 to 5b: a time, an amount, a time, an amount and two choices.
  const given = PSQI_ANSWERS.slice(0, 6);

  await open(page, '/questionaire/psqi');
  await page.getByRole('button', { name: 'Start the PSQI' }).click();
  await answerPsqi(page, layout, given);
  if (layout === 'mobile') {
    // On to question 5c (the seventh step), left unanswered.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 7 of 24');
  }

  await open(page);

  if (layout === 'mobile') {
    // The same question, unanswered; then, going back, each answer as it was given.
    await expect(progress(page)).toHaveAttribute('aria-valuetext', 'Question 7 of 24');
    await expect(question(page, 'Have to get up to use the bathroom')).toBeVisible();
    await expectUnanswered(page, PSQI_ANSWERS[6]!);
    await expectNoSeriousAxeViolations(page, testInfo);
    for (let index = given.length - 1; index >= 0; index -= 1) {
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(progress(page)).toHaveAttribute('aria-valuetext', `Question ${index + 1} of 24`);
      await expectKept(page, given[index]!);
    }
  } else {
    // Every question, with the answers given and the rest still empty.
    await expect(page.getByRole('button', { name: 'Review my answers' })).toBeVisible();
    await expect(page.getByTestId('questionnaire-intro')).toHaveCount(0);
    for (const answer of given) await expectKept(page, answer);
    await expectUnanswered(page, PSQI_ANSWERS[6]!);
    await expectNoSeriousAxeViolations(page, testInfo);
  }

  // The rest answered, the review shows the answers given before the reload, and the result counts them.
  if (layout === 'mobile') {
    for (let step = 0; step < given.length; step += 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await answerPsqi(page, layout, PSQI_ANSWERS, given.length);
  await page.getByRole('button', { name: 'Review my answers' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Check your answers' })).toBeFocused();
  await expectReviewed(page);
  await page.getByRole('button', { name: 'See my result', exact: true }).click();
  await expect(page.getByTestId('result-headline')).toHaveText(`Your PSQI global score is ${EXPECTED_GLOBAL} of 21: poor sleep quality`);
});
