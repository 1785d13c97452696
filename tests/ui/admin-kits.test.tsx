import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { generateKitCode } from '../../machines/kit-codes';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type KitBatch = Schemas['KitBatch'];
type ListAnswer = operations['listKitBatches']['responses'][200]['content']['application/json'];
type CreateBody = operations['createKitBatch']['requestBody']['content']['application/json'];
type CreateAnswer = operations['createKitBatch']['responses'][201]['content']['application/json'];

const forbidden = () => HttpResponse.json<Schemas['Error']>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });
const isAdmin = (request: Request) => sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''))?.role === 'admin';

function batch(number: number, overrides: Partial<KitBatch> = {}): KitBatch {
  return {
    _id: `batch-${number}`,
    number,
    product: { _id: 'prod-360', code: 'PROD-G360', name: 'Gut 360' },
    size: 100,
    note: null,
    createdAt: new Date(Date.UTC(2026, 10, 1 + (number % 20), 6)).toISOString(),
    createdBy: { _id: 'admin-1', fullname: 'Asha Admin' },
    counts: { free: 100, assigned: 0, activated: 0, closed: 0 },
    ...overrides,
  };
}

/** The batches as the contract describes them: admins only, newest first, paged by the server. */
function kitBatchesApi() {
  const batches = Array.from({ length: 23 }, (_, i) => batch(23 - i));
  batches[0] = batch(23, { note: 'Apollo Clinic, Indiranagar', size: 5_000, counts: { free: 4_990, assigned: 7, activated: 3, closed: 0 } });
  const listed: string[] = [];
  const created: CreateBody[] = [];
  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/admin/kit-batches', ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      return HttpResponse.json({ items: batches.slice(offset, offset + limit), total: batches.length });
    }),
    http.post<never, CreateBody, CreateAnswer | Schemas['Error']>('*/api/admin/kit-batches', async ({ request }) => {
      if (!isAdmin(request)) return forbidden();
      const body = await request.json();
      created.push(body);
      // Long enough for the page's progress to be seen.
      await delay(150);
      const made = batch(24, { size: body.size, note: body.note ?? null, counts: { free: body.size, assigned: 0, activated: 0, closed: 0 } });
      batches.unshift(made);
      return HttpResponse.json({ batch: made }, { status: 201 });
    }),
  ];
  return { handlers, listed, created };
}

let backend: ReturnType<typeof kitBatchesApi>;

beforeEach(() => {
  backend = kitBatchesApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the generate kit page', () => {
  it('lists the batches newest first with their free, sold and activated codes, 20 a page', async () => {
    const view = renderShop('/admin/generate-kit', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Generate Kit' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Batches of kit codes, newest first/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Batch 23Apollo Clinic, Indiranagar');
    expect(rows[0]).toHaveTextContent('Gut 360');
    expect(rows[0]).toHaveTextContent('5,000');
    expect(rows[0]).toHaveTextContent('4,990');
    expect(within(rows[0]!).getByRole('button', { name: 'CSV of batch 23' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Labels (PDF) of batch 23' })).toBeInTheDocument();
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–20 of 23');
    expect(backend.listed).toEqual(['limit=20&offset=0']);

    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?page=2'));
    await waitFor(() => expect(screen.getByTestId('list-range')).toHaveTextContent('21–23 of 23'));
    expect(backend.listed.at(-1)).toBe('limit=20&offset=20');
  });

  it('says what to fix before asking the server, and shows progress while the batch is made', async () => {
    const view = renderShop('/admin/generate-kit', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'New batch of kit codes' });
    await view.user.click(within(form).getByRole('button', { name: 'Generate codes' }));
    expect(await within(form).findByText('Choose the kit the codes are for.')).toBeInTheDocument();
    expect(within(form).getByText('Enter how many codes to make. A batch holds 1 to 5,000 codes.')).toBeInTheDocument();

    await waitFor(() => expect(within(form).getByRole('option', { name: 'Gut 360' })).toBeInTheDocument());
    await view.user.selectOptions(within(form).getByLabelText(/^Kit/), 'Gut 360');
    const size = within(form).getByLabelText(/^Number of codes/);
    await view.user.type(size, '5001');
    await view.user.click(within(form).getByRole('button', { name: 'Generate codes' }));
    expect(await within(form).findByText('A batch holds 1 to 5,000 codes.')).toBeInTheDocument();
    await view.user.clear(size);
    await view.user.type(size, '2.5');
    await view.user.click(within(form).getByRole('button', { name: 'Generate codes' }));
    expect(await within(form).findByText('Enter a whole number. A batch holds 1 to 5,000 codes.')).toBeInTheDocument();
    expect(backend.created).toEqual([]);

    await view.user.clear(size);
    await view.user.type(size, '250');
    await view.user.type(within(form).getByLabelText(/^Where it goes/), 'Health camp, Pune');
    await view.user.click(within(form).getByRole('button', { name: 'Generate codes' }));
    expect(await within(form).findByText(/Making 250 codes and checking each is unique/)).toBeInTheDocument();
    expect(await within(form).findByText('Batch 24 is ready: 250 Gut 360 codes.')).toBeInTheDocument();
    expect(backend.created).toEqual([{ productId: 'prod-360', size: 250, note: 'Health camp, Pune' }]);
    expect(within(form).getByRole('button', { name: 'Labels (PDF) of batch 24' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader')[0]).toHaveTextContent('Batch 24'));
  });

  it('shows the server’s refusal above the form', async () => {
    server.use(
      http.post('*/api/admin/kit-batches', () =>
        HttpResponse.json<Schemas['Error']>({ message: 'There is no such product.', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    const view = renderShop('/admin/generate-kit', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'New batch of kit codes' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Gut 360' })).toBeInTheDocument());
    await view.user.selectOptions(within(form).getByLabelText(/^Kit/), 'Gut 360');
    await view.user.type(within(form).getByLabelText(/^Number of codes/), '10');
    await view.user.click(within(form).getByRole('button', { name: 'Generate codes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('There is no such product.');
  });
});

type OnboardBody = operations['onboardOfflineCustomer']['requestBody']['content']['application/json'];
type OnboardAnswer = operations['onboardOfflineCustomer']['responses'][201]['content']['application/json'];

/** Onboarding as the contract describes it; a code already on a kit is refused at its field. */
function onboardingApi(assigned: string) {
  const sent: OnboardBody[] = [];
  const handler = http.post<never, OnboardBody, OnboardAnswer | Schemas['Error']>('*/api/admin/offline-onboardings', async ({ request }) => {
    if (!isAdmin(request)) return forbidden();
    const body = await request.json();
    sent.push(body);
    if (body.code.toUpperCase() === assigned) {
      const message = `${assigned} is already assigned to a kit of another order.`;
      return HttpResponse.json({ message, code: 'KIT_CODE_ASSIGNED', fields: { code: message } }, { status: 409 });
    }
    return HttpResponse.json(
      {
        onboarding: {
          customer: { _id: 'cust-9', fullname: body.fullname, email: body.email, phone: '+919876543210', existing: false },
          order: { _id: 'order-9', number: 'GS-2026-000009', price: body.payment.amount, invoiceNumber: 'INV/26-27/000009', paymentMethod: body.payment.method },
          kit: { _id: 'kit-9', code: body.code, product: { _id: 'prod-360', code: 'PROD-G360', name: 'Gut 360' }, state: 'delivered' },
          signInLink: 'sent',
        },
      },
      { status: 201 },
    );
  });
  return { handler, sent };
}

describe('the offline onboarding page', () => {
  const valid = generateKitCode(() => 5);
  const taken = generateKitCode(() => 9);

  async function fillIn(view: ReturnType<typeof renderShop>, form: HTMLElement, code: string) {
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Gut 360 (₹12,999)' })).toBeInTheDocument());
    await view.user.type(within(form).getByLabelText(/^Full name/), 'Meena Pillai');
    await view.user.type(within(form).getByLabelText(/^Mobile number/), '98765 43210');
    await view.user.type(within(form).getByLabelText(/^E-mail address/), 'meena@example.in');
    await view.user.selectOptions(within(form).getByRole('combobox', { name: /^Kit/ }), 'Gut 360 (₹12,999)');
    await view.user.type(within(form).getByLabelText(/^Kit code from the label/), code);
    await view.user.selectOptions(within(form).getByLabelText(/^Paid by/), 'UPI');
    await view.user.type(within(form).getByLabelText(/^Amount paid/), '11,999.50');
    await view.user.type(within(form).getByLabelText(/^Clinic or event/), 'Gut health camp, Jayanagar');
    await view.user.type(within(form).getByLabelText(/^City or town/), 'Bengaluru');
    await view.user.selectOptions(within(form).getByLabelText(/^State or union territory/), 'Karnataka');
    await view.user.type(within(form).getByLabelText(/^PIN code/), '560011');
  }

  it('says what to fix at each field, a mistyped code among them, before asking the server', async () => {
    const api = onboardingApi(taken);
    server.use(api.handler);
    const view = renderShop('/admin/offline-onboard', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Register a kit bought at a counter' });
    await view.user.click(within(form).getByRole('button', { name: 'Register and hand over the kit' }));
    for (const message of [
      'Enter the person’s full name.',
      'Enter a 10-digit Indian mobile number, like 98765 43210.',
      'Enter the person’s e-mail address: their sign-in link goes there.',
      'Choose the kit they bought.',
      'Enter the code on the kit’s label.',
      'Choose how they paid.',
      'Enter the amount they paid, in rupees.',
      'Enter the clinic or event where the kit was handed over.',
      'Enter the city or town.',
      'Choose the state or union territory.',
      'Enter the 6-digit PIN code.',
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }

    await fillIn(view, form, `${valid.slice(0, -1)}${valid.endsWith('A') ? 'B' : 'A'}`);
    const amount = within(form).getByLabelText(/^Amount paid/);
    await view.user.clear(amount);
    await view.user.type(amount, '13000');
    const pincode = within(form).getByLabelText(/^PIN code/);
    await view.user.clear(pincode);
    await view.user.type(pincode, '411001');
    await view.user.click(within(form).getByRole('button', { name: 'Register and hand over the kit' }));
    expect(await within(form).findByText('This code has a typing mistake: check each character against the label.')).toBeInTheDocument();
    expect(within(form).getByText('The amount cannot be more than the kit’s price, ₹12,999.')).toBeInTheDocument();
    expect(within(form).getByText(/PIN code .* Karnataka/)).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('shows the server’s refusal at the code, then registers the kit and says what was done', async () => {
    const api = onboardingApi(taken);
    server.use(api.handler);
    const view = renderShop('/admin/offline-onboard', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Register a kit bought at a counter' });
    await fillIn(view, form, taken.toLowerCase());
    await view.user.click(within(form).getByRole('button', { name: 'Register and hand over the kit' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(`${taken} is already assigned to a kit of another order.`);
    // Said above the form and at the code's field.
    expect(within(form).getAllByText(`${taken} is already assigned to a kit of another order.`)).toHaveLength(2);
    expect(within(form).getByLabelText(/^Kit code from the label/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent[0]).toEqual({
      fullname: 'Meena Pillai',
      phone: '98765 43210',
      email: 'meena@example.in',
      productId: 'prod-360',
      code: taken.toLowerCase(),
      payment: { method: 'upi', amount: 1_199_950 },
      counter: { line1: 'Gut health camp, Jayanagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560011' },
    });

    const code = within(form).getByLabelText(/^Kit code from the label/);
    await view.user.clear(code);
    await view.user.type(code, valid);
    await view.user.click(within(form).getByRole('button', { name: 'Register and hand over the kit' }));
    const done = await within(form).findByTestId('onboarding-done');
    expect(done).toHaveTextContent('Meena Pillai is registered.');
    expect(done).toHaveTextContent('Order GS-2026-000009, paid ₹11,999.50 by UPI; invoice INV/26-27/000009.');
    expect(done).toHaveTextContent(`Kit ${valid} (Gut 360) is handed over and ready to activate.`);
    expect(done).toHaveTextContent('A welcome e-mail with the invoice and a sign-in link is on its way to meena@example.in.');
    // Ready for the next buyer at the same counter.
    expect(within(form).getByLabelText(/^Full name/)).toHaveValue('');
    expect(within(form).getByLabelText(/^City or town/)).toHaveValue('Bengaluru');
  });
});
