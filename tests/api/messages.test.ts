/**
 * E-mail and SMS: every event writes its messages in its own transaction (the outbox), the queue's worker sends
 * them to a real SMTP server (the local mail catcher) and the SMS provider, and neither an outage of the mail server
 * nor a worker stopped between sending and recording loses a message or shows one twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { staffOrder, startFulfilmentApp, takeStep } from './staff-orders-fixtures';
import { startMailCatcher, type MailCatcher } from '../../server/services/messages/catcher';
import { enqueueMessage, MESSAGE_QUEUE, type ClaimedMessage } from '../../server/services/messages/outbox';
import { LogSmsProvider } from '../../server/services/messages/sms';
import { deliverMessage, RetryLater, type Senders } from '../../server/services/messages/worker';
import { SAMPLE_MESSAGES } from '../../server/services/messages/samples';
import type { components } from '../../openapi/schema';
import type { Row } from '../../server/db';
import type { MessageContent, Payloads } from '../../server/services/messages/types';

type StaffMessage = components['schemas']['StaffMessage'];

interface OutboxRow extends Record<string, unknown> {
  id: string;
  idempotency_key: string;
  channel: string;
  template: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
}

describe.each(backends)('messages on %s', (backend) => {
  let catcher: MailCatcher;
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    catcher = await startMailCatcher({ port: 0 });
    testApp = await startFulfilmentApp(backend, {
      messages: {
        smtpUrl: `smtp://127.0.0.1:${catcher.port}`,
        catcher: false,
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
  });
  afterAll(async () => {
    // A resent invitation for which no new link could be made answers 503 LINK_NOT_MADE, on purpose.
    await testApp?.close({ expected: /^POST \/api\/admin\/messages\/[^/]+\/resend → 503$/ });
    await catcher?.stop();
  });
  afterEach(() => catcher.clear());

  const outbox = (where = 'true', params: unknown[] = []) =>
    app().db.query<OutboxRow>(
      `SELECT id, idempotency_key, channel, template, recipient, status, attempts, last_error FROM outbound_messages WHERE ${where} ORDER BY created_at, id`,
      params,
    );
  const emailOf = async (userId: string) =>
    (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]!.email;
  const smsLog = () => app().jobs.senders.sms as LogSmsProvider;
  /** Runs the worker on every queued message until none is left, as the queue would (tests without pg-boss's polling). */
  const sendQueued = async (senders: Senders = app().jobs.senders) => {
    for (const row of await outbox(`status IN ('queued', 'sending')`)) await deliverMessage(senders, row.id).catch(() => {});
  };

  describe('what each event queues', () => {
    it('a paid order queues one confirmation, whatever confirms the payment twice, and it arrives with the GST invoice', async () => {
      const { customer, order } = await paidCustomer(app());
      const rows = await outbox('order_id = $1', [order._id]);
      expect(rows.map((row) => [row.template, row.channel, row.status])).toEqual([['order-confirmation', 'email', 'queued']]);
      // The event again (a webhook after the browser): nothing more.
      await app().db.transaction((tx) => app().messages.orderPaid(tx, order._id));
      expect(await outbox('order_id = $1', [order._id])).toHaveLength(1);

      await sendQueued();
      const email = await catcher.waitFor((mail) => mail.to.includes(rows[0]!.recipient));
      expect(email.subject).toContain(order.number);
      expect(email.text).toContain('₹');
      expect(email.html).toContain(order.number);
      expect(email.attachments).toEqual([
        expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) }),
      ]);
      const pdf = catcher.attachment(email.id, 0)!;
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(rows[0]!.recipient).toBe(await emailOf(customer.userId));
      // The lines at the prices the kits were sold for, as on the invoice: less the coupon, they make the total paid.
      const [stored] = await app().db.query<{ payload: Payloads['order-confirmation'] }>(
        'SELECT payload FROM outbound_messages WHERE id = $1',
        [rows[0]!.id],
      );
      const payload = stored!.payload;
      expect(payload.subtotal).toBe(order.items.reduce((sum, item) => sum + item.price, 0));
      expect(payload.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(payload.subtotal);
      expect(payload.subtotal - payload.discount).toBe(payload.total);
      expect(payload.total).toBe(order.price);
      // The account holder is greeted (Test Buyer), not whoever the kit was sent to (Asha Rao).
      expect(payload.name).toBe('Test');
      const [sent] = await outbox('order_id = $1', [order._id]);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      // Transactional: no unsubscribe header.
      expect(email.headers['List-Unsubscribe']).toBeUndefined();
    });

    it('a rolled-back event leaves no message and no job', async () => {
      const { order } = await paidCustomer(app());
      const before = (await outbox()).length;
      await expect(
        app().db.transaction(async (tx) => {
          await enqueueMessage(tx, app().jobs.queue, {
            key: `rolled-back:${randomUUID()}:email`,
            channel: 'email',
            recipient: 'nobody@example.test',
            content: SAMPLE_MESSAGES[0]!,
            orderId: order._id,
          });
          throw new Error('the event failed');
        }),
      ).rejects.toThrow('the event failed');
      expect(await outbox()).toHaveLength(before);
    });

    it('shipping sends the e-mail, and the SMS only to a customer who consented, with the courier and tracking number', async () => {
      const { customer, order } = await paidCustomer(app());
      await app().db.query(`UPDATE users SET phone = '+919812345678' WHERE id = $1`, [customer.userId]);
      const consent = await app().inject({
        method: 'PUT',
        url: '/api/privacy/consents/sms',
        headers: customer.auth,
        payload: { granted: true },
      });
      expect(consent.statusCode, consent.body).toBeLessThan(300);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD123456789IN' });
      const rows = await outbox('order_id = $1 AND template = $2', [order._id, 'kit-shipped']);
      expect(rows.map((row) => [row.channel, row.recipient]).sort()).toEqual([
        ['email', await emailOf(customer.userId)],
        ['sms', '+919812345678'],
      ]);
      await sendQueued();
      const email = await catcher.waitFor(
        (mail) => mail.subject.toLowerCase().includes('shipped') || mail.text?.includes('BD123456789IN') === true,
      );
      expect(email.text).toContain('BD123456789IN');
      expect(email.text).toContain('Blue Dart');
      const sms = smsLog()
        .entries()
        .filter((entry) => entry.to === '+919812345678');
      expect(sms).toHaveLength(1);
      expect(sms[0]!.text).toContain('BD123456789IN');
      expect(sms[0]!.text.length).toBeLessThanOrEqual(160);
    });

    it('no SMS without the consent, and an SMS queued before the consent was withdrawn is not sent', async () => {
      const { customer, order } = await paidCustomer(app());
      await app().db.query(`UPDATE users SET phone = '+919812340000' WHERE id = $1`, [customer.userId]);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Delhivery', trackingNumber: 'DL12345' });
      expect((await outbox('order_id = $1', [order._id])).filter((row) => row.channel === 'sms')).toHaveLength(0);

      await app().inject({ method: 'PUT', url: '/api/privacy/consents/sms', headers: customer.auth, payload: { granted: true } });
      await takeStep(app(), admin, order._id, { step: 'deliver' });
      const kit = (await staffOrder(app(), admin, order._id)).kits[0]!;
      await app().db.query(`UPDATE kits SET state = 'activated', activated_at = now() WHERE id = $1`, [kit._id]);
      await takeStep(app(), admin, order._id, { step: 'receiveSample' });
      await takeStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'https://journey.example.test/report/1' });
      const [sms] = (await outbox('order_id = $1', [order._id])).filter((row) => row.channel === 'sms');
      expect(sms).toMatchObject({ template: 'report-ready', status: 'queued' });
      await app().inject({ method: 'PUT', url: '/api/privacy/consents/sms', headers: customer.auth, payload: { granted: false } });
      await sendQueued();
      const [after] = await outbox('id = $1', [sms!.id]);
      expect(after).toMatchObject({ status: 'failed', last_error: expect.stringContaining('consented') });
      expect(
        smsLog()
          .entries()
          .filter((entry) => entry.to === '+919812340000'),
      ).toHaveLength(0);
      // The e-mails of each step went.
      const templates = (await outbox('order_id = $1 AND channel = $2', [order._id, 'email'])).map((row) => [row.template, row.status]);
      expect(templates).toEqual([
        ['order-confirmation', 'sent'],
        ['kit-shipped', 'sent'],
        ['kit-delivered', 'sent'],
        ['sample-received', 'sent'],
        ['report-ready', 'sent'],
      ]);
    });

    it('a refund sends the amount with the credit note attached', async () => {
      const { order } = await paidCustomer(app());
      const response = await app().inject({
        method: 'POST',
        url: `/api/admin/orders/${order._id}/refunds`,
        headers: { ...admin.auth, 'idempotency-key': randomUUID() },
        payload: { reason: 'Ordered twice by mistake' },
      });
      expect(response.statusCode, response.body).toBe(201);
      await sendQueued();
      const [row] = await outbox('order_id = $1 AND template = $2', [order._id, 'refund']);
      expect(row).toMatchObject({ status: 'sent' });
      const email = await catcher.waitFor(
        (mail) => mail.to.includes(row!.recipient) && mail.attachments.some((file) => (file.filename ?? '').startsWith('CN')),
      );
      expect(email.text).toContain('Ordered twice by mistake');
    });

    it('the contact form and the ebook send their own e-mails', async () => {
      const address = `reader-${randomUUID()}@example.test`;
      const contact = await app().inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: { name: 'Meera Nair', email: address, topic: 'kit', message: 'How long does the <b>report</b> take?' },
      });
      expect(contact.statusCode, contact.body).toBe(201);
      const { reference } = contact.json() as { reference: string };
      const ebook = await app().inject({
        method: 'POST',
        url: '/api/ebook/downloads',
        payload: { name: 'Meera Nair', email: address, consentToContact: false },
      });
      expect(ebook.statusCode, ebook.body).toBe(201);
      const link = (ebook.json() as { downloadUrl: string }).downloadUrl;
      await sendQueued();
      const ack = await catcher.waitFor((mail) => mail.to.includes(address) && mail.subject.includes(reference));
      // The reference and the topic, in both parts; never the visitor's own words.
      for (const part of [ack.text ?? '', ack.html]) {
        expect(part).toContain(reference);
        expect(part).toContain('My kit, sample or pickup');
        expect(part).toContain('Hello Meera,');
        expect(part).not.toContain('How long does the');
        expect(part).not.toContain('report</b>');
      }
      const book = await catcher.waitFor((mail) => mail.to.includes(address) && (mail.text ?? '').includes(link));
      expect(book.text).toContain(`${app().messages.siteUrl}${link}`);
      expect(book.text).toContain('Hello Meera,');
    });

    it('a name that carries a link, or a long one, is not written out by the shop’s e-mails to a typed address', async () => {
      const address = `target-${randomUUID()}@example.test`;
      // Each request from a client address of its own, so that the forms' limits per address never answer here.
      let client = 0;
      const remoteAddress = () => `10.77.${backend === 'pglite' ? 1 : 2}.${(client += 1)}`;
      const payloads = [
        { name: 'Win-a-prize.example.com now', link: 'prize.example.com' },
        { name: 'https://evil.example/login', link: 'evil.example' },
        { name: 'www.claim-your-refund.example', link: 'claim-your-refund' },
      ];
      for (const { name } of payloads) {
        const sent = await app().inject({
          method: 'POST',
          url: '/api/contact-messages',
          remoteAddress: remoteAddress(),
          payload: { name, email: address, topic: 'order', message: 'Your account is locked, visit https://evil.example/login today.' },
        });
        expect(sent.statusCode, sent.body).toBe(201);
        const asked = await app().inject({
          method: 'POST',
          url: '/api/ebook/downloads',
          remoteAddress: remoteAddress(),
          payload: { name, email: address, consentToContact: false },
        });
        expect(asked.statusCode, asked.body).toBe(201);
      }
      const long = `Visitor${'x'.repeat(60)}`;
      const sent = await app().inject({
        method: 'POST',
        url: '/api/contact-messages',
        remoteAddress: remoteAddress(),
        payload: { name: long, email: address, topic: 'order', message: 'A name much longer than any name.' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      await sendQueued();

      const mails = catcher.messages().filter((mail) => mail.to.includes(address));
      expect(mails).toHaveLength(2 * payloads.length + 1);
      for (const mail of mails) {
        for (const part of [mail.subject, mail.text ?? '', mail.html]) {
          for (const { link } of payloads) expect(part).not.toContain(link);
          expect(part).not.toContain('locked');
          expect(part).not.toContain('x'.repeat(34));
        }
      }
      const greetings = mails.map((mail) => /Hello[^,\n]*,/.exec(mail.text ?? '')?.[0]);
      expect(greetings.filter((greeting) => greeting === 'Hello,')).toHaveLength(2 * payloads.length);
      expect(greetings).toContain(`Hello ${long.slice(0, 40)},`);
    });
  });

  describe('promotional messages: consent, one-click unsubscribe', () => {
    it('an unpaid order reminds once, only with marketing consent, and the unsubscribe link withdraws it', async () => {
      const consenting = await newCustomer(app());
      const silent = await newCustomer(app());
      const declined = await newCustomer(app());
      await app().inject({ method: 'PUT', url: '/api/privacy/consents/marketing', headers: consenting.auth, payload: { granted: true } });
      const orders: string[] = [];
      for (const customer of [consenting, silent, declined]) {
        const [user] = await app().db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [customer.userId]);
        const [order] = await app().db.query<{ id: string }>(
          `INSERT INTO orders (user_id, idempotency_key, actual_price, price, ship_name, ship_phone, ship_line1, ship_city, ship_state, ship_pincode, created_at)
           VALUES ($1, $2, 499900, 499900, 'Asha Rao', '9876543210', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', now() - interval '3 hours') RETURNING id`,
          [user!.id, randomUUID()],
        );
        const product = (await app().db.query<{ id: string }>(`SELECT id FROM products WHERE code = 'PROD-G3G-LITE'`))[0]!;
        await app().db.query(
          `INSERT INTO order_items (order_id, product_id, code, name, price, actual_price, position) VALUES ($1, $2, 'PROD-G3G-LITE', 'Gut Start', 499900, 499900, 0)`,
          [order!.id, product.id],
        );
        orders.push(order!.id);
      }
      // The third person's payment was declined: the reminder is then about their own payment, and goes without consent.
      await app().db.query('UPDATE orders SET payment_failed = true WHERE id = $1', [orders[2]]);
      const address3 = await emailOf(declined.userId);
      const queued = await app().db.transaction((tx) => app().messages.remindUnpaid(tx, 2, 24));
      expect(queued).toBeGreaterThanOrEqual(1);
      expect(await app().db.transaction((tx) => app().messages.remindUnpaid(tx, 2, 24))).toBe(0);
      expect(await outbox('order_id = $1', [orders[0]])).toHaveLength(1);
      expect(await outbox('order_id = $1', [orders[1]])).toHaveLength(0);
      expect(await outbox('order_id = $1', [orders[2]])).toHaveLength(1);

      await sendQueued();
      const afterDecline = await catcher.waitFor((mail) => mail.to.includes(address3));
      expect(afterDecline.subject).toBeTruthy();
      expect(afterDecline.headers['List-Unsubscribe']).toBeUndefined();
      const address = await emailOf(consenting.userId);
      const email = await catcher.waitFor((mail) => mail.to.includes(address));
      expect(email.text).toContain('₹4,999');
      const unsubscribe = email.headers['List-Unsubscribe'];
      expect(unsubscribe).toMatch(/^<http:\/\/localhost:\d+\/unsubscribe\/[\w-]+\.[\w-]+>$/);
      expect(email.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const path = new URL(unsubscribe!.slice(1, -1)).pathname;

      // Opening the link changes nothing (mail scanners open links); the one-click POST withdraws the consent.
      const page = await app().inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(address);
      const consents = async () =>
        expectContract<{ consents: Array<{ purpose: string; granted: boolean }> }>(
          await app().inject({ method: 'GET', url: '/api/privacy', headers: consenting.auth }),
          'getPrivacyOverview',
          200,
        ).consents.find((consent) => consent.purpose === 'marketing')?.granted;
      expect(await consents()).toBe(true);
      const oneClick = await app().inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(await consents()).toBe(false);
      const [audit] = await app().db.query<{ action: string; actor_user_id: string }>(
        `SELECT action, actor_user_id FROM audit_log WHERE subject_user_id = $1 AND action = 'consent.withdrawn'`,
        [consenting.userId],
      );
      expect(audit).toMatchObject({ actor_user_id: consenting.userId });

      // A forged or cut link is refused without a change.
      expect((await app().inject({ method: 'POST', url: `${path.slice(0, -3)}abc` })).statusCode).toBe(404);
      expect((await app().inject({ method: 'GET', url: '/unsubscribe/nonsense' })).statusCode).toBe(404);
    });
  });

  describe('staff', () => {
    it('see an order’s and a customer’s messages with their state, and resend one, audited', async () => {
      const { customer, order } = await paidCustomer(app());
      await sendQueued();
      const listed = expectContract<{ items: StaffMessage[] }>(
        await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/messages`, headers: admin.auth }),
        'listOrderMessages',
        200,
      ).items;
      expect(listed).toEqual([
        expect.objectContaining({ template: 'order-confirmation', channel: 'email', status: 'sent', resend: null, lastError: null }),
      ]);
      const ofCustomer = expectContract<{ items: StaffMessage[] }>(
        await app().inject({ method: 'GET', url: `/api/admin/customers/${customer.userId}/messages`, headers: admin.auth }),
        'listCustomerMessages',
        200,
      ).items;
      expect(ofCustomer.map((message) => message._id)).toContain(listed[0]!._id);

      const resent = expectContract<{ message: StaffMessage }>(
        await app().inject({ method: 'POST', url: `/api/admin/messages/${listed[0]!._id}/resend`, headers: admin.auth }),
        'resendMessage',
        201,
      ).message;
      expect(resent).toMatchObject({ template: 'order-confirmation', status: 'queued', resend: { by: 'Test Buyer' } });
      // Still on its way: not resent again.
      const pending = await app().inject({ method: 'POST', url: `/api/admin/messages/${resent._id}/resend`, headers: admin.auth });
      expectContract(pending, 'resendMessage', 409);
      const [audit] = await app().db.query<{ entity_id: string; actor_user_id: string }>(
        `SELECT entity_id, actor_user_id FROM audit_log WHERE action = 'message.resent' AND entity_id = $1`,
        [resent._id],
      );
      expect(audit).toMatchObject({ actor_user_id: admin.userId });
      await sendQueued();
      const recipient = listed[0]!.recipient;
      const caught = catcher.messages().filter((mail) => mail.to.includes(recipient));
      // A resend is a message of its own: a second e-mail with its invoice.
      expect(caught).toHaveLength(2);
      expect(caught.every((mail) => mail.attachments.length === 1)).toBe(true);
      expect(new Set(caught.map((mail) => mail.messageId)).size).toBe(2);
    });

    it('a resent invitation or welcome carries a new one-time link, never the one used; an invitation without one is not sent', async () => {
      /** A message as it went out once, with the link it carried: sent, so that it may be resent. */
      async function sentOnce(content: MessageContent, recipient: string): Promise<string> {
        const id = await app().db.transaction((tx) =>
          enqueueMessage(tx, app().jobs.queue, { key: `first:${randomUUID()}:email`, channel: 'email', recipient, content }),
        );
        await app().db.query(`UPDATE outbound_messages SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
        return id!;
      }
      const resend = (id: string) => app().inject({ method: 'POST', url: `/api/admin/messages/${id}/resend`, headers: admin.auth });
      const payloadOf = async (id: string) =>
        (await app().db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM outbound_messages WHERE id = $1', [id]))[0]!.payload;
      const usedLink = 'http://localhost/__/auth/action?mode=resetPassword&oobCode=USED';

      // A team member Firebase knows: the resend asks Firebase for a new link to set the password.
      const memberEmail = `member-${randomUUID()}@example.test`;
      await app().firebaseAuth.createUser({ email: memberEmail });
      const invitation = await sentOnce(
        { template: 'staff-invitation', payload: { name: 'Meera', role: 'nutritionist', setPasswordUrl: usedLink, signInUrl: 'http://localhost/admin/login' } },
        memberEmail,
      );
      const resent = expectContract<{ message: StaffMessage }>(await resend(invitation), 'resendMessage', 201).message;
      const fresh = await payloadOf(resent._id);
      expect(fresh).toMatchObject({ name: 'Meera', role: 'nutritionist', signInUrl: 'http://localhost/admin/login' });
      expect(fresh.setPasswordUrl).not.toBe(usedLink);
      expect(new URL(String(fresh.setPasswordUrl)).searchParams.get('mode')).toBe('resetPassword');
      expect(new URL(String(fresh.setPasswordUrl)).searchParams.get('oobCode')).toBeTruthy();
      const [audit] = await app().db.query<{ after: Record<string, unknown> }>(`SELECT after FROM audit_log WHERE action = 'message.resent' AND entity_id = $1`, [
        resent._id,
      ]);
      expect(audit!.after).toMatchObject({ newLink: true, template: 'staff-invitation' });

      // An address Firebase has no account for: no link can be made, and nothing is sent.
      const stranger = await sentOnce(
        { template: 'staff-invitation', payload: { name: 'Gone', role: 'doctor', setPasswordUrl: usedLink, signInUrl: 'http://localhost/admin/login' } },
        `gone-${randomUUID()}@example.test`,
      );
      const before = (await outbox()).length;
      const refused = expectContract<{ message: string; code: string }>(await resend(stranger), 'resendMessage', 503);
      expect(refused.code).toBe('LINK_NOT_MADE');
      expect(refused.message).toMatch(/nothing was sent/);
      expect(await outbox()).toHaveLength(before);

      // A counter customer's welcome: a new sign-in link by e-mail.
      const customerEmail = `counter-${randomUUID()}@example.test`;
      const welcome = await sentOnce(
        {
          template: 'account-ready',
          payload: {
            name: 'Asha',
            existing: false,
            orderNumber: 'GS-000001',
            invoiceNumber: 'INV/2026-27/000001',
            total: 499900,
            kit: 'Gut Start',
            signInUrl: 'http://localhost/login?mode=signIn&oobCode=USED',
            loginUrl: 'http://localhost/login',
            activateUrl: 'http://localhost/user/dashboard',
          },
        },
        customerEmail,
      );
      const resentWelcome = expectContract<{ message: StaffMessage }>(await resend(welcome), 'resendMessage', 201).message;
      const link = String((await payloadOf(resentWelcome._id)).signInUrl);
      expect(link).not.toContain('oobCode=USED');
      expect(new URL(link).searchParams.get('mode')).toBe('signIn');
      expect(await payloadOf(resentWelcome._id)).toMatchObject({ name: 'Asha', orderNumber: 'GS-000001', kit: 'Gut Start' });
    });

    it('customers and other staff roles may not read or resend messages', async () => {
      const { customer, order } = await paidCustomer(app());
      const doctor = await newCustomer(app(), 'doctor');
      for (const who of [customer, doctor]) {
        expect((await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/messages`, headers: who.auth })).statusCode).toBe(
          403,
        );
      }
      const [row] = await outbox('order_id = $1', [order._id]);
      expect(
        (await app().inject({ method: 'POST', url: `/api/admin/messages/${row!.id}/resend`, headers: customer.auth })).statusCode,
      ).toBe(403);
      expect((await app().inject({ method: 'POST', url: `/api/admin/messages/nope/resend`, headers: admin.auth })).statusCode).toBe(404);
    });
  });
  // Last: this starts the queue's own worker, which then sends whatever the tests queue.
  describe('sending reliably', () => {
    it('with the mail server down mid-run, every message is sent once it is back, and none twice', async () => {
      const recipients = Array.from({ length: 6 }, (_, index) => `outage-${index}-${randomUUID()}@example.test`);
      const ids: string[] = [];
      for (const [index, recipient] of recipients.entries()) {
        const id = await app().db.transaction((tx) =>
          enqueueMessage(tx, app().jobs.queue, {
            key: `outage:${recipient}:email`,
            channel: 'email',
            recipient,
            content: SAMPLE_MESSAGES[index % SAMPLE_MESSAGES.length]!,
          }),
        );
        ids.push(id!);
        // Two go out, then the server stops.
        if (index === 1) {
          await sendQueued();
          await catcher.stop();
        }
      }
      await sendQueued();
      const waiting = await outbox(`id = ANY($1::text[])`, [ids]);
      expect(waiting.filter((row) => row.status === 'sent')).toHaveLength(2);
      expect(waiting.filter((row) => row.status === 'queued')).toHaveLength(4);
      expect(waiting.find((row) => row.status === 'queued')?.last_error).toMatch(/ECONNREFUSED|ESOCKET|connect/i);

      // The queue's own worker takes over the retries once the server is back.
      await catcher.start();
      await app().jobs.startSending();
      try {
        app().jobs.queue.wake(MESSAGE_QUEUE);
        await expect
          .poll(async () => (await outbox(`id = ANY($1::text[]) AND status = 'sent'`, [ids])).length, { timeout: 30_000, interval: 250 })
          .toBe(6);
      } finally {
        // The other tests run the worker themselves, one message at a time.
        await app().jobs.stopSending();
      }
      for (const recipient of recipients) {
        const caught = catcher.messages().filter((mail) => mail.to.includes(recipient));
        expect(caught, recipient).toHaveLength(1);
        expect(caught[0]!.deliveries, recipient).toBe(1);
      }
    });

    it('a worker stopped between the hand-over and the record: the e-mail is not shown twice, the SMS not sent twice', async () => {
      const recipient = `crash-${randomUUID()}@example.test`;
      const mobile = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const [emailId, smsId] = await app().db.transaction(async (tx) => [
        await enqueueMessage(tx, app().jobs.queue, {
          key: `crash:${recipient}:email`,
          channel: 'email',
          recipient,
          content: SAMPLE_MESSAGES[0]!,
        }),
        await enqueueMessage(tx, app().jobs.queue, {
          key: `crash:${recipient}:sms`,
          channel: 'sms',
          recipient: mobile,
          content: SAMPLE_MESSAGES.find((sample) => sample.template === 'kit-shipped')!,
        }),
      ]);
      class WorkerStopped extends Error {}
      const base = app().jobs.senders;
      const crashing: Senders = {
        ...base,
        leaseSeconds: 1,
        afterHandOver: async (message: ClaimedMessage) => {
          throw new WorkerStopped(message.id);
        },
      };
      for (const id of [emailId!, smsId!]) await expect(deliverMessage(crashing, id)).rejects.toBeInstanceOf(WorkerStopped);
      // Handed over, not recorded: the rows are still held by the stopped worker.
      expect((await outbox('id = ANY($1::text[])', [[emailId, smsId]])).map((row) => row.status)).toEqual(['sending', 'sending']);
      // While the lease lasts, no other worker sends them.
      const healthy: Senders = { ...base, leaseSeconds: 1 };
      await expect(deliverMessage(healthy, emailId!)).rejects.toBeInstanceOf(RetryLater);

      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await deliverMessage(healthy, emailId!)).toBe('sent');
      expect(await deliverMessage(healthy, smsId!)).toBe('sent');
      // The e-mail went to the server twice with one Message-ID, which the mailbox shows once.
      const caught = catcher.messages().filter((mail) => mail.to.includes(recipient));
      expect(caught).toHaveLength(1);
      expect(caught[0]!.deliveries).toBe(2);
      // The SMS provider knew the reference, so the SMS was not sent again.
      expect(
        smsLog()
          .entries()
          .filter((entry) => entry.to === mobile),
      ).toHaveLength(1);
      expect((await outbox('id = ANY($1::text[])', [[emailId, smsId]])).map((row) => [row.status, row.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
      ]);
      // Settled messages are left alone by any later job.
      expect(await deliverMessage(healthy, emailId!)).toBe('settled');
    });

    it('the database away between the hand-over and the record: the record waits for it, and the e-mail goes once', async () => {
      const recipient = `record-${randomUUID()}@example.test`;
      const id = await app().db.transaction((tx) =>
        enqueueMessage(tx, app().jobs.queue, { key: `record:${recipient}:email`, channel: 'email', recipient, content: SAMPLE_MESSAGES[0]! }),
      );
      const base = app().jobs.senders;
      // The record is refused twice, as while Postgres restarts; the send itself went through.
      let refused = 0;
      const restarting: Senders['db'] = {
        query: <T extends Row>(sql: string, params?: readonly unknown[]) => {
          if (sql.includes(`SET status = 'sent'`) && refused < 2) {
            refused += 1;
            return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
          }
          return base.db.query<T>(sql, params);
        },
        exec: (sql: string) => base.db.exec(sql),
      };
      expect(await deliverMessage({ ...base, db: restarting }, id!)).toBe('sent');
      expect(refused).toBe(2);
      expect((await outbox('id = $1', [id])).map((row) => [row.status, row.attempts])).toEqual([['sent', 1]]);
      expect(catcher.messages().filter((mail) => mail.to.includes(recipient)).map((mail) => mail.deliveries)).toEqual([1]);
    });

    it('a permanent refusal fails the message at once with its reason', async () => {
      const id = await app().db.transaction((tx) =>
        enqueueMessage(tx, app().jobs.queue, {
          key: `refused:${randomUUID()}:email`,
          channel: 'email',
          recipient: 'x@example.test',
          content: SAMPLE_MESSAGES[0]!,
        }),
      );
      const refusing: Senders = {
        ...app().jobs.senders,
        mail: nodemailer.createTransport({
          name: 'refusing',
          version: '1',
          send: (_mail, callback) =>
            callback(Object.assign(new Error('550 5.1.1 No such user'), { responseCode: 550 }), undefined as never),
        }),
      };
      expect(await deliverMessage(refusing, id!)).toBe('failed');
      expect((await outbox('id = $1', [id]))[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        last_error: expect.stringContaining('No such user'),
      });
    });
  });
});
