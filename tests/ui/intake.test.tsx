import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { answers, server } from './handlers';
import { errorAnswer, ownedKit } from './orders-fixtures';
import { renderShop } from './render';

type Intake = components['schemas']['KitIntakeResponse'];
type Answers = components['schemas']['KitIntakeAnswers'];

const ACTIVATED = ownedKit({
  state: 'activated',
  activatedAt: '2026-11-21T09:00:00.000Z',
  demoBoxCode: undefined,
  timeline: [
    { state: 'ordered', at: '2026-11-20T10:00:00.000Z' },
    { state: 'paid', at: '2026-11-20T10:01:00.000Z' },
    { state: 'shipped', at: '2026-11-20T10:01:00.000Z' },
    { state: 'delivered', at: '2026-11-20T10:01:00.000Z' },
    { state: 'activated', at: '2026-11-21T09:00:00.000Z' },
  ],
});

/** The kit's intake as the server keeps it; `refuse` answers the next save with a 400, `close` with a 409. */
function intakeApi(initial: Intake = { intake: null, editable: true }) {
  let current = initial;
  const saved: Answers[] = [];
  const next: { refuse?: boolean; close?: boolean } = {};
  const handlers = [
    http.get('*/api/kits', () => HttpResponse.json({ kits: [ACTIVATED] })),
    http.get('*/api/kits/:id/intake', () => HttpResponse.json(current)),
    http.put('*/api/kits/:id/intake', async ({ request }) => {
      const { answers } = (await request.json()) as { answers: Answers };
      saved.push(answers);
      if (next.refuse) {
        next.refuse = false;
        return HttpResponse.json(
          { message: 'Say which antibiotic you took, or what it was for.', code: 'INTAKE_INVALID', fields: { 'answers.antibioticsWhich': 'Say which antibiotic you took, or what it was for.' } },
          { status: 400 },
        );
      }
      if (next.close) return errorAnswer(409, 'The lab has received this sample, so these answers can no longer be changed.', 'INTAKE_CLOSED');
      const at = '2026-11-22T05:00:00.000Z';
      current = { intake: { kitId: ACTIVATED._id, answers, answeredAt: current.intake?.answeredAt ?? at, updatedAt: at }, editable: true };
      return HttpResponse.json(current);
    }),
  ];
  return { handlers, saved, next };
}

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

describe('the food and lifestyle intake on the dashboard', () => {
  // The longest walk of the UI tests (every step of the intake, twice over): on a busy machine it needs more than the usual 15 s.
  it('asks for it on an activated kit, checks each step, reviews, saves and lets an answer be changed', async () => {
    const user = userEvent.setup();
    const backend = intakeApi();
    server.use(...backend.handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    const card = await screen.findByRole('article', { name: 'Gut Start' });
    const invite = await within(card).findByTestId('intake-invite');
    expect(invite).toHaveTextContent('Next: the food and lifestyle questionnaire');
    await user.click(within(invite).getByRole('button', { name: 'Answer the questionnaire' }));

    // Step 1: nothing chosen, the step says what is missing and keeps the focus on the first answer to give.
    expect(within(card).getByText(/Step 1 of 4/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    expect(within(card).getByText('Choose how you eat.')).toBeInTheDocument();
    const diet = within(card).getByRole('group', { name: 'Which best describes how you eat?' });
    expect(within(diet).getAllByRole('radio')[0]).toHaveFocus();
    await user.click(within(diet).getByRole('radio', { name: /^Eggetarian/ }));
    await user.click(within(card).getByRole('radio', { name: 'Every day' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));

    // Step 2: antibiotics taken asks which.
    expect(within(card).getByRole('heading', { name: 'Medicines' })).toHaveFocus();
    const antibiotics = within(card).getByRole('group', { name: 'Have you taken antibiotics in the last 3 months?' });
    await user.click(within(antibiotics).getByRole('radio', { name: 'Yes' }));
    const probiotics = within(card).getByRole('group', { name: /probiotic supplements/ });
    await user.click(within(probiotics).getByRole('radio', { name: 'No' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    expect(within(card).getByText('Say which antibiotic you took, or what it was for.')).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: /Which antibiotic/ }), 'Azithromycin');
    await user.click(within(card).getByRole('button', { name: 'Next' }));

    // Step 3: the Bristol stool chart as a labelled radio group.
    const bristol = within(card).getByRole('group', { name: /Bristol stool chart/ });
    expect(within(bristol).getAllByRole('radio')).toHaveLength(7);
    await user.click(within(bristol).getByRole('radio', { name: 'Type 4: Like a sausage or snake, smooth and soft' }));
    await user.click(within(card).getByRole('radio', { name: 'Once a day' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));

    // Step 4: "None of these" and a condition exclude each other; height is optional.
    await user.click(within(card).getByRole('checkbox', { name: 'Thyroid condition' }));
    await user.click(within(card).getByRole('checkbox', { name: 'None of these' }));
    expect(within(card).getByRole('checkbox', { name: 'Thyroid condition' })).not.toBeChecked();
    await user.click(within(card).getByRole('checkbox', { name: 'Thyroid condition' }));
    expect(within(card).getByRole('checkbox', { name: 'None of these' })).not.toBeChecked();
    await user.type(within(card).getByRole('textbox', { name: 'Height in cm (optional)' }), '168');
    await user.click(within(card).getByRole('button', { name: 'Review your answers' }));

    const review = within(card).getByTestId('intake-review');
    expect(review).toHaveTextContent('Eggetarian (vegetarian, and eggs)');
    expect(review).toHaveTextContent('Azithromycin');
    expect(review).toHaveTextContent('Type 4: Like a sausage or snake, smooth and soft');
    expect(review).toHaveTextContent('168 cm');
    await user.click(within(review).getByRole('button', { name: 'Save your answers' }));

    expect(await within(card).findByText('Your answers are saved. The lab will read them with your sample.')).toBeInTheDocument();
    expect(backend.saved[0]).toEqual({
      diet: 'eggetarian',
      fermentedFoods: 'daily',
      antibiotics: 'yes',
      antibioticsWhich: 'Azithromycin',
      probiotics: 'no',
      bristolType: 4,
      bowelFrequency: '1PerDay',
      conditions: ['thyroid'],
      heightCm: 168,
    });
    expect(within(card).queryByTestId('intake-invite')).not.toBeInTheDocument();

    // Changing one answer: straight to its step from the review, the others kept.
    await user.click(within(card).getByRole('button', { name: 'Change your answers' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('radio', { name: 'Type 3: Like a sausage, with cracks on its surface' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Review your answers' }));
    await user.click(within(card).getByRole('button', { name: 'Save your answers' }));
    await within(card).findByText('Your answers are saved. The lab will read them with your sample.');
    expect(backend.saved[1]).toEqual({ ...backend.saved[0], bristolType: 3 });
  }, 40_000);

  it('takes the person back to the answer the server refused, and closes when the lab has the sample', async () => {
    const user = userEvent.setup();
    const kept: Answers = { diet: 'vegan', fermentedFoods: 'never', antibiotics: 'no', probiotics: 'no', bristolType: 5, bowelFrequency: '2to3PerDay', conditions: ['none'] };
    const backend = intakeApi({ intake: { kitId: ACTIVATED._id, answers: kept, answeredAt: '2026-11-22T05:00:00.000Z', updatedAt: '2026-11-22T05:00:00.000Z' }, editable: true });
    server.use(...backend.handlers);
    renderShop('/user/dashboard', { as: 'customer' });
    const answered = await screen.findByTestId('intake-answered');
    expect(answered).toHaveTextContent('Food and lifestyle questionnaire: answered');
    expect(answered).toHaveTextContent('You can change your answers until the lab receives your sample.');
    expect(within(answered).getByText('Vegan (no milk, curd, ghee or other animal foods)')).toBeInTheDocument();

    await user.click(within(answered).getByRole('button', { name: 'Change your answers' }));
    const card = screen.getByRole('article', { name: 'Gut Start' });
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Review your answers' }));
    backend.next.refuse = true;
    await user.click(within(card).getByRole('button', { name: 'Save your answers' }));
    expect(await within(card).findByRole('heading', { name: 'Medicines' })).toBeInTheDocument();
    expect(within(card).getAllByText('Say which antibiotic you took, or what it was for.').length).toBeGreaterThan(0);

    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Next' }));
    await user.click(within(card).getByRole('button', { name: 'Review your answers' }));
    backend.next.close = true;
    await user.click(within(card).getByRole('button', { name: 'Save your answers' }));
    const closed = await within(card).findByTestId('intake-closed');
    expect(closed).toHaveTextContent('The lab has received this sample, so these answers can no longer be changed.');
    expect(within(closed).queryByRole('button', { name: 'Change your answers' })).not.toBeInTheDocument();
    await waitFor(() => expect(backend.saved).toHaveLength(2));
  });
});

describe('the food and lifestyle intake for the care team', () => {
  it('shows each kit’s answers, read-only, on the customer’s page', async () => {
    server.use(
      http.get('*/api/staff/customers/:id/questionnaire-results', () =>
        HttpResponse.json({ customer: { _id: 'cust-1', fullname: 'Meera Iyer', email: 'meera@example.in' }, results: [] }),
      ),
      http.get('*/api/staff/customers/:id/intakes', () =>
        HttpResponse.json({
          intakes: [
            {
              kitId: 'kit-1',
              kitName: 'Gut 360',
              boxCode: 'GUT-ABCD-EFGH',
              kitState: 'sampleReceived',
              answers: { diet: 'jain', fermentedFoods: 'weekly', antibiotics: 'notSure', probiotics: 'yes', bristolType: 2, bowelFrequency: 'under3PerWeek', conditions: ['ibs', 'other'], otherConditions: 'Migraine' },
              answeredAt: '2026-11-22T05:00:00.000Z',
              updatedAt: '2026-11-23T05:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderShop('/care/questionnaires?customer=cust-1', { as: 'doctor' });
    const section = await screen.findByTestId('care-intakes');
    const kit = await within(section).findByRole('article', { name: 'Gut 360 GUT-ABCD-EFGH' });
    expect(kit).toHaveTextContent('Sample received at the lab · answered 22 Nov 2026, last changed 23 Nov 2026');
    expect(kit).toHaveTextContent('Jain (vegetarian, no onion, garlic or root vegetables)');
    expect(kit).toHaveTextContent('Type 2: Sausage-shaped but lumpy');
    expect(kit).toHaveTextContent('Irritable bowel syndrome (IBS), Other');
    expect(kit).toHaveTextContent('Migraine');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
