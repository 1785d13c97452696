import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { renderShop, type ShopView } from './render';
import { staffCatalogue } from './staff-fixtures';

// The pages show India's dates whatever the browser's zone: run them in one far from India.
process.env.TZ = 'America/Los_Angeles';

type Schemas = components['schemas'];
type StaffCustomer = Schemas['StaffCustomer'];
type StaffCustomerDetail = Schemas['StaffCustomerDetail'];
type CustomerFilter = Schemas['CustomerFilter'];
type CustomerSort = Schemas['CustomerSort'];
type KitJourneyState = Schemas['KitJourneyState'];
type ExportJob = Schemas['ExportJob'];
type ListAnswer = operations['listCustomers']['responses'][200]['content']['application/json'];
type DetailAnswer = operations['getStaffCustomer']['responses'][200]['content']['application/json'];
type NoteBody = operations['addCustomerNote']['requestBody']['content']['application/json'];
type NoteAnswer = operations['addCustomerNote']['responses'][201]['content']['application/json'];
type ExportBody = operations['startCustomerExport']['requestBody']['content']['application/json'];
type ExportAnswer = operations['startCustomerExport']['responses'][202]['content']['application/json'];
type ProgressAnswer = operations['getExport']['responses'][200]['content']['application/json'];
type HomeAnswer = operations['getStaffHome']['responses'][200]['content']['application/json'];

/** The tests' "now": 24 Nov 2026, 11:30 am in India. */
const NOW = new Date('2026-11-24T06:00:00.000Z');
const DAY_MS = 86_400_000;

const PRODUCT_NAMES: Record<string, string> = {
  'PROD-G3G-LITE': 'Gut Start',
  'PROD-G360': 'Gut 360',
  'PROD-GSENS': 'Gut SEnS',
  'PROD-IBS-HEAL': 'Gut Heal',
};
const KIT_STATES_BY_TURN: KitJourneyState[] = ['paid', 'shipped', 'delivered', 'activated', 'reportReady'];
const ACTIVATED: KitJourneyState[] = ['activated', 'sampleReceived', 'reportReady', 'qcFailed'];

/** A customer as the fake server holds them: the contract's row, and what its filters look at. */
interface Held {
  row: StaffCustomer;
  codes: string[];
  kits: Array<{ state: KitJourneyState; since: number; boxCode: string }>;
}

/**
 * 57 customers, signed up one a day back from 23 Nov 2026 (10:00 UTC, 3:30 pm in India), so newest first they are
 * Customer 1, 2, 3… Every third bought nothing; the others bought Gut 360 (1, 4, 7…) or Gut Heal (2, 5, 8…), each
 * kit a day after signing up. Customer 1 is Meera Iyer, who bought both; customer 4 also bought Gut SEnS.
 */
function customersFixture(): Held[] {
  return Array.from({ length: 57 }, (_, index): Held => {
    const n = index + 1;
    const signedUp = Date.UTC(2026, 10, 23, 10) - index * DAY_MS;
    const codes = n === 1 ? ['PROD-G360', 'PROD-IBS-HEAL'] : n === 4 ? ['PROD-G360', 'PROD-GSENS'] : n % 3 === 1 ? ['PROD-G360'] : n % 3 === 2 ? ['PROD-IBS-HEAL'] : [];
    const kits = codes.map((_code, k) => ({
      state: KIT_STATES_BY_TURN[(n + k) % KIT_STATES_BY_TURN.length]!,
      since: signedUp + DAY_MS,
      boxCode: `GUT-${String(n).padStart(2, '0')}${k}A-BCDE`,
    }));
    const name = n === 1 ? 'Meera Iyer' : n === 2 ? 'Zoya Khan' : n === 3 ? 'Aarav Mehta' : `Customer ${String(n).padStart(2, '0')}`;
    const email = n === 1 ? 'meera@example.in' : `customer${n}@example.in`;
    return {
      codes,
      kits,
      row: {
        _id: `cust-${n}`,
        fullname: name,
        email,
        phone: n % 2 === 0 ? null : `+9198${String(n).padStart(8, '0')}`,
        signedUpAt: new Date(signedUp).toISOString(),
        orders: codes.length,
        lastOrderAt: codes.length > 0 ? new Date(signedUp + DAY_MS).toISOString() : null,
        products: Object.keys(PRODUCT_NAMES)
          .filter((code) => codes.includes(code))
          .map((code) => PRODUCT_NAMES[code]!),
        kits: { total: kits.length, activated: kits.filter((kit) => ACTIVATED.includes(kit.state)).length },
      },
    };
  });
}

/** Meera Iyer in full, as getStaffCustomer answers. */
function meeraInFull(): StaffCustomerDetail {
  return {
    _id: 'cust-1',
    fullname: 'Meera Iyer',
    email: 'meera@example.in',
    emailVerified: false,
    phone: '+919800000001',
    role: 'customer',
    signedUpAt: '2026-11-23T10:00:00.000Z',
    signedIn: true,
    addresses: [
      {
        source: 'saved',
        lastUsedAt: '2026-11-24T04:00:00.000Z',
        address: { name: 'Meera Iyer', phone: '9812345678', line1: '22, 5th Main, Jayanagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560041' },
      },
      {
        source: 'order',
        lastUsedAt: '2026-11-23T11:00:00.000Z',
        address: { name: 'Meera Iyer', phone: '9812345678', line1: '4, MG Road', line2: 'Flat 3B', city: 'Chennai', state: 'Tamil Nadu', pincode: '600001' },
      },
    ],
    orders: [
      {
        _id: 'order-1',
        number: 'GS-2026-000042',
        status: 'paid',
        price: 2_339_820,
        actual_price: 2_599_800,
        coupon: 'WELCOME10',
        items: ['Gut 360', 'Gut Heal'],
        createdAt: '2026-11-23T11:00:00.000Z',
        paidAt: '2026-11-23T11:05:00.000Z',
        invoiceNumber: 'INV/26-27/000042',
        payments: [
          {
            provider: 'test',
            status: 'captured',
            amount: 2_339_820,
            paymentId: 'pay_test_42',
            createdAt: '2026-11-23T11:04:00.000Z',
            paidAt: '2026-11-23T11:05:00.000Z',
          },
        ],
      },
    ],
    kits: [
      {
        boxCode: 'GUT-7KQM-3XPD',
        kit: {
          _id: 'kit-1',
          orderId: 'order-1',
          claim: 'bought',
          gift: null,
          product: 'prod-360',
          code: 'PROD-G360',
          name: 'Gut 360',
          state: 'delivered',
          activatedAt: null,
          timeline: [
            { state: 'paid', at: '2026-11-23T11:05:00.000Z' },
            { state: 'shipped', at: '2026-11-23T12:00:00.000Z' },
            { state: 'delivered', at: '2026-11-24T05:00:00.000Z' },
          ],
          reportUrl: null,
        },
      },
    ],
    questionnaireResults: [
      {
        _id: 'q-1',
        instrument: 'gad7',
        score: 6,
        answers: { q1: 1, q2: 1, q3: 1, q4: 1, q5: 1, q6: 1, q7: 0, difficulty: 1 },
        createdAt: '2026-11-23T12:00:00.000Z',
        result: { instrument: 'gad7', total: 6, band: 'mild', missing: [] },
      },
    ],
    notes: [{ _id: 'note-1', body: 'Prefers calls after 6 pm.', author: null, createdAt: '2026-11-23T12:30:00.000Z' }],
    history: [
      {
        _id: '7',
        at: '2026-11-23T11:05:00.000Z',
        action: 'order.paid',
        actor: null,
        actorRole: null,
        ip: null,
        entity: 'order',
        entityId: 'order-1',
        reason: null,
        before: null,
        after: null,
      },
    ],
  };
}

const forbidden = () =>
  HttpResponse.json<Schemas['Error']>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });
const badRequest = (message: string) => HttpResponse.json<Schemas['Error']>({ message, code: 'BAD_REQUEST' }, { status: 400 });

/** The day in India of an instant, e.g. 2026-11-23. */
const indianDay = (at: string | number) => new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(0, 10);

const SORT_KEYS: Record<string, (row: StaffCustomer) => string | number> = {
  name: (row) => row.fullname.toLowerCase(),
  email: (row) => (row.email ?? '').toLowerCase(),
  signedUpAt: (row) => Date.parse(row.signedUpAt),
  orders: (row) => row.orders,
  lastOrderAt: (row) => (row.lastOrderAt ? Date.parse(row.lastOrderAt) : -Infinity),
};

/** The customers a filter matches, in its order, as listCustomers describes it. */
function matching(customers: Held[], filter: CustomerFilter): Held[] {
  const q = filter.q?.trim().toLowerCase();
  const sort = filter.sort ?? '-signedUpAt';
  const key = SORT_KEYS[sort.replace(/^-/, '')]!;
  const direction = sort.startsWith('-') ? -1 : 1;
  return customers
    .filter(({ row, kits }) => {
      if (!q) return true;
      if (/^gut-/.test(q)) return kits.some((kit) => kit.boxCode.toLowerCase() === q);
      if (/^[\d\s+]+$/.test(q)) return (row.phone ?? '').includes(q.replace(/\D/g, '').slice(-10));
      return row.fullname.toLowerCase().includes(q) || (row.email ?? '').toLowerCase().includes(q);
    })
    .filter(({ codes }) => (filter.product ?? []).every((code) => codes.includes(code)))
    .filter(
      ({ kits }) =>
        !filter.kitState ||
        kits.some((kit) => kit.state === filter.kitState && (!filter.kitStateDays || kit.since <= Date.now() - filter.kitStateDays * DAY_MS)),
    )
    .filter(({ row }) => !filter.signedUpFrom || indianDay(row.signedUpAt) >= filter.signedUpFrom)
    .filter(({ row }) => !filter.signedUpTo || indianDay(row.signedUpAt) <= filter.signedUpTo)
    .sort((a, b) => {
      const [x, y] = [key(a.row), key(b.row)];
      if (x !== y) return direction * (x < y ? -1 : 1);
      return direction * (a.row._id < b.row._id ? -1 : 1);
    });
}

const csvLine = (fields: Array<string | number | null>) =>
  `${fields.map((field) => (field === null ? '' : /[",\r\n]/.test(String(field)) ? `"${String(field).replaceAll('"', '""')}"` : String(field))).join(',')}\r\n`;

/**
 * The staff customer API as the contract describes it: admins only; the list searched, filtered, sorted and paged
 * on the server; a customer in full with notes that are added and recorded in the history; CSV exports that are
 * followed until done. Each export moves on `EXPORT_STEP` rows a poll; `holdExport` keeps the poll that would
 * finish it waiting until released.
 */
function customersApi() {
  const customers = customersFixture();
  const details = new Map<string, StaffCustomerDetail>([['cust-1', meeraInFull()]]);
  const listed: URLSearchParams[] = [];
  const notesPosted: Array<{ id: string; body: unknown }> = [];
  const exportsStarted: unknown[] = [];
  const jobs = new Map<string, ExportJob & { filter: CustomerFilter }>();
  let finishing: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  const EXPORT_STEP = 8;
  const isAdmin = (request: Request) =>
    sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role === 'admin';
  const adminOf = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));

  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/admin/customers', ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query);
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      if (!(limit >= 1 && limit <= 100) || !(offset >= 0)) return badRequest('limit or offset is out of range.');
      if (query.has('kitStateDays') && !query.has('kitState')) return badRequest('Days in a state need the state.');
      const filter: CustomerFilter = {
        ...(query.get('q') ? { q: query.get('q')! } : {}),
        ...(query.getAll('product').length > 0 ? { product: query.getAll('product') } : {}),
        ...(query.get('kitState') ? { kitState: query.get('kitState') as KitJourneyState } : {}),
        ...(query.get('kitStateDays') ? { kitStateDays: Number(query.get('kitStateDays')) } : {}),
        ...(query.get('signedUpFrom') ? { signedUpFrom: query.get('signedUpFrom')! } : {}),
        ...(query.get('signedUpTo') ? { signedUpTo: query.get('signedUpTo')! } : {}),
        sort: (query.get('sort') ?? '-signedUpAt') as CustomerSort,
      };
      if (filter.signedUpFrom && filter.signedUpTo && filter.signedUpFrom > filter.signedUpTo) {
        return badRequest('The first day comes after the last.');
      }
      const found = matching(customers, filter);
      return HttpResponse.json({ items: found.slice(offset, offset + limit).map(({ row }) => row), total: found.length });
    }),
    http.get<{ id: string }, never, DetailAnswer | Schemas['Error']>('*/api/admin/customers/:id', ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const customer = details.get(params.id);
      if (!customer) return HttpResponse.json({ message: 'There is no such customer.', code: 'NOT_FOUND' }, { status: 404 });
      return HttpResponse.json({ customer });
    }),
    http.post<{ id: string }, NoteBody, NoteAnswer | Schemas['Error']>('*/api/admin/customers/:id/notes', async ({ request, params }) => {
      const author = adminOf(request);
      if (author?.role !== 'admin') return forbidden();
      const body: unknown = await request.json();
      notesPosted.push({ id: params.id, body });
      const text = (body as { body?: unknown }).body;
      if (typeof text !== 'string' || Object.keys(body as object).length !== 1 || !/\S/.test(text) || text.length > 2000) {
        return badRequest('body: must be a note of 1 to 2,000 characters.');
      }
      const customer = details.get(params.id);
      if (!customer) return HttpResponse.json({ message: 'There is no such customer.', code: 'NOT_FOUND' }, { status: 404 });
      const note = { _id: `note-${customer.notes.length + 1}`, body: text, author: author.fullname, createdAt: new Date().toISOString() };
      customer.notes.unshift(note);
      customer.history.unshift({
        _id: String(100 + customer.history.length),
        at: note.createdAt,
        action: 'note.added',
        actor: author.fullname,
        actorRole: 'admin',
        ip: '203.0.113.9',
        entity: 'customer_note',
        entityId: note._id,
        reason: null,
        before: null,
        after: { body: text },
      });
      return HttpResponse.json({ note }, { status: 201 });
    }),
    http.post<never, ExportBody, ExportAnswer | Schemas['Error']>('*/api/admin/exports/customers', async ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const filter: ExportBody = await request.json();
      exportsStarted.push(filter);
      const job = {
        _id: `export-${jobs.size + 1}`,
        kind: 'customers' as const,
        status: 'queued' as const,
        rows: 0,
        total: matching(customers, filter).length,
        createdAt: new Date().toISOString(),
        finishedAt: null,
        fileName: `customers-${indianDay(Date.now())}.csv`,
        filter,
      };
      jobs.set(job._id, job);
      const { filter: _filter, ...answer } = job;
      return HttpResponse.json({ export: answer }, { status: 202 });
    }),
    http.get<{ id: string }, never, ProgressAnswer | Schemas['Error']>('*/api/admin/exports/:id', async ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const job = jobs.get(params.id);
      if (!job) return HttpResponse.json({ message: 'There is no such export.', code: 'NOT_FOUND' }, { status: 404 });
      if (job.status !== 'done') {
        const rows = Math.min(job.total, job.rows + EXPORT_STEP);
        if (rows === job.total) await finishing;
        Object.assign(job, rows === job.total ? { status: 'done', rows, finishedAt: new Date().toISOString() } : { status: 'running', rows });
      }
      const { filter: _filter, ...answer } = job;
      return HttpResponse.json({ export: answer });
    }),
    http.get<{ id: string }>('*/api/admin/exports/:id/file', ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const job = jobs.get(params.id);
      if (!job) return HttpResponse.json({ message: 'There is no such export.', code: 'NOT_FOUND' }, { status: 404 });
      if (job.status !== 'done') return HttpResponse.json({ message: 'This export is not finished yet.', code: 'EXPORT_NOT_READY' }, { status: 409 });
      const lines = matching(customers, job.filter).map(({ row }) =>
        csvLine([row.fullname, row.email, row.phone, row.signedUpAt, row.orders, row.lastOrderAt, row.products.join('; '), row.kits.total, row.kits.activated]),
      );
      const csv = `\uFEFF${csvLine(['Name', 'E-mail', 'Phone', 'Signed up (IST)', 'Paid orders', 'Last order (IST)', 'Products', 'Kits', 'Kits activated'])}${lines.join('')}`;
      return new HttpResponse(csv, {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${job.fileName}"` },
      });
    }),
  ];
  /** The query strings the list was asked with, oldest first, e.g. "sort=-signedUpAt&limit=20&offset=0". */
  const queries = () => listed.map((query) => decodeURIComponent(query.toString()));
  const holdExport = () => {
    finishing = new Promise<void>((resolve) => (release = resolve));
    return () => release();
  };
  return { handlers, queries, notesPosted, exportsStarted, holdExport, customers };
}

function table() {
  return screen.getByTestId('customers');
}

/** The names in the rows, top to bottom. */
function names() {
  return within(table())
    .getAllByRole('rowheader')
    .map((header) => within(header).getByRole('link').textContent);
}

function range() {
  return screen.getByTestId('list-range');
}

function pager() {
  return screen.getByRole('navigation', { name: 'Pages of customers' });
}

const FIRST_PAGE = 'sort=-signedUpAt&limit=20&offset=0';

let backend: ReturnType<typeof customersApi>;

beforeEach(() => {
  // Only the clock, set to NOW and running from there (the router times its pending page with it); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW, shouldAdvanceTime: true });
  backend = customersApi();
  server.use(answers.catalogueWithoutOffer(), staffCatalogue(PRODUCT_NAMES), ...backend.handlers);
});

describe('the list of customers', () => {
  it('shows the first page of every customer, newest sign-ups first, as the server answers it', async () => {
    renderShop('/admin/customers-list', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'List of Customers' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'List of Customers, newest sign-ups first' })).toBe(table());
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Name',
      'E-mail',
      'Phone',
      'Signed up',
      'Orders',
      'Last order',
      'Products',
      'Kits',
    ]);
    expect(within(table()).getByRole('columnheader', { name: 'Signed up' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toHaveLength(20);
    expect(names().slice(0, 4)).toEqual(['Meera Iyer', 'Zoya Khan', 'Aarav Mehta', 'Customer 04']);
    expect(backend.queries()).toEqual([FIRST_PAGE]);

    const [meera, zoya, aarav] = within(table()).getAllByRole('row').slice(1);
    // Signed up 23 Nov at 10:00 UTC; bought a day later.
    expect(meera).toHaveTextContent('meera@example.in');
    expect(meera).toHaveTextContent('+919800000001');
    expect(meera).toHaveTextContent('23 Nov 2026');
    expect(meera).toHaveTextContent('24 Nov 2026');
    expect(meera).toHaveTextContent('Gut 360, Gut Heal');
    // One kit shipped, one delivered: neither activated yet.
    expect(meera).toHaveTextContent('2 (0 activated)');
    expect(within(table()).getAllByRole('row')[4]).toHaveTextContent('2 (1 activated)');
    expect(within(meera!).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute('href', '/admin/gut-360-customer-details?id=cust-1');
    expect(within(zoya!).getAllByRole('cell').map((cell) => cell.textContent)).toContain('Phone—');
    expect(aarav).toHaveTextContent('0');
    expect(within(aarav!).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    expect(range()).toHaveTextContent('1–20 of 57');
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('sorts by a column when its header is pressed, one way then the other, and keeps the order in the address', async () => {
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await screen.findByTestId('customers');
    const nameHeader = () => within(table()).getByRole('columnheader', { name: 'Name' });
    expect(nameHeader()).not.toHaveAttribute('aria-sort');

    await view.user.click(within(nameHeader()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()[0]).toBe('Aarav Mehta'));
    expect(window.location.search).toBe('?sort=name');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table()).getByRole('columnheader', { name: 'Signed up' })).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('table', { name: 'List of Customers, name, a to z' })).toBe(table());
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');

    await view.user.click(within(nameHeader()).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(names()[0]).toBe('Zoya Khan'));
    expect(window.location.search).toBe('?sort=-name');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(names().slice(1, 3)).toEqual(['Meera Iyer', 'Customer 57']);

    // The select says the same and changes it too.
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most orders first');
    await waitFor(() => expect(window.location.search).toBe('?sort=-orders'));
    await waitFor(() => expect(within(table()).getByRole('columnheader', { name: 'Orders' })).toHaveAttribute('aria-sort', 'descending'));
    expect(backend.queries()).toEqual([
      FIRST_PAGE,
      'sort=name&limit=20&offset=0',
      'sort=-name&limit=20&offset=0',
      'sort=-orders&limit=20&offset=0',
    ]);
  });

  it('searches when the search is sent, keeps it in the address and starts again at the first page', async () => {
    const view = renderShop('/admin/customers-list?page=2', { as: 'admin' });
    await waitFor(() => expect(range()).toHaveTextContent('21–40 of 57'));
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    await view.user.type(box, '  MEERA ');
    // Typing alone asks nothing.
    expect(backend.queries()).toEqual(['sort=-signedUpAt&limit=20&offset=20']);
    await view.user.type(box, '{Enter}');
    await waitFor(() => expect(names()).toEqual(['Meera Iyer']));
    expect(window.location.search).toBe('?q=MEERA');
    expect(range()).toHaveTextContent('1–1 of 1');

    // By the code printed in a kit's box, with the button.
    await view.user.clear(box);
    await view.user.type(box, 'GUT-070A-BCDE');
    await view.user.click(within(screen.getByRole('search', { name: 'Search customers' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(names()).toEqual(['Customer 07']));
    expect(window.location.search).toBe('?q=GUT-070A-BCDE');

    // Emptied, the search goes from the address.
    await view.user.clear(box);
    await view.user.type(box, '{Enter}');
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(window.location.search).toBe('');
    expect(backend.queries()).toEqual([
      'sort=-signedUpAt&limit=20&offset=20',
      'q=MEERA&sort=-signedUpAt&limit=20&offset=0',
      'q=GUT-070A-BCDE&sort=-signedUpAt&limit=20&offset=0',
      FIRST_PAGE,
    ]);
  });

  it('opens with the search from its address in the box', async () => {
    renderShop('/admin/customers-list?q=zoya', { as: 'admin' });
    await screen.findByTestId('customers');
    expect(names()).toEqual(['Zoya Khan']);
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('zoya');
    expect(backend.queries()).toEqual(['q=zoya&sort=-signedUpAt&limit=20&offset=0']);
  });

  it.each([
    {
      filter: 'the product bought',
      change: (view: ShopView) => view.user.selectOptions(screen.getByRole('combobox', { name: 'Bought' }), 'Gut 360'),
      address: '?product=PROD-G360',
      query: 'product=PROD-G360&sort=-signedUpAt&limit=20&offset=0',
      range: '1–19 of 19',
    },
    {
      filter: 'the state of a kit',
      change: (view: ShopView) => view.user.selectOptions(screen.getByRole('combobox', { name: 'Has a kit that is' }), 'Delivered, not activated'),
      address: '?kitState=delivered',
      query: 'kitState=delivered&sort=-signedUpAt&limit=20&offset=0',
      range: '1–9 of 9',
    },
    {
      filter: 'the first day of sign-up',
      change: (view: ShopView) => view.user.type(screen.getByLabelText('Signed up from'), '2026-11-01'),
      address: '?from=2026-11-01',
      query: 'signedUpFrom=2026-11-01&sort=-signedUpAt&limit=20&offset=0',
      range: '1–20 of 23',
    },
    {
      filter: 'the last day of sign-up',
      change: (view: ShopView) => view.user.type(screen.getByLabelText('Signed up until'), '2026-11-10'),
      address: '?to=2026-11-10',
      query: 'signedUpTo=2026-11-10&sort=-signedUpAt&limit=20&offset=0',
      range: '1–20 of 44',
    },
  ])('sends $filter to the server, keeps it in the address and starts again at the first page', async ({ change, address, query, range: shown }) => {
    const view = renderShop('/admin/customers-list?page=2', { as: 'admin' });
    await waitFor(() => expect(range()).toHaveTextContent('21–40 of 57'));
    await change(view);
    await waitFor(() => expect(range()).toHaveTextContent(shown));
    expect(window.location.search).toBe(address);
    expect(backend.queries()).toEqual(['sort=-signedUpAt&limit=20&offset=20', query]);
  });

  it('combines the filters, and clears them all at once', async () => {
    const view = renderShop('/admin/customers-list?sort=name', { as: 'admin' });
    await screen.findByTestId('customers');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Bought' }), 'Gut Heal');
    await waitFor(() => expect(range()).toHaveTextContent('1–20 of 20'));
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Has a kit that is' }), 'Delivered, not activated');
    // Gut Heal's kits delivered: Meera Iyer's second kit, and customers 2, 17, 32 and 47, by name.
    await waitFor(() => expect(names()).toEqual(['Customer 17', 'Customer 32', 'Customer 47', 'Meera Iyer', 'Zoya Khan']));
    await view.user.type(screen.getByLabelText('Signed up from'), '2026-11-01');
    await waitFor(() => expect(names()).toEqual(['Customer 17', 'Meera Iyer', 'Zoya Khan']));
    await view.user.type(screen.getByLabelText('Signed up until'), '2026-11-10');
    await waitFor(() => expect(names()).toEqual(['Customer 17']));
    expect(window.location.search).toBe('?product=PROD-IBS-HEAL&kitState=delivered&from=2026-11-01&to=2026-11-10&sort=name');

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(range()).toHaveTextContent('1–20 of 57'));
    // The order is not a filter: it stays.
    expect(window.location.search).toBe('?sort=name');
    expect(screen.getByRole('combobox', { name: 'Bought' })).toHaveValue('any');
    expect(screen.getByRole('combobox', { name: 'Has a kit that is' })).toHaveValue('any');
    expect(screen.getByLabelText('Signed up from')).toHaveValue('');
    expect(screen.getByLabelText('Signed up until')).toHaveValue('');
    expect(backend.queries()).toEqual([
      'sort=name&limit=20&offset=0',
      'product=PROD-IBS-HEAL&sort=name&limit=20&offset=0',
      'product=PROD-IBS-HEAL&kitState=delivered&sort=name&limit=20&offset=0',
      'product=PROD-IBS-HEAL&kitState=delivered&signedUpFrom=2026-11-01&sort=name&limit=20&offset=0',
      'product=PROD-IBS-HEAL&kitState=delivered&signedUpFrom=2026-11-01&signedUpTo=2026-11-10&sort=name&limit=20&offset=0',
    ]);
  });

  it('offers the catalogue’s products in Bought, a kit staff added and one hidden from the shop among them, and filters by it', async () => {
    server.use(staffCatalogue({ ...PRODUCT_NAMES, 'FIBRE-KIT-01': 'Gut Fibre' }, ['PROD-GSENS']));
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await screen.findByTestId('customers');
    const bought = screen.getByRole('combobox', { name: 'Bought' });
    expect(within(bought).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any product', 'Gut Start', 'Gut 360', 'Gut SEnS', 'Gut Heal', 'Gut Fibre']);
    await view.user.selectOptions(bought, 'Gut Fibre');
    await waitFor(() => expect(window.location.search).toBe('?product=FIBRE-KIT-01'));
    await waitFor(() => expect(backend.queries().at(-1)).toBe('product=FIBRE-KIT-01&sort=-signedUpAt&limit=20&offset=0'));
    expect(await screen.findByText('No customer matches these filters.')).toBeInTheDocument();
  });

  it('ignores values of its address that it does not know, and asks for the first page', async () => {
    renderShop('/admin/customers-list?sort=phone&page=0&kitState=lost&product=PROD-NONE&days=14&from=24-11-2026', { as: 'admin' });
    await screen.findByTestId('customers');
    expect(range()).toHaveTextContent('1–20 of 57');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-signedUpAt');
    expect(screen.getByRole('combobox', { name: 'Has a kit that is' })).toHaveValue('any');
    expect(screen.getByRole('combobox', { name: 'Bought' })).toHaveValue('any');
    expect(backend.queries()).toEqual([FIRST_PAGE]);
  });

  it('opens a work queue of the staff home: a kit state held for some days, which can be let go', async () => {
    const view = renderShop('/admin/customers-list?kitState=delivered&days=14', { as: 'admin' });
    await screen.findByTestId('customers');
    expect(screen.getByRole('combobox', { name: 'Has a kit that is' })).toHaveValue('delivered');
    expect(screen.getByTestId('customer-state-days')).toHaveTextContent('for 14 days or more (any time)');
    // Kits delivered a day after sign-up: 14 days ago or more means signed up on 8 Nov or before (customer 16 on).
    expect(names().slice(0, 2)).toEqual(['Customer 17', 'Customer 22']);
    await view.user.click(screen.getByRole('button', { name: '(any time)' }));
    await waitFor(() => expect(window.location.search).toBe('?kitState=delivered'));
    await waitFor(() => expect(names()[0]).toBe('Meera Iyer'));
    expect(screen.queryByTestId('customer-state-days')).not.toBeInTheDocument();
    expect(backend.queries()).toEqual([
      'kitState=delivered&kitStateDays=14&sort=-signedUpAt&limit=20&offset=0',
      'kitState=delivered&sort=-signedUpAt&limit=20&offset=0',
    ]);
  });

  it('pages 20 at a time with Next and Previous, the page kept in the address', async () => {
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await screen.findByTestId('customers');
    await view.user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(range()).toHaveTextContent('21–40 of 57'));
    expect(names()[0]).toBe('Customer 21');
    expect(window.location.search).toBe('?page=2');
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled();

    await view.user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(range()).toHaveTextContent('41–57 of 57'));
    expect(names()).toHaveLength(17);
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();

    await view.user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(range()).toHaveTextContent('21–40 of 57'));
    expect(window.location.search).toBe('?page=2');
    expect(backend.queries().slice(0, 3)).toEqual([FIRST_PAGE, 'sort=-signedUpAt&limit=20&offset=20', 'sort=-signedUpAt&limit=20&offset=40']);
  });

  it('shows that another page is on its way while the rows stay', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await screen.findByTestId('customers');
    server.use(
      http.get('*/api/admin/customers', async () => {
        await held;
        // Answered by the contract's handler.
        return undefined;
      }),
      ...backend.handlers,
    );
    await view.user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Updating the list…')).toBeInTheDocument();
    expect(names()[0]).toBe('Meera Iyer');
    release();
    await waitFor(() => expect(names()[0]).toBe('Customer 21'));
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    {
      answer: () => HttpResponse.json<Schemas['Error']>({ message: 'Database unavailable.' }, { status: 503 }),
      says: 'We could not load the customers. The shop is busy right now. Please wait a moment, then try again.',
    },
    { answer: forbidden, says: 'We could not load the customers. This is for the shop’s admins only.' },
  ])('says what stopped the list from loading, and loads it on a retry: $says', async ({ answer, says }) => {
    let failing = true;
    server.use(http.get('*/api/admin/customers', () => (failing ? answer() : undefined)));
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(says);
    expect(screen.queryByTestId('customers')).not.toBeInTheDocument();
    failing = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when there are no customers yet, and when none matches the filters', async () => {
    server.use(http.get('*/api/admin/customers', () => HttpResponse.json<ListAnswer>({ items: [], total: 0 })));
    renderShop('/admin/customers-list', { as: 'admin' });
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent(/^No customers yet\.$/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export customers as CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says when nobody matches the search, and clears it', async () => {
    const view = renderShop('/admin/customers-list?q=nobody-here', { as: 'admin' });
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent(/^No customer matches these filters\.$/);
    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(20));
    expect(window.location.search).toBe('');
  });

  it('offers the last page when the address asks for one past it', async () => {
    const view = renderShop('/admin/customers-list?page=9', { as: 'admin' });
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent('There are no customers on page 9; the list has 3 pages.');
    await view.user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    await waitFor(() => expect(range()).toHaveTextContent('41–57 of 57'));
    expect(window.location.search).toBe('?page=3');
  });
});

describe('the per-product lists', () => {
  it.each([
    { path: '/admin/ibs-customers', title: 'IBS Customers', product: 'product=PROD-IBS-HEAL', total: 20, detail: '/admin/ibs-customer-details' },
    { path: '/admin/gut-360-customers', title: 'Gut 360 Customers', product: 'product=PROD-G360', total: 19, detail: '/admin/gut-360-customer-details' },
    { path: '/admin/gut-sens-gut360-customers', title: 'Gut Sens Gut360 Customers', product: 'product=PROD-GSENS&product=PROD-G360', total: 1, detail: '/admin/gut-sens-customers-details' },
    { path: '/admin/gut-sens-customers', title: 'Gut Sens Customers', product: 'product=PROD-GSENS', total: 1, detail: '/admin/gut-sens-customers-details' },
    { path: '/admin/gut-heal-gut360-customers', title: 'Gut Heal Gut360 Customers', product: 'product=PROD-IBS-HEAL&product=PROD-G360', total: 1, detail: '/admin/ibs-customer-details' },
  ])('$path asks for those who bought $product only, with no product filter of its own', async ({ path, title, product, total, detail }) => {
    renderShop(path, { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(range()).toHaveTextContent(`of ${total}`));
    expect(backend.queries()).toEqual([`${product}&sort=-signedUpAt&limit=20&offset=0`]);
    expect(screen.queryByRole('combobox', { name: 'Bought' })).not.toBeInTheDocument();
    // Its own products are not a filter to clear.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(within(table()).getAllByRole('link')[0]).toHaveAttribute('href', expect.stringMatching(new RegExp(`^${detail}\\?id=cust-\\d+$`)));
  });

  it('keeps its products under a search and a kit state, and its own address', async () => {
    const view = renderShop('/admin/gut-heal-gut360-customers', { as: 'admin' });
    await waitFor(() => expect(names()).toEqual(['Meera Iyer']));
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Has a kit that is' }), 'Paid, to ship');
    await waitFor(() => expect(screen.getByTestId('customers-empty')).toHaveTextContent('No customer matches these filters.'));
    expect(window.location.pathname).toBe('/admin/gut-heal-gut360-customers');
    expect(window.location.search).toBe('?kitState=paid');
    await view.user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'iyer{Enter}');
    await waitFor(() => expect(window.location.search).toBe('?q=iyer&kitState=paid'));
    expect(backend.queries()).toEqual([
      'product=PROD-IBS-HEAL&product=PROD-G360&sort=-signedUpAt&limit=20&offset=0',
      'product=PROD-IBS-HEAL&product=PROD-G360&kitState=paid&sort=-signedUpAt&limit=20&offset=0',
      'q=iyer&product=PROD-IBS-HEAL&product=PROD-G360&kitState=paid&sort=-signedUpAt&limit=20&offset=0',
    ]);
  });
});

describe('exporting the customers as CSV', () => {
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  let saved: Array<{ name: string; blob: Blob }>;
  let clicks: { mockRestore: () => void };

  beforeEach(() => {
    saved = [];
    let blob: Blob | null = null;
    URL.createObjectURL = (file: Blob) => {
      blob = file;
      return 'blob:customers-export';
    };
    URL.revokeObjectURL = () => undefined;
    clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href === 'blob:customers-export' && blob) saved.push({ name: this.download, blob });
    });
  });

  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    clicks.mockRestore();
  });

  it('exports with the list’s filter and order, shows how far it has come, then saves the file', async () => {
    const finish = backend.holdExport();
    const view = renderShop('/admin/customers-list?product=PROD-G360&sort=name', { as: 'admin' });
    await waitFor(() => expect(range()).toHaveTextContent('1–19 of 19'));
    await view.user.click(screen.getByRole('button', { name: 'Export customers as CSV' }));

    const bar = await screen.findByRole('progressbar', { name: 'Exporting customers' });
    expect(backend.exportsStarted).toEqual([{ product: ['PROD-G360'], sort: 'name' }]);
    // 8 rows a poll, then it waits for the last: 16 of 19 is 84%.
    expect(await screen.findByText('16 of 19 rows written…')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '84');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // The list stays usable meanwhile.
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toBeEnabled();
    expect(saved).toEqual([]);

    finish();
    expect(await screen.findByText(/^Saved customers-2026-11-24\.csv: 19 rows\./)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['customers-2026-11-24.csv']);
    const text = await saved[0]!.blob.text();
    expect(text).toContain('Name,E-mail,Phone');
    expect(text).toContain('Meera Iyer,meera@example.in,+919800000001');
    expect(text).not.toContain('Zoya Khan');
    expect(screen.getByRole('button', { name: 'Export customers as CSV' })).toBeEnabled();

    // Save again asks for the same file.
    await view.user.click(screen.getByRole('button', { name: 'Save again' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['customers-2026-11-24.csv', 'customers-2026-11-24.csv']));
  });

  it('says so when the export stops before it is finished', async () => {
    server.use(
      http.get<{ id: string }, never, ProgressAnswer>('*/api/admin/exports/:id', ({ params }) =>
        HttpResponse.json({
          export: {
            _id: params.id,
            kind: 'customers',
            status: 'failed',
            rows: 1000,
            total: 57,
            createdAt: NOW.toISOString(),
            finishedAt: null,
            fileName: 'customers-2026-11-24.csv',
          },
        }),
      ),
    );
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Export customers as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export stopped before it was finished. Please start it again.');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export customers as CSV' })).toBeEnabled();
    expect(saved).toEqual([]);
  });

  it('says why an export could not be started', async () => {
    server.use(
      http.post('*/api/admin/exports/customers', () =>
        HttpResponse.json<Schemas['Error']>({ message: 'Too many exports: please wait a few minutes.', code: 'TOO_MANY_REQUESTS' }, { status: 429 }),
      ),
    );
    const view = renderShop('/admin/customers-list', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Export customers as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports: please wait a few minutes.');
    expect(saved).toEqual([]);
  });
});

describe('a customer’s page', () => {
  it('shows the profile, addresses, orders, kits, questionnaires, notes and history', async () => {
    renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByText('Customer since 23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← List of Customers' })).toHaveAttribute('href', '/admin/customers-list');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Profile',
      'Addresses (2)',
      'Orders (1)',
      'Kits (1)',
      'Questionnaires (1)',
      'Notes (1)',
      'Messages',
      'History (1)',
    ]);
    const section = (name: RegExp) => screen.getByRole('region', { name });
    expect(section(/^Profile/)).toHaveTextContent('meera@example.in not confirmed');
    expect(section(/^Profile/)).toHaveTextContent('+919800000001');
    // 23 Nov at 10:00 UTC is 3:30 pm in India.
    expect(section(/^Profile/)).toHaveTextContent('23 Nov 2026, 3:30 pm');
    expect(section(/^Profile/)).toHaveTextContent('Has signed in');
    expect(section(/^Addresses/)).toHaveTextContent('22, 5th Main, Jayanagar, Bengaluru, Karnataka 560041');
    expect(section(/^Addresses/)).toHaveTextContent('4, MG Road, Flat 3B, Chennai, Tamil Nadu 600001');
    expect(section(/^Orders/)).toHaveTextContent('Order GS-2026-000042');
    expect(section(/^Orders/)).toHaveTextContent('Gut 360, Gut Heal: ₹23,398.20 with WELCOME10 (list price ₹25,998)');
    expect(section(/^Orders/)).toHaveTextContent('Invoice INV/26-27/000042, paid 23 Nov 2026, 4:35 pm');
    expect(section(/^Orders/)).toHaveTextContent('Test gateway: ₹23,398.20 captured (pay_test_42)');
    expect(section(/^Kits/)).toHaveTextContent('GUT-7KQM-3XPD');
    expect(within(section(/^Kits/)).getByRole('list', { name: 'Journey of the Gut 360 kit GUT-7KQM-3XPD' })).toHaveTextContent(
      'Delivered, 24 Nov 2026, 10:30 am',
    );
    expect(section(/^Questionnaires/)).toHaveTextContent('6 of 21 · Mild anxiety');
    expect(section(/^Questionnaires/)).toHaveTextContent('23 Nov 2026');
    expect(section(/^Questionnaires/)).toHaveTextContent('Somewhat difficult');
    expect(section(/^Notes/)).toHaveTextContent('Prefers calls after 6 pm.A former team member, 23 Nov 2026, 6:00 pm');
    expect(section(/^History/)).toHaveTextContent('order.paid by the shop, 23 Nov 2026, 4:35 pm');
  });

  it('adds a note with the text as typed, trimmed, and shows it with its author and in the history', async () => {
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    const field = await screen.findByRole('textbox', { name: 'New note' });
    await view.user.type(field, '   Called about the sample pickup;{Enter}will post it on Monday.  ');
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Notes (2)' })).toBeInTheDocument();
    expect(backend.notesPosted).toEqual([{ id: 'cust-1', body: { body: 'Called about the sample pickup;\nwill post it on Monday.' } }]);
    const notes = within(screen.getByTestId('customer-notes')).getAllByRole('listitem');
    expect(notes[0]).toHaveTextContent('Called about the sample pickup; will post it on Monday.Asha Admin, 24 Nov 2026, 11:30 am');
    expect(notes[1]).toHaveTextContent('Prefers calls after 6 pm.');
    expect(screen.getByRole('region', { name: /^History/ })).toHaveTextContent(
      'note.added by Asha Admin from 203.0.113.9, 24 Nov 2026, 11:30 am',
    );
    expect(field).toHaveValue('');
  });

  it('asks for the note first when it is empty, and sends nothing', async () => {
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    const field = await screen.findByRole('textbox', { name: 'New note' });
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write the note first.')).toBeInTheDocument();
    await view.user.type(field, '    ');
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Write the note first.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Write the note first\./);
    expect(backend.notesPosted).toEqual([]);
  });

  it('says why a note was not kept, and keeps what was typed', async () => {
    server.use(
      http.post('*/api/admin/customers/:id/notes', () =>
        HttpResponse.json<Schemas['Error']>({ message: 'There is no such customer.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    const field = await screen.findByRole('textbox', { name: 'New note' });
    await view.user.type(field, 'Asked for a call back.');
    await view.user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such customer.');
    expect(field).toHaveValue('Asked for a call back.');
  });

  it('says that there is no such customer, with a retry', async () => {
    renderShop('/admin/ibs-customer-details?id=cust-gone', { as: 'admin' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load this customer. There is no such customer.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← IBS Customers' })).toHaveAttribute('href', '/admin/ibs-customers');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('asks for a customer when the address names none', async () => {
    renderShop('/admin/gut-sens-customers-details', { as: 'admin' });
    expect(await screen.findByText('No customer was chosen. Pick one from the list.')).toBeInTheDocument();
  });
});

describe('the staff home', () => {
  function staffHomeApi() {
    return http.get<never, never, HomeAnswer | Schemas['Error']>('*/api/staff/home', ({ request }) => {
      const user = sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
      if (!user || user.role === 'customer') return forbidden();
      if (user.role === 'admin') {
        return HttpResponse.json({
          role: 'admin',
          figures: {
            paidOrders: { today: 1, last7Days: 4, last30Days: 1_234 },
            revenue: { today: 1_299_900, last7Days: 4_499_650, last30Days: 1_234_567_800 },
            // The last 30 days gave back more than they took: refunds of orders paid before them.
            refunds: { today: 499_900, last7Days: 0, last30Days: 1_300_000_000 },
            kitsByState: (['ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived', 'reportReady', 'cancelled', 'refunded', 'qcFailed', 'replaced'] as const).map(
              (state, index) => ({ state, count: index * 2 }),
            ),
          },
          queues: [
            { id: 'toShip', count: 3 },
            { id: 'notActivated', count: 7 },
            { id: 'awaitingReport', count: 0 },
            { id: 'qcFailed', count: 1 },
            { id: 'refundsDue', count: 2 },
          ],
          reports: null,
        });
      }
      return HttpResponse.json({
        role: user.role,
        figures: null,
        queues: null,
        reports: [
          {
            kitId: 'kit-9',
            customerId: 'cust-9',
            customerName: 'Meera Iyer',
            product: 'Gut 360',
            readyAt: '2026-11-24T04:30:00.000Z',
            reportUrl: 'https://journey.example.in/reports/kit-9',
          },
          { kitId: 'kit-8', customerId: 'cust-8', customerName: ' ', product: 'Gut Heal', readyAt: '2026-11-22T10:00:00.000Z', reportUrl: null },
        ],
      });
    });
  }

  beforeEach(() => server.use(staffHomeApi()));

  it('shows an admin the work queues with their counts, each opening the orders holding those kits, and the figures in rupees', async () => {
    renderShop('/admin-home', { as: 'admin' });
    const queues = within(await screen.findByTestId('staff-queues'));
    const links = queues.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '3Paid kits to ship',
      '7Delivered 14+ days ago, not activated',
      '0Samples at the lab awaiting a report',
      '1Samples that failed quality control',
      '2Cancelled kits to refund',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/orders?kitState=paid',
      '/admin/orders?kitState=delivered&days=14',
      '/admin/orders?kitState=sampleReceived',
      '/admin/orders?kitState=qcFailed',
      '/admin/orders?kitState=cancelled',
    ]);
    expect(queues.getByRole('link', { name: /Delivered 14\+ days ago/ }).getAttribute('href')).toContain('kitState=delivered&days=14');

    expect(screen.getByRole('heading', { level: 2, name: 'The business' })).toBeInTheDocument();
    expect(screen.getByText(/^Amounts include GST\. Net is what was paid in the period less what refunds made in it gave back/)).toBeInTheDocument();
    // Paise from the server, rupees on the page, grouped the Indian way: net, then what was paid and refunded.
    const [today, week, month] = ['today', 'last7Days', 'last30Days'].map((key) => screen.getByTestId(`figures-${key}`));
    expect(today).toHaveTextContent(/^Today₹8,000netPaid₹12,999Refunded−₹4,9991 paid order$/);
    expect(week).toHaveTextContent(/^Last 7 days₹44,996\.50netPaid₹44,996\.50Refunded−₹04 paid orders$/);
    expect(month).toHaveTextContent(/^Last 30 days−₹6,54,322netPaid₹1,23,45,678Refunded−₹1,30,00,0001,234 paid orders$/);
    // Each figure opens the orders it adds up, by the days of their payment or refund.
    const todayIs = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(within(today!).getByRole('link', { name: /^₹12,999 paid, today/ })).toHaveAttribute('href', `/admin/orders?dates=paid&from=${todayIs}&to=${todayIs}`);
    expect(within(today!).getByRole('link', { name: /^₹4,999 refunded, today/ })).toHaveAttribute('href', `/admin/orders?dates=refunded&from=${todayIs}&to=${todayIs}`);
    expect(within(today!).getByRole('link', { name: '1 paid order' })).toHaveAttribute('href', `/admin/orders?dates=paid&from=${todayIs}&to=${todayIs}`);
    expect(screen.getByText('Kits by journey state')).toBeInTheDocument();
    const kits = within(screen.getByTestId('kits-by-state'));
    expect(kits.getByRole('link', { name: '2 Paid: the orders holding them' })).toHaveAttribute('href', '/admin/orders?kitState=paid');
    expect(kits.queryByRole('link', { name: /Ordered/ })).not.toBeInTheDocument();
    expect(kits.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Ordered',
      'Paid',
      'Shipped',
      'Delivered',
      'Activated',
      'Sample received at the lab',
      'Report ready',
      'Cancelled',
      'Refunded',
      'Sample could not be analysed',
      'Replaced by a new kit',
    ]);
    expect(kits.getAllByRole('definition').map((count) => count.textContent)).toEqual(['0', '2', '4', '6', '8', '10', '12', '14', '16', '18', '20']);
    expect(screen.queryByRole('heading', { name: 'Reports ready recently' })).not.toBeInTheDocument();
  });

  it.each(['doctor', 'nutritionist'] as const)('shows a %s the reports ready recently and no figures or queues', async (role) => {
    renderShop('/admin-home', { as: role });
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports ready recently' })).toBeInTheDocument();
    const reports = within(screen.getByTestId('staff-reports')).getAllByRole('listitem');
    // 04:30 UTC is 10:00 am in India.
    expect(reports[0]).toHaveTextContent('Meera IyerGut 36024 Nov 2026, 10:00 amOpen the report');
    expect(within(reports[0]!).getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', 'https://journey.example.in/reports/kit-9');
    expect(reports[1]).toHaveTextContent('A customerGut Heal22 Nov 2026, 3:30 pm');
    expect(within(reports[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('staff-figures')).not.toBeInTheDocument();
    expect(screen.queryByTestId('staff-queues')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The business' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('₹');
  });

  it('says what stopped the figures from loading, and loads them on a retry', async () => {
    let failing = true;
    server.use(
      http.get('*/api/staff/home', () =>
        failing ? HttpResponse.json<Schemas['Error']>({ message: 'Database unavailable.' }, { status: 500 }) : undefined,
      ),
      staffHomeApi(),
    );
    const view = renderShop('/admin-home', { as: 'admin' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load the figures and queues. Something went wrong on our side. Please try again in a moment.');
    // The places stay.
    expect(screen.getByTestId('staff-links')).toBeInTheDocument();
    failing = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('staff-queues')).toBeInTheDocument();
  });
});

describe('correcting a customer’s details', () => {
  /** The correction endpoint as the contract describes it: the fields sent change, an address of another account is refused. */
  const correctionApi = () => {
    const sent: unknown[] = [];
    const customer = meeraInFull();
    server.use(
      http.get('*/api/admin/customers/:id', () => HttpResponse.json({ customer })),
      http.patch<{ id: string }, Schemas['StaffCustomerCorrection'], { customer: StaffCustomerDetail } | Schemas['Error']>(
        '*/api/admin/customers/:id',
        async ({ request }) => {
          const body = await request.json();
          sent.push(body);
          if (body.email === 'taken@example.in') {
            return HttpResponse.json<Schemas['Error']>(
              { message: 'taken@example.in belongs to another account, so it cannot be this customer’s.', code: 'EMAIL_TAKEN', fields: { email: 'belongs to another account' } },
              { status: 409 },
            );
          }
          Object.assign(customer, {
            ...(body.fullname ? { fullname: body.fullname } : {}),
            ...(body.email ? { email: body.email, emailVerified: false } : {}),
            ...(body.phone ? { phone: body.phone } : {}),
          });
          return HttpResponse.json({ customer });
        },
      ),
    );
    return sent;
  };

  it('corrects the name and the mobile number as typed, and says so', async () => {
    const sent = correctionApi();
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Correct name, e-mail or mobile' }, { timeout: 8000 }));
    const dialog = await screen.findByTestId('correct-profile-dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Full name' });
    await view.user.clear(name);
    await view.user.type(name, 'Meera S. Iyer');
    const phone = within(dialog).getByRole('textbox', { name: 'Mobile number' });
    await view.user.clear(phone);
    await view.user.type(phone, '98450 12345');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), 'Asked by phone');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meera S. Iyer' })).toBeInTheDocument();
    expect(sent).toEqual([{ fullname: 'Meera S. Iyer', phone: '+919845012345', reason: 'Asked by phone' }]);
    expect(screen.getByRole('region', { name: /^Profile/ })).toHaveTextContent('+919845012345');
    expect(screen.queryByTestId('correct-profile-dialog')).not.toBeInTheDocument();
  });

  it('asks before changing the e-mail address, as it changes how the person signs in, and shows a refusal at the field', async () => {
    const sent = correctionApi();
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Correct name, e-mail or mobile' }, { timeout: 8000 }));
    let dialog = await screen.findByTestId('correct-profile-dialog');
    const email = within(dialog).getByRole('textbox', { name: 'E-mail address' });
    await view.user.clear(email);
    await view.user.type(email, 'taken@example.in');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));

    const confirm = await screen.findByTestId('confirm-email-change');
    expect(confirm).toHaveTextContent('Meera Iyer will sign in with taken@example.in instead of meera@example.in, which stops working at once');
    expect(confirm).toHaveTextContent('The new address counts as not confirmed until they prove it.');
    expect(sent).toEqual([]);
    await view.user.click(within(confirm).getByRole('button', { name: 'Change the e-mail address' }));

    dialog = await screen.findByTestId('correct-profile-dialog');
    expect(await within(dialog).findByText(/belongs to another account/)).toBeInTheDocument();
    const again = within(dialog).getByRole('textbox', { name: 'E-mail address' });
    await view.user.clear(again);
    await view.user.type(again, 'meera.iyer@example.in');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the correction' }));
    await view.user.click(within(await screen.findByTestId('confirm-email-change')).getByRole('button', { name: 'Change the e-mail address' }));

    await waitFor(() => expect(screen.queryByTestId('confirm-email-change')).not.toBeInTheDocument());
    expect(sent).toEqual([{ email: 'taken@example.in' }, { email: 'meera.iyer@example.in' }]);
    expect(screen.getByRole('region', { name: /^Profile/ })).toHaveTextContent('meera.iyer@example.in not confirmed');
  });
});
