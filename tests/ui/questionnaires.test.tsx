/**
 * The GAD-7 and the PSQI as a person takes them on a phone (one question at a time): scored at once for a visitor,
 * kept for a signed-in person with their consent, resumed after a reload or a sign-in, and never losing an answer
 * when saving fails. The dashboard lists the kept results; a Gut SEnS kit asks for both questionnaires.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { scoreQuestionnaire, type Instrument } from '../../machines/questionnaire-scoring';
import { catalogue } from './cart-backend';
import { answers as backend, server } from './handlers';
import { renderShop, type ShopView } from './render';

type Saved = components['schemas']['QuestionnaireResult'];
type Submission = components['schemas']['QuestionnaireSubmission'];
type ErrorBody = components['schemas']['Error'];

const GAD7_LABELS = ['Not at all', 'Several days', 'More than half the days', 'Nearly every day'];
const PSQI_LABELS = ['Not during the past month', 'Less than once a week', 'Once or twice a week', 'Three or more times a week'];

function savedResult(instrument: Instrument, answers: Record<string, unknown>, id = 'result-1', createdAt = '2026-11-26T06:00:00.000Z'): Saved {
  const result = scoreQuestionnaire(instrument, answers) as unknown as Saved['result'];
  const score = instrument === 'gad7' ? (result.total ?? 0) : (result.global ?? 0);
  return { _id: id, instrument, score, answers, createdAt, result };
}

/** Answers the save call with the server's scoring of what was sent (or `fail`), and keeps each body. */
function saveApi({ fail }: { fail?: () => Response } = {}) {
  const sent: Submission[] = [];
  server.use(
    http.post('*/api/questionnaires/:instrument/results', async ({ request, params }) => {
      const body = (await request.json()) as Submission;
      sent.push(body);
      if (fail) return fail();
      return HttpResponse.json({ result: savedResult(params.instrument as Instrument, body.answers as Record<string, unknown>) }, { status: 201 });
    }),
  );
  return sent;
}

async function choose({ user }: ShopView, label: string) {
  await user.click(await screen.findByRole('radio', { name: label }));
}

async function next({ user }: ShopView, name: RegExp = /^(Next|Skip|Review my answers)$/) {
  await user.click(screen.getByRole('button', { name }));
}

/** Answers the seven GAD-7 items with `ratings`, skips the difficulty question, and lands on the review. */
async function answerGad7(view: ShopView, ratings: number[]) {
  await view.user.click(await screen.findByRole('button', { name: 'Start the GAD-7' }));
  for (const rating of ratings) {
    await choose(view, GAD7_LABELS[rating]!);
    await next(view);
  }
  await next(view, /^Review my answers$/);
  await screen.findByRole('heading', { name: 'Check your answers' });
}

beforeEach(() => {
  sessionStorage.clear();
  // Without Gut Start the offer's dialog stays shut, however long a test takes.
  server.use(backend.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
});

afterEach(() => sessionStorage.clear());

describe('the GAD-7, taken by a visitor on a phone', () => {
  it('asks one question at a time with its progress, then shows the total and its band at once, keeping nothing', async () => {
    const sent = saveApi();
    const view = renderShop('/questionaire/gad7');
    expect(await screen.findByText(/Developed by Drs\. Robert L\. Spitzer/)).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: 'Start the GAD-7' }));
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', 'Question 1 of 8');
    expect(screen.getByText('Feeling nervous, anxious, or on edge')).toHaveFocus();

    // Going on without an answer is refused, in words.
    await next(view);
    expect(await screen.findByText('Choose an answer to go on.')).toBeInTheDocument();

    for (const rating of [2, 2, 1, 1, 2, 1, 1]) {
      await choose(view, GAD7_LABELS[rating]!);
      await next(view);
    }
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', 'Question 8 of 8');
    await next(view, /^Review my answers$/);
    const review = await screen.findByRole('heading', { name: 'Check your answers' });
    expect(review).toHaveFocus();
    expect(screen.getByTestId('answer-difficulty')).toHaveTextContent('Not answered');

    await view.user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByTestId('result-headline')).toHaveTextContent('Your GAD-7 score is 10 of 21: moderate anxiety');
    expect(screen.getByText(/A score of 10 or more suggests an assessment/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in to keep my result' })).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('lets an answer be changed from the review', async () => {
    const view = renderShop('/questionaire/gad7');
    await answerGad7(view, [0, 0, 0, 0, 0, 0, 0]);
    await view.user.click(screen.getByRole('button', { name: 'Change the answer to question 3' }));
    expect(await screen.findByText('Worrying too much about different things')).toHaveFocus();
    await choose(view, 'Nearly every day');
    // Onwards to the review again: every other answer was kept.
    for (let step = 3; step <= 8; step += 1) await next(view);
    await screen.findByRole('heading', { name: 'Check your answers' });
    await view.user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByTestId('result-headline')).toHaveTextContent('Your GAD-7 score is 3 of 21: minimal anxiety');
  });

  it('picks up where it was left after a reload', async () => {
    const view = renderShop('/questionaire/gad7');
    await view.user.click(await screen.findByRole('button', { name: 'Start the GAD-7' }));
    for (const rating of [3, 3, 3]) {
      await choose(view, GAD7_LABELS[rating]!);
      await next(view);
    }
    view.unmount();
    cleanup();

    const { user } = renderShop('/questionaire/gad7');
    expect(await screen.findByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuetext', 'Question 4 of 8');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: 'Nearly every day' })).toBeChecked();
  });

  it('keeps the answers through signing in, then saves them with the consent', async () => {
    const sent = saveApi();
    const view = renderShop('/questionaire/gad7');
    await answerGad7(view, [1, 1, 1, 1, 1, 0, 0]);
    await view.user.click(screen.getByRole('button', { name: 'See my result' }));
    await view.user.click(await screen.findByRole('button', { name: 'Sign in to keep my result' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('previousPage')).toBe('/questionaire/gad7');
    view.unmount();
    cleanup();

    // Back after signing in: the result is there, and keeping it asks for the consent first.
    const { user } = renderShop('/questionaire/gad7', { as: 'customer' });
    expect(await screen.findByTestId('result-headline')).toHaveTextContent('Your GAD-7 score is 5 of 21: mild anxiety');
    const save = await screen.findByRole('button', { name: 'Save to my history' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Keep my questionnaire results in my account/ }));
    await user.click(save);
    expect(await screen.findByText(/Saved to your history/)).toBeInTheDocument();
    expect(sent).toEqual([{ answers: { q1: 1, q2: 1, q3: 1, q4: 1, q5: 1, q6: 0, q7: 0 }, consent: true }]);
    expect(sessionStorage.getItem('questionnaire-draft:gad7')).toBeNull();
  });
});

describe('the GAD-7, taken by a signed-in customer', () => {
  it('shows the result without keeping it when the consent is not given, and keeps it once it is', async () => {
    const sent = saveApi();
    const view = renderShop('/questionaire/gad7', { as: 'customer' });
    await answerGad7(view, [0, 1, 0, 1, 0, 1, 0]);
    const consent = screen.getByRole('checkbox', { name: /Keep my questionnaire results in my account/ });
    expect(consent).not.toBeChecked();
    // Ticked, the box stays (and can be cleared): the button says what will happen.
    await view.user.click(consent);
    expect(screen.getByRole('button', { name: 'Save and see my result' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('checkbox', { name: /Keep my questionnaire results in my account/ }));
    await view.user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByTestId('result-headline')).toHaveTextContent('Your GAD-7 score is 3 of 21: minimal anxiety');
    expect(sent).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save to my history' })).toBeDisabled();
    await view.user.click(screen.getByRole('checkbox', { name: /Keep my questionnaire results in my account/ }));
    await view.user.click(screen.getByRole('button', { name: 'Save to my history' }));
    expect(await screen.findByText(/Saved to your history/)).toBeInTheDocument();
    expect(sent).toEqual([{ answers: { q1: 0, q2: 1, q3: 0, q4: 1, q5: 0, q6: 1, q7: 0 }, consent: true }]);
  });

  it('offers Gut SEnS to a customer without one, and points one who has it to their kit instead', async () => {
    const view = renderShop('/questionaire/gad7', { as: 'customer' });
    await answerGad7(view, [0, 1, 0, 1, 0, 1, 0]);
    await view.user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByRole('heading', { name: 'What Gut SEnS adds' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Gut SEnS' })).toHaveAttribute('href', '/products/gutsens');
    view.unmount();
    cleanup();

    server.use(
      http.get('*/api/kits', () =>
        HttpResponse.json({
          kits: [
            {
              _id: 'kit-sens',
              orderId: 'order-1',
              product: 'p-sens',
              code: 'PROD-GSENS',
              name: 'Gut SEnS',
              state: 'delivered',
              activatedAt: null,
              timeline: [{ state: 'delivered', at: '2026-11-20T06:00:00.000Z' }],
              reportUrl: null,
            },
          ],
        }),
      ),
    );
    sessionStorage.clear();
    const utils = renderShop('/questionaire/gad7', { as: 'customer' });
    await answerGad7(utils, [0, 1, 0, 1, 0, 1, 0]);
    await utils.user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByRole('heading', { name: 'Your Gut SEnS kit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See My kits' })).toHaveAttribute('href', '/user/dashboard');
    expect(screen.queryByRole('link', { name: 'See Gut SEnS' })).not.toBeInTheDocument();
  });

  it('asks nothing more of a person whose consent is on record', async () => {
    const sent = saveApi();
    server.use(http.get('*/api/questionnaires/results', () => HttpResponse.json({ results: [], consent: true })));
    const view = renderShop('/questionaire/gad7', { as: 'customer' });
    await answerGad7(view, [3, 3, 3, 3, 3, 0, 0]);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Your result will be kept in your history, as you agreed.')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Save and see my result' }));
    expect(await screen.findByTestId('result-headline')).toHaveTextContent('Your GAD-7 score is 15 of 21: severe anxiety');
    expect(await screen.findByText(/Saved to your history/)).toBeInTheDocument();
    expect(sent).toEqual([{ answers: { q1: 3, q2: 3, q3: 3, q4: 3, q5: 3, q6: 0, q7: 0 }, consent: true }]);
  });
});

describe('the PSQI, taken by a signed-in customer', () => {
  /** Bed 23:00, 20 minutes, up 06:00, 6 hours; 5a once or twice a week, the rest as given. */
  /** A whole PSQI by keyboard and pointer is 19 screens: on a machine whose both cores are busy it takes over 20 s. */
  const PSQI_WALK_TIMEOUT_MS = 45_000;

  async function answerPsqi(view: ShopView) {
    await view.user.click(await screen.findByRole('button', { name: 'Start the PSQI' }));
    fireEvent.change(await screen.findByLabelText('Bed time'), { target: { value: '23:00' } });
    await next(view);
    await view.user.type(await screen.findByLabelText('Number of minutes'), 'soon');
    expect(await screen.findByText(/Enter a number of minutes up to 720/)).toBeInTheDocument();
    await view.user.clear(screen.getByLabelText('Number of minutes'));
    await view.user.type(screen.getByLabelText('Number of minutes'), '15-25');
    await next(view);
    fireEvent.change(await screen.findByLabelText('Getting up time'), { target: { value: '06:00' } });
    await next(view);
    await view.user.type(await screen.findByLabelText('Hours of sleep per night'), '6');
    await next(view);
    // 5a to 5i, then 5j left empty.
    for (const rating of [2, 1, 1, 0, 0, 0, 0, 1, 0]) {
      await choose(view, PSQI_LABELS[rating]!);
      await next(view);
    }
    await next(view, /^Skip$/);
    await choose(view, 'Fairly bad');
    await next(view);
    await choose(view, PSQI_LABELS[0]!);
    await next(view);
    await choose(view, PSQI_LABELS[1]!);
    await next(view);
    await choose(view, 'Somewhat of a problem');
    await next(view);
    // The bed-partner questions are shown and may be skipped.
    for (let step = 0; step < 6; step += 1) await next(view, /^(Skip|Review my answers)$/);
    await screen.findByRole('heading', { name: 'Check your answers' });
  }

  it('saves with the consent, and shows the seven components and the global score', async () => {
    const sent = saveApi();
    const view = renderShop('/questionaire/psqi', { as: 'customer' });
    expect(await screen.findByText(/© 1989, University of Pittsburgh/)).toBeInTheDocument();
    await answerPsqi(view);
    await view.user.click(screen.getByRole('checkbox', { name: /Keep my questionnaire results/ }));
    await view.user.click(screen.getByRole('button', { name: 'Save and see my result' }));
    const headline = await screen.findByTestId('result-headline');
    // C1 2, C2 (20 min → 1, 5a 2: 3 → 2), C3 6 h → 1, C4 6/7 = 85.7% → 0, C5 3 → 1, C6 0, C7 1+2 → 2: 8.
    expect(headline).toHaveTextContent('Your PSQI global score is 8 of 21: poor sleep quality');
    const table = screen.getByTestId('psqi-components');
    expect(within(table).getByTestId('component-quality')).toHaveTextContent('2');
    expect(within(table).getByTestId('component-latency')).toHaveTextContent('2');
    expect(within(table).getByTestId('component-duration')).toHaveTextContent('1');
    expect(within(table).getByTestId('component-efficiency')).toHaveTextContent('0');
    expect(within(table).getByTestId('component-disturbances')).toHaveTextContent('1');
    expect(within(table).getByTestId('component-medication')).toHaveTextContent('0');
    expect(within(table).getByTestId('component-daytime')).toHaveTextContent('2');
    expect(screen.getByText(/exactly 7 hours of sleep scores 1/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ consent: true, answers: { bedTime: '23:00', latency: '15-25', wakeTime: '06:00', sleepHours: '6', q5a: 2, q6: 2, q9: 2 } });
    expect(sent[0]).not.toHaveProperty('score');
  }, PSQI_WALK_TIMEOUT_MS);

  it('keeps every answer when saving fails, and saves on the next try', async () => {
    let failing = true;
    const sent = saveApi({
      fail: () =>
        failing ? HttpResponse.json<ErrorBody>({ message: 'The shop is not answering just now.', code: 'INTERNAL' }, { status: 503 }) : HttpResponse.error(),
    });
    const view = renderShop('/questionaire/psqi', { as: 'customer' });
    await answerPsqi(view);
    await view.user.click(screen.getByRole('checkbox', { name: /Keep my questionnaire results/ }));
    await view.user.click(screen.getByRole('button', { name: 'Save and see my result' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is busy right now. Please wait a moment, then try again. Your answers are kept.');
    expect(screen.getByRole('heading', { name: 'Check your answers' })).toBeInTheDocument();
    expect(screen.getByTestId('answer-bedTime')).toHaveTextContent('23:00');
    failing = false;
    server.use(
      http.post('*/api/questionnaires/:instrument/results', async ({ request, params }) => {
        const body = (await request.json()) as Submission;
        return HttpResponse.json({ result: savedResult(params.instrument as Instrument, body.answers as Record<string, unknown>) }, { status: 201 });
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Save and see my result' }));
    expect(await screen.findByText(/Saved to your history/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  }, PSQI_WALK_TIMEOUT_MS);

  it('says the PSQI is not offered while its licence is not on file', async () => {
    server.use(
      http.get('*/api/questionnaires', () =>
        HttpResponse.json({ instruments: [{ instrument: 'gad7', offered: true }, { instrument: 'psqi', offered: false }] }),
      ),
    );
    renderShop('/questionaire/psqi');
    expect(await screen.findByRole('heading', { name: 'The PSQI is not offered at present' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the PSQI' })).not.toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  const gad7Answers = { q1: 2, q2: 2, q3: 2, q4: 2, q5: 2, q6: 1, q7: 1 };

  it('lists the kept results with a chart of each score, and a Gut SEnS kit asks for both questionnaires', async () => {
    server.use(
      http.get('*/api/questionnaires/results', () =>
        HttpResponse.json({
          consent: true,
          results: [
            savedResult('gad7', gad7Answers, 'r-2', '2026-11-25T06:00:00.000Z'),
            savedResult('gad7', { ...gad7Answers, q1: 0, q2: 0 }, 'r-1', '2026-10-01T06:00:00.000Z'),
          ],
        }),
      ),
      http.get('*/api/kits', () =>
        HttpResponse.json({
          kits: [
            {
              _id: 'kit-sens',
              orderId: 'order-1',
              product: 'p-sens',
              code: 'PROD-GSENS',
              name: 'Gut SEnS',
              state: 'activated',
              activatedAt: '2026-11-20T06:00:00.000Z',
              timeline: [{ state: 'activated', at: '2026-11-20T06:00:00.000Z' }],
              reportUrl: null,
            },
          ],
        }),
      ),
    );
    renderShop('/user/dashboard', { as: 'customer' });
    const history = await screen.findByTestId('history-gad7');
    expect(within(history).getAllByTestId('history-entry').map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('12 of 21 · Moderate anxiety'),
      expect.stringContaining('8 of 21 · Mild anxiety'),
    ]);
    expect(within(history).getByRole('img', { name: /GAD-7 scores over time, out of 21: 8 on 1 Oct 2026, 12 on 25 Nov 2026/ })).toBeInTheDocument();
    const checklist = await screen.findByTestId('gutsens-questionnaires');
    expect(within(checklist).getByTestId('gutsens-gad7')).toHaveTextContent('done on 25 Nov 2026');
    expect(within(checklist).getByTestId('gutsens-psqi')).toHaveTextContent('to do');
    expect(within(checklist).getByRole('link', { name: 'answer it now' })).toHaveAttribute('href', '/questionaire/psqi');
  });

  it('says when nothing is kept yet and links to both questionnaires', async () => {
    renderShop('/user/dashboard', { as: 'customer' });
    const section = await screen.findByTestId('my-questionnaires');
    expect(await within(section).findByText(/You have not kept any questionnaire results yet/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Take the GAD-7' })).toHaveAttribute('href', '/questionaire/gad7');
    expect(within(section).getByRole('link', { name: 'Take the PSQI' })).toHaveAttribute('href', '/questionaire/psqi');
  });
});
