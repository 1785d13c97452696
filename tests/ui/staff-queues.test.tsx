/**
 * Queues lead to the work: each number of the staff home opens the orders holding those kits, with the next step at
 * hand, or the erasure requests pending and the contact messages open; an order's page links its customer and
 * downloads its invoice; a customer's page links each order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server } from './handlers';
import { renderShop } from './render';
import { staffCustomer, staffOrder, staffOrderSummary } from './staff-fixtures';

type Schemas = components['schemas'];
type StaffOrder = Schemas['StaffOrder'];
type ListAnswer = operations['listStaffOrders']['responses'][200]['content']['application/json'];
type HomeAnswer = operations['getStaffHome']['responses'][200]['content']['application/json'];

const orderFixture = (): StaffOrder => staffOrder();

const UNPAID: StaffOrder = {
  ...orderFixture(),
  status: 'pending',
  paymentStatus: 'unpaid',
  invoice: null,
  kits: [],
  paidAt: null,
};

const HOME: HomeAnswer = {
  role: 'admin',
  figures: { paidOrders: { today: 0, last7Days: 0, last30Days: 0 }, revenue: { today: 0, last7Days: 0, last30Days: 0 }, refunds: { today: 0, last7Days: 0, last30Days: 0 }, kitsByState: [] },
  queues: [
    { id: 'toShip', count: 1 },
    { id: 'stuckParcels', count: 2 },
    { id: 'notActivated', count: 7, days: 14 },
    { id: 'unbookedPickups', count: 5, days: 4 },
    { id: 'awaitingReport', count: 0 },
    { id: 'qcFailed', count: 1 },
    { id: 'refundsDue', count: 2 },
    { id: 'erasureRequests', count: 3 },
    { id: 'newMessages', count: 4 },
  ],
  reports: null,
};

/** The order calls, over one order; the list answers it to every query and records what it was asked. */
function ordersApi(order: StaffOrder = orderFixture()) {
  const listed: string[] = [];
  const invoices: string[] = [];
  const summary = staffOrderSummary(order, { products: ['Gut Start'], kits: [{ name: 'Gut Start', state: 'paid', atCounter: false }], refundedAmount: 0 });
  const handlers = [
    http.get<never, never, HomeAnswer>('*/api/staff/home', () => HttpResponse.json(HOME)),
    http.get<never, never, ListAnswer>('*/api/admin/orders', ({ request }) => {
      listed.push(new URL(request.url).searchParams.toString());
      return HttpResponse.json({ items: [summary], total: 1 });
    }),
    http.get('*/api/admin/orders/:id/messages', () => HttpResponse.json({ items: [] })),
    http.get('*/api/admin/orders/:id/invoice', ({ params }) => {
      invoices.push(String(params.id));
      return new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
    }),
    http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
  ];
  return { handlers, listed, invoices };
}

let backend: ReturnType<typeof ordersApi>;

beforeEach(() => {
  backend = ordersApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

describe('the staff home’s work queues', () => {
  it('link each number to the orders holding those kits', async () => {
    renderShop('/admin-home', { as: 'admin' });
    const links = within(await screen.findByTestId('staff-queues')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      '1Paid kits to ship',
      '2Parcels stuck with the courier',
      '7Delivered 14+ days ago, not activated',
      '5Activated 4+ days ago, no pickup booked',
      '0Samples at the lab awaiting a report',
      '1Samples that failed quality control',
      '2Cancelled kits to refund',
      '3Erasure requests to complete',
      '4Contact messages to answer',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/orders?kitState=paid',
      '/admin/orders?attention=stuckParcels',
      '/admin/orders?kitState=delivered&days=14',
      '/admin/orders?kitState=activated&days=4&attention=unbookedPickups',
      '/admin/orders?kitState=sampleReceived',
      '/admin/orders?kitState=qcFailed',
      '/admin/orders?kitState=cancelled',
      '/admin/erasure-requests?status=pending',
      '/admin/contact-messages?status=open',
    ]);
  });

  it('open the orders with a parcel stuck with the courier, the list asking for exactly those', async () => {
    const view = renderShop('/admin-home', { as: 'admin' });
    await view.user.click(await screen.findByRole('link', { name: /Parcels stuck with the courier/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Needs a look' })).toHaveDisplayValue('A parcel stuck with the courier');
    await waitFor(() => expect(backend.listed).toContain('attention=stuckParcels&sort=-createdAt&limit=20&offset=0'));
  });

  const listsAsked = () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/erasure-requests', ({ request }) => {
        asked.push(`erasure ${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json({ items: [], total: 0 });
      }),
      http.get('*/api/admin/contact-messages', ({ request }) => {
        asked.push(`messages ${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json({ items: [], total: 0 });
      }),
    );
    return asked;
  };

  it('open the erasure requests still pending, the list filtered to them', async () => {
    const asked = listsAsked();
    const view = renderShop('/admin-home', { as: 'admin' });
    await view.user.click(await screen.findByRole('link', { name: /Erasure requests to complete/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Erasure requests' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/erasure-requests');
    expect(window.location.search).toBe('?status=pending');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Pending');
    await waitFor(() => expect(asked).toContain('erasure status=pending&sort=dueBy&limit=20&offset=0'));
  });

  it('open the contact messages still to answer, the list filtered to them', async () => {
    const asked = listsAsked();
    const view = renderShop('/admin-home', { as: 'admin' });
    await view.user.click(await screen.findByRole('link', { name: /Contact messages to answer/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/contact-messages');
    expect(window.location.search).toBe('?status=open');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Open');
    await waitFor(() => expect(asked).toContain('messages status=open&sort=-receivedAt&limit=20&offset=0'));
  });

  it('open the kits to ship as the orders holding them, each with its ship action a click away', async () => {
    const view = renderShop('/admin-home', { as: 'admin' });
    await view.user.click(await screen.findByRole('link', { name: /Paid kits to ship/ }));
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(window.location.pathname).toBe('/admin/orders');
    expect(window.location.search).toBe('?kitState=paid');
    expect(backend.listed).toEqual(['kitState=paid&sort=-createdAt&limit=20&offset=0']);
    expect(screen.getByRole('combobox', { name: 'Holding a kit that is' })).toHaveDisplayValue('Paid, to ship');
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Next step');
    const ship = within(table).getByRole('link', { name: 'Ship: order GS-2026-000042' });
    expect(ship).toHaveAttribute('href', '/admin/order?id=order-42#ship');
    await view.user.click(ship);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order GS-2026-000042' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Ship Gut Start (GUT-AAA1-BBB1)' })).toBeInTheDocument();
  });

  it('open the kits not activated with their days, which can be let go, and the filter can be cleared', async () => {
    const view = renderShop('/admin-home', { as: 'admin' });
    await view.user.click(await screen.findByRole('link', { name: /Delivered 14\+ days ago/ }));
    expect(await screen.findByTestId('order-state-days')).toHaveTextContent('for 14 days or more');
    expect(backend.listed).toEqual(['kitState=delivered&kitStateDays=14&sort=-createdAt&limit=20&offset=0']);
    // No step waits on staff here: the customer activates the kit.
    expect(within(screen.getByRole('table')).queryByRole('link', { name: /: order GS-2026-000042$/ })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: '(any time)' }));
    await waitFor(() => expect(window.location.search).toBe('?kitState=delivered'));
    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(backend.listed.at(-1)).toBe('sort=-createdAt&limit=20&offset=0');
  });

  it('lets staff pick the kit state on the list itself', async () => {
    const view = renderShop('/admin/orders', { as: 'admin' });
    await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Holding a kit that is' }), 'Sample at the lab');
    await waitFor(() => expect(window.location.search).toBe('?kitState=sampleReceived'));
    expect(await screen.findByRole('link', { name: 'Add the report: order GS-2026-000042' })).toHaveAttribute('href', '/admin/order?id=order-42#kits');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveAttribute('placeholder', 'Order number, kit code, name, e-mail or mobile');
  });
});

describe('a staff order page', () => {
  it('links its customer and downloads its GST invoice, named by its number', async () => {
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const customer = await screen.findByRole('link', { name: 'Asha Rao' });
    expect(customer).toHaveAttribute('href', '/admin/gut-360-customer-details?id=cust-1');
    const facts = screen.getAllByRole('definition').find((fact) => within(fact).queryByRole('link', { name: 'Asha Rao' }));
    expect(facts).toHaveTextContent(/^Asha Rao · asha@example\.in · \+919876543210$/);
    const saved: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob.type);
      return 'blob:invoice';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    };
    try {
      await view.user.click(screen.getByRole('button', { name: 'Download invoice INV/26-27/000042' }));
      await waitFor(() => expect(clicked).toEqual(['INV-26-27-000042.pdf']));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(saved).toEqual(['application/pdf']);
    expect(backend.invoices).toEqual(['order-42']);
  });

  it('says why the invoice could not be downloaded', async () => {
    server.use(http.get('*/api/admin/orders/:id/invoice', () => HttpResponse.json<Schemas['Error']>({ message: 'This order has no invoice: an invoice is made once an order is paid.', code: 'ORDER_NOT_PAID' }, { status: 409 })));
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Download invoice INV/26-27/000042' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order has no invoice: an invoice is made once an order is paid.');
  });

  it('offers no invoice for an order not paid, and says why', async () => {
    backend = ordersApi(UNPAID);
    server.use(...backend.handlers);
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    expect(await screen.findByText('None: an invoice is made once the order is paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download invoice/ })).not.toBeInTheDocument();
  });
});

describe('a staff customer page', () => {
  it('links each order by its number', async () => {
    const customer = staffCustomer({
      orders: [
        {
          _id: 'order-42',
          number: 'GS-2026-000042',
          status: 'paid',
          price: 499900,
          actual_price: 499900,
          coupon: null,
          items: ['Gut Start'],
          createdAt: '2026-11-20T10:00:00.000Z',
          paidAt: '2026-11-20T10:05:00.000Z',
          invoiceNumber: 'INV/26-27/000042',
          payments: [],
        },
      ],
    });
    server.use(http.get('*/api/admin/customers/:id', () => HttpResponse.json({ customer })));
    const view = renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    const link = await screen.findByRole('link', { name: 'GS-2026-000042' });
    expect(link).toHaveAttribute('href', '/admin/order?id=order-42');
    await view.user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order GS-2026-000042' })).toBeInTheDocument();
  });
});
