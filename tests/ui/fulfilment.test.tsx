/** What the customer sees of staff fulfilment: the parcel's courier and tracking number, refunds and their credit notes, a report as a PDF. */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, server } from './handlers';
import { order, ownedKit, paidOrder } from './orders-fixtures';
import { renderShop } from './render';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

describe('a customer’s order once staff have acted on it', () => {
  it('shows each parcel’s courier and tracking number, and the refunds with their credit notes to download', async () => {
    const refunded = order({
      ...paidOrder,
      status: 'refunded',
      refundedAmount: 1_619_820,
      shipments: [{ courier: 'Blue Dart', trackingNumber: 'BD12345678', kits: ['Gut Start', 'Gut 360'] }],
      creditNotes: [{ refundId: 'refund-1', number: 'CN/26-27/000007', amount: 1_619_820, issuedAt: '2026-11-22T10:00:00.000Z' }],
      timeline: [...paidOrder.timeline, { status: 'refunded', at: '2026-11-22T10:00:00.000Z' }],
    });
    const asked: string[] = [];
    server.use(
      http.get('*/api/orders', () => HttpResponse.json({ orders: [refunded] })),
      http.get('*/api/orders/:id', () => HttpResponse.json({ order: refunded })),
      http.get('*/api/orders/:id/refunds/:refundId/credit-note', ({ params }) => {
        asked.push(`${String(params.id)}/${String(params.refundId)}`);
        return new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    // The browser saves the file; here the link's click is only watched.
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:credit-note'), revokeObjectURL: vi.fn() });
    const view = renderShop('/user/orders?order=order-1', { as: 'customer' });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByTestId('order-shipments')).toHaveTextContent('Gut Start, Gut 360: shipped with Blue Dart, tracking number BD12345678');
    const refunds = within(detail).getByTestId('order-refunds');
    expect(refunds).toHaveTextContent('₹16,198.20 refunded to the way you paid.');
    // The invoice stays with a refunded order: the credit note is issued against it.
    expect(within(detail).getByRole('button', { name: 'Download GST invoice' })).toBeInTheDocument();
    await view.user.click(within(refunds).getByRole('button', { name: 'Download credit note CN/26-27/000007 (₹16,198.20)' }));
    await waitFor(() => expect(saved).toEqual(['CN-26-27-000007.pdf']));
    expect(asked).toEqual(['order-1/refund-1']);
    click.mockRestore();
  });
});

describe('a customer’s dashboard once staff have acted on a kit', () => {
  it('shows the parcel’s tracking number, and offers a report uploaded as a PDF', async () => {
    server.use(
      http.get('*/api/kits', () =>
        HttpResponse.json({
          kits: [
            ownedKit({ shipment: { courier: 'India Post', trackingNumber: 'EE123456789IN' } }),
            ownedKit({ _id: 'kit-2', name: 'Gut 360', state: 'reportReady', demoBoxCode: undefined, reportPdf: true }),
          ],
        }),
      ),
    );
    renderShop('/user/dashboard', { as: 'customer' });
    const start = await screen.findByRole('article', { name: 'Gut Start' });
    expect(within(start).getByTestId('kit-shipment')).toHaveTextContent('Shipped with India Post, tracking number EE123456789IN.');
    const full = screen.getByRole('article', { name: 'Gut 360' });
    expect(within(full).getByRole('button', { name: 'Download your report (PDF)' })).toBeInTheDocument();
    expect(within(full).queryByRole('link', { name: 'Read your report' })).not.toBeInTheDocument();
  });
});
