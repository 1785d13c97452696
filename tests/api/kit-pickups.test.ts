/**
 * The courier pickup of a kit's sample, on both databases: booked by the kit's owner once it is activated, for a
 * day offered and an address checked as the checkout checks one (then by the courier service); moved to another day
 * (the courier comes once) or cancelled until the courier has the sample; and carried to the lab by the return's
 * tracking webhook, which receives the sample once, however often or late it comes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract } from './contract';
import { COURIER_TOKEN, ISLANDS, TEST_COURIER, trackingUpdate } from './courier-fixtures';
import { ADDRESS, newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { activate, customerKits, staffOrder, startFulfilmentApp, takeStep } from './staff-orders-fixtures';

type PickupAnswer = components['schemas']['SamplePickupResponse'];
type Problem = { code: string; message: string; fields?: Record<string, string> };

const TOKEN = COURIER_TOKEN;
const returnUpdate = (awb: string, status: [number, string], at: string) => trackingUpdate(awb, status, at, { isReturn: true, location: 'Bengaluru' });

describe.each(backends)('the pickup of a sample on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend, { shipping: TEST_COURIER });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const pickup = (kitId: string, who: Customer) => app().inject({ method: 'GET', url: `/api/kits/${kitId}/pickup`, headers: who.auth });
  const book = (kitId: string, who: Customer, payload: Record<string, unknown>) => app().inject({ method: 'PUT', url: `/api/kits/${kitId}/pickup`, headers: who.auth, payload });
  const cancel = (kitId: string, who: Customer) => app().inject({ method: 'DELETE', url: `/api/kits/${kitId}/pickup`, headers: who.auth });
  const webhook = (body: unknown) => app().inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': TOKEN }, payload: body as Record<string, unknown> });

  /** A customer whose kit has shipped, and, unless told otherwise, is activated. */
  async function kitOf(activated = true) {
    const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
    await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345678' });
    const [kit] = await customerKits(app(), customer);
    if (activated) await activate(app(), customer, (await staffOrder(app(), admin, order._id)).kits[0]!.boxCode);
    return { customer, order, kitId: kit!._id };
  }

  it('is offered once the kit is activated, with six days from tomorrow but Sundays and the delivery address to prefill', async () => {
    const waiting = await kitOf(false);
    const before = expectContract<PickupAnswer>(await pickup(waiting.kitId, waiting.customer), 'getSamplePickup', 200);
    expect(before).toEqual({ pickup: null, bookable: false, reason: 'Activate your kit first; then book the pickup of your sample.', days: [], address: ADDRESS });
    const refused = expectContract<Problem>(await book(waiting.kitId, waiting.customer, { address: ADDRESS, date: '2030-01-02' }), 'bookSamplePickup', 409);
    expect(refused.code).toBe('PICKUP_NOT_ALLOWED');

    const { customer, kitId } = await kitOf();
    const offer = expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200);
    expect(offer).toMatchObject({ pickup: null, bookable: true, reason: null, address: ADDRESS });
    expect(offer.days).toHaveLength(6);
    expect(offer.days.map((day) => new Date(`${day}T00:00:00Z`).getUTCDay())).not.toContain(0);
    expect([...offer.days].sort()).toEqual(offer.days);
    // Another person's kit is not found.
    const stranger = await newCustomer(app());
    expectContract(await pickup(kitId, stranger), 'getSamplePickup', 404);
    expectContract(await book(kitId, stranger, { address: ADDRESS, date: offer.days[0] }), 'bookSamplePickup', 404);
  });

  it('books, moves to another day with the courier coming once, and cancels', async () => {
    const { customer, kitId } = await kitOf();
    const { days } = expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200);
    const home = { ...ADDRESS, line1: '44 Residency Road', line2: 'Flat 3B' };
    const booked = expectContract<PickupAnswer>(await book(kitId, customer, { address: home, date: days[0] }), 'bookSamplePickup', 200);
    expect(booked.pickup).toMatchObject({ state: 'booked', date: days[0], courier: 'Test Courier', address: home, scans: [] });
    expect(booked.pickup?.awb).toMatch(/^TC\d{12}$/);
    const moved = expectContract<PickupAnswer>(await book(kitId, customer, { address: home, date: days[2] }), 'bookSamplePickup', 200);
    expect(moved.pickup).toMatchObject({ state: 'booked', date: days[2] });
    expect(moved.pickup?.awb).not.toBe(booked.pickup?.awb);
    const returns = await app().db.query<{ state: string }>(`SELECT state FROM shipments WHERE direction = 'return' AND $1 = ANY(kit_ids) ORDER BY created_at`, [kitId]);
    expect(returns.map((row) => row.state)).toEqual(['cancelled', 'booked']);
    const cancelled = expectContract<PickupAnswer>(await cancel(kitId, customer), 'cancelSamplePickup', 200);
    expect(cancelled).toMatchObject({ pickup: null, bookable: true });
    expect(expectContract<Problem>(await cancel(kitId, customer), 'cancelSamplePickup', 409)).toEqual({ code: 'PICKUP_NOT_ALLOWED', message: 'No pickup is booked for this sample.' });
    // Each booking is e-mailed once: the first, then the move.
    const mails = await app().db.query<{ payload: { date: string; moved: boolean } }>(
      `SELECT payload FROM outbound_messages WHERE template = 'pickup-booked' AND channel = 'email' AND user_id = $1 ORDER BY created_at`,
      [customer.userId],
    );
    expect(mails.map((mail) => [mail.payload.date, mail.payload.moved])).toEqual([
      [days[0], false],
      [days[2], true],
    ]);
    const audit = await app().db.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'kit' AND entity_id = $1 AND action LIKE 'kit.pickup%' ORDER BY id`, [kitId]);
    expect(audit.map((row) => row.action)).toEqual(['kit.pickupBooked', 'kit.pickupRescheduled', 'kit.pickupCancelled']);
  });

  it('checks the address as the checkout does, the day against those offered, and the PIN with the courier', async () => {
    const { customer, kitId } = await kitOf();
    const { days } = expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200);
    const wrongState = expectContract<Problem>(await book(kitId, customer, { address: { ...ADDRESS, state: 'Kerala' }, date: days[0] }), 'bookSamplePickup', 400);
    expect(Object.keys(wrongState.fields ?? {})).toEqual(['address.pincode']);
    const past = expectContract<Problem>(await book(kitId, customer, { address: ADDRESS, date: '2020-01-01' }), 'bookSamplePickup', 400);
    expect(past.fields).toEqual({ date: 'Choose one of the days offered.' });
    const islands = expectContract<Problem>(await book(kitId, customer, { address: ISLANDS, date: days[0] }), 'bookSamplePickup', 409);
    expect(islands).toEqual({ code: 'NOT_SERVICEABLE', message: 'No courier collects from PIN 744101. Post your sample with the prepaid envelope in the box instead.' });
    expect(expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200).pickup).toBeNull();
  });

  it('carries the sample to the lab by the courier’s updates: no change once collected, received once', async () => {
    const { customer, order, kitId } = await kitOf();
    const { days } = expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200);
    const awb = expectContract<PickupAnswer>(await book(kitId, customer, { address: ADDRESS, date: days[0] }), 'bookSamplePickup', 200).pickup!.awb;
    expect(expectContract(await webhook(returnUpdate(awb, [42, 'RETURN PICKED UP'], '2030-01-02 11:00:00')), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
    const collected = expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200);
    expect(collected).toMatchObject({ bookable: false, reason: 'The courier has your sample: it is on its way to the lab.', pickup: { state: 'inTransit' } });
    expect(expectContract<Problem>(await book(kitId, customer, { address: ADDRESS, date: days[1] }), 'bookSamplePickup', 409).code).toBe('PICKUP_NOT_ALLOWED');
    expect(expectContract<Problem>(await cancel(kitId, customer), 'cancelSamplePickup', 409).code).toBe('PICKUP_NOT_ALLOWED');
    const atLab = returnUpdate(awb, [7, 'RETURN DELIVERED'], '2030-01-03 15:20:00');
    expect(expectContract(await webhook(atLab), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
    expect(expectContract(await webhook(atLab), 'shippingWebhook', 200)).toEqual({ status: 'duplicate' });
    const [kit] = await customerKits(app(), customer);
    expect(kit!.state).toBe('sampleReceived');
    expect(expectContract<PickupAnswer>(await pickup(kitId, customer), 'getSamplePickup', 200)).toMatchObject({ reason: 'The lab has your sample.', pickup: { state: 'atLab' } });
    const sent = await app().db.query("SELECT id FROM outbound_messages WHERE order_id = $1 AND template = 'sample-received' AND channel = 'email'", [order._id]);
    expect(sent).toHaveLength(1);
  });
});

describe.each(backends)('the courier queues of the staff home on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend, { shipping: TEST_COURIER, samplePickupReminderDays: 4 });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const queue = async (id: string) =>
    expectContract<components['schemas']['StaffHome']>(await app().inject({ method: 'GET', url: '/api/staff/home', headers: admin.auth }), 'getStaffHome', 200).queues!.find(
      (entry) => entry.id === id,
    );
  const listed = async (query: string) =>
    expectContract<{ items: Array<{ _id: string }>; total: number }>(
      await app().inject({ method: 'GET', url: `/api/admin/orders?${query}&limit=100`, headers: admin.auth }),
      'listStaffOrders',
      200,
    ).items.map((item) => item._id);

  it('count the parcels stuck with the courier and the samples not booked for pickup, and list their orders', async () => {
    // A parcel the courier could not deliver, one without a scan for days, and one on its way: two are stuck.
    const booked = async () => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
      const staff = expectContract<{ order: components['schemas']['StaffOrder'] }>(
        await app().inject({ method: 'POST', url: `/api/admin/orders/${order._id}/shipments`, headers: admin.auth, payload: {} }),
        'bookShipment',
        200,
      ).order;
      return { customer, order, awb: staff.shipments[0]!.awb };
    };
    const failed = await booked();
    const silent = await booked();
    const moving = await booked();
    await app().inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': TOKEN }, payload: { ...returnUpdate(failed.awb, [21, 'UNDELIVERED'], '2030-01-02 11:00:00'), is_return: 0 } });
    await app().inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': TOKEN }, payload: { ...returnUpdate(moving.awb, [18, 'IN TRANSIT'], '2030-01-02 11:00:00'), is_return: 0 } });
    await app().db.query(`UPDATE shipments SET booked_at = now() - interval '4 days' WHERE awb = $1`, [silent.awb]);
    expect(await queue('stuckParcels')).toEqual({ id: 'stuckParcels', count: 2 });
    expect((await listed('attention=stuckParcels')).sort()).toEqual([failed.order._id, silent.order._id].sort());

    // Kits activated 5 days ago: one with its pickup booked, one without; and one activated today.
    const activatedDaysAgo = async (days: number) => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345678' });
      await activate(app(), customer, (await staffOrder(app(), admin, order._id)).kits[0]!.boxCode);
      await app().db.query(`UPDATE kits SET state_changed_at = now() - $2 * interval '1 day' WHERE order_id = $1`, [order._id, days]);
      return { customer, order, kitId: (await customerKits(app(), customer))[0]!._id };
    };
    const waiting = await activatedDaysAgo(5);
    const bookedPickup = await activatedDaysAgo(5);
    await activatedDaysAgo(0);
    const { days } = expectContract<PickupAnswer>(await pickup(bookedPickup.kitId, bookedPickup.customer), 'getSamplePickup', 200);
    expectContract(await book(bookedPickup.kitId, bookedPickup.customer, { address: ADDRESS, date: days[0] }), 'bookSamplePickup', 200);
    expect(await queue('unbookedPickups')).toEqual({ id: 'unbookedPickups', count: 1, days: 4 });
    expect(await listed('attention=unbookedPickups&kitState=activated&kitStateDays=4')).toEqual([waiting.order._id]);
  });


  it('remind once the holder of a kit activated days ago whose pickup is not booked, and nobody else', async () => {
    const activatedDaysAgo = async (days: number) => {
      const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
      await takeStep(app(), admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345678' });
      await activate(app(), customer, (await staffOrder(app(), admin, order._id)).kits[0]!.boxCode);
      await app().db.query(`UPDATE kits SET state_changed_at = now() - $2 * interval '1 day' WHERE order_id = $1`, [order._id, days]);
      return { customer, kitId: (await customerKits(app(), customer))[0]!._id };
    };
    const late = await activatedDaysAgo(6);
    const booked = await activatedDaysAgo(6);
    const fresh = await activatedDaysAgo(1);
    const { days } = expectContract<PickupAnswer>(await pickup(booked.kitId, booked.customer), 'getSamplePickup', 200);
    expectContract(await book(booked.kitId, booked.customer, { address: ADDRESS, date: days[0] }), 'bookSamplePickup', 200);
    await app().db.transaction((tx) => app().messages.remindPickups(tx, 4));
    expect(await app().db.transaction((tx) => app().messages.remindPickups(tx, 4))).toBe(0);
    const reminded = await app().db.query<{ user_id: string; recipient: string }>(
      `SELECT user_id, recipient FROM outbound_messages WHERE template = 'pickup-reminder' AND user_id = ANY($1)`,
      [[late.customer.userId, booked.customer.userId, fresh.customer.userId]],
    );
    expect(reminded.map((row) => row.user_id)).toEqual([late.customer.userId]);
  });

  const pickup = (kitId: string, who: Customer) => app().inject({ method: 'GET', url: `/api/kits/${kitId}/pickup`, headers: who.auth });
  const book = (kitId: string, who: Customer, payload: Record<string, unknown>) => app().inject({ method: 'PUT', url: `/api/kits/${kitId}/pickup`, headers: who.auth, payload });
});

describe('the pickup of a sample without a courier service', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startFulfilmentApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is not offered, and says to post the sample instead', async () => {
    const admin = await newCustomer(testApp.app, 'admin');
    const { customer, order } = await paidCustomer(testApp.app, ['PROD-G360']);
    const staff = await takeStep(testApp.app, admin, order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345678' });
    await activate(testApp.app, customer, staff.kits[0]!.boxCode);
    const kitId = staff.kits[0]!._id;
    const answer = expectContract<PickupAnswer>(await testApp.app.inject({ method: 'GET', url: `/api/kits/${kitId}/pickup`, headers: customer.auth }), 'getSamplePickup', 200);
    expect(answer).toMatchObject({ bookable: false, reason: 'Pickups cannot be booked online at the moment: post your sample with the prepaid envelope in the box.' });
    const refused = await testApp.app.inject({ method: 'PUT', url: `/api/kits/${kitId}/pickup`, headers: customer.auth, payload: { address: ADDRESS, date: '2030-01-02' } });
    expect(expectContract<Problem>(refused, 'bookSamplePickup', 409).code).toBe('SHIPPING_NOT_CONFIGURED');
  });
});
