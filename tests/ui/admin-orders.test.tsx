import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server } from './handlers';
import { findNotice, renderShop } from './render';
import { staffCatalogue, staffKit, staffOrder, staffOrderSummary } from './staff-fixtures';

type Schemas = components['schemas'];
type StaffOrder = Schemas['StaffOrder'];
type StaffKit = Schemas['StaffKit'];
type StepBody = Schemas['OrderJourneyStep'];
type RefundBody = NonNullable<operations['refundOrder']['requestBody']>['content']['application/json'];
type ListAnswer = operations['listStaffOrders']['responses'][200]['content']['application/json'];

const PRODUCT_NAMES = { 'PROD-G3G-LITE': 'Gut Start', 'PROD-G360': 'Gut 360', 'PROD-GSENS': 'Gut SEnS', 'PROD-IBS-HEAL': 'Gut Heal' };
const ADDRESS: Schemas['DeliveryAddress'] = { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

function kitOf(n: number, name: string, value: number): StaffKit {
  return staffKit({
    _id: `kit-${n}`,
    product: `prod-${n}`,
    code: n === 1 ? 'PROD-G3G-LITE' : 'PROD-G360',
    name,
    boxCode: `GUT-AAA${n}-BBB${n}`,
    value,
    timeline: [
      { state: 'ordered', at: '2026-11-20T10:00:00.000Z' },
      { state: 'paid', at: '2026-11-20T10:05:00.000Z' },
    ],
  });
}

function orderFixture(): StaffOrder {
  return staffOrder({
    items: [
      { _id: 'item-1', product: 'prod-1', code: 'PROD-G3G-LITE', name: 'Gut Start', price: 499900, actual_price: 999900 },
      { _id: 'item-2', product: 'prod-2', code: 'PROD-G360', name: 'Gut 360', price: 1499900, actual_price: 1999900 },
    ],
    actual_price: 1999800,
    price: 1999800,
    address: ADDRESS,
    payments: [
      {
        _id: 'pay-1',
        provider: 'test',
        method: null,
        gatewayOrderId: 'order_test_1',
        gatewayPaymentId: 'pay_test_1',
        amount: 1999800,
        status: 'paid',
        createdAt: '2026-11-20T10:01:00.000Z',
        paidAt: '2026-11-20T10:05:00.000Z',
        failedAt: null,
      },
    ],
    kits: [kitOf(1, 'Gut Start', 499900), kitOf(2, 'Gut 360', 1499900)],
    timeline: [
      { status: 'placed', at: '2026-11-20T10:00:00.000Z' },
      { status: 'paid', at: '2026-11-20T10:05:00.000Z' },
    ],
  });
}

/** The same order, sold at a clinic's counter and paid there as `method` says. */
function counterOrderFixture(method: 'cash' | 'upi' | 'card'): StaffOrder {
  const order = orderFixture();
  return {
    ...order,
    payments: [{ ...order.payments[0]!, provider: 'offline', method, gatewayOrderId: 'offline_order-42', gatewayPaymentId: null }],
    kits: order.kits.map((kit) => ({ ...kit, state: 'delivered', allowedSteps: ['refund'] })),
  };
}

/** The staff's order calls as the contract describes them, over one order whose kits follow the journey rules. */
function ordersApi(initial: StaffOrder = orderFixture()) {
  let order = initial;
  const listed: string[] = [];
  const steps: StepBody[] = [];
  const refunds: Array<{ key: string | null; body: RefundBody }> = [];
  const summary = () => staffOrderSummary(order);
  const refuse = (message: string, code: string) => HttpResponse.json<Schemas['Error']>({ message, code }, { status: 409 });
  const handlers = [
    http.get<never, never, ListAnswer>('*/api/admin/orders', ({ request }) => {
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const q = query.get('q');
      const items = q && q !== order.number ? [] : [summary()];
      return HttpResponse.json({ items, total: items.length });
    }),
    http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
    http.post<never, StepBody>('*/api/admin/orders/:id/journey', async ({ request }) => {
      const body = await request.json();
      steps.push(body);
      const kits = order.kits.filter((kit) => !body.kitIds || body.kitIds.includes(kit._id));
      if (body.step !== 'ship') return refuse(`This cannot be marked delivered: ${kits[0]!.name} (${kits[0]!.boxCode}) is paid.`, 'JOURNEY_STEP_NOT_ALLOWED');
      order = {
        ...order,
        kits: order.kits.map((kit) =>
          kits.includes(kit)
            ? { ...kit, state: 'shipped', allowedSteps: ['deliver', 'refund'], shipment: { courier: body.courier!, trackingNumber: body.trackingNumber! } }
            : kit,
        ),
      };
      return HttpResponse.json({ order });
    }),
    http.post<never, RefundBody>('*/api/admin/orders/:id/refunds', async ({ request }) => {
      const body = await request.json();
      refunds.push({ key: request.headers.get('Idempotency-Key'), body });
      if (body.reason === 'Too late') return refuse('This refund is not possible: Gut 360 (GUT-AAA2-BBB2) has its report ready.', 'REFUND_NOT_ALLOWED');
      const kits = order.kits.filter((candidate) => (body.kitIds ? body.kitIds.includes(candidate._id) : candidate.allowedSteps.includes('refund')));
      const amount = kits.reduce((sum, kit) => sum + kit.value, 0);
      const whole = kits.length === order.kits.length;
      const refund: Schemas['StaffRefund'] = {
        _id: 'refund-1',
        amount,
        status: 'processed',
        method: body.method ?? 'gateway',
        reference: body.reference ?? null,
        gatewayRefundId: body.method ? null : 'rfnd_test_1',
        kitIds: kits.map((kit) => kit._id),
        reason: body.reason,
        creditNoteNumber: 'CN/26-27/000001',
        createdAt: '2026-11-24T06:00:00.000Z',
        processedAt: '2026-11-24T06:00:00.000Z',
      };
      order = {
        ...order,
        status: whole ? 'refunded' : 'paid',
        paymentStatus: whole ? 'refunded' : 'partlyRefunded',
        refundedAmount: amount,
        kits: order.kits.map((candidate) => (kits.includes(candidate) ? { ...candidate, state: 'refunded', allowedSteps: [] } : candidate)),
        refunds: [refund],
        audit: [
          {
            _id: 'audit-1',
            at: refund.createdAt,
            action: 'order.refunded',
            actor: 'Anil Admin',
            actorRole: 'admin',
            ip: '127.0.0.1',
            entity: 'order',
            entityId: order._id,
            reason: body.reason,
            before: { status: 'paid' },
            after: { amount, method: refund.method, internalNote: body.internalNote ?? null },
          },
        ],
      };
      return HttpResponse.json({ refund, order }, { status: 201 });
    }),
  ];
  return { handlers, listed, steps, refunds };
}

let backend: ReturnType<typeof ordersApi>;

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(() => {
  backend = ordersApi();
  server.use(answers.catalogueWithoutOffer(), staffCatalogue(PRODUCT_NAMES), ...backend.handlers);
});

describe('the staff orders list', () => {
  it('searches by order number on the server, sorts by a column and keeps both in the address', async () => {
    const view = renderShop('/admin/orders', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Order↕',
      'Placed▼',
      'Customer',
      'Ship to',
      'Kits',
      'Total↕',
      'Status',
    ]);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent('GS-2026-000042');
    expect(row).toHaveTextContent('asha@example.in');
    // Each kit with where it is on its journey.
    expect(within(row!).getAllByRole('listitem').map((kit) => kit.textContent)).toEqual(['Gut StartTo ship', 'Gut 360To ship']);
    expect(row).toHaveTextContent('₹19,998');

    await view.user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'GS-2026-000042');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=GS-2026-000042'));
    await view.user.click(within(table).getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(window.location.search).toBe('?q=GS-2026-000042&sort=total'));
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Order status' }), 'Paid');
    await waitFor(() => expect(window.location.search).toBe('?q=GS-2026-000042&status=paid&sort=total'));
    expect(backend.listed).toEqual([
      'sort=-createdAt&limit=20&offset=0',
      'q=GS-2026-000042&sort=-createdAt&limit=20&offset=0',
      'q=GS-2026-000042&sort=total&limit=20&offset=0',
      'q=GS-2026-000042&status=paid&sort=total&limit=20&offset=0',
    ]);
    await view.user.click(screen.getByRole('link', { name: 'GS-2026-000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order GS-2026-000042' })).toBeInTheDocument();
    expect(window.location.search).toBe('?id=order-42');
  });

  it('filters by the day orders were paid or refunded, as the staff home’s figures open it, and clears back to placed', async () => {
    const view = renderShop('/admin/orders?dates=refunded&from=2026-11-01&to=2026-11-27', { as: 'admin' });
    await screen.findByRole('table', { name: 'Orders, newest first' });
    expect(screen.getByRole('combobox', { name: 'Days of' })).toHaveValue('refunded');
    expect(screen.getByLabelText('Refunded from')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Refunded until')).toHaveValue('2026-11-27');
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Days of' }), 'Paid');
    await waitFor(() => expect(window.location.search).toBe('?from=2026-11-01&to=2026-11-27&dates=paid'));
    expect(screen.getByLabelText('Paid from')).toHaveValue('2026-11-01');
    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByLabelText('Placed from')).toHaveValue('');
    expect(backend.listed).toEqual([
      'from=2026-11-01&to=2026-11-27&dates=refunded&sort=-createdAt&limit=20&offset=0',
      'from=2026-11-01&to=2026-11-27&dates=paid&sort=-createdAt&limit=20&offset=0',
      'sort=-createdAt&limit=20&offset=0',
    ]);
  });

  it('says a kit sold at a counter was handed over, never shipped or delivered', async () => {
    backend = ordersApi(counterOrderFixture('cash'));
    server.use(...backend.handlers);
    renderShop('/admin/orders', { as: 'admin' });
    const table = await screen.findByRole('table', { name: 'Orders, newest first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('listitem').map((kit) => kit.textContent)).toEqual(['Gut StartHanded over', 'Gut 360Handed over']);
    expect(row).not.toHaveTextContent('Delivered');
  });

  it('names the account holding a kit its buyer gave away, and links to it', async () => {
    const order = orderFixture();
    backend = ordersApi({ ...order, kits: order.kits.map((kit, index) => (index === 0 ? { ...kit, state: 'activated', heldBy: { _id: 'user-meera', fullname: 'Meera Menon' } } : kit)) });
    server.use(...backend.handlers);
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    const [kit] = await screen.findAllByTestId('staff-kit');
    expect(within(kit!).getByRole('link', { name: 'Meera Menon' })).toHaveAttribute('href', '/admin/gut-360-customer-details?id=user-meera');
    expect(kit).toHaveTextContent('Activated byMeera Menon, not the buyer: the sample, its report and the lab’s e-mails are theirs');
  });

  it('offers every product in Kit, a kit staff added and one hidden from the shop among them, and leaves out a code the catalogue lacks', async () => {
    const names = { ...PRODUCT_NAMES, 'FIBRE-ORD-01': 'Gut Fibre' };
    server.use(staffCatalogue(names, ['PROD-GSENS']));
    const view = renderShop('/admin/orders?product=NO-SUCH-KIT', { as: 'admin' });
    await screen.findByTestId('orders');
    const kit = screen.getByRole('combobox', { name: 'Kit' });
    await waitFor(() => expect(within(kit).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any kit', ...Object.values(names)]));
    expect(kit).toHaveValue('any');
    expect(backend.listed.at(-1)).not.toContain('product=');
    await view.user.selectOptions(kit, 'Gut SEnS');
    await waitFor(() => expect(window.location.search).toBe('?product=PROD-GSENS'));
    await waitFor(() => expect(backend.listed.at(-1)).toContain('product=PROD-GSENS'));
  });

  it('says when no order matches', async () => {
    renderShop('/admin/orders?q=GS-2026-999999', { as: 'admin' });
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('No order matches these filters.');
  });
});

describe('a staff order page', () => {
  it('ships the order with a courier and tracking number, checked at the fields first', async () => {
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const ship = await screen.findByRole('form', { name: 'Ship Gut Start (GUT-AAA1-BBB1), Gut 360 (GUT-AAA2-BBB2)' });
    await view.user.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(ship).findByText('Enter the courier, e.g. Blue Dart.')).toBeInTheDocument();
    expect(backend.steps).toEqual([]);
    await view.user.type(within(ship).getByRole('textbox', { name: 'Courier' }), 'Blue Dart');
    await view.user.type(within(ship).getByRole('textbox', { name: 'Tracking number' }), 'BD12345678');
    await view.user.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    // It asks first, showing what the customer will receive; cancelling sends nothing.
    let dialog = await screen.findByRole('alertdialog', { name: 'Ship Gut Start (GUT-AAA1-BBB1), Gut 360 (GUT-AAA2-BBB2)?' });
    expect(within(dialog).getByTestId('step-confirm-message')).toHaveTextContent(
      'The customer receives an e-mail at asha@example.in:Subject: “Order GS-2026-000042 has shipped: your kits are on the way”The courier Blue Dart and tracking number BD12345678',
    );
    expect(dialog).toHaveTextContent('A text message goes too, if they accepted texts.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.steps).toEqual([]);
    expect(within(ship).getByRole('textbox', { name: 'Tracking number' })).toHaveValue('BD12345678');
    await view.user.click(within(ship).getByRole('button', { name: 'Mark shipped' }));
    dialog = await screen.findByRole('alertdialog', { name: /^Ship / });
    await view.user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    await findNotice('Marked shipped; the customer is e-mailed the tracking number.');
    await waitFor(() => expect(screen.getAllByTestId('staff-kit-state').map((badge) => badge.textContent)).toEqual(['Shipped', 'Shipped']));
    expect(backend.steps).toEqual([{ step: 'ship', kitIds: ['kit-1', 'kit-2'], courier: 'Blue Dart', trackingNumber: 'BD12345678' }]);
    expect(screen.getAllByTestId('staff-kit')[0]).toHaveTextContent('Blue Dart, tracking number BD12345678');
    expect(screen.queryByRole('form', { name: /^Ship / })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses a step', async () => {
    server.use(
      http.get('*/api/admin/orders/:id', () =>
        HttpResponse.json({ order: { ...orderFixture(), kits: orderFixture().kits.map((kit) => ({ ...kit, allowedSteps: ['deliver', 'refund'] as StaffKit['allowedSteps'] })) } }),
      ),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const [kit] = await screen.findAllByTestId('staff-kit');
    await view.user.click(within(kit!).getByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark Gut Start (GUT-AAA1-BBB1) delivered?' });
    expect(within(dialog).getByTestId('step-confirm-message')).toHaveTextContent('Subject: “Order GS-2026-000042 delivered: how to activate your kit”');
    await view.user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    // The refusal shows in the confirmation, which stays open.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This cannot be marked delivered: Gut Start (GUT-AAA1-BBB1) is paid.');
  });

  it('books the courier after asking, says in the dialog when the service does not answer, and then shows the parcel with its label and scans', async () => {
    const booked: Array<{ kitIds?: string[] | undefined }> = [];
    const awb = 'TC000012345678';
    let current: StaffOrder = { ...orderFixture(), courierBooking: true };
    server.use(
      http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order: current })),
      http.post<never, Schemas['ShipmentBooking']>('*/api/admin/orders/:id/shipments', async ({ request }) => {
        booked.push(await request.json());
        if (booked.length === 1) {
          return HttpResponse.json<Schemas['Error']>({ code: 'SHIPPING_UNAVAILABLE', message: 'The courier service did not answer. Nothing was shipped; please try again in a moment.' }, { status: 503 });
        }
        const order = orderFixture();
        current = {
            ...order,
            courierBooking: true,
            kits: order.kits.map((kit) => ({ ...kit, state: 'shipped' as const, allowedSteps: ['deliver', 'refund'] as StaffKit['allowedSteps'], shipment: { courier: 'Test Courier', trackingNumber: awb } })),
            shipments: [
              {
                _id: 'shipment-1',
                direction: 'forward' as const,
                kitIds: ['kit-1', 'kit-2'],
                provider: 'test' as const,
                courier: 'Test Courier',
                awb,
                trackingUrl: `https://test-courier.example/track/${awb}`,
                pickupDate: '2026-11-30',
                status: 'inTransit' as const,
                statusAt: '2026-11-30T12:40:52.000Z',
                bookedAt: '2026-11-29T10:00:00.000Z',
                scans: [{ at: '2026-11-30T12:40:52.000Z', status: 'inTransit' as const, activity: 'Arrived at Bengaluru hub', location: 'Bengaluru' }],
              },
            ],
        };
        return HttpResponse.json({ order: current });
      }),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Book the courier' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ship Gut Start (GUT-AAA1-BBB1), Gut 360 (GUT-AAA2-BBB2) with the courier service?' });
    expect(dialog).toHaveTextContent('checks that it delivers to PIN 560001');
    expect(within(dialog).getByTestId('step-confirm-message')).toHaveTextContent('Subject: “Order GS-2026-000042 has shipped: your kits are on the way”');
    await view.user.click(within(dialog).getByRole('button', { name: 'Book and mark shipped' }));
    // No answer from the courier service is a passing failure: the person is asked to try again.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The shop is busy right now. Please wait a moment, then try again.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Book and mark shipped' }));
    await findNotice(`Booked with Test Courier, AWB ${awb}; the customer is e-mailed it. The label is ready to print.`);
    expect(booked).toEqual([{ kitIds: ['kit-1', 'kit-2'] }, { kitIds: ['kit-1', 'kit-2'] }]);
    const parcel = await screen.findByTestId('staff-parcel');
    expect(within(parcel).getByTestId('staff-parcel-status')).toHaveTextContent('In transit');
    expect(within(parcel).getByRole('link', { name: `Follow AWB ${awb} on the courier’s website` })).toHaveAttribute('href', `https://test-courier.example/track/${awb}`);
    expect(within(parcel).getByRole('button', { name: 'Download the label' })).toBeInTheDocument();
    expect(within(parcel).getByTestId('staff-parcel-scans')).toHaveTextContent('In transit: Arrived at Bengaluru hub');
    expect(screen.queryByRole('button', { name: 'Book the courier' })).not.toBeInTheDocument();
  });

  it('takes the report as a link or a PDF file, one of the two', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chosen-report');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const atLab: StaffKit = { ...kitOf(1, 'Gut Start', 499900), state: 'sampleReceived', allowedSteps: ['failQc', 'publishReport'] };
    const sent: StepBody[] = [];
    let order: StaffOrder = { ...orderFixture(), kits: [atLab] };
    server.use(
      http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
      http.post<never, StepBody>('*/api/admin/orders/:id/journey', async ({ request }) => {
        sent.push(await request.json());
        order = { ...order, kits: [{ ...atLab, state: 'reportReady', allowedSteps: [], reportPdf: true }] };
        return HttpResponse.json({ order });
      }),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Report of Gut Start (GUT-AAA1-BBB1)' });
    await view.user.click(within(form).getByRole('button', { name: 'Report ready' }));
    expect(await within(form).findByText('Give the report’s link, or choose its PDF.')).toBeInTheDocument();
    const pdf = new File(['%PDF-1.7 report'], 'report.pdf', { type: 'application/pdf' });
    await view.user.upload(within(form).getByLabelText('or the report as a PDF'), pdf);
    await view.user.click(within(form).getByRole('button', { name: 'Report ready' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish the report of Gut Start (GUT-AAA1-BBB1)?' });
    // The chosen file can be opened before it is published (its address is made once the dialog is open).
    expect(await within(dialog).findByRole('link', { name: 'Open the chosen PDF (report.pdf)' })).toHaveAttribute('href', expect.stringMatching(/^blob:/));
    expect(await within(dialog).findByTestId('step-confirm-message')).toHaveTextContent('Subject: “Your Gut Start report is ready”');
    await view.user.click(within(dialog).getByRole('button', { name: 'Publish the report' }));
    await waitFor(() => expect(screen.getByTestId('staff-kit-state')).toHaveTextContent('Report ready'));
    expect(sent).toEqual([{ step: 'publishReport', kitIds: ['kit-1'], reportPdf: btoa('%PDF-1.7 report') }]);
    expect(screen.getByTestId('staff-kit')).toHaveTextContent('PDF uploaded; the customer downloads it from their dashboard');
  });

  it('corrects a mistyped tracking number of the parcel, showing the correction e-mail the customer receives', async () => {
    const shipment = { courier: 'Blue Dart', trackingNumber: 'BD12345687' };
    const shipped = (kit: StaffKit): StaffKit => ({ ...kit, state: 'shipped', shipment, allowedSteps: ['deliver', 'refund', 'correctTracking'] });
    let order: StaffOrder = { ...orderFixture(), kits: orderFixture().kits.map(shipped) };
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
      http.put<never, Schemas['ShipmentCorrection']>('*/api/admin/orders/:id/shipment', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        order = { ...order, kits: order.kits.map((kit) => ({ ...kit, shipment: { courier: body.courier, trackingNumber: body.trackingNumber } })) };
        return HttpResponse.json({ order });
      }),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const [kit] = await screen.findAllByTestId('staff-kit');
    await view.user.click(within(kit!).getByRole('button', { name: 'Correct the tracking number' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Correct the tracking number?' });
    expect(dialog).toHaveTextContent('The parcel of Gut Start (GUT-AAA1-BBB1), Gut 360 (GUT-AAA2-BBB2) was sent as Blue Dart, tracking number BD12345687.');
    const number = within(dialog).getByRole('textbox', { name: 'Tracking number' });
    expect(number).toHaveValue('BD12345687');
    // Nothing changed yet: nothing to confirm.
    expect(within(dialog).getByRole('button', { name: 'Correct and e-mail the customer' })).toBeDisabled();
    await view.user.clear(number);
    await view.user.type(number, 'BD12345678');
    expect(within(dialog).getByTestId('step-confirm-message')).toHaveTextContent(
      'The customer receives an e-mail at asha@example.in:Subject: “Order GS-2026-000042: the right tracking number is BD12345678”An apology, the courier Blue Dart and tracking number BD12345678, and that they replace Blue Dart, BD12345687.',
    );
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Why (for the audit log)' }), 'Digits swapped');
    await view.user.click(within(dialog).getByRole('button', { name: 'Correct and e-mail the customer' }));
    await findNotice('Corrected to Blue Dart, tracking number BD12345678; the customer is e-mailed it.');
    expect(sent).toEqual([{ kitIds: ['kit-1', 'kit-2'], courier: 'Blue Dart', trackingNumber: 'BD12345678', reason: 'Digits swapped' }]);
    expect(screen.getAllByTestId('staff-kit')[0]).toHaveTextContent('Blue Dart, tracking number BD12345678');
  });

  it('opens the uploaded report, and withdraws a report published on the wrong kit after asking why', async () => {
    const ready: StaffKit = { ...kitOf(1, 'Gut Start', 499900), state: 'reportReady', reportPdf: true, allowedSteps: ['withdrawReport'] };
    let order: StaffOrder = { ...orderFixture(), kits: [ready] };
    const withdrawals: unknown[] = [];
    const opened: string[] = [];
    server.use(
      http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
      http.get('*/api/admin/orders/:id/kits/:kitId/report', ({ params }) => {
        opened.push(String(params.kitId));
        return new HttpResponse('%PDF-1.7 report', { headers: { 'content-type': 'application/pdf' } });
      }),
      http.post<never, { reason: string }>('*/api/admin/orders/:id/kits/:kitId/report/withdrawal', async ({ request }) => {
        withdrawals.push(await request.json());
        order = { ...order, kits: [{ ...ready, state: 'sampleReceived', reportPdf: false, allowedSteps: ['failQc', 'publishReport'] }] };
        return HttpResponse.json({ order });
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const kit = await screen.findByTestId('staff-kit');
    await view.user.click(within(kit).getByRole('button', { name: 'Open the report PDF' }));
    await waitFor(() => expect(opened).toEqual(['kit-1']));
    await waitFor(() => expect(clicks).toHaveBeenCalled());

    await view.user.click(within(kit).getByRole('button', { name: 'Withdraw this report' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw the report of Gut Start (GUT-AAA1-BBB1)?' });
    expect(dialog).toHaveTextContent('The customer can no longer open it, from now on');
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw the report' }));
    expect(await within(dialog).findByText('Say why, in a few words: it goes to the audit log.')).toBeInTheDocument();
    expect(withdrawals).toEqual([]);
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Another person’s report');
    await view.user.click(within(dialog).getByRole('button', { name: 'Withdraw the report' }));
    await findNotice('The report of Gut Start (GUT-AAA1-BBB1) is withdrawn; the kit waits at the lab for its own report.');
    expect(withdrawals).toEqual([{ reason: 'Another person’s report' }]);
    expect(screen.getByTestId('staff-kit-state')).toHaveTextContent('Sample received at the lab');
    expect(screen.queryByRole('button', { name: 'Open the report PDF' })).not.toBeInTheDocument();
  });

  it('asks for the reason before refunding a kit, sends one key for the refund, and shows the refund with its credit note', async () => {
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const refunds = await screen.findByTestId('staff-refunds');
    expect(refunds).toHaveTextContent('A kit is refunded in full until its sample reaches the lab, or when the lab cannot analyse it; never once its report is ready.');
    const [kit] = screen.getAllByTestId('staff-kit');
    await view.user.click(within(kit!).getByRole('button', { name: 'Refund this kit (₹4,999)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund Gut Start (GUT-AAA1-BBB1)?' });
    expect(dialog).toHaveTextContent('₹4,999 goes back to the customer through the payment gateway, for Gut Start. A GST credit note is issued. This cannot be undone.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund ₹4,999' }));
    expect(
      await within(dialog).findByText('Say why, in a few words the customer will read: it is printed on the credit note and e-mailed to them.'),
    ).toBeInTheDocument();
    expect(backend.refunds).toEqual([]);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason, for the customer' }), 'Too late');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund ₹4,999' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This refund is not possible: Gut 360 (GUT-AAA2-BBB2) has its report ready.');

    await view.user.clear(within(dialog).getByRole('textbox', { name: 'Reason, for the customer' }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason, for the customer' }), 'Box arrived damaged');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund ₹4,999' }));
    await findNotice('Refunded ₹4,999; its credit note is issued.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.refunds.map((made) => made.body)).toEqual([
      { kitIds: ['kit-1'], reason: 'Too late' },
      { kitIds: ['kit-1'], reason: 'Box arrived damaged' },
    ]);
    // A retry of the same confirmation carries the same key, so the server refunds once.
    expect(backend.refunds[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(backend.refunds[1]!.key).toBe(backend.refunds[0]!.key);
    expect(screen.getAllByTestId('staff-kit-state').map((badge) => badge.textContent)).toEqual(['Refunded', 'Paid']);
    expect(within(screen.getByTestId('staff-refunds')).getByRole('button', { name: 'Download credit note CN/26-27/000001' })).toBeInTheDocument();
  });

  it('says the reason goes to the customer and keeps the internal note apart, for staff only', async () => {
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Refund the whole order (₹19,998)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund order GS-2026-000042?' });
    expect(within(dialog).queryByRole('combobox', { name: /How the money goes back/ })).not.toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason, for the customer' });
    expect(reason).toHaveAccessibleDescription(/Printed on the credit note and e-mailed to the customer/);
    const note = within(dialog).getByRole('textbox', { name: 'Internal note (optional)' });
    expect(note).toHaveAccessibleDescription(/Seen only by staff, in this order’s audit log: never on the credit note nor sent to the customer\./);
    expect(note).not.toBeRequired();
    await view.user.type(reason, 'Ordered twice by mistake');
    await view.user.type(note, 'Customer called twice; refund agreed by Priya');
    await view.user.click(within(dialog).getByRole('button', { name: 'Refund ₹19,998' }));
    await findNotice('Refunded ₹19,998; its credit note is issued.');
    expect(backend.refunds.map((made) => made.body)).toEqual([{ reason: 'Ordered twice by mistake', internalNote: 'Customer called twice; refund agreed by Priya' }]);
  });
});

describe('the refund of a kit sold at a counter', () => {
  it('says how the money goes back for a UPI payment, asks for the transfer’s reference, and records it', async () => {
    backend = ordersApi(counterOrderFixture('upi'));
    server.use(...backend.handlers);
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    expect(await screen.findByText(/₹19,998 paid at a counter by UPI/)).toBeInTheDocument();
    const [kit] = screen.getAllByTestId('staff-kit');
    await view.user.click(within(kit!).getByRole('button', { name: 'Refund this kit (₹4,999)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund Gut Start (GUT-AAA1-BBB1)?' });
    expect(dialog).toHaveTextContent(
      'This order was paid at a counter by UPI: its money goes back there, not through the payment gateway. The refund of ₹4,999 for Gut Start is recorded at once and a GST credit note is issued.',
    );
    const way = within(dialog).getByRole('combobox', { name: /How the money goes back/ });
    expect(way).toHaveValue('upi');
    expect(within(way).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose how…', 'UPI transfer', 'Cash handed back']);
    expect(within(dialog).getByTestId('refund-how')).toHaveTextContent('Send ₹4,999 to the customer by UPI, then enter the transfer’s reference (UTR) from the banking app.');

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason, for the customer' }), 'Bought two by mistake');
    await view.user.click(within(dialog).getByRole('button', { name: 'Record the refund of ₹4,999' }));
    const reference = within(dialog).getByRole('textbox', { name: /UPI transfer reference \(UTR\)/ });
    expect(await within(dialog).findByText('Enter the UPI transfer’s reference (UTR), from the banking app.')).toBeInTheDocument();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    // The error is the field's error message, announced as it appears.
    expect(reference).toHaveAccessibleErrorMessage('Enter the UPI transfer’s reference (UTR), from the banking app.');
    expect(within(dialog).getByText('Enter the UPI transfer’s reference (UTR), from the banking app.')).toHaveAttribute('aria-live', 'polite');
    expect(backend.refunds).toEqual([]);

    await view.user.type(reference, '412398765432');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Internal note (optional)' }), 'Sent from the clinic account');
    await view.user.click(within(dialog).getByRole('button', { name: 'Record the refund of ₹4,999' }));
    await findNotice('Recorded the refund of ₹4,999; its credit note is issued.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.refunds.map((made) => made.body)).toEqual([
      { kitIds: ['kit-1'], reason: 'Bought two by mistake', method: 'upi', reference: '412398765432', internalNote: 'Sent from the clinic account' },
    ]);
    expect(within(screen.getByTestId('staff-refunds')).getByText(/UPI transfer, reference 412398765432/)).toBeInTheDocument();
    // The internal note is shown to staff with the audit entry, apart from the customer's reason.
    const audit = screen.getByTestId('staff-audit');
    expect(within(audit).getByText('Reason: Bought two by mistake')).toBeInTheDocument();
    expect(within(audit).getByText('Internal note: Sent from the clinic account')).toBeInTheDocument();
  });

  it('hands cash back without a reference, and offers a card reversal only for a card payment', async () => {
    backend = ordersApi(counterOrderFixture('card'));
    server.use(...backend.handlers);
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const [kit] = await screen.findAllByTestId('staff-kit');
    await view.user.click(within(kit!).getByRole('button', { name: 'Refund this kit (₹4,999)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund Gut Start (GUT-AAA1-BBB1)?' });
    const way = within(dialog).getByRole('combobox', { name: /How the money goes back/ });
    expect(way).toHaveValue('card_reversal');
    expect(within(way).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose how…', 'Card reversal', 'Cash handed back', 'UPI transfer']);
    expect(within(dialog).getByRole('textbox', { name: 'Approval code (optional)' })).not.toBeRequired();

    await view.user.selectOptions(way, 'cash');
    expect(within(dialog).getByTestId('refund-how')).toHaveTextContent('Hand ₹4,999 back to the customer in cash, then record it here.');
    expect(within(dialog).queryByRole('textbox', { name: /Approval code|UPI transfer reference/ })).not.toBeInTheDocument();
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason, for the customer' }), 'Changed their mind');
    await view.user.click(within(dialog).getByRole('button', { name: 'Record the refund of ₹4,999' }));
    await findNotice('Recorded the refund of ₹4,999; its credit note is issued.');
    expect(backend.refunds.map((made) => made.body)).toEqual([{ kitIds: ['kit-1'], reason: 'Changed their mind', method: 'cash' }]);
    expect(within(screen.getByTestId('staff-refunds')).getByText(/Cash handed back at the counter/)).toBeInTheDocument();
  });

  it('labels the order’s two statuses and says its kits were handed over at the counter', async () => {
    backend = ordersApi(counterOrderFixture('cash'));
    server.use(...backend.handlers);
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    const [kit] = await screen.findAllByTestId('staff-kit');
    expect(screen.getByTestId('staff-order-status')).toHaveTextContent('OrderPaidPaymentPaid');
    expect(within(kit!).getByTestId('staff-kit-state')).toHaveTextContent('Handed over at the counter');
    expect(kit).not.toHaveTextContent('Delivered');
  });

  it('offers no card reversal for a cash payment', async () => {
    backend = ordersApi(counterOrderFixture('cash'));
    server.use(...backend.handlers);
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Refund the whole order (₹19,998)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund order GS-2026-000042?' });
    const way = within(dialog).getByRole('combobox', { name: /How the money goes back/ });
    expect(way).toHaveValue('cash');
    expect(within(way).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose how…', 'Cash handed back', 'UPI transfer']);
    expect(dialog).toHaveTextContent('This order was paid at a counter in cash');
  });
});
