/**
 * The contact page's messages: anyone sends one, with field messages for bad input and a limit per client address;
 * admins find, filter and close them, each closing audited; the grievance officer is public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract, expectErrorShape } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type ContactMessage = components['schemas']['ContactMessage'];
type Receipt = components['schemas']['ContactMessageReceipt'];
type MessageList = { items: ContactMessage[]; total: number };

let serial = 0;
/** A client address of its own per test, so that the limit per address is each test's own. */
const freshAddress = () => `10.1.${Math.floor((serial += 1) / 250)}.${serial % 250}`;

const valid = {
  name: 'Asha Menon',
  email: 'Asha.Menon@Example.test',
  mobile: '+91 98765 43210',
  topic: 'kit',
  message: 'My kit arrived without the return envelope. What should I do?',
};

describe.each(backends)('contact messages on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { contactMessagesPerHour: 3 });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const send = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    app().inject({ method: 'POST', url: '/api/contact-messages', payload, remoteAddress });
  const list = async (query = '', who: Customer = admin) =>
    expectContract<MessageList>(
      await app().inject({ method: 'GET', url: `/api/admin/contact-messages${query}`, headers: who.auth }),
      'listContactMessages',
      200,
    );
  const close = (id: string, payload: Record<string, unknown> = {}, who: Customer = admin) =>
    app().inject({ method: 'POST', url: `/api/admin/contact-messages/${id}/close`, headers: who.auth, payload });

  it('keeps a message and answers with its reference', async () => {
    const receipt = expectContract<Receipt>(await send(valid), 'sendContactMessage', 201);
    expect(receipt.reference).toMatch(/^CM-\d{6,}$/);
    const { items } = await list(`?q=${receipt.reference}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      reference: receipt.reference,
      name: 'Asha Menon',
      email: 'asha.menon@example.test',
      mobile: '+919876543210',
      topic: 'kit',
      status: 'open',
      closedAt: null,
    });
  });

  it('takes a message without a mobile number', async () => {
    const { mobile: _left, ...withoutMobile } = valid;
    const receipt = expectContract<Receipt>(await send({ ...withoutMobile, mobile: ' ' }), 'sendContactMessage', 201);
    expect((await list(`?q=${receipt.reference}`)).items[0]?.mobile).toBeNull();
  });

  it.each([
    ['name', { name: 'A' }],
    ['email', { email: 'not-an-address' }],
    ['mobile', { mobile: '12345' }],
    ['topic', { topic: 'complaint' }],
    ['message', { message: 'Hi' }],
    ['message', { message: 'x'.repeat(3001) }],
  ])('refuses a bad %s with a message for that field', async (field, change) => {
    const body = expectErrorShape(await send({ ...valid, ...change }), 400);
    expect(Object.keys(body.fields ?? {})).toContain(field);
  });

  it('refuses unknown fields and a client-chosen status', async () => {
    expectErrorShape(await send({ ...valid, status: 'closed' }), 400);
  });

  it('limits the messages of one client address per hour', async () => {
    const address = freshAddress();
    for (let sent = 0; sent < 3; sent += 1) expect((await send(valid, address)).statusCode).toBe(201);
    const refused = expectErrorShape(await send(valid, address), 429);
    expect(refused.message).toContain('Please wait a while');
    expect((await send(valid)).statusCode).toBe(201);
  });

  it('lets only admins read and close messages', async () => {
    const customer = await newCustomer(app());
    const doctor = await newCustomer(app(), 'doctor');
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/contact-messages' }), 401);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/contact-messages', headers: customer.auth }), 403);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/contact-messages', headers: doctor.auth }), 403);
    const { items } = await list('?limit=1');
    expectErrorShape(await close(items[0]!._id, {}, doctor), 403);
  });

  it('finds messages by words, filters them by status and topic, and pages them newest first', async () => {
    const word = `zebrafish${Date.now()}`;
    await send({ ...valid, topic: 'report', message: `A question about my report and the ${word} in it.` });
    await send({ ...valid, topic: 'order', message: `Another question, about an order and a ${word}.` });
    const found = await list(`?q=${word}`);
    expect(found.total).toBe(2);
    expect(found.items.map((item) => item.topic)).toEqual(['order', 'report']);
    expect((await list(`?q=${word}&topic=report`)).items.map((item) => item.topic)).toEqual(['report']);
    expect((await list(`?q=${word}&sort=receivedAt&limit=1`)).items[0]?.topic).toBe('report');
    expect((await list(`?q=${word}&limit=1&offset=1`)).items).toHaveLength(1);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/contact-messages?sort=name', headers: admin.auth }), 400);
    expectErrorShape(await app().inject({ method: 'GET', url: '/api/admin/contact-messages?limit=101', headers: admin.auth }), 400);
  });

  it('closes a message once, with the note and who closed it, and audits it', async () => {
    const { reference } = expectContract<Receipt>(await send(valid), 'sendContactMessage', 201);
    const [open] = (await list(`?q=${reference}`)).items;
    const closed = expectContract<{ message: ContactMessage }>(
      await close(open!._id, { note: '  Sent a new envelope by courier.  ' }),
      'closeContactMessage',
      200,
    ).message;
    expect(closed).toMatchObject({ status: 'closed', closedBy: 'Test Buyer', closingNote: 'Sent a new envelope by courier.' });
    expect(closed.closedAt).not.toBeNull();
    expect((await list(`?q=${reference}&status=open`)).total).toBe(0);
    expect((await list(`?q=${reference}&status=closed`)).total).toBe(1);
    expect(expectErrorShape(await close(open!._id), 409).code).toBe('CONTACT_MESSAGE_CLOSED');
    expectErrorShape(await close('no-such-message'), 404);
    const audit = await app().db.query<{ action: string; actor_user_id: string; after: Record<string, unknown> }>(
      `SELECT action, actor_user_id, after FROM audit_log WHERE entity = 'contact_message' AND entity_id = $1`,
      [open!._id],
    );
    expect(audit).toEqual([{ action: 'contact_message.closed', actor_user_id: admin.userId, after: { status: 'closed', note: 'Sent a new envelope by courier.' } }]);
  });

  it('names the grievance officer to anyone', async () => {
    const { grievance } = expectContract<{ grievance: components['schemas']['GrievanceContact'] }>(
      await app().inject({ method: 'GET', url: '/api/privacy/grievance-officer' }),
      'getGrievanceOfficer',
      200,
    );
    expect(grievance).toEqual({ ...app().config.grievanceOfficer, respondWithinDays: app().config.erasureDueDays });
  });
});
