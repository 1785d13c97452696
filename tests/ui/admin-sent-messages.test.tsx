import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server } from './handlers';
import { findNotice, renderShop } from './render';
import { staffCustomer, staffOrder } from './staff-fixtures';

// The messages show India's times whatever the browser's zone: run them in one far from India.
process.env.TZ = 'America/Los_Angeles';

type Schemas = components['schemas'];
type StaffMessage = Schemas['StaffMessage'];
type ListAnswer = operations['listOrderMessages']['responses'][200]['content']['application/json'];
type ResendAnswer = operations['resendMessage']['responses'][201]['content']['application/json'];

const ORDER: Schemas['StaffOrder'] = staffOrder({
  items: [{ _id: 'item-1', product: 'prod-1', code: 'PROD-G360', name: 'Gut 360', price: 1_299_900, actual_price: 1_299_900 }],
  actual_price: 1_299_900,
  price: 1_299_900,
  kits: [],
});

const CUSTOMER: Schemas['StaffCustomerDetail'] = staffCustomer();

function message(overrides: Partial<StaffMessage> & Pick<StaffMessage, '_id' | 'template'>): StaffMessage {
  return {
    channel: 'email',
    category: 'transactional',
    recipient: 'asha@example.in',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-20T10:05:00.000Z',
    sentAt: '2026-11-20T10:06:00.000Z',
    resend: null,
    ...overrides,
  };
}

/** The order confirmation went out; the SMS saying the kit was shipped failed for good. Newest first, as the server sends them. */
function orderMessagesFixture(): StaffMessage[] {
  return [
    message({
      _id: 'msg-sms',
      template: 'kit-shipped',
      channel: 'sms',
      recipient: '+919876543210',
      status: 'failed',
      attempts: 3,
      lastError: 'The SMS provider refused the number: it is on the do-not-disturb register.',
      createdAt: '2026-11-21T04:30:00.000Z',
      sentAt: null,
    }),
    message({ _id: 'msg-confirmation', template: 'order-confirmation' }),
  ];
}

/** The messages calls as the contract describes them: a resend queues a new message, which the list shows first. */
function messagesApi() {
  let items = orderMessagesFixture();
  const resent: string[] = [];
  const handlers = [
    http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order: ORDER })),
    http.get<never, never, ListAnswer>('*/api/admin/orders/:id/messages', () => HttpResponse.json({ items })),
    http.post<{ id: string }, never, ResendAnswer>('*/api/admin/messages/:id/resend', ({ request, params }) => {
      resent.push(new URL(request.url).pathname);
      const original = items.find((item) => item._id === params.id)!;
      const queued: StaffMessage = {
        ...original,
        _id: `msg-resend-${resent.length}`,
        status: 'queued',
        attempts: 0,
        lastError: null,
        createdAt: '2026-11-24T06:00:00.000Z',
        sentAt: null,
        resend: { by: 'Asha Admin' },
      };
      items = [queued, ...items];
      return HttpResponse.json({ message: queued }, { status: 201 });
    }),
  ];
  /** The queue hands the message `id` to the provider. */
  const deliver = (id: string) => {
    items = items.map((item) => (item._id === id ? { ...item, status: 'sent', attempts: 1, sentAt: '2026-11-24T06:00:05.000Z' } : item));
  };
  return { handlers, resent, deliver };
}

let backend: ReturnType<typeof messagesApi>;

beforeEach(() => {
  backend = messagesApi();
  server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
});

const messagesRegion = () => screen.findByRole('region', { name: 'Messages' });

describe('the messages on a staff order page', () => {
  it('lists each message newest first, with its channel, recipient, state in India’s time, attempts and why it failed', async () => {
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    expect(within(region).getByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    const [sms, confirmation] = await within(region).findAllByTestId('sent-message');
    expect(sms).toHaveTextContent('Kit shipped');
    expect(sms).toHaveTextContent('SMS');
    expect(sms).toHaveTextContent('To +919876543210');
    // 04:30 UTC is 10:00 am in India.
    expect(sms).toHaveTextContent('Failed21 Nov 2026, 10:00 am· 3 attempts');
    expect(sms).toHaveTextContent('Reason: The SMS provider refused the number: it is on the do-not-disturb register.');
    expect(within(sms!).getByRole('button', { name: 'Resend Kit shipped to +919876543210' })).toBeInTheDocument();

    expect(confirmation).toHaveTextContent('Order confirmation');
    expect(confirmation).toHaveTextContent('E-mail');
    expect(confirmation).toHaveTextContent('To asha@example.in');
    expect(confirmation).toHaveTextContent('Sent20 Nov 2026, 3:36 pm');
    expect(confirmation).not.toHaveTextContent('attempts');
    expect(confirmation).not.toHaveTextContent('Reason');
    expect(within(confirmation!).getByRole('button', { name: 'Resend Order confirmation to asha@example.in' })).toBeInTheDocument();
  });

  it('shows what WhatsApp reported of each WhatsApp message, and why one could not be delivered', async () => {
    server.use(
      http.get<never, never, ListAnswer>('*/api/admin/orders/:id/messages', () =>
        HttpResponse.json({
          items: [
            message({ _id: 'wa-read', template: 'kit-delivered', channel: 'whatsapp', recipient: '+919876543210', delivery: 'read' }),
            message({
              _id: 'wa-failed',
              template: 'kit-shipped',
              channel: 'whatsapp',
              recipient: '+919876543210',
              delivery: 'failed',
              lastError: 'WhatsApp could not deliver it: Message undeliverable [131026]',
            }),
          ],
        }),
      ),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    const [read, failed] = await within(region).findAllByTestId('sent-message');
    expect(read).toHaveTextContent('WhatsApp');
    expect(within(read!).getByTestId('whatsapp-delivery')).toHaveTextContent('Read');
    expect(read).not.toHaveTextContent('Reason');
    expect(within(failed!).getByTestId('whatsapp-delivery')).toHaveTextContent('WhatsApp could not deliver it');
    expect(failed).toHaveTextContent('Reason: WhatsApp could not deliver it: Message undeliverable [131026]; one SMS of the same update was sent in its place');
    await view.user.click(within(failed!).getByRole('button', { name: 'Resend Kit shipped to +919876543210' }));
    expect(await screen.findByRole('alertdialog', { name: 'Send the “Kit shipped” WhatsApp message again?' })).toBeInTheDocument();
  });

  it('asks first, then resends, says so, and shows the new message queued until it has gone', async () => {
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    await view.user.click(await within(region).findByRole('button', { name: 'Resend Kit shipped to +919876543210' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the “Kit shipped” SMS again?' });
    expect(dialog).toHaveTextContent('It goes to +919876543210 as it was first written. The resend is recorded with your name.');
    expect(backend.resent).toEqual([]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await findNotice('Kit shipped is queued to go again to +919876543210.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.resent).toEqual(['/api/admin/messages/msg-sms/resend']);

    const rows = within(region).getAllByTestId('sent-message');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Kit shipped');
    expect(rows[0]).toHaveTextContent('Queued24 Nov 2026, 11:30 am');
    expect(rows[0]).toHaveTextContent('Resent by Asha Admin');
    // Nothing to resend while it is still on its way.
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();

    // The list reads itself again while a message is queued, and shows it sent.
    backend.deliver('msg-resend-1');
    await waitFor(() => expect(within(region).getAllByTestId('sent-message')[0]).toHaveTextContent('Sent24 Nov 2026, 11:30 am'), {
      timeout: 8000,
    });
    expect(
      within(within(region).getAllByTestId('sent-message')[0]!).getByRole('button', { name: 'Resend Kit shipped to +919876543210' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses a resend, and keeps the confirmation open', async () => {
    const reminder = message({ _id: 'msg-unpaid', template: 'order-unpaid', category: 'promotional' });
    let asked = 0;
    server.use(
      http.get<never, never, ListAnswer>('*/api/admin/orders/:id/messages', () => {
        asked += 1;
        return HttpResponse.json({ items: [reminder] });
      }),
      http.post('*/api/admin/messages/:id/resend', () =>
        HttpResponse.json<Schemas['Error']>(
          { message: 'Asha Rao no longer agrees to promotional messages, so this reminder is not sent again.', code: 'NO_CONSENT' },
          { status: 409 },
        ),
      ),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    await view.user.click(await within(region).findByRole('button', { name: 'Resend Payment reminder to asha@example.in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the “Payment reminder” e-mail again?' });
    expect(dialog).toHaveTextContent('It is promotional: it goes only if the person still agrees to receive such messages.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Asha Rao no longer agrees to promotional messages, so this reminder is not sent again.',
    );
    // The list may have moved on meanwhile: it is read again.
    await waitFor(() => expect(asked).toBe(2));
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(region).getAllByTestId('sent-message')).toHaveLength(1);
  });

  it('says a resent welcome carries a new sign-in link, and shows why a resend was refused', async () => {
    const welcome = message({ _id: 'msg-welcome', template: 'account-ready' });
    server.use(
      http.get<never, never, ListAnswer>('*/api/admin/orders/:id/messages', () => HttpResponse.json({ items: [welcome] })),
      http.post('*/api/admin/messages/:id/resend', () =>
        HttpResponse.json<Schemas['Error']>({ message: 'A new link could not be made just now, so nothing was sent.', code: 'LINK_NOT_MADE' }, { status: 503 }),
      ),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    await view.user.click(await within(region).findByRole('button', { name: 'Resend Welcome and sign-in link to asha@example.in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send the “Welcome and sign-in link” e-mail again?' });
    expect(dialog).toHaveTextContent(
      'It goes to asha@example.in as it was first written, with a new link in place of the one it carried, which may have been used or run out. The resend is recorded with your name.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A new link could not be made just now, so nothing was sent.');
  });

  it('says when no message has been sent yet', async () => {
    server.use(http.get<never, never, ListAnswer>('*/api/admin/orders/:id/messages', () => HttpResponse.json({ items: [] })));
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    expect(await within(await messagesRegion()).findByText('No messages yet.')).toBeInTheDocument();
  });

  it('says what stopped the messages from loading, and loads them on a retry', async () => {
    let failing = true;
    server.use(
      http.get('*/api/admin/orders/:id/messages', () =>
        failing
          ? HttpResponse.json<Schemas['Error']>({ message: 'There is no such order.', code: 'NOT_FOUND' }, { status: 404 })
          : undefined,
      ),
    );
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const region = await messagesRegion();
    const alert = await within(region).findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load the messages. There is no such order.');
    failing = false;
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findAllByTestId('sent-message')).toHaveLength(2);
  });
});

describe('the messages on a customer’s page', () => {
  it('lists what was sent to the customer, a promotional reminder among them', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/customers/:id', () => HttpResponse.json({ customer: CUSTOMER })),
      http.get<never, never, ListAnswer>('*/api/admin/customers/:id/messages', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({
          items: [
            message({ _id: 'msg-unpaid', template: 'order-unpaid', category: 'promotional', status: 'sending', sentAt: null, attempts: 1 }),
            message({ _id: 'msg-ebook', template: 'ebook-link', resend: { by: null } }),
          ],
        });
      }),
    );
    renderShop('/admin/gut-360-customer-details?id=cust-1', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    const region = await messagesRegion();
    const [unpaid, ebook] = await within(region).findAllByTestId('sent-message');
    expect(unpaid).toHaveTextContent('Payment reminder');
    expect(unpaid).toHaveTextContent('Promotional');
    expect(unpaid).toHaveTextContent('Sending20 Nov 2026, 3:35 pm');
    expect(within(unpaid!).queryByRole('button')).not.toBeInTheDocument();
    expect(ebook).toHaveTextContent('Ebook link');
    expect(ebook).toHaveTextContent('Resent by a former team member');
    expect(within(ebook!).getByRole('button', { name: 'Resend Ebook link to asha@example.in' })).toBeInTheDocument();
    expect(asked[0]).toBe('/api/admin/customers/cust-1/messages');
  });
});
