import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { findNotice, renderShop } from './render';

// The page shows India's dates whatever the browser's zone: run it in one far from India.
process.env.TZ = 'America/Los_Angeles';

type Schemas = components['schemas'];
type StaffErasureRequest = Schemas['StaffErasureRequest'];
type ListQuery = NonNullable<operations['listErasureRequests']['parameters']['query']>;
type ListAnswer = operations['listErasureRequests']['responses'][200]['content']['application/json'];
type CompleteBody = NonNullable<operations['completeErasure']['requestBody']>['content']['application/json'];
type CompleteAnswer = operations['completeErasure']['responses'][200]['content']['application/json'];

/** The tests' "now": 24 Nov 2026, 11:30 am in India. */
const NOW = new Date('2026-11-24T06:00:00.000Z');
const DAY_MS = 86_400_000;

/**
 * 57 pending requests, one a day from 20 Oct 2026, each due 30 days later at 20:00 UTC (1:30 am the next day in
 * India); by NOW the first five are overdue. Then three completed (one of them already erased) and two withdrawn.
 */
function requestsFixture(): StaffErasureRequest[] {
  const pending = Array.from({ length: 57 }, (_, i): StaffErasureRequest => {
    const requestedAt = Date.UTC(2026, 9, 20 + i, 10);
    return {
      _id: `era-${String(i + 1).padStart(2, '0')}`,
      status: 'pending',
      requestedAt: new Date(requestedAt).toISOString(),
      dueBy: new Date(requestedAt + 30 * DAY_MS + 10 * 3_600_000).toISOString(),
      completedAt: null,
      cancelledAt: null,
      completedBy: null,
      customer: { _id: `cust-${i + 1}`, fullname: `Person ${i + 1}`, email: `person${i + 1}@example.in`, phone: null },
      openOrders: 0,
    };
  });
  pending[0] = {
    ...pending[0]!,
    customer: { _id: 'cust-1', fullname: 'Meera Iyer', email: 'meera@example.in', phone: '+919812345678' },
    openOrders: 2,
  };
  const done = (n: number, customer: StaffErasureRequest['customer']): StaffErasureRequest => ({
    _id: `era-done-${n}`,
    status: 'completed',
    requestedAt: `2026-09-0${n}T10:00:00.000Z`,
    dueBy: `2026-10-0${n}T20:00:00.000Z`,
    completedAt: `2026-09-1${n}T09:00:00.000Z`,
    cancelledAt: null,
    completedBy: 'Asha Admin',
    customer,
    openOrders: 0,
  });
  const withdrawn = (n: number): StaffErasureRequest => ({
    _id: `era-withdrawn-${n}`,
    status: 'cancelled',
    requestedAt: `2026-08-0${n}T10:00:00.000Z`,
    dueBy: `2026-09-0${n}T20:00:00.000Z`,
    completedAt: null,
    cancelledAt: `2026-08-1${n}T10:00:00.000Z`,
    completedBy: null,
    customer: { _id: `cust-w${n}`, fullname: `Withdrawn ${n}`, email: `withdrawn${n}@example.in`, phone: null },
    openOrders: 0,
  });
  return [
    ...pending,
    done(1, { _id: 'cust-d1', fullname: null, email: null, phone: null }),
    done(2, { _id: 'cust-d2', fullname: null, email: null, phone: null }),
    done(3, { _id: 'cust-d3', fullname: null, email: null, phone: null }),
    withdrawn(1),
    withdrawn(2),
  ];
}

const forbidden = () =>
  HttpResponse.json<Schemas['Error']>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });

/** The staff's erasure queue as the contract describes it: admins only, filtered, sorted and paged on the server. */
function erasureApi() {
  const requests = requestsFixture();
  const listed: URLSearchParams[] = [];
  const completed: Array<{ id: string; body: CompleteBody | null }> = [];
  const isAdmin = (request: Request) =>
    sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role === 'admin';

  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/admin/erasure-requests', ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query);
      const status = (query.get('status') ?? 'pending') as NonNullable<ListQuery['status']>;
      const sort = (query.get('sort') ?? 'dueBy') as NonNullable<ListQuery['sort']>;
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      const key = sort.replace('-', '') as 'dueBy' | 'requestedAt';
      const direction = sort.startsWith('-') ? -1 : 1;
      const matching = requests
        .filter((r) => status === 'all' || r.status === status)
        .sort((a, b) => direction * (Date.parse(a[key]) - Date.parse(b[key])));
      return HttpResponse.json({ items: matching.slice(offset, offset + limit), total: matching.length });
    }),
    http.post<{ id: string }, CompleteBody, CompleteAnswer | Schemas['Error']>(
      '*/api/admin/erasure-requests/:id/complete',
      async ({ request, params }) => {
        if (!isAdmin(request)) return forbidden();
        const text = await request.text();
        completed.push({ id: params.id, body: text ? (JSON.parse(text) as CompleteBody) : null });
        const index = requests.findIndex((r) => r._id === params.id);
        const found = requests[index];
        if (!found) return HttpResponse.json({ message: 'There is no such erasure request.', code: 'NOT_FOUND' }, { status: 404 });
        if (found.status !== 'pending') {
          return HttpResponse.json({ message: 'This request is no longer pending.', code: 'CONFLICT' }, { status: 409 });
        }
        const erasure: StaffErasureRequest = {
          ...found,
          status: 'completed',
          completedAt: NOW.toISOString(),
          completedBy: 'Asha Admin',
          customer: { _id: found.customer._id, fullname: null, email: null, phone: null },
        };
        requests[index] = erasure;
        return HttpResponse.json({ erasure });
      },
    ),
  ];
  /** The query strings the list was asked with, oldest first, e.g. "status=pending&sort=dueBy&limit=20&offset=0". */
  const queries = () => listed.map((query) => query.toString());
  return { handlers, queries, completed };
}

function rows() {
  return screen.getAllByTestId('erasure-request');
}

async function openDialogFor(user: ReturnType<typeof renderShop>['user'], name: string) {
  const row = (await screen.findAllByTestId('erasure-request')).find((candidate) =>
    within(candidate).queryByRole('rowheader', { name: new RegExp(`^${name}\\b`) }),
  );
  if (!row) throw new Error(`no row for ${name}`);
  await user.click(within(row).getByRole('button', { name: 'Erase account…' }));
  return screen.findByRole('alertdialog', { name: `Erase the account of ${name}?` });
}

let backend: ReturnType<typeof erasureApi>;

beforeEach(() => {
  // Only the clock, set to NOW and running from there (the router times its pending page with it); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  backend = erasureApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the erasure requests page', () => {
  it('lists the pending requests, soonest due first, with what staff need to act on them', async () => {
    renderShop('/admin/erasure-requests', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Erasure requests' })).toBeInTheDocument();
    expect(screen.getByText(/requests to erase their account under the DPDP Act/)).toHaveTextContent(
      'Complete each one by its due date; their orders and invoices are kept for 72 months',
    );
    expect(screen.getByRole('table', { name: 'Pending erasure requests, due date, soonest first' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Customer',
      'Requested',
      'Due by',
      'Open orders',
      'Status',
      'Completed',
      'Action',
    ]);
    expect(rows()).toHaveLength(20);
    expect(backend.queries()).toEqual(['status=pending&sort=dueBy&limit=20&offset=0']);

    const [first, , , , fifth, sixth] = rows();
    // Requested 20 Oct at 10:00 UTC; due 19 Nov at 20:00 UTC, which is already 20 Nov in India.
    expect(first).toHaveTextContent('Meera Iyer');
    expect(first).toHaveTextContent('meera@example.in');
    expect(first).toHaveTextContent('+919812345678');
    expect(first).toHaveTextContent('20 Oct 2026');
    expect(first).toHaveTextContent('20 Nov 2026');
    expect(within(first!).getByText('Overdue')).toBeInTheDocument();
    expect(first).toHaveTextContent('2Finish or refund first');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('Not yet');
    // Due 23 Nov at 20:00 UTC (24 Nov, 1:30 am in India): overdue. The next is due at 1:30 am on the 25th.
    expect(within(fifth!).getByText('Overdue')).toBeInTheDocument();
    expect(sixth).toHaveTextContent('25 Nov 2026');
    expect(within(sixth!).queryByText('Overdue')).not.toBeInTheDocument();
    expect(sixth).not.toHaveTextContent('Finish or refund first');
    expect(within(sixth!).getByRole('button', { name: 'Erase account…' })).toBeInTheDocument();
    expect(screen.getByTestId('erasure-range')).toHaveTextContent('1–20 of 57');
  });

  it('shows who completed a request and when, and "Erased" for a customer whose details are gone', async () => {
    renderShop('/admin/erasure-requests?status=completed', { as: 'admin' });
    await screen.findByRole('table', { name: 'Completed erasure requests, due date, soonest first' });
    expect(rows()).toHaveLength(3);
    const [first] = rows();
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Erased');
    // 11 Sep 2026 at 09:00 UTC is 2:30 pm in India.
    expect(first).toHaveTextContent('by Asha Admin');
    expect(first).toHaveTextContent(/11 Sept? 2026, 2:30 pm/i);
    expect(first).toHaveTextContent('Completed');
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('completed');
  });

  it('sends the status filter and the order to the server and keeps them in the address', async () => {
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Withdrawn by the customer');
    expect(window.location.search).toBe('?status=cancelled');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Requested date, newest first');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Withdrawn 2'));
    expect(window.location.search).toBe('?status=cancelled&sort=-requestedAt');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('1–20 of 62'));
    expect(backend.queries()).toEqual([
      'status=pending&sort=dueBy&limit=20&offset=0',
      'status=cancelled&sort=dueBy&limit=20&offset=0',
      'status=cancelled&sort=-requestedAt&limit=20&offset=0',
      'status=all&sort=-requestedAt&limit=20&offset=0',
    ]);
  });

  it('pages through the list 20 at a time, and a new filter starts again at the first page', async () => {
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const pages = await screen.findByRole('navigation', { name: 'Pages of erasure requests' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await view.user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('21–40 of 57'));
    expect(rows()[0]).toHaveTextContent('Person 21');
    expect(window.location.search).toBe('?page=2');

    await view.user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('41–57 of 57'));
    expect(rows()).toHaveLength(17);
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await view.user.click(within(pages).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('21–40 of 57'));

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Due date, latest first');
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('1–20 of 57'));
    expect(window.location.search).toBe('?sort=-dueBy');
    expect(backend.queries()).toEqual([
      'status=pending&sort=dueBy&limit=20&offset=0',
      'status=pending&sort=dueBy&limit=20&offset=20',
      'status=pending&sort=dueBy&limit=20&offset=40',
      'status=pending&sort=-dueBy&limit=20&offset=0',
    ]);
  });

  it('opens at the page, filter and order in its address, and ignores values it does not know', async () => {
    renderShop('/admin/erasure-requests?status=all&sort=requestedAt&page=3', { as: 'admin' });
    expect(await screen.findByTestId('erasure-range')).toHaveTextContent('41–60 of 62');
    cleanup();
    renderShop('/admin/erasure-requests?status=erased&sort=name&page=0', { as: 'admin' });
    expect(await screen.findByTestId('erasure-range')).toHaveTextContent('1–20 of 57');
    expect(backend.queries()).toEqual([
      'status=all&sort=requestedAt&limit=20&offset=40',
      'status=pending&sort=dueBy&limit=20&offset=0',
    ]);
  });

  it('shows that the list is loading, then that another page is on its way while the rows stay', async () => {
    let release!: () => void;
    const held = () => new Promise<void>((resolve) => (release = resolve));
    let hold = held();
    server.use(
      http.get('*/api/admin/erasure-requests', async () => {
        await hold;
        // Answered by the contract's handler below.
        return undefined;
      }),
      ...backend.handlers,
    );
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    release();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'false');

    hold = held();
    await view.user.click(screen.getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Updating the list…')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Meera Iyer');
    release();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Person 21'));
    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText('Updating the list…')).not.toBeInTheDocument();
  });

  it('says so when nobody is waiting', async () => {
    server.use(http.get('*/api/admin/erasure-requests', () => HttpResponse.json<ListAnswer>({ items: [], total: 0 })));
    renderShop('/admin/erasure-requests', { as: 'admin' });
    expect(await screen.findByTestId('erasure-empty')).toHaveTextContent('No pending requests.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what stopped the list from loading, and loads it on a retry', async () => {
    let failing = true;
    server.use(
      http.get('*/api/admin/erasure-requests', () =>
        failing ? HttpResponse.json<Schemas['Error']>({ message: 'Database unavailable.' }, { status: 503 }) : undefined,
      ),
    );
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load the erasure requests. The shop is busy right now.');
    failing = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
  });

  it('is in the admin sidebar, marked as the current page, and on the staff home', async () => {
    renderShop('/admin/erasure-requests', { as: 'admin' });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Admin' }));
    const link = sidebar.getByRole('link', { name: 'Erasure Requests' });
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('href', '/admin/erasure-requests');

    cleanup();
    renderShop('/admin-home', { as: 'admin' });
    const staffLinks = within(await screen.findByTestId('staff-links'));
    expect(staffLinks.getByRole('link', { name: 'Erasure Requests' })).toHaveAttribute('href', '/admin/erasure-requests');
  });

  it.each(['customer', 'doctor'] as const)('turns a %s away with the admin area’s message', async (role) => {
    renderShop('/admin/erasure-requests', { as: role });
    expect(await screen.findByText("You don't have access to view dashboard.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Erasure requests' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(backend.queries()).toEqual([]);
  });
});

describe('erasing an account', () => {
  it('says exactly what happens, and the button stays off until ERASE is typed', async () => {
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const dialog = within(await openDialogFor(view.user, 'Meera Iyer'));
    expect(dialog.getByText('The sign-in account is deleted and every session ends at once.')).toBeInTheDocument();
    expect(
      dialog.getByText('Their name, e-mail, phone, saved address, cart, consents, questionnaire results, ebook request, contact messages and the e-mails and SMS sent to them are erased.'),
    ).toBeInTheDocument();
    expect(dialog.getByText(/orders, payments, invoices and kits are kept for 72 months, as tax law requires/)).toBeInTheDocument();
    expect(dialog.getByText('This cannot be undone.')).toBeInTheDocument();
    expect(dialog.getByText(/2 paid orders have a kit not delivered yet: finish or refund them first/)).toBeInTheDocument();

    const erase = dialog.getByRole('button', { name: 'Erase account' });
    const word = dialog.getByRole('textbox', { name: 'Type ERASE to confirm' });
    expect(erase).toBeDisabled();
    await view.user.type(word, 'erase');
    expect(erase).toBeDisabled();
    // Enter in the field does not get past the word either.
    await view.user.type(word, '{Enter}');
    expect(backend.completed).toEqual([]);
    await view.user.clear(word);
    await view.user.type(word, 'ERAS');
    expect(erase).toBeDisabled();
    await view.user.type(word, 'E');
    expect(erase).toBeEnabled();

    await view.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.completed).toEqual([]);
  });

  it('erases with the reason given, says so and refreshes the list', async () => {
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const dialog = within(await openDialogFor(view.user, 'Person 3'));
    const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveAttribute('maxLength', '500');
    await view.user.type(reason, 'Asked again by phone on 23 Nov.');
    await view.user.type(dialog.getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE');
    await view.user.click(dialog.getByRole('button', { name: 'Erase account' }));

    expect(await findNotice('The account of Person 3 is erased. Their orders and invoices are kept for 72 months.')).toBeInTheDocument();
    expect(backend.completed).toEqual([{ id: 'era-03', body: { reason: 'Asked again by phone on 23 Nov.' } }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The list was asked again and no longer holds the request.
    await waitFor(() => expect(screen.getByTestId('erasure-range')).toHaveTextContent('1–20 of 56'));
    expect(screen.queryByRole('rowheader', { name: /Person 3\b/ })).not.toBeInTheDocument();
    expect(backend.queries()).toEqual(['status=pending&sort=dueBy&limit=20&offset=0', 'status=pending&sort=dueBy&limit=20&offset=0']);
  });

  it('sends no reason when none is given', async () => {
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const dialog = within(await openDialogFor(view.user, 'Person 4'));
    await view.user.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), '   ');
    await view.user.type(dialog.getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE{Enter}');
    await findNotice('The account of Person 4 is erased. Their orders and invoices are kept for 72 months.');
    expect(backend.completed).toEqual([{ id: 'era-04', body: {} }]);
  });

  it('shows the server’s reason when the request was already completed, and refreshes the list behind it', async () => {
    server.use(
      http.post('*/api/admin/erasure-requests/:id/complete', () =>
        HttpResponse.json<Schemas['Error']>(
          { message: 'This request was completed a moment ago by Ravi Staff.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const dialogElement = await openDialogFor(view.user, 'Meera Iyer');
    const dialog = within(dialogElement);
    await view.user.type(dialog.getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE');
    await view.user.click(dialog.getByRole('button', { name: 'Erase account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This request was completed a moment ago by Ravi Staff.');
    expect(dialogElement).toBeInTheDocument();
    await waitFor(() => expect(backend.queries()).toHaveLength(2));
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
  });

  it('asks to try later when the identity provider cannot be reached', async () => {
    server.use(
      http.post('*/api/admin/erasure-requests/:id/complete', () =>
        HttpResponse.json<Schemas['Error']>({ message: 'Firebase cannot be reached.', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    const view = renderShop('/admin/erasure-requests', { as: 'admin' });
    const dialog = within(await openDialogFor(view.user, 'Meera Iyer'));
    await view.user.type(dialog.getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE');
    await view.user.click(dialog.getByRole('button', { name: 'Erase account' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The shop is busy right now. Please wait a moment, then try again.');
    expect(dialog.getByRole('button', { name: 'Erase account' })).toBeEnabled();
  });
});
