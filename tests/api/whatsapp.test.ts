/**
 * WhatsApp beside e-mail and SMS: a person who chose WhatsApp gets the journey's messages there instead of by SMS,
 * each once; a WhatsApp message that fails for good is followed by one SMS of its step; the Cloud API's webhook
 * records each status once and never backwards, and refuses what Meta did not sign without ever answering 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { staffOrder, startFulfilmentApp, takeStep } from './staff-orders-fixtures';
import type { LogSmsProvider } from '../../server/services/messages/sms';
import { LogWhatsappProvider, WhatsappRefused, whatsappSignatureOf, type WhatsappProvider } from '../../server/services/messages/whatsapp';
import { deliverMessage, type Senders } from '../../server/services/messages/worker';
import type { components } from '../../openapi/schema';

type StaffMessage = components['schemas']['StaffMessage'];

const APP_SECRET = 'whatsapp-app-secret-for-tests';
const VERIFY_TOKEN = 'verify-token-for-tests';

interface OutboxRow extends Record<string, unknown> {
  id: string;
  idempotency_key: string;
  channel: string;
  template: string;
  recipient: string;
  status: string;
  provider_message_id: string | null;
  delivery: string | null;
  last_error: string | null;
}

describe.each(backends)('WhatsApp on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let mobiles = 0;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend, {
      messages: {
        smtpUrl: undefined,
        catcher: false,
        catcherPort: 0,
        from: 'Gut360 Health <care@gut360.example>',
        signingSecret: 'a-secret-for-these-tests',
        retryDelaySeconds: 1,
        sms: { provider: 'log' },
        whatsapp: { provider: 'log', verifyToken: VERIFY_TOKEN, appSecret: APP_SECRET, language: 'en' },
        queueSchema: 'pgboss',
      },
    });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const outbox = (orderId: string) =>
    app().db.query<OutboxRow>(
      `SELECT id, idempotency_key, channel, template, recipient, status, provider_message_id, delivery, last_error
       FROM outbound_messages WHERE order_id = $1 AND channel <> 'email' ORDER BY created_at, id`,
      [orderId],
    );
  const whatsappLog = () => app().jobs.senders.whatsapp as LogWhatsappProvider;
  const smsLog = () => app().jobs.senders.sms as LogSmsProvider;
  const sendQueued = async (orderId: string, senders: Senders = app().jobs.senders) => {
    const rows = await app().db.query<{ id: string }>(`SELECT id FROM outbound_messages WHERE order_id = $1 AND status IN ('queued', 'sending')`, [orderId]);
    for (const row of rows) await deliverMessage(senders, row.id).catch(() => {});
  };
  const consent = async (customer: Customer, purpose: 'sms' | 'whatsapp', granted: boolean) => {
    const response = await app().inject({ method: 'PUT', url: `/api/privacy/consents/${purpose}`, headers: customer.auth, payload: { granted } });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  /** A paid order of a customer with a mobile number of their own and the given consents. */
  const customerWith = async (...purposes: Array<'sms' | 'whatsapp'>) => {
    const paid = await paidCustomer(app());
    mobiles += 1;
    const mobile = `+9198${String(Date.now() % 1_000_000).padStart(6, '0')}${String(mobiles).padStart(2, '0')}`;
    await app().db.query('UPDATE users SET phone = $2 WHERE id = $1', [paid.customer.userId, mobile]);
    for (const purpose of purposes) await consent(paid.customer, purpose, true);
    return { ...paid, mobile };
  };
  const walk = async (orderId: string) => {
    await takeStep(app(), admin, orderId, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}IN` });
    await takeStep(app(), admin, orderId, { step: 'deliver' });
    const kit = (await staffOrder(app(), admin, orderId)).kits[0]!;
    await app().db.query(`UPDATE kits SET state = 'activated', activated_at = now() WHERE id = $1`, [kit._id]);
    await takeStep(app(), admin, orderId, { step: 'receiveSample' });
    await takeStep(app(), admin, orderId, { step: 'publishReport', reportUrl: 'https://journey.example.test/report/7' });
  };

  const notification = (statuses: Array<{ id: string; status: string; timestamp?: string; errors?: unknown[] }>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                statuses: statuses.map((status) => ({ recipient_id: '919800000000', timestamp: '1750263773', ...status })),
              },
            },
          ],
        },
      ],
    });
  const postWebhook = (body: string, signature: string | null = whatsappSignatureOf(body, APP_SECRET)) =>
    app().inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-hub-signature-256': signature }) },
      payload: body,
    });

  it('a person who chose WhatsApp gets each step of the journey there, once, and no SMS', async () => {
    const { order, mobile } = await customerWith('sms', 'whatsapp');
    await walk(order._id);
    // A step taken again (a retried request, a webhook after staff) queues nothing more.
    const kitIds = (await staffOrder(app(), admin, order._id)).kits.map((kit) => kit._id);
    await app().db.transaction((tx) => app().messages.journeyStep(tx, order._id, 'ship', kitIds));
    const rows = await outbox(order._id);
    expect(rows.map((row) => [row.channel, row.template, row.recipient])).toEqual([
      ['whatsapp', 'kit-shipped', mobile],
      ['whatsapp', 'kit-delivered', mobile],
      ['whatsapp', 'sample-received', mobile],
      ['whatsapp', 'report-ready', mobile],
    ]);
    expect(rows.every((row) => row.idempotency_key.endsWith(':whatsapp'))).toBe(true);

    await sendQueued(order._id);
    const sent = whatsappLog()
      .entries()
      .filter((entry) => entry.to === mobile);
    expect(sent.map((entry) => entry.template).sort()).toEqual(['kit_delivered', 'kit_shipped', 'report_ready', 'sample_received']);
    const shipped = sent.find((entry) => entry.template === 'kit_shipped')!;
    expect(shipped).toMatchObject({ language: 'en', params: ['Test', expect.any(String), 'Blue Dart', expect.stringMatching(/\/user\/orders$/)] });
    expect(sent.find((entry) => entry.template === 'report_ready')!.params).toEqual(['Test', expect.any(String), 'https://journey.example.test/report/7']);
    expect(smsLog().entries().filter((entry) => entry.to === mobile)).toEqual([]);
    // WhatsApp's id is kept, by which the webhook finds the message.
    for (const row of await outbox(order._id)) expect(row).toMatchObject({ status: 'sent', provider_message_id: expect.stringMatching(/^wamid\./), delivery: null });

    const listed = expectContract<{ items: StaffMessage[] }>(
      await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/messages`, headers: admin.auth }),
      'listOrderMessages',
      200,
    ).items.filter((message) => message.channel === 'whatsapp');
    expect(listed).toHaveLength(4);
    expect(listed.every((message) => message.delivery === null)).toBe(true);
  });

  it('the shipped message links the courier’s tracking page when the parcel was booked through the courier service', async () => {
    const { order, mobile } = await customerWith('whatsapp');
    const kitIds = (await staffOrder(app(), admin, order._id)).kits.map((kit) => kit._id);
    const awb = `AWB${Date.now()}`;
    await app().db.query(
      `INSERT INTO shipments (order_id, direction, kit_ids, provider, reference, state, awb, courier, tracking_url, booked_at)
       VALUES ($1, 'forward', $2::text[], 'test', $3, 'booked', $4, 'Blue Dart', $5, now())`,
      [order._id, kitIds, `REF-${awb}`, awb, `https://track.example.test/${awb}`],
    );
    await app().db.transaction(async (tx) => {
      await tx.query(`UPDATE kits SET courier = 'Blue Dart', tracking_number = $2 WHERE id = ANY($1::text[])`, [kitIds, awb]);
      await app().messages.journeyStep(tx, order._id, 'ship', kitIds);
    });
    await sendQueued(order._id);
    const sent = whatsappLog()
      .entries()
      .filter((entry) => entry.to === mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.params).toEqual(['Test', expect.any(String), 'Blue Dart', `https://track.example.test/${awb}`]);
  });

  it('without the WhatsApp consent, the SMS as before with its consent, and nothing without either', async () => {
    const withSms = await customerWith('sms');
    const withNeither = await customerWith();
    await walk(withSms.order._id);
    await walk(withNeither.order._id);
    expect((await outbox(withSms.order._id)).map((row) => [row.channel, row.template])).toEqual([
      ['sms', 'kit-shipped'],
      ['sms', 'report-ready'],
    ]);
    expect(await outbox(withNeither.order._id)).toEqual([]);
  });

  it('a WhatsApp message queued before the consent was withdrawn is not sent, and no SMS replaces it', async () => {
    const { customer, order, mobile } = await customerWith('whatsapp');
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Delhivery', trackingNumber: `DL${Date.now()}` });
    await consent(customer, 'whatsapp', false);
    await sendQueued(order._id);
    const rows = await outbox(order._id);
    expect(rows).toEqual([expect.objectContaining({ channel: 'whatsapp', status: 'failed', last_error: expect.stringContaining('WhatsApp') })]);
    expect(whatsappLog().entries().filter((entry) => entry.to === mobile)).toEqual([]);
  });

  it('a WhatsApp message WhatsApp refuses for good is followed by one SMS of the same step, covered by the WhatsApp consent', async () => {
    const { order, mobile } = await customerWith('whatsapp');
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}R` });
    let tries = 0;
    const refusing: WhatsappProvider = {
      name: 'cloud',
      send: async () => {
        tries += 1;
        throw new WhatsappRefused('WhatsApp refused the message: Message Undeliverable. [131026]', 400, 131026);
      },
    };
    const senders = { ...app().jobs.senders, whatsapp: refusing };
    await sendQueued(order._id, senders);
    await sendQueued(order._id, senders);
    expect(tries).toBe(1);
    const rows = await outbox(order._id);
    expect(rows.map((row) => [row.channel, row.template, row.status, row.idempotency_key.split(':').at(-1)])).toEqual([
      ['whatsapp', 'kit-shipped', 'failed', 'whatsapp'],
      ['sms', 'kit-shipped', 'sent', 'sms-fallback'],
    ]);
    expect(smsLog().entries().filter((entry) => entry.to === mobile)).toHaveLength(1);
  });

  it('a passing refusal is tried again, with no SMS meanwhile', async () => {
    const { order } = await customerWith('whatsapp');
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}P` });
    const busy: WhatsappProvider = {
      name: 'cloud',
      send: async () => {
        throw new WhatsappRefused('WhatsApp refused the message: Rate limit hit [130429]', 429, 130429);
      },
    };
    await sendQueued(order._id, { ...app().jobs.senders, whatsapp: busy });
    expect((await outbox(order._id)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'queued']]);
    await sendQueued(order._id);
    expect((await outbox(order._id)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'sent']]);
  });

  describe('the webhook', () => {
    it('answers Meta’s verification with the challenge, and refuses another token or mode', async () => {
      const query = (mode: string, token: string) => `/api/whatsapp/webhook?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`;
      const ok = await app().inject({ method: 'GET', url: query('subscribe', VERIFY_TOKEN) });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toBe('1158201444');
      for (const url of [query('subscribe', 'guess'), query('unsubscribe', VERIFY_TOKEN), '/api/whatsapp/webhook'])
        expectContract(await app().inject({ method: 'GET', url }), 'verifyWhatsappWebhook', 403);
    });

    it('records each status once and never backwards, whatever the order and however often it comes', async () => {
      const { order } = await customerWith('whatsapp');
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}W` });
      await sendQueued(order._id);
      const [row] = await outbox(order._id);
      const id = row!.provider_message_id!;

      const delivered = notification([{ id, status: 'delivered', timestamp: '1750263780' }]);
      expect(expectContract<{ status: string }>(await postWebhook(delivered), 'whatsappWebhook', 200).status).toBe('processed');
      expect(expectContract<{ status: string }>(await postWebhook(delivered), 'whatsappWebhook', 200).status).toBe('duplicate');
      // `sent` arriving after `delivered` leaves delivered.
      expect((await postWebhook(notification([{ id, status: 'sent', timestamp: '1750263770' }]))).json()).toEqual({ status: 'duplicate' });
      expect((await outbox(order._id))[0]).toMatchObject({ delivery: 'delivered' });
      expect((await postWebhook(notification([{ id, status: 'read', timestamp: '1750263790' }]))).json()).toEqual({ status: 'processed' });
      // Delivered after read, and a failure after read: read stays, and no SMS follows.
      expect((await postWebhook(notification([{ id, status: 'delivered' }, { id, status: 'failed', errors: [{ code: 131026, title: 'x' }] }]))).json()).toEqual({ status: 'duplicate' });
      expect(await outbox(order._id)).toEqual([expect.objectContaining({ channel: 'whatsapp', status: 'sent', delivery: 'read', last_error: null })]);

      const listed = expectContract<{ items: StaffMessage[] }>(
        await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/messages`, headers: admin.auth }),
        'listOrderMessages',
        200,
      ).items.find((message) => message.channel === 'whatsapp');
      expect(listed).toMatchObject({ status: 'sent', delivery: 'read', lastError: null });
    });

    it('a failure reported by the webhook queues one SMS of the step, however often it is reported', async () => {
      const { order, mobile } = await customerWith('whatsapp');
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}F` });
      await sendQueued(order._id);
      const id = (await outbox(order._id))[0]!.provider_message_id!;
      const failed = notification([{ id, status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }]);
      const answers = await Promise.all([postWebhook(failed), postWebhook(failed)]);
      expect(answers.map((answer) => answer.json().status).sort()).toEqual(['duplicate', 'processed']);
      expect((await postWebhook(failed)).json()).toEqual({ status: 'duplicate' });
      await sendQueued(order._id);
      const rows = await outbox(order._id);
      expect(rows.map((row) => [row.channel, row.status, row.delivery])).toEqual([
        ['whatsapp', 'sent', 'failed'],
        ['sms', 'sent', null],
      ]);
      expect(rows[0]!.last_error).toContain('Message undeliverable');
      expect(smsLog().entries().filter((entry) => entry.to === mobile)).toHaveLength(1);
      const listed = expectContract<{ items: StaffMessage[] }>(
        await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/messages`, headers: admin.auth }),
        'listOrderMessages',
        200,
      ).items.find((message) => message.channel === 'whatsapp');
      expect(listed).toMatchObject({ delivery: 'failed', lastError: expect.stringContaining('Message undeliverable') });
    });

    it('refuses what Meta did not sign, ignores ids the shop did not send, and never answers 5xx to a malformed body', async () => {
      const { order } = await customerWith('whatsapp');
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: `BD${Date.now()}X` });
      await sendQueued(order._id);
      const id = (await outbox(order._id))[0]!.provider_message_id!;
      const failed = notification([{ id, status: 'failed' }]);
      for (const signature of [null, 'sha256=', whatsappSignatureOf(failed, 'another-secret'), whatsappSignatureOf(`${failed} `, APP_SECRET), 'md5=abc'])
        expectContract(await postWebhook(failed, signature), 'whatsappWebhook', 401);
      expect(await outbox(order._id)).toEqual([expect.objectContaining({ delivery: null })]);

      const unknown = notification([{ id: 'wamid.never-sent-by-this-shop', status: 'delivered' }]);
      expect(expectContract<{ status: string }>(await postWebhook(unknown), 'whatsappWebhook', 200).status).toBe('ignored');

      for (const body of ['{"object":', '[]', '"text"', JSON.stringify({ object: 'whatsapp_business_account', entry: 'x' }), JSON.stringify({ object: 'whatsapp_business_account', entry: [{ changes: [{ value: { statuses: [{ status: 'read' }] } }] }] })]) {
        const response = await postWebhook(body);
        expect(response.statusCode, body).toBe(400);
      }
      expect(await outbox(order._id)).toEqual([expect.objectContaining({ delivery: null })]);
    });
  });
});
