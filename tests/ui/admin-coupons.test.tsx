import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type AdminCoupon = Schemas['AdminCoupon'];
type ListAnswer = operations['listAdminCoupons']['responses'][200]['content']['application/json'];
type CreateBody = Schemas['AdminCouponInput'];
type PatchBody = Schemas['AdminCouponPatch'];

const forbidden = () => HttpResponse.json<Schemas['Error']>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });
const isAdmin = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role === 'admin';

function coupon(id: number, overrides: Partial<AdminCoupon> = {}): AdminCoupon {
  return {
    _id: `coupon-${id}`,
    code: `SAVE${id}`,
    percentage: 10,
    validFrom: null,
    validUntil: null,
    startsAt: null,
    endsAt: null,
    totalLimit: null,
    perPersonLimit: 1,
    products: [],
    firstOrderOnly: false,
    active: true,
    note: '',
    redemptions: 0,
    status: 'active',
    createdAt: new Date(Date.UTC(2026, 10, 1, 6)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 10, 1, 6)).toISOString(),
    ...overrides,
  };
}

/** Coupons as the contract describes them: admins only, paged by the server, the rules the server's. */
function couponsApi() {
  const coupons: AdminCoupon[] = [
    coupon(1, {
      code: 'WELCOME10',
      redemptions: 3,
      totalLimit: 100,
      validFrom: '2026-11-01',
      validUntil: '2026-12-31',
      note: 'Welcome offer',
    }),
    coupon(2, { code: 'GUT360ONLY', percentage: 15, products: [{ _id: 'prod-360', code: 'PROD-G360', name: 'Gut 360' }], firstOrderOnly: true }),
    coupon(3, { code: 'LATER', status: 'scheduled', validFrom: '2027-01-01' }),
  ];
  const listed: string[] = [];
  const created: CreateBody[] = [];
  const patched: Array<{ id: string; body: PatchBody }> = [];
  const ended: string[] = [];
  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/admin/coupons', ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const status = query.get('status');
      const q = query.get('q')?.toUpperCase();
      const items = coupons.filter((row) => (!status || row.status === status) && (!q || row.code.startsWith(q)));
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get<{ id: string }>('*/api/admin/coupons/:id', ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const row = coupons.find((entry) => entry._id === params.id);
      return row ? HttpResponse.json({ coupon: row }) : HttpResponse.json<Schemas['Error']>({ message: 'There is no such coupon.', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.post<never, CreateBody>('*/api/admin/coupons', async ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const body = await request.json();
      created.push(body);
      if (coupons.some((row) => row.code === body.code.toUpperCase())) {
        return HttpResponse.json<Schemas['Error']>(
          { message: `There is already a coupon ${body.code}. Choose another code.`, code: 'COUPON_CODE_TAKEN', fields: { code: `${body.code} is already used by another coupon` } },
          { status: 409 },
        );
      }
      if (body.validFrom && body.validUntil && body.validUntil < body.validFrom) {
        return HttpResponse.json<Schemas['Error']>({ message: 'Please correct the coupon.', code: 'BAD_REQUEST', fields: { validUntil: 'must not be before the start date' } }, { status: 400 });
      }
      const made = coupon(9, { code: body.code, percentage: body.percentage, perPersonLimit: body.perPersonLimit, products: (body.productIds ?? []).map((id) => ({ _id: id, code: id, name: id === 'prod-360' ? 'Gut 360' : id })) });
      coupons.unshift(made);
      return HttpResponse.json({ coupon: made }, { status: 201 });
    }),
    http.patch<{ id: string }, PatchBody>('*/api/admin/coupons/:id', async ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      const body = await request.json();
      patched.push({ id: params.id, body });
      const row = coupons.find((entry) => entry._id === params.id)!;
      if (row.redemptions > 0 && body.percentage !== undefined && body.percentage !== row.percentage) {
        return HttpResponse.json<Schemas['Error']>(
          { message: `The coupon ${row.code} has been used.`, code: 'COUPON_REDEEMED', fields: { percentage: 'cannot change once the coupon has been used (3 orders); end it and make a new one' } },
          { status: 409 },
        );
      }
      Object.assign(row, { note: body.note ?? row.note, totalLimit: body.totalLimit === undefined ? row.totalLimit : body.totalLimit });
      return HttpResponse.json({ coupon: row });
    }),
    http.post<{ id: string }>('*/api/admin/coupons/:id/end', ({ request, params }) => {
      if (!isAdmin(request)) return forbidden();
      ended.push(params.id);
      const row = coupons.find((entry) => entry._id === params.id)!;
      Object.assign(row, { status: 'ended' });
      return HttpResponse.json({ coupon: row });
    }),
  ];
  return { handlers, listed, created, patched, ended, coupons };
}

let backend: ReturnType<typeof couponsApi>;

beforeEach(() => {
  backend = couponsApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the coupons page', () => {
  it('lists the coupons with their kits, days in India, limits, uses and status', async () => {
    renderShop('/admin/coupons', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Coupons, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('WELCOME10Welcome offer');
    expect(rows[0]).toHaveTextContent('Every kit');
    expect(rows[0]).toHaveTextContent('1 Nov 2026 – 31 Dec 2026');
    expect(rows[0]).toHaveTextContent('once per person, 100 in all');
    expect(rows[0]).toHaveTextContent('Active');
    // A used coupon cannot be deleted, only ended.
    expect(within(rows[0]!).queryByRole('button', { name: 'Delete WELCOME10' })).not.toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'End now WELCOME10' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Gut 360First orders only');
    expect(rows[1]).toHaveTextContent('15%');
    expect(rows[2]).toHaveTextContent('Scheduled');
    expect(rows[2]).toHaveTextContent('From 1 Jan 2027');
    expect(backend.listed).toEqual(['sort=-createdAt&limit=20&offset=0']);
  });

  it('filters by status and searches by code on the server, keeping both in the address', async () => {
    const view = renderShop('/admin/coupons', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.selectOptions(screen.getByLabelText('Status'), 'Scheduled');
    await waitFor(() => expect(window.location.search).toBe('?status=scheduled'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(backend.listed.at(-1)).toBe('status=scheduled&sort=-createdAt&limit=20&offset=0');
    await view.user.selectOptions(screen.getByLabelText('Status'), 'Any status');
    await view.user.type(screen.getByRole('searchbox', { name: 'Search coupons' }), 'gut{Enter}');
    await waitFor(() => expect(backend.listed.at(-1)).toBe('q=gut&sort=-createdAt&limit=20&offset=0'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
  });

  it('makes a coupon limited to Gut 360 in a dialog, checking the fields first and showing the server’s refusals at them', async () => {
    const view = renderShop('/admin/coupons', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(screen.getByRole('button', { name: 'New coupon' }));
    await waitFor(() => expect(window.location.search).toBe('?new=1'));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    const form = within(dialog).getByRole('form', { name: 'New coupon' });

    await view.user.click(within(form).getByRole('button', { name: 'Make the coupon' }));
    expect(await within(form).findByText('Enter the code customers will type.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a whole percentage from 1 to 100.')).toBeInTheDocument();
    await view.user.type(within(form).getByLabelText(/^Percentage off/), '1.5');
    await view.user.type(within(form).getByLabelText(/^Code/), 'welcome10');
    await view.user.click(within(form).getByRole('button', { name: 'Make the coupon' }));
    expect(await within(form).findByText('Enter a whole percentage from 1 to 100.')).toBeInTheDocument();
    expect(backend.created).toEqual([]);

    await view.user.clear(within(form).getByLabelText(/^Percentage off/));
    await view.user.type(within(form).getByLabelText(/^Percentage off/), '10');
    await view.user.click(within(form).getByRole('button', { name: 'Make the coupon' }));
    // The server's 409 at the code.
    expect(await within(form).findByText('WELCOME10 is already used by another coupon.')).toBeInTheDocument();

    await view.user.clear(within(form).getByLabelText(/^Code/));
    await view.user.type(within(form).getByLabelText(/^Code/), 'g360-once');
    await waitFor(() => expect(within(form).getByRole('checkbox', { name: 'Gut 360' })).toBeInTheDocument());
    await view.user.click(within(form).getByRole('checkbox', { name: 'Gut 360' }));
    await view.user.click(within(form).getByRole('button', { name: 'Make the coupon' }));
    expect(await screen.findByText('Coupon G360-ONCE is made.')).toBeInTheDocument();
    expect(backend.created.at(-1)).toMatchObject({ code: 'G360-ONCE', percentage: 10, perPersonLimit: 1, productIds: ['prod-360'], totalLimit: null, active: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).toBe('');
  });

  it('says at the field that the end comes before the start', async () => {
    const view = renderShop('/admin/coupons?new=1', { as: 'admin' });
    const form = within(await screen.findByRole('dialog', { name: 'New coupon' })).getByRole('form');
    await view.user.type(within(form).getByLabelText(/^Code/), 'DATES1');
    await view.user.type(within(form).getByLabelText(/^Percentage off/), '5');
    await view.user.type(within(form).getByLabelText(/^First day/), '2026-12-10');
    await view.user.type(within(form).getByLabelText(/^Last day/), '2026-12-01');
    await view.user.click(within(form).getByRole('button', { name: 'Make the coupon' }));
    expect(await within(form).findByText('The end date must not be before the start date.')).toBeInTheDocument();
    expect(backend.created).toEqual([]);
  });

  it('changes a used coupon: code, percentage and kits are read-only, and a refused change is shown at its field', async () => {
    const view = renderShop('/admin/coupons', { as: 'admin' });
    const table = await screen.findByRole('table');
    await view.user.click(within(table).getByRole('button', { name: 'Edit WELCOME10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change coupon WELCOME10' });
    expect(window.location.search).toBe('?edit=coupon-1');
    expect(within(dialog).getByLabelText(/^Code/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/^Percentage off/)).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('checkbox', { name: 'Gut 360' })).toBeDisabled();
    expect(within(dialog).getAllByText(/Used by 3 orders, so it stays as it is/).length).toBeGreaterThan(0);
    await view.user.clear(within(dialog).getByLabelText(/^Total uses/));
    await view.user.type(within(dialog).getByLabelText(/^Total uses/), '200');
    await view.user.type(within(dialog).getByLabelText(/^Note for the staff/), ' 2026');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Coupon WELCOME10 is saved.')).toBeInTheDocument();
    expect(backend.patched).toEqual([
      {
        id: 'coupon-1',
        body: expect.objectContaining({ code: 'WELCOME10', percentage: 10, totalLimit: 200, note: 'Welcome offer 2026', validFrom: '2026-11-01', validUntil: '2026-12-31' }) as PatchBody,
      },
    ]);
  });

  it('opens the coupon named in the address', async () => {
    renderShop('/admin/coupons?edit=coupon-2', { as: 'admin' });
    const dialog = await screen.findByRole('dialog', { name: 'Change coupon GUT360ONLY' });
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Gut 360' })).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: /First orders only/ })).toBeChecked();
  });

  it('ends a coupon after a confirmation that says what it does', async () => {
    const view = renderShop('/admin/coupons', { as: 'admin' });
    const table = await screen.findByRole('table');
    await view.user.click(within(table).getByRole('button', { name: 'End now WELCOME10' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'End WELCOME10 now?' });
    expect(confirm).toHaveTextContent('Orders already placed keep their discount');
    await view.user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.ended).toEqual([]);

    await view.user.click(within(table).getByRole('button', { name: 'End now WELCOME10' }));
    await view.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End now' }));
    expect(await screen.findByText('Coupon WELCOME10 is ended.')).toBeInTheDocument();
    expect(backend.ended).toEqual(['coupon-1']);
  });
});
