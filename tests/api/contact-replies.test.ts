/**
 * Replying to a contact message from the shop: the reply goes through the outbox to the address the sender gave, is
 * kept with the message (who, when, the text, the outbox message), answers the message and is audited; a sender who
 * is erased or waiting to be, or a message without an address, is refused; the e-mail arrives as the dev mail page
 * shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { deliverMessage } from '../../server/services/messages/worker';
import { expectContract, expectErrorShape } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type ContactMessage = components['schemas']['ContactMessage'];

describe.each(backends)('replies to contact messages on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend, {
      messages: {
        smtpUrl: undefined,
        catcher: true,
        catcherPort: 0,
        from: 'Gut360 Health <care@gut360.example>',
        signingSecret: 'a-secret-for-these-tests',
        retryDelaySeconds: 1,
        sms: { provider: 'log' },
        whatsapp: { provider: 'log', verifyToken: undefined, appSecret: undefined, language: 'en' },
        queueSchema: 'pgboss',
      },
    });
    admin = await newCustomer(app(), 'admin');
    await app().db.query(`UPDATE users SET fullname = 'Kavya Rao' WHERE id = $1`, [admin.userId]);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A message as the contact page keeps it, from `email`. */
  const received = async (email: string, name = 'Meera Iyer') => {
    const [row] = await app().db.query<{ id: string; number: string }>(
      `INSERT INTO contact_messages (name, email, topic, message) VALUES ($1, $2, 'kit', 'When will the courier pick up my sample?')
       RETURNING id, number::text`,
      [name, email],
    );
    return { id: row!.id, reference: `CM-${row!.number.padStart(6, '0')}` };
  };
  const reply = (id: string, payload: Record<string, unknown>, who: Customer | null = admin) =>
    app().inject({ method: 'POST', url: `/api/admin/contact-messages/${id}/replies`, payload, ...(who ? { headers: who.auth } : {}) });
  const outboxOf = (email: string) =>
    app().db.query<{ id: string; template: string; recipient: string; payload: Record<string, unknown>; user_id: string | null }>(
      'SELECT id, template, recipient, payload, user_id FROM outbound_messages WHERE recipient = $1 ORDER BY created_at, id',
      [email],
    );

  it('sends the reply through the outbox, keeps it with the message, answers the message and audits it', async () => {
    const email = `meera-${Date.now()}@example.test`;
    const { id, reference } = await received(email);
    const body = '  Thank you for writing.\r\n\r\nThe courier comes on Thursday between 9 am and 1 pm.  ';
    const message = expectContract<{ message: ContactMessage }>(await reply(id, { body }), 'replyToContactMessage', 201).message;
    expect(message).toMatchObject({ _id: id, status: 'closed', closedBy: 'Kavya Rao', closingNote: null });
    expect(message.replies).toEqual([
      {
        _id: expect.any(String),
        subject: `Re: your message ${reference}`,
        body: 'Thank you for writing.\n\nThe courier comes on Thursday between 9 am and 1 pm.',
        repliedAt: expect.any(String),
        repliedBy: 'Kavya Rao',
        delivery: 'queued',
      },
    ]);

    const outbox = await outboxOf(email);
    expect(outbox).toEqual([
      {
        id: expect.any(String),
        template: 'contact-reply',
        recipient: email,
        payload: { name: 'Meera', reference, subject: `Re: your message ${reference}`, body: message.replies[0]!.body },
        user_id: null,
      },
    ]);
    const [kept] = await app().db.query<{ replied_by: string; outbound_message_id: string; body: string }>(
      'SELECT replied_by, outbound_message_id, body FROM contact_message_replies WHERE contact_message_id = $1',
      [id],
    );
    expect(kept).toEqual({ replied_by: admin.userId, outbound_message_id: outbox[0]!.id, body: message.replies[0]!.body });

    const audit = await app().db.query<{ action: string; actor_user_id: string; before: unknown; after: Record<string, unknown> }>(
      `SELECT action, actor_user_id, before, after FROM audit_log WHERE entity = 'contact_message' AND entity_id = $1`,
      [id],
    );
    expect(audit).toEqual([
      {
        action: 'contact_message.replied',
        actor_user_id: admin.userId,
        before: { status: 'open' },
        after: {
          status: 'closed',
          replyId: message.replies[0]!._id,
          outboundMessageId: outbox[0]!.id,
          subject: `Re: your message ${reference}`,
          bodyLength: message.replies[0]!.body.length,
        },
      },
    ]);

    // A second reply, with a subject of its own, to the message now closed: it stays closed, and lists both.
    const again = expectContract<{ message: ContactMessage }>(
      await reply(id, { subject: '  Your pickup,\nrebooked ', body: 'The courier now comes on Friday.' }),
      'replyToContactMessage',
      201,
    ).message;
    expect(again.status).toBe('closed');
    expect(again.closedAt).toBe(message.closedAt);
    expect(again.replies.map((entry) => entry.subject)).toEqual([`Re: your message ${reference}`, 'Your pickup, rebooked']);
    expect(await outboxOf(email)).toHaveLength(2);
    // The list shows the replies too.
    const listed = await app().inject({ method: 'GET', url: `/api/admin/contact-messages?q=${reference}&status=closed`, headers: admin.auth });
    expect(expectContract<{ items: ContactMessage[] }>(listed, 'listContactMessages', 200).items[0]?.replies).toHaveLength(2);
  });

  it('attaches the reply to the account that has proven the address, as the acknowledgement', async () => {
    const owner = await newCustomer(app());
    const [{ email }] = (await app().db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [
      owner.userId,
    ])) as [{ email: string }];
    const { id } = await received(email);
    expectContract(await reply(id, { body: 'Your report is ready.' }), 'replyToContactMessage', 201);
    expect((await outboxOf(email)).map((row) => row.user_id)).toEqual([owner.userId]);
  });

  it('refuses an empty or too long body, or a blank subject, with 400', async () => {
    const { id } = await received(`blank-${Date.now()}@example.test`);
    for (const payload of [{ body: '' }, { body: '   \n ' }, { body: 'x'.repeat(5001) }, {}, { body: 'Hello', subject: ' ' }, { body: 'Hi', cc: 'x' }]) {
      expectErrorShape(await reply(id, payload), 400);
    }
    expectContract(await reply(id, { body: 'x'.repeat(5000) }), 'replyToContactMessage', 201);
  });

  it('answers 404 for a message that does not exist, and 401 and 403 as the other calls of the messages', async () => {
    expectContract(await reply('no-such-message', { body: 'Hello' }), 'replyToContactMessage', 404);
    const { id } = await received(`who-${Date.now()}@example.test`);
    expectContract(await reply(id, { body: 'Hello' }, null), 'replyToContactMessage', 401);
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      expectContract(await reply(id, { body: 'Hello' }, await newCustomer(app(), role)), 'replyToContactMessage', 403);
    }
    expect(await app().db.query('SELECT 1 FROM contact_message_replies WHERE contact_message_id = $1', [id])).toEqual([]);
  });

  it('refuses with 409 a sender erased or waiting to be, and a message without an address, and sends nothing', async () => {
    const owner = await newCustomer(app());
    const [{ email }] = (await app().db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [
      owner.userId,
    ])) as [{ email: string }];
    const { id } = await received(email);
    await app().db.query(`INSERT INTO erasure_requests (user_id, due_by) VALUES ($1, now() + interval '30 days')`, [owner.userId]);
    const erased = expectContract<{ code: string; message: string }>(await reply(id, { body: 'Hello' }), 'replyToContactMessage', 409);
    expect(erased.code).toBe('CONTACT_SENDER_ERASED');
    expect(erased.message).toMatch(/erased/);

    const gone = await received(`gone-${Date.now()}@example.test`);
    await app().db.query(`UPDATE contact_messages SET email = '' WHERE id = $1`, [gone.id]);
    const refused = expectContract<{ code: string }>(await reply(gone.id, { body: 'Hello' }), 'replyToContactMessage', 409);
    expect(refused.code).toBe('CONTACT_ADDRESS_GONE');

    expect(await outboxOf(email)).toEqual([]);
    const [{ count }] = (await app().db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM contact_message_replies WHERE contact_message_id = ANY ($1::text[])',
      [[id, gone.id]],
    )) as [{ count: number }];
    expect(count).toBe(0);
    const [state] = await app().db.query<{ closed_at: unknown }>('SELECT closed_at FROM contact_messages WHERE id = $1', [id]);
    expect(state!.closed_at).toBeNull();
  });

  it('arrives as the dev mail page shows it: to the sender, with the subject, the reply and the reference', async () => {
    const email = `devmail-${Date.now()}@example.test`;
    const { id, reference } = await received(email, 'Arjun Mehta');
    const body = 'Thank you for writing.\n\nYour sample reached the lab <today>; the report follows within 3 weeks.';
    const message = expectContract<{ message: ContactMessage }>(await reply(id, { body }), 'replyToContactMessage', 201).message;
    const [row] = await outboxOf(email);
    expect(await deliverMessage(app().jobs.senders, row!.id)).toBe('sent');

    const caught = (await app().inject({ method: 'GET', url: '/_dev/mail.json' })).json() as {
      mail: Array<{ id: string; to: string[]; subject: string; text: string }>;
    };
    const mail = caught.mail.find((entry) => entry.to.includes(email));
    expect(mail).toMatchObject({ subject: `Re: your message ${reference}` });
    expect(mail!.text).toContain('Hello Arjun,');
    expect(mail!.text).toContain('Your sample reached the lab <today>; the report follows within 3 weeks.');
    expect(mail!.text).toContain(reference);
    // Never the sender's own words: the address is whatever was typed.
    expect(mail!.text).not.toContain('When will the courier');

    const list = await app().inject({ method: 'GET', url: '/_dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`Re: your message ${reference}`);
    const frame = await app().inject({ method: 'GET', url: `/_dev/mail/${encodeURIComponent(mail!.id)}/html` });
    expect(frame.body).toContain('Your sample reached the lab &lt;today&gt;; the report follows within 3 weeks.');

    // The reply now shows as sent.
    const listed = await app().inject({ method: 'GET', url: `/api/admin/contact-messages?q=${reference}`, headers: admin.auth });
    const [shown] = expectContract<{ items: ContactMessage[] }>(listed, 'listContactMessages', 200).items;
    expect(shown!.replies).toEqual([{ ...message.replies[0], delivery: 'sent' }]);
  });
});
