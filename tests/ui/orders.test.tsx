import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answers, server } from './handlers';
import { errorAnswer, order, paidOrder } from './orders-fixtures';
import { renderShop } from './render';

// The shop shows India's dates and times whatever the browser's zone: run these pages in one far from India.
process.env.TZ = 'America/Los_Angeles';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

const failedOrder = order({
  _id: 'order-2',
  number: 'GS-2026-000002',
  coupon: null,
  discount: 0,
  discountInPercentage: 0,
  price: 1_799_800,
  payment: { status: 'failed', provider: 'test', paymentId: null },
  timeline: [
    { status: 'placed', at: '2026-11-21T10:00:00.000Z' },
    { status: 'payment_failed', at: '2026-11-21T10:02:00.000Z' },
  ],
});

function ordersApi() {
  const byId = new Map([failedOrder, paidOrder].map((o) => [o._id, o]));
  return [
    http.get('*/api/orders', () => HttpResponse.json({ orders: [...byId.values()] })),
    http.post('*/api/orders/:id/cancel', ({ params }) => {
      const found = byId.get(String(params.id));
      if (!found) return errorAnswer(404, 'There is no such order in your account.', 'NOT_FOUND');
      const cancelled = { ...found, status: 'cancelled' as const, timeline: [...found.timeline, { status: 'cancelled' as const, at: '2026-11-21T11:00:00.000Z' }] };
      byId.set(cancelled._id, cancelled);
      return HttpResponse.json({ order: cancelled });
    }),
    http.get('*/api/orders/:id', ({ params }) => {
      const found = byId.get(String(params.id));
      return found ? HttpResponse.json({ order: found }) : errorAnswer(404, 'There is no such order in your account.', 'NOT_FOUND');
    }),
  ];
}

describe('my orders', () => {
  it('lists the orders with their status and amount', async () => {
    server.use(...ordersApi());
    renderShop('/user/orders', { as: 'customer' });
    const links = await screen.findAllByTestId('order-link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('GS-2026-000002'),
      expect.stringContaining('GS-2026-000001'),
    ]);
    expect(links[0]).toHaveTextContent('Waiting for payment');
    expect(links[0]).toHaveTextContent('₹17,998');
    expect(links[1]).toHaveTextContent('Paid');
  });

  it('shows one order with items, coupon, address, payment, timeline and the invoice download', async () => {
    server.use(...ordersApi());
    let invoiceAsked = '';
    server.use(
      http.get('*/api/orders/:id/invoice', ({ params, request }) => {
        invoiceAsked = `${String(params.id)} ${request.headers.get('Authorization') ?? ''}`;
        return new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const view = renderShop('/user/orders?order=order-1', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    expect(detail).toHaveTextContent('Order GS-2026-000001');
    expect(detail).toHaveTextContent('Gut Start');
    expect(detail).toHaveTextContent('Coupon WELCOME10 (10% off)');
    expect(detail).toHaveTextContent('− ₹1,799.80');
    expect(detail).toHaveTextContent('₹16,198.20');
    expect(detail).toHaveTextContent('Chetan Customer, 14, 2nd Cross, Indiranagar, Bengaluru, Karnataka 560038');
    expect(within(detail).getByText('Payment received')).toBeInTheDocument();
    const created: string[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob.type);
      return 'blob:invoice';
    };
    URL.revokeObjectURL = () => undefined;
    await view.user.click(within(detail).getByRole('button', { name: 'Download GST invoice' }));
    await waitFor(() => expect(created).toEqual(['application/pdf']));
    expect(invoiceAsked).toBe('order-1 Bearer session-customer');
  });

  it('has the orders by the time the page shows', async () => {
    server.use(...ordersApi());
    renderShop('/user/orders', { as: 'customer' });
    expect(await screen.findByRole('heading', { name: 'My orders', level: 1 })).toBeInTheDocument();
    expect(screen.getAllByTestId('order-link')).toHaveLength(2);
    expect(screen.queryByText('Loading your orders…')).not.toBeInTheDocument();
  });

  it.each([
    { answer: () => errorAnswer(409, 'The invoice is being prepared; try again in a minute.', 'CONFLICT'), says: 'The invoice is being prepared; try again in a minute.' },
    {
      answer: () => new HttpResponse('upstream down', { status: 502 }),
      says: 'The invoice could not be downloaded. The shop is busy right now. Please wait a moment, then try again.',
    },
    {
      answer: () => HttpResponse.error(),
      says: 'The invoice could not be downloaded. No connection: we could not reach the shop. Check your internet connection, then try again.',
    },
  ])('says why an invoice could not be downloaded: $says', async ({ answer, says }) => {
    server.use(...ordersApi(), http.get('*/api/orders/:id/invoice', answer));
    const view = renderShop('/user/orders?order=order-1', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    await view.user.click(within(detail).getByRole('button', { name: 'Download GST invoice' }));
    expect(await within(detail).findByRole('alert')).toHaveTextContent(says);
  });

  it.each([
    { answer: () => HttpResponse.error(), says: 'We could not load your orders. No connection: we could not reach the shop.' },
    { answer: () => new HttpResponse(null, { status: 503 }), says: 'We could not load your orders. The shop is busy right now.' },
    { answer: () => new HttpResponse(null, { status: 500 }), says: 'We could not load your orders. Something went wrong on our side.' },
  ])('says what stopped the orders from loading, and loads them on a retry: $says', async ({ answer, says }) => {
    let failing = true;
    server.use(
      http.get('*/api/orders', () => (failing ? answer() : undefined)),
      ...ordersApi(),
    );
    const view = renderShop('/user/orders', { as: 'customer' });
    expect(await screen.findByRole('alert')).toHaveTextContent(says);
    failing = false;
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('order-link')).toHaveLength(2);
  });

  it('has no invoice for an unpaid order and says a payment failed', async () => {
    server.use(...ordersApi());
    renderShop('/user/orders?order=order-2', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    expect(detail).toHaveTextContent('Last attempt failed; nothing was charged');
    expect(within(detail).getByText('Payment attempt failed')).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'Download GST invoice' })).not.toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Pay ₹17,998 now' })).toHaveAttribute('href', '/checkout?order=order-2');
  });

  it('asks before cancelling an unpaid order, keeps it when the person changes their mind, and cancels it when confirmed', async () => {
    server.use(...ordersApi());
    const view = renderShop('/user/orders?order=order-2', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    await view.user.click(within(detail).getByRole('button', { name: 'Cancel this order' }));
    let dialog = await screen.findByRole('alertdialog', { name: /^Cancel order GS-/ });
    expect(dialog).toHaveTextContent('Nothing has been charged for it.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(detail).getByRole('link', { name: 'Pay ₹17,998 now' })).toBeInTheDocument();

    await view.user.click(within(detail).getByRole('button', { name: 'Cancel this order' }));
    dialog = await screen.findByRole('alertdialog', { name: /^Cancel order GS-/ });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await within(detail).findByText('Order cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(detail).queryByRole('link', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('says on the payment line what refunds gave back: all of it, or part', async () => {
    const whole = order({ _id: 'order-8', number: 'GS-2026-000008', status: 'refunded', payment: { status: 'paid', provider: 'test', paymentId: 'pay_8' }, price: 499_900, refundedAmount: 499_900 });
    const part = order({ _id: 'order-9', number: 'GS-2026-000009', status: 'paid', payment: { status: 'paid', provider: 'test', paymentId: 'pay_9' }, price: 999_800, refundedAmount: 499_900 });
    server.use(
      http.get('*/api/orders', () => HttpResponse.json({ orders: [whole, part] })),
      http.get('*/api/orders/:id', ({ params }) => HttpResponse.json({ order: params.id === 'order-8' ? whole : part })),
    );
    const view = renderShop('/user/orders?order=order-8', { as: 'customer' });
    expect(await screen.findByTestId('order-detail')).toHaveTextContent(/PaymentRefunded(?!,)/);
    view.unmount();
    renderShop('/user/orders?order=order-9', { as: 'customer' });
    expect(await screen.findByTestId('order-detail')).toHaveTextContent('PaymentPaid, ₹4,999 refunded');
  });

  it('says so when the order is not the person’s', async () => {
    server.use(...ordersApi());
    renderShop('/user/orders?order=someone-else', { as: 'customer' });
    expect(await screen.findByText('There is no such order in your account.')).toBeInTheDocument();
  });

  it.each([`order=${'x'.repeat(65)}`, 'order=123'])('ignores an order parameter that is not an order id (%s)', async (query) => {
    server.use(...ordersApi());
    renderShop(`/user/orders?${query}`, { as: 'customer' });
    expect(await screen.findByText('Choose an order to see its details and invoice.')).toBeInTheDocument();
    expect(screen.queryByTestId('order-detail')).not.toBeInTheDocument();
  });

  it('offers a retry when the orders cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get('*/api/orders', () => (fail ? errorAnswer(503, 'Unavailable.') : HttpResponse.json({ orders: [paidOrder] }))),
    );
    const view = renderShop('/user/orders', { as: 'customer' });
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load your orders.');
    fail = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-link')).toHaveTextContent('GS-2026-000001');
  });
});

const gutStartItem = paidOrder.items[0]!;
const gut360Item = { _id: 'item-3', product: 'prod-360', code: 'PROD-G360', name: 'Gut 360', price: 1_499_900, actual_price: 1_499_900 };
// 20:00 UTC on 21 November is 1:30 am on 22 November in India, and noon on the 21st in Los Angeles.
const lateOrder = order({
  ...paidOrder,
  _id: 'order-3',
  number: 'GS-2026-000003',
  items: [gutStartItem, gut360Item, { ...gut360Item, _id: 'item-4' }],
  coupon: null,
  discount: 0,
  discountInPercentage: 0,
  actual_price: 3_499_700,
  price: 3_499_700,
  timeline: [
    { status: 'placed', at: '2026-11-21T20:00:00.000Z' },
    { status: 'paid', at: '2026-11-21T20:01:00.000Z' },
  ],
  createdAt: '2026-11-21T20:00:00.000Z',
  paidAt: '2026-11-21T20:01:00.000Z',
});
const oneKitOrder = order({ ...paidOrder, _id: 'order-4', number: 'GS-2026-000004', items: [gutStartItem], price: 499_900 });

function serveOrders(...list: ReturnType<typeof order>[]) {
  server.use(
    http.get('*/api/orders', () => HttpResponse.json({ orders: list })),
    http.get('*/api/orders/:id', ({ params }) => {
      const found = list.find((o) => o._id === params.id);
      return found ? HttpResponse.json({ order: found }) : errorAnswer(404, 'There is no such order in your account.', 'NOT_FOUND');
    }),
  );
}

describe('kits, amounts and dates as a customer reads them', () => {
  it('runs in a time zone far from India', () => {
    expect(new Date('2026-11-21T20:00:00.000Z').getDate()).toBe(21);
  });

  it('lists an order on its Indian day, its kits one line each with the quantity, and no product codes', async () => {
    serveOrders(lateOrder);
    renderShop('/user/orders', { as: 'customer' });
    const link = await screen.findByTestId('order-link');
    expect(link).toHaveTextContent('22 Nov 2026 · Gut Start, 2 × Gut 360');
    expect(link).toHaveTextContent('₹34,997');
    expect(document.body).not.toHaveTextContent(/PROD-/);
  });

  it('shows an order with a line per kit and its quantity, and its timeline in India’s time', async () => {
    serveOrders(lateOrder);
    renderShop('/user/orders?order=order-3', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    const lines = within(detail).getAllByTestId('order-line');
    expect(lines.map((line) => line.textContent)).toEqual(['Gut Start Quantity × 1₹4,999', 'Gut 360 Quantity × 2₹29,998']);
    expect(detail).toHaveTextContent('Total (GST included)₹34,997');
    const timeline = within(detail).getAllByRole('listitem').filter((item) => !item.dataset.testid);
    expect(timeline.map((item) => item.textContent)).toEqual(['Order placed22 Nov 2026, 1:30 am', 'Payment received22 Nov 2026, 1:31 am']);
    expect(document.body).not.toHaveTextContent(/PROD-/);
  });
});

describe('the success page', () => {
  it('says the kits are on their way, how many, with the quantities, amount and the Indian time of payment', async () => {
    serveOrders(lateOrder);
    renderShop('/success?order=order-3', { as: 'customer' });
    const paid = await screen.findByTestId('paid-order');
    expect(paid).toHaveTextContent('We have received ₹34,997 for Gut Start and 2 × Gut 360.');
    expect(within(paid).getByTestId('kits-on-their-way')).toHaveTextContent(
      /^Your 3 kits are on their way to Chetan Customer in Bengaluru\. When they arrive, activate each kit with the code printed in its box\.$/,
    );
    expect(within(paid).getByTestId('paid-at')).toHaveTextContent(/^Paid on 22 Nov 2026, 1:31 am$/);
    expect(document.body).not.toHaveTextContent(/PROD-/);
  });

  it('speaks of one kit in the singular', async () => {
    serveOrders(oneKitOrder);
    renderShop('/success?order=order-4', { as: 'customer' });
    const paid = await screen.findByTestId('paid-order');
    expect(paid).toHaveTextContent('We have received ₹4,999 for Gut Start.');
    expect(within(paid).getByTestId('kits-on-their-way')).toHaveTextContent(
      /^Your kit is on its way to Chetan Customer in Bengaluru\. When it arrives, activate it with the code printed in its box\.$/,
    );
  });
});
