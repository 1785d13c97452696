import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server, sessions, users } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type ContactMessage = Schemas['ContactMessage'];
type ListAnswer = operations['listContactMessages']['responses'][200]['content']['application/json'];
type CloseBody = NonNullable<operations['closeContactMessage']['requestBody']>['content']['application/json'];
type CloseAnswer = operations['closeContactMessage']['responses'][200]['content']['application/json'];
type HomeAnswer = operations['getStaffHome']['responses'][200]['content']['application/json'];
type ReplyBody = NonNullable<operations['replyToContactMessage']['requestBody']>['content']['application/json'];
type ReplyAnswer = operations['replyToContactMessage']['responses'][201]['content']['application/json'];

const DAY_MS = 86_400_000;

function messageOf(number: number, fields: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: `cm-${number}`,
    reference: `CM-${String(number).padStart(6, '0')}`,
    name: 'Priya Sharma',
    email: 'priya@example.in',
    mobile: null,
    topic: 'order',
    message: 'Where is my order?',
    status: 'open',
    // 24 Nov 2026, 10:00 am in India, a day later for each number.
    receivedAt: new Date(Date.parse('2026-11-24T04:30:00.000Z') + (number - 1) * DAY_MS).toISOString(),
    closedAt: null,
    closedBy: null,
    closingNote: null,
    replies: [],
    ...fields,
  };
}

const forbidden = () => HttpResponse.json<Schemas['Error']>({ message: 'This is for the shop’s admins only.', code: 'FORBIDDEN' }, { status: 403 });

/** The contact messages' calls as the contract describes them (search, filters, order, pages; closing, once). */
function messagesApi(messages: ContactMessage[]) {
  const listed: string[] = [];
  const closed: { id: string; body: CloseBody }[] = [];
  const replied: { id: string; body: ReplyBody }[] = [];
  let closingFails = false;
  let replyRefusal: { status: number; message: string; code: string } | null = null;
  const close = (message: ContactMessage, by: string, note: string | null) =>
    Object.assign(message, { status: 'closed', closedAt: '2026-11-28T06:00:00.000Z', closedBy: by, closingNote: note });
  const handlers = [
    http.get<never, never, ListAnswer | Schemas['Error']>('*/api/admin/contact-messages', ({ request }) => {
      const user = sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
      if (user?.role !== 'admin') return forbidden();
      const query = new URL(request.url).searchParams;
      listed.push(query.toString());
      const q = query.get('q')?.trim().toLowerCase();
      const reference = q && /^cm-?0*(\d+)$/.exec(q);
      const items = messages
        .filter((message) =>
          !q
            ? true
            : reference
              ? message.reference === `CM-${reference[1]!.padStart(6, '0')}`
              : [message.name, message.email, message.message].some((text) => text.toLowerCase().includes(q)),
        )
        .filter((message) => !query.get('status') || message.status === query.get('status'))
        .filter((message) => !query.get('topic') || message.topic === query.get('topic'))
        .sort((a, b) => (query.get('sort') === 'receivedAt' ? 1 : -1) * a.receivedAt.localeCompare(b.receivedAt));
      const offset = Number(query.get('offset') ?? 0);
      return HttpResponse.json({ items: items.slice(offset, offset + Number(query.get('limit') ?? 20)), total: items.length });
    }),
    http.post<{ id: string }, CloseBody, CloseAnswer | Schemas['Error']>('*/api/admin/contact-messages/:id/close', async ({ params, request }) => {
      const body = await request.json();
      closed.push({ id: params.id, body });
      if (closingFails) return HttpResponse.json({ message: 'Database unavailable.' }, { status: 500 });
      const message = messages.find((candidate) => candidate._id === params.id);
      if (!message) return HttpResponse.json({ message: 'There is no such message.', code: 'NOT_FOUND' }, { status: 404 });
      if (message.status === 'closed') return HttpResponse.json({ message: 'This message is already closed.', code: 'CONTACT_MESSAGE_CLOSED' }, { status: 409 });
      return HttpResponse.json({ message: close(message, users.admin.fullname!, body.note?.trim() || null) });
    }),
    http.post<{ id: string }, ReplyBody, ReplyAnswer | Schemas['Error']>('*/api/admin/contact-messages/:id/replies', async ({ params, request }) => {
      const body = await request.json();
      replied.push({ id: params.id, body });
      if (replyRefusal) return HttpResponse.json({ message: replyRefusal.message, code: replyRefusal.code }, { status: replyRefusal.status });
      const message = messages.find((candidate) => candidate._id === params.id);
      if (!message) return HttpResponse.json({ message: 'There is no such message.', code: 'NOT_FOUND' }, { status: 404 });
      if (message.status === 'open') close(message, users.admin.fullname!, null);
      message.replies = [
        ...message.replies,
        {
          _id: `reply-${message.replies.length + 1}`,
          subject: body.subject ?? `Re: your message ${message.reference}`,
          body: body.body,
          repliedAt: '2026-11-28T06:00:00.000Z',
          repliedBy: users.admin.fullname!,
          delivery: 'queued',
        },
      ];
      return HttpResponse.json({ message }, { status: 201 });
    }),
  ];
  return {
    handlers,
    listed,
    closed,
    replied,
    refuseReplies: (refusal: { status: number; message: string; code: string }) => {
      replyRefusal = refusal;
    },
    closedElsewhere: (id: string) => close(messages.find((message) => message._id === id)!, 'Ravi Rao', 'Called her back.'),
    failClosing: () => {
      closingFails = true;
    },
  };
}

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** The references of the rows, in order (each cell also holds its column's name, for phones). */
const referencesShown = () => rowsOf().map((row) => /CM-\d{6}/.exec(within(row).getByRole('rowheader').textContent ?? '')?.[0]);
const rowOf = (reference: string) => rowsOf().find((row) => within(row).queryByRole('rowheader', { name: reference }))!;

describe('the messages page', () => {
  let backend: ReturnType<typeof messagesApi>;

  beforeEach(() => {
    backend = messagesApi([
      messageOf(1, {
        name: 'Priya Sharma',
        mobile: '+919876543210',
        topic: 'kit',
        message: 'Hello,\nMy kit arrived without the collection tube. Could you send one?\n\nThanks, Priya',
      }),
      messageOf(2, { name: 'Arjun Mehta', email: 'arjun@example.in', topic: 'report', message: 'When will my report be ready?' }),
      messageOf(3, {
        name: 'Kavya Iyer',
        email: 'kavya@example.in',
        topic: 'privacy',
        status: 'closed',
        closedAt: '2026-11-27T09:00:00.000Z',
        closedBy: 'Asha Admin',
        closingNote: 'Sent her a copy of her data.',
        message: 'Please send me a copy of my data.',
      }),
    ]);
    server.use(answers.catalogueWithoutOffer(), ...backend.handlers);
  });

  it('lists the open messages, newest first, with who wrote, how to reach them and what about', async () => {
    renderShop('/admin/contact-messages', { as: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Open messages, newest first' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Received▼',
      'Reference',
      'From',
      'Topic',
      'Message',
      'Status',
      'Actions',
    ]);
    expect(backend.listed).toEqual(['status=open&sort=-receivedAt&limit=20&offset=0']);
    expect(referencesShown()).toEqual(['CM-000002', 'CM-000001']);

    const priya = rowOf('CM-000001');
    // 04:30 UTC is 10:00 am in India.
    expect(priya).toHaveTextContent('24 Nov 2026, 10:00 am');
    // The address is text to copy: the shop's own reply is the way to answer.
    expect(priya).toHaveTextContent('priya@example.in');
    expect(within(priya).queryByRole('link', { name: 'priya@example.in' })).not.toBeInTheDocument();
    expect(within(priya).getByRole('button', { name: 'Copy the address priya@example.in' })).toBeInTheDocument();
    expect(within(priya).getByRole('link', { name: '+919876543210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(priya).toHaveTextContent('My kit, sample or pickup');
    expect(priya).toHaveTextContent('Open');
    expect(within(priya).getByRole('button', { name: 'Reply to CM-000001' })).toBeInTheDocument();
    expect(within(priya).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['tel:+919876543210']);
    expect(within(rowOf('CM-000002')).queryByRole('link', { name: /^\+91/ })).not.toBeInTheDocument();
  });

  it('shows a message’s first line, and all of it on request', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    const priya = rowOf('CM-000001');
    expect(priya).toHaveTextContent('Hello,');
    expect(priya).not.toHaveTextContent('collection tube');
    const showAll = within(priya).getByRole('button', { name: 'Show all of CM-000001' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(showAll);
    expect(priya).toHaveTextContent('My kit arrived without the collection tube. Could you send one?');
    expect(priya).toHaveTextContent('Thanks, Priya');
    expect(within(priya).getByRole('button', { name: 'Show less of CM-000001' })).toHaveAttribute('aria-expanded', 'true');
    // A message of one short line is shown whole, with nothing to open.
    expect(within(rowOf('CM-000002')).queryByRole('button', { name: /Show all/ })).not.toBeInTheDocument();
    expect(rowOf('CM-000002')).toHaveTextContent('When will my report be ready?');
  });

  it('searches, filters and sorts on the server, keeping each in the address', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open and closed');
    await waitFor(() => expect(window.location.search).toBe('?status=all'));
    await waitFor(() => expect(rowsOf()).toHaveLength(3));
    const kavya = rowOf('CM-000003');
    expect(kavya).toHaveTextContent('Closed');
    expect(kavya).toHaveTextContent('by Asha Admin, 27 Nov 2026, 2:30 pm');
    expect(kavya).toHaveTextContent('Note: Sent her a copy of her data.');
    expect(within(kavya).queryByRole('button', { name: 'Close CM-000003' })).not.toBeInTheDocument();

    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'My report or consultation');
    await waitFor(() => expect(window.location.search).toBe('?status=all&topic=report'));
    await waitFor(() => expect(rowsOf()).toHaveLength(1));

    await view.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(window.location.search).toBe(''));

    await view.user.type(screen.getByRole('searchbox', { name: 'Search the messages' }), 'tube');
    await view.user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(window.location.search).toBe('?q=tube'));
    await waitFor(() => expect(referencesShown()).toEqual(['CM-000001']));

    await view.user.click(within(screen.getByRole('table')).getByRole('button', { name: /Received/ }));
    await waitFor(() => expect(window.location.search).toBe('?q=tube&sort=receivedAt'));
    expect(await screen.findByRole('table', { name: 'Open messages, oldest first' })).toBeInTheDocument();

    expect(backend.listed).toEqual([
      'status=open&sort=-receivedAt&limit=20&offset=0',
      'sort=-receivedAt&limit=20&offset=0',
      'topic=report&sort=-receivedAt&limit=20&offset=0',
      // The plain view again is still fresh in the cache, so it is not read again.
      'q=tube&status=open&sort=-receivedAt&limit=20&offset=0',
      'q=tube&status=open&sort=receivedAt&limit=20&offset=0',
    ]);
  });

  it('opens the message searched for by its reference', async () => {
    renderShop('/admin/contact-messages?q=CM-000001&status=all', { as: 'admin' });
    await screen.findByRole('table');
    expect(rowsOf()).toHaveLength(1);
    expect(rowOf('CM-000001')).toHaveTextContent('My kit arrived without the collection tube.');
    expect(within(rowOf('CM-000001')).getByRole('button', { name: 'Show less of CM-000001' })).toBeInTheDocument();
  });

  it('closes a message with a note after confirmation, and the row shows who closed it, when and the note', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rowOf('CM-000002')).getByRole('button', { name: 'Close CM-000002' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close CM-000002?' });
    expect(dialog).toHaveTextContent('Close the message from Arjun Mehta once it has been answered.');
    const note = within(dialog).getByRole('textbox', { name: 'Note (optional)' });
    expect(note).toHaveAttribute('maxLength', '1000');
    await view.user.type(note, 'Replied with the lab’s date for his report.');
    expect(dialog).toHaveTextContent('43/1000 characters');
    await view.user.click(within(dialog).getByRole('button', { name: 'Close message' }));

    expect(await screen.findByTestId('message-outcome')).toHaveTextContent('CM-000002 is closed.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.closed).toEqual([{ id: 'cm-2', body: { note: 'Replied with the lab’s date for his report.' } }]);
    // Still in the Open view, as closed, until the list is next read.
    const arjun = rowOf('CM-000002');
    expect(arjun).toHaveTextContent('Closed');
    expect(arjun).toHaveTextContent('by Asha Admin, 28 Nov 2026, 11:30 am');
    expect(arjun).toHaveTextContent('Note: Replied with the lab’s date for his report.');
    expect(within(arjun).queryByRole('button', { name: 'Close CM-000002' })).not.toBeInTheDocument();
    expect(within(arjun).getByRole('button', { name: 'Reply to CM-000002' })).toBeInTheDocument();
  });

  it('closes without a note', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rowOf('CM-000001')).getByRole('button', { name: 'Close CM-000001' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close CM-000001?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close message' }));
    await waitFor(() => expect(rowOf('CM-000001')).toHaveTextContent('by Asha Admin'));
    expect(rowOf('CM-000001')).not.toHaveTextContent('Note:');
    expect(backend.closed).toEqual([{ id: 'cm-1', body: {} }]);
  });

  it('says when someone else closed the message first, and shows the row as they left it', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    backend.closedElsewhere('cm-1');
    await view.user.click(within(rowOf('CM-000001')).getByRole('button', { name: 'Close CM-000001' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close CM-000001?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close message' }));

    expect(await screen.findByTestId('message-outcome')).toHaveTextContent('CM-000001 was already closed by someone else');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const priya = rowOf('CM-000001');
    expect(priya).toHaveTextContent('by Ravi Rao, 28 Nov 2026, 11:30 am');
    expect(priya).toHaveTextContent('Note: Called her back.');
    expect(backend.listed.at(-1)).toBe('q=CM-000001&limit=1');
  });

  it('keeps the dialog open with the reason when closing fails', async () => {
    backend.failClosing();
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rowOf('CM-000001')).getByRole('button', { name: 'Close CM-000001' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close CM-000001?' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Close message' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(rowOf('CM-000001')).getByRole('button', { name: 'Close CM-000001' })).toBeInTheDocument();
    expect(screen.queryByTestId('message-outcome')).not.toBeInTheDocument();
  });

  it('replies from the shop: writes, shows the e-mail as the sender will receive it, sends it, and shows the reply', async () => {
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    const opener = within(rowOf('CM-000001')).getByRole('button', { name: 'Reply to CM-000001' });
    await view.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reply to CM-000001' });
    expect(dialog).toHaveTextContent('The shop sends your reply by e-mail to Priya Sharma at priya@example.in.');
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Re: your message CM-000001');
    expect(subject).toHaveAttribute('maxLength', '140');
    const body = within(dialog).getByRole('textbox', { name: 'Your reply' });
    await waitFor(() => expect(body).toHaveFocus());
    expect(body).toHaveAttribute('maxLength', '5000');
    expect(body).toHaveAccessibleDescription(/The e-mail begins “Hello Priya,”/);

    // Nothing written: the field says why, and keeps the keyboard.
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the e-mail' }));
    expect(within(dialog).getByText('Write the reply before sending it.')).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(body).toHaveFocus());

    await view.user.type(body, 'A new tube is on its way.{Enter}{Enter}It arrives by Friday.');
    expect(dialog).toHaveTextContent('48/5000 characters');
    expect(within(dialog).queryByText('Write the reply before sending it.')).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the e-mail' }));

    const review = await screen.findByRole('dialog', { name: 'Send this reply to CM-000001?' });
    expect(within(review).getByTestId('reply-envelope')).toHaveTextContent('Topriya@example.inSubjectRe: your message CM-000001');
    const preview = within(review).getByTestId('reply-preview');
    expect(preview).toHaveTextContent('Hello Priya,');
    expect(preview).toHaveTextContent('A new tube is on its way. It arrives by Friday.');
    expect(preview).toHaveTextContent('Your reference: CM-000001');
    const send = within(review).getByRole('button', { name: 'Send reply' });
    await waitFor(() => expect(send).toHaveFocus());

    // Back to change it, and on again.
    await view.user.click(within(review).getByRole('button', { name: 'Change the reply' }));
    const again = await screen.findByRole('dialog', { name: 'Reply to CM-000001' });
    await waitFor(() => expect(within(again).getByRole('textbox', { name: 'Your reply' })).toHaveFocus());
    expect(within(again).getByRole('textbox', { name: 'Your reply' })).toHaveValue('A new tube is on its way.\n\nIt arrives by Friday.');
    await view.user.click(within(again).getByRole('button', { name: 'Review the e-mail' }));
    await view.user.click(await screen.findByRole('button', { name: 'Send reply' }));

    expect(await screen.findByTestId('message-outcome')).toHaveTextContent(
      'Your reply to CM-000001 is on its way to priya@example.in; the message is answered.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.replied).toEqual([
      { id: 'cm-1', body: { subject: 'Re: your message CM-000001', body: 'A new tube is on its way.\n\nIt arrives by Friday.' } },
    ]);
    const priya = rowOf('CM-000001');
    expect(priya).toHaveTextContent('Closed');
    const history = within(priya).getByTestId('replies-CM-000001');
    expect(history).toHaveTextContent('1 reply sent');
    await view.user.click(within(history).getByText('1 reply sent'));
    const replies = within(history).getByRole('list', { name: 'Replies to CM-000001' });
    expect(replies).toHaveTextContent('Asha Admin, 28 Nov 2026, 11:30 am');
    expect(replies).toHaveTextContent('Queued');
    expect(replies).toHaveTextContent('A new tube is on its way.');
  });

  it('keeps the reply open with the reason when the shop refuses it', async () => {
    backend.refuseReplies({
      status: 409,
      code: 'CONTACT_SENDER_ERASED',
      message: 'The person who wrote this message has had their account erased, or asked for it to be erased: the shop no longer writes to them.',
    });
    const view = renderShop('/admin/contact-messages', { as: 'admin' });
    await screen.findByRole('table');
    await view.user.click(within(rowOf('CM-000002')).getByRole('button', { name: 'Reply to CM-000002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to CM-000002' });
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Your reply' }), 'Your report is ready.');
    await view.user.clear(within(dialog).getByRole('textbox', { name: 'Subject' }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Your report');
    await view.user.click(within(dialog).getByRole('button', { name: 'Review the e-mail' }));
    await view.user.click(await screen.findByRole('button', { name: 'Send reply' }));
    const review = screen.getByRole('dialog', { name: 'Send this reply to CM-000002?' });
    expect(await within(review).findByRole('alert')).toHaveTextContent('the shop no longer writes to them.');
    expect(backend.replied).toEqual([{ id: 'cm-2', body: { subject: 'Your report', body: 'Your report is ready.' } }]);
    await view.user.click(within(review).getByRole('button', { name: 'Close the dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('CM-000002')).toHaveTextContent('Open');
    expect(screen.queryByTestId('message-outcome')).not.toBeInTheDocument();
  });

  it('is in the admin sidebar, marked as the current page', async () => {
    renderShop('/admin/contact-messages', { as: 'admin' });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Admin' }));
    const link = sidebar.getByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/admin/contact-messages');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});

describe('the staff home’s messages to answer', () => {
  const HOUR_MS = 3_600_000;
  let backend: ReturnType<typeof messagesApi>;

  function staffHomeApi() {
    return http.get<never, never, HomeAnswer | Schemas['Error']>('*/api/staff/home', ({ request }) => {
      const user = sessions.get((request.headers.get('Authorization') ?? '').replace(/^Bearer /, ''));
      if (!user || user.role === 'customer') return forbidden();
      return HttpResponse.json(
        user.role === 'admin'
          ? {
              role: 'admin',
              figures: { paidOrders: { today: 0, last7Days: 0, last30Days: 0 }, revenue: { today: 0, last7Days: 0, last30Days: 0 }, refunds: { today: 0, last7Days: 0, last30Days: 0 }, kitsByState: [] },
              queues: [{ id: 'toShip', count: 2 }],
              reports: null,
            }
          : { role: user.role, figures: null, queues: null, reports: [] },
      );
    });
  }

  beforeEach(() => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    backend = messagesApi([
      messageOf(1, { name: 'Priya Sharma', topic: 'kit', receivedAt: ago(3 * 24 * HOUR_MS + HOUR_MS), message: '\nMy kit has no tube.\nPlease send one.' }),
      messageOf(2, { name: 'Arjun Mehta', topic: 'report', receivedAt: ago(5 * HOUR_MS), message: 'When will my report be ready?' }),
      messageOf(3, { name: 'Kavya Iyer', status: 'closed', closedAt: ago(HOUR_MS), closedBy: 'Asha Admin', receivedAt: ago(10 * 24 * HOUR_MS) }),
    ]);
    server.use(answers.catalogueWithoutOffer(), staffHomeApi(), ...backend.handlers);
  });

  it('shows an admin the oldest open messages, how many are open, and opens each on the messages page', async () => {
    const view = renderShop('/admin-home', { as: 'admin' });
    const panel = within(await screen.findByTestId('messages-to-answer'));
    expect(panel.getByRole('heading', { level: 2, name: 'Messages to answer' })).toBeInTheDocument();
    expect(await panel.findByTestId('open-messages-count')).toHaveTextContent('2 open messages, the oldest first.');
    const items = panel.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CM-000001Priya SharmaMy kit, sample or pickupreceived 3 days agoMy kit has no tube.',
      'CM-000002Arjun MehtaMy report or consultationreceived 5 hours agoWhen will my report be ready?',
    ]);
    expect(backend.listed).toEqual(['status=open&sort=receivedAt&limit=5']);
    expect(panel.getByRole('link', { name: 'All messages' })).toHaveAttribute('href', '/admin/contact-messages');

    const first = within(items[0]!).getByRole('link');
    expect(first).toHaveAttribute('href', '/admin/contact-messages?q=CM-000001&status=all');
    await view.user.click(first);
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(rowOf('CM-000001')).toHaveTextContent('Please send one.');
  });

  it('says when no message waits', async () => {
    backend.closedElsewhere('cm-1');
    backend.closedElsewhere('cm-2');
    renderShop('/admin-home', { as: 'admin' });
    const panel = within(await screen.findByTestId('messages-to-answer'));
    expect(await panel.findByText('No message is waiting for an answer.')).toBeInTheDocument();
    expect(panel.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it.each(['doctor', 'nutritionist'] as const)('shows a %s no messages and does not ask for them', async (role) => {
    renderShop('/admin-home', { as: role });
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports ready recently' })).toBeInTheDocument();
    expect(screen.queryByTestId('messages-to-answer')).not.toBeInTheDocument();
    expect(backend.listed).toEqual([]);
  });
});
