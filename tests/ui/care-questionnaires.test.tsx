import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { findNotice, renderShop } from './render';

type Schemas = components['schemas'];
type StaffResult = Schemas['StaffQuestionnaireResult'];
type SavedResult = Schemas['QuestionnaireResult'];
type Score = Schemas['QuestionnaireScore'];
type ListAnswer = operations['listStaffQuestionnaireResults']['responses'][200]['content']['application/json'];
type HistoryAnswer = operations['getStaffCustomerQuestionnaires']['responses'][200]['content']['application/json'];
type HomeAnswer = operations['getStaffHome']['responses'][200]['content']['application/json'];
type Customer = StaffResult['customer'];

const DAY_MS = 86_400_000;
const STAFF = new Set(['admin', 'doctor', 'nutritionist']);

const MEERA: Customer = { _id: 'cust-1', fullname: 'Meera Iyer', email: 'meera@example.in' };
const ARJUN: Customer = { _id: 'cust-2', fullname: 'Arjun Mehta', email: 'arjun@example.in' };
const ZOYA: Customer = { _id: 'cust-3', fullname: 'Zoya Khan', email: 'zoya@example.in' };

function scoreOf(instrument: 'gad7' | 'psqi', score: number): Score {
  if (instrument === 'gad7') {
    const band = score >= 15 ? 'severe' : score >= 10 ? 'moderate' : score >= 5 ? 'mild' : 'minimal';
    return { instrument, total: score, band, missing: [] };
  }
  return {
    instrument,
    global: score,
    poorSleeper: score > 5,
    components: { quality: 1, latency: 1, duration: 1, efficiency: 1, disturbances: 1, medication: 0, daytime: 1 },
    hoursInBed: 7,
    efficiency: 85.7,
    sleepExceedsBed: false,
    missing: [],
  };
}

/**
 * 25 results, one a day from 1 Nov 2026 (10:00 am in India), the newest three Meera's GAD-7 (12), Arjun's PSQI (7) and
 * Zoya's GAD-7 (3); the others each a customer of their own.
 */
function resultsOnFile(): StaffResult[] {
  const named: Record<number, { customer: Customer; instrument: 'gad7' | 'psqi'; score: number }> = {
    25: { customer: MEERA, instrument: 'gad7', score: 12 },
    24: { customer: ARJUN, instrument: 'psqi', score: 7 },
    23: { customer: ZOYA, instrument: 'gad7', score: 3 },
  };
  return Array.from({ length: 25 }, (_, index) => {
    const number = index + 1;
    const number2 = String(number).padStart(2, '0');
    const { customer, instrument, score } = named[number] ?? {
      // Customer 22 signed up with a phone number alone.
      customer: { _id: `cust-${number2}`, fullname: `Customer ${number2}`, email: number === 22 ? null : `customer${number2}@example.in` },
      instrument: number % 2 === 0 ? 'psqi' : 'gad7',
      score: number % 16,
    };
    return {
      _id: `qr-${number2}`,
      instrument,
      score,
      createdAt: new Date(Date.parse('2026-11-01T04:30:00.000Z') + index * DAY_MS).toISOString(),
      customer,
      result: scoreOf(instrument, score),
    };
  });
}

const GAD7_ANSWERS_NOW = { q1: 2, q2: 2, q3: 2, q4: 2, q5: 1, q6: 2, q7: 1, difficulty: 2 };
const GAD7_ANSWERS_BEFORE = { q1: 1, q2: 1, q3: 1, q4: 1, q5: 1, q6: 1, q7: 0, difficulty: 1 };
const PSQI_ANSWERS = {
  bedTime: '23:30',
  latency: '15-30',
  wakeTime: '06:30',
  sleepHours: 6,
  q5a: 2,
  q5b: 1,
  q5c: 1,
  q5d: 0,
  q5e: 0,
  q5f: 0,
  q5g: 1,
  q5h: 0,
  q5i: 0,
  q6: 1,
  q7: 0,
  q8: 1,
  q9: 1,
};

/** Meera's history as the server keeps it, newest first. */
const MEERA_HISTORY: SavedResult[] = [
  {
    _id: 'qr-25',
    instrument: 'gad7',
    score: 12,
    answers: GAD7_ANSWERS_NOW,
    createdAt: '2026-11-25T04:30:00.000Z',
    result: scoreOf('gad7', 12),
  },
  { _id: 'qr-m2', instrument: 'psqi', score: 7, answers: PSQI_ANSWERS, createdAt: '2026-11-20T04:30:00.000Z', result: scoreOf('psqi', 7) },
  {
    _id: 'qr-m1',
    instrument: 'gad7',
    score: 6,
    answers: GAD7_ANSWERS_BEFORE,
    createdAt: '2026-11-01T04:30:00.000Z',
    result: scoreOf('gad7', 6),
  },
];

const roleOf = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role;
const forbidden = () =>
  HttpResponse.json<Schemas['Error']>({ message: 'This is for the customers’ care team only.', code: 'FORBIDDEN' }, { status: 403 });
const failed = () => HttpResponse.json<Schemas['Error']>({ message: 'Database unavailable.' }, { status: 500 });

/** The two calls as the contract describes them: the list searched, filtered, sorted and paged; one customer's history. */
function careApi(results: StaffResult[]) {
  const listed: string[] = [];
  const read: string[] = [];
  const state = { listFails: false, historyFails: false };
  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/staff/questionnaire-results', ({ request }) => {
      if (!STAFF.has(roleOf(request) ?? '')) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(decodeURIComponent(query.toString()));
      if (state.listFails) return failed();
      const q = query.get('q')?.toLowerCase();
      const sort = query.get('sort') ?? '-createdAt';
      const key = sort.replace(/^-/, '') as 'createdAt' | 'score';
      const items = results
        .filter((result) => !q || [result.customer.fullname, result.customer.email ?? ''].some((text) => text.toLowerCase().includes(q)))
        .filter((result) => !query.get('instrument') || result.instrument === query.get('instrument'))
        .sort((a, b) => {
          const order =
            key === 'score' ? a.score - b.score || a.createdAt.localeCompare(b.createdAt) : a.createdAt.localeCompare(b.createdAt);
          return sort.startsWith('-') ? -order : order;
        });
      const offset = Number(query.get('offset') ?? 0);
      return HttpResponse.json({ items: items.slice(offset, offset + Number(query.get('limit') ?? 20)), total: items.length });
    }),
    http.get<{ id: string }, never, HistoryAnswer | Schemas['Error']>(
      '*/api/staff/customers/:id/questionnaire-results',
      ({ request, params }) => {
        if (!STAFF.has(roleOf(request) ?? '')) return forbidden();
        read.push(params.id);
        if (state.historyFails) return failed();
        if (params.id !== MEERA._id)
          return HttpResponse.json({ message: 'There is no such customer.', code: 'NOT_FOUND' }, { status: 404 });
        return HttpResponse.json({ customer: MEERA, results: MEERA_HISTORY });
      },
    ),
  ];
  return { handlers, listed, read, state };
}

/** The staff home's figures and panels: nothing to do, for whoever asks. */
const staffHome = () =>
  http.get<never, never, HomeAnswer | Schemas['Error']>('*/api/staff/home', ({ request }) => {
    const role = roleOf(request);
    if (!role || !STAFF.has(role)) return forbidden();
    return HttpResponse.json(
      role === 'admin'
        ? {
            role: 'admin',
            figures: {
              paidOrders: { today: 0, last7Days: 0, last30Days: 0 },
              revenue: { today: 0, last7Days: 0, last30Days: 0 },
              refunds: { today: 0, last7Days: 0, last30Days: 0 },
              kitsByState: [],
            },
            queues: [],
            reports: null,
          }
        : { role: role as 'doctor' | 'nutritionist', figures: null, queues: null, reports: [] },
    );
  });

const table = () => screen.getByTestId('care-results');
const rowsOf = () => within(table()).getAllByRole('row').slice(1);
/** The customers' names of the rows, in order, as each row's link to the history names them. */
const namesShown = () =>
  rowsOf().map((row) =>
    within(row)
      .getByRole('link')
      .getAttribute('aria-label')
      ?.replace(/^History of /, ''),
  );
const rowOf = (name: string) => rowsOf().find((row) => within(row).queryByRole('link', { name: `History of ${name}` }))!;
const range = () => screen.getByTestId('list-range');
const FIRST_PAGE = 'sort=-createdAt&limit=20&offset=0';

describe('the care team’s questionnaire results', () => {
  let backend: ReturnType<typeof careApi>;

  beforeEach(() => {
    backend = careApi(resultsOnFile());
    server.use(answers.catalogueWithoutOffer(), staffHome(), ...backend.handlers);
  });

  it('shows a doctor every customer’s results, newest first, each with its summary, its date and a link to the history', async () => {
    renderShop('/care/questionnaires', { as: 'doctor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire results' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Questionnaire results, newest first' })).toBe(table());
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Customer', 'Questionnaire', 'Result', 'Taken', 'History']);
    expect(within(table()).getByRole('columnheader', { name: /Taken/ })).toHaveAttribute('aria-sort', 'descending');
    expect(rowsOf()).toHaveLength(20);
    expect(namesShown().slice(0, 4)).toEqual(['Meera Iyer', 'Arjun Mehta', 'Zoya Khan', 'Customer 22']);
    expect(range()).toHaveTextContent('1–20 of 25');
    expect(backend.listed).toEqual([FIRST_PAGE]);

    const meera = rowOf('Meera Iyer');
    expect(meera).toHaveTextContent('meera@example.in');
    expect(meera).toHaveTextContent('GAD-7');
    expect(meera).toHaveTextContent('12 of 21 · Moderate anxiety');
    // 04:30 UTC is 10:00 am in India.
    expect(meera).toHaveTextContent('25 Nov 2026, 10:00 am');
    const history = within(meera).getByRole('link', { name: 'History of Meera Iyer' });
    expect(history).toHaveTextContent('History');
    expect(history).toHaveAttribute('href', '/care/questionnaires?customer=cust-1');
    expect(rowOf('Arjun Mehta')).toHaveTextContent('PSQI');
    expect(rowOf('Arjun Mehta')).toHaveTextContent('7 of 21 · Poor sleep quality');
    expect(rowOf('Zoya Khan')).toHaveTextContent('3 of 21 · Minimal anxiety');
    expect(rowOf('Customer 22')).toHaveTextContent('No e-mail address');
    // Read-only: nothing to change, and no admin sidebar for a doctor.
    expect(within(table()).queryByRole('button', { name: /edit|delete|close/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('searches by name or e-mail, filters by questionnaire and sorts on the server, keeping each in the address', async () => {
    const view = renderShop('/care/questionnaires', { as: 'nutritionist' });
    await screen.findByTestId('care-results');

    // Typing alone asks nothing.
    await view.user.type(screen.getByRole('searchbox', { name: 'Search the results' }), ' MEERA ');
    expect(backend.listed).toEqual([FIRST_PAGE]);
    await view.user.click(within(screen.getByRole('search', { name: 'Search the results' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=MEERA'));
    await waitFor(() => expect(namesShown()).toEqual(['Meera Iyer']));
    expect(range()).toHaveTextContent('1–1 of 1');

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await waitFor(() => expect(rowsOf()).toHaveLength(20));

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Questionnaire' }), 'PSQI');
    await waitFor(() => expect(window.location.search).toBe('?instrument=psqi'));
    expect(await screen.findByRole('table', { name: 'PSQI results, newest first' })).toBeInTheDocument();
    await waitFor(() => expect(range()).toHaveTextContent('1–12 of 12'));
    for (const row of rowsOf()) expect(row).toHaveTextContent('PSQI');

    // The date's header turns the order to the oldest first.
    await view.user.click(within(table()).getByRole('button', { name: /Taken/ }));
    await waitFor(() => expect(window.location.search).toBe('?instrument=psqi&sort=createdAt'));
    expect(await screen.findByRole('table', { name: 'PSQI results, oldest first' })).toBeInTheDocument();
    await waitFor(() => expect(namesShown()[0]).toBe('Customer 02'));

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Highest score first');
    await waitFor(() => expect(window.location.search).toBe('?instrument=psqi&sort=-score'));
    expect(await screen.findByRole('table', { name: 'PSQI results, highest score first' })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf()[0]).toHaveTextContent('14 of 21 · Poor sleep quality'));
    expect(within(table()).getByRole('columnheader', { name: /Result/ })).toHaveAttribute('aria-sort', 'descending');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Questionnaire' }), 'Any questionnaire');
    await waitFor(() => expect(window.location.search).toBe('?sort=-score'));
    await waitFor(() => expect(rowsOf()[0]).toHaveTextContent('15 of 21 · Severe anxiety'));

    expect(backend.listed).toEqual([
      FIRST_PAGE,
      'q=MEERA&sort=-createdAt&limit=20&offset=0',
      // The plain view again is still fresh in the cache, so it is not read again.
      'instrument=psqi&sort=-createdAt&limit=20&offset=0',
      'instrument=psqi&sort=createdAt&limit=20&offset=0',
      'instrument=psqi&sort=-score&limit=20&offset=0',
      'sort=-score&limit=20&offset=0',
    ]);
  });

  it('pages through the results 20 at a time, and a new filter starts again at the first page', async () => {
    const view = renderShop('/care/questionnaires', { as: 'doctor' });
    await waitFor(() => expect(range()).toHaveTextContent('1–20 of 25'));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(range()).toHaveTextContent('21–25 of 25'));
    expect(rowsOf()).toHaveLength(5);
    expect(namesShown().at(-1)).toBe('Customer 01');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Questionnaire' }), 'GAD-7');
    await waitFor(() => expect(window.location.search).toBe('?instrument=gad7'));
    await waitFor(() => expect(range()).toHaveTextContent('1–13 of 13'));

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(range()).toHaveTextContent('1–20 of 25'));
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(range()).toHaveTextContent('21–25 of 25'));
    await view.user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(backend.listed).toEqual([FIRST_PAGE, 'sort=-createdAt&limit=20&offset=20', 'instrument=gad7&sort=-createdAt&limit=20&offset=0']);
  });

  it('says when a page is past the end of the list, and goes to the last one', async () => {
    const view = renderShop('/care/questionnaires?page=4', { as: 'doctor' });
    const empty = await screen.findByTestId('care-results-empty');
    expect(empty).toHaveTextContent('There is no result on page 4; the list has 2 pages.');
    expect(backend.listed).toEqual(['sort=-createdAt&limit=20&offset=60']);
    await view.user.click(within(empty).getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(range()).toHaveTextContent('21–25 of 25'));
  });

  it('reads a malformed address as the plain view', async () => {
    renderShop('/care/questionnaires?instrument=phq9&sort=name&page=0', { as: 'doctor' });
    await waitFor(() => expect(range()).toHaveTextContent('1–20 of 25'));
    expect(backend.listed).toEqual([FIRST_PAGE]);
  });

  it('says so when no customer has kept a result yet, and when none matches the filters', async () => {
    const empty = careApi([]);
    server.use(...empty.handlers);
    renderShop('/care/questionnaires', { as: 'doctor' });
    expect(await screen.findByTestId('care-results-empty')).toHaveTextContent(/^No customer has kept a questionnaire result yet\.$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    cleanup();
    renderShop('/care/questionnaires?q=nobody', { as: 'doctor' });
    expect(await screen.findByTestId('care-results-empty')).toHaveTextContent(/^No result matches these filters\.$/);
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('says why the list could not load, and loads it on retry', async () => {
    backend.state.listFails = true;
    const view = renderShop('/care/questionnaires', { as: 'doctor' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(
      'We could not load the questionnaire results. Something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.queryByTestId('care-results')).not.toBeInTheDocument();
    backend.state.listFails = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a customer’s history from the list: the chart of each questionnaire and every answer, read-only', async () => {
    const view = renderShop('/care/questionnaires', { as: 'doctor' });
    await screen.findByTestId('care-results');
    const link = within(rowOf('Meera Iyer')).getByRole('link', { name: 'History of Meera Iyer' });
    // Pointing at the link brings the page's code, not the history: each reading is written to the audit log.
    await view.user.hover(link);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backend.read).toEqual([]);
    await view.user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/care/questionnaires?customer=cust-1');
    expect(screen.getByTestId('care-customer-email')).toHaveTextContent('meera@example.in');
    const note = screen.getByTestId('care-read-only');
    expect(note).toHaveTextContent('Read-only');
    expect(note).toHaveTextContent('Opening this page is recorded in the audit log with your name.');
    expect(backend.read).toEqual(['cust-1']);

    const gad7 = within(screen.getByTestId('history-gad7'));
    expect(gad7.getByRole('heading', { level: 2, name: 'GAD-7 anxiety questionnaire' })).toBeInTheDocument();
    expect(gad7.getByRole('img', { name: 'GAD-7 scores over time, out of 21: 6 on 1 Nov 2026, 12 on 25 Nov 2026.' })).toBeInTheDocument();
    const [latest, first] = gad7.getAllByTestId('history-entry');
    expect(latest).toHaveTextContent('12 of 21 · Moderate anxiety');
    expect(latest).toHaveTextContent('25 Nov 2026');
    expect(first).toHaveTextContent('6 of 21 · Mild anxiety');
    // Each result's answers, opened on request.
    await view.user.click(within(latest!).getByText('Answers'));
    expect(latest).toHaveTextContent('1. Feeling nervous, anxious, or on edgeMore than half the days');
    expect(latest).toHaveTextContent('7. Feeling afraid, as if something awful might happenSeveral days');
    expect(latest).toHaveTextContent('Very difficult');
    expect(first).toHaveTextContent('Somewhat difficult');

    const psqi = within(screen.getByTestId('history-psqi'));
    expect(psqi.getByRole('img', { name: 'PSQI scores over time, out of 21: 7 on 20 Nov 2026.' })).toBeInTheDocument();
    const [sleep] = psqi.getAllByTestId('history-entry');
    expect(sleep).toHaveTextContent('7 of 21 · Poor sleep quality');
    expect(sleep).toHaveTextContent('23:30');
    expect(sleep).toHaveTextContent('15-30 minutes');

    // A doctor has no admin pages: no link to the full customer page, no admin sidebar; and nothing to change.
    expect(screen.queryByRole('link', { name: 'Open the full customer page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Questionnaire results' })).toHaveAttribute('href', '/care/questionnaires');
  });

  it('gives an admin the link to the full customer page, beside the admin sidebar', async () => {
    renderShop('/care/questionnaires?customer=cust-1', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the full customer page' })).toHaveAttribute(
      'href',
      '/admin/gut-360-customer-details?id=cust-1',
    );
    expect(screen.getByRole('navigation', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-gad7')).toBeInTheDocument();
  });

  it('says there is no such customer, without asking again', async () => {
    renderShop('/care/questionnaires?customer=cust-gone', { as: 'nutritionist' });
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no such customer' })).toBeInTheDocument();
    expect(screen.getByTestId('care-customer-missing')).toHaveTextContent('The link may be mistyped');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('care-read-only')).not.toBeInTheDocument();
    expect(backend.read).toEqual(['cust-gone']);
  });

  it('says why a history could not load, and loads it on retry', async () => {
    backend.state.historyFails = true;
    const view = renderShop('/care/questionnaires?customer=cust-1', { as: 'doctor' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(
      'We could not load this customer’s questionnaire results. Something went wrong on our side. Please try again in a moment.',
    );
    expect(screen.queryByTestId('chart-gad7')).not.toBeInTheDocument();
    backend.state.historyFails = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-gad7')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['/care/questionnaires', '/care/questionnaires?customer=cust-1'])(
    'tells a signed-in customer %s is for the team, and asks nothing',
    async (path) => {
      renderShop(path, { as: 'customer' });
      expect(await screen.findByText('This area is for our team. Your account pages are in your menu.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Meera Iyer' })).not.toBeInTheDocument();
      expect(backend.listed).toEqual([]);
      expect(backend.read).toEqual([]);
    },
  );

  it('sends an anonymous visitor to the staff sign-in', async () => {
    renderShop('/care/questionnaires');
    expect(await findNotice('Please sign in with your staff account.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('previousPage')).toBe('/care/questionnaires');
    expect(backend.listed).toEqual([]);
  });

  it.each(['doctor', 'nutritionist'] as const)('is among a %s’s places on the staff home', async (role) => {
    const view = renderShop('/admin-home', { as: role });
    const places = within(await screen.findByTestId('staff-links'));
    expect(places.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Write a blog post',
      'Write a recipe',
      'Blogs',
      'Recipes',
      'Questionnaire results',
    ]);
    await view.user.click(places.getByRole('link', { name: 'Questionnaire results' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Questionnaire results' })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf()).toHaveLength(20));
  });

  it('is in the admin sidebar, marked as the current page, and on the admin’s staff home', async () => {
    renderShop('/care/questionnaires', { as: 'admin' });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Admin' }));
    const link = sidebar.getByRole('link', { name: 'Questionnaire results' });
    expect(link).toHaveAttribute('href', '/care/questionnaires');
    expect(link).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(rowsOf()).toHaveLength(20));

    cleanup();
    renderShop('/admin-home', { as: 'admin' });
    const places = within(await screen.findByTestId('staff-links'));
    expect(places.getByRole('link', { name: 'Questionnaire results' })).toHaveAttribute('href', '/care/questionnaires');
  });
});
