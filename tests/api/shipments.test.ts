/**
 * Shipping an order through the courier aggregator, on both databases: staff book the parcel (the delivery PIN
 * checked first), the kits ship under the courier's AWB and the customer is told once, the label is a PDF, and the
 * courier's tracking webhook then delivers the kits on its own. Replayed, reordered and forged webhooks change nothing
 * and never answer 5xx; a booking interrupted by the provider's silence is finished by the next try, not repeated.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { COURIER_TOKEN, ISLANDS, LAB, TEST_COURIER, trackingUpdate } from './courier-fixtures';
import { ADDRESS, newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { startShiprocketStandIn, type ShiprocketStandIn } from './setup/shiprocket-stand-in';
import { refund, staffOrder, startFulfilmentApp, takeStep, type StaffOrder } from './staff-orders-fixtures';

type Problem = { code: string; message: string };

const TOKEN = COURIER_TOKEN;
const IN_TRANSIT: [number, string] = [18, 'IN TRANSIT'];
const OUT_FOR_DELIVERY: [number, string] = [17, 'OUT FOR DELIVERY'];
const DELIVERED: [number, string] = [7, 'DELIVERED'];

describe.each(backends)('shipping through the courier on %s', (backend) => {
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

  const book = (orderId: string, payload: Record<string, unknown> = {}, who: Customer | null = admin) =>
    app().inject({ method: 'POST', url: `/api/admin/orders/${orderId}/shipments`, headers: who?.auth ?? {}, payload });
  const webhook = (body: unknown, token: string | null = TOKEN) =>
    app().inject({ method: 'POST', url: '/api/shipping/webhook', headers: token === null ? {} : { 'x-api-key': token }, payload: body as Record<string, unknown> });
  const outbox = (orderId: string, template: string) =>
    app().db.query<{ idempotency_key: string }>("SELECT idempotency_key FROM outbound_messages WHERE order_id = $1 AND template = $2 AND channel = 'email'", [orderId, template]);
  const booked = async (codes = ['PROD-G360']) => {
    const { customer, order } = await paidCustomer(app(), codes);
    const staff = expectContract<{ order: StaffOrder }>(await book(order._id), 'bookShipment', 200).order;
    return { customer, order, staff, awb: staff.shipments[0]!.awb };
  };

  it('answers 401 without a session and 403 to anyone but an admin', async () => {
    const { customer, order } = await paidCustomer(app(), ['PROD-G360']);
    const doctor = await newCustomer(app(), 'doctor');
    expectContract(await book(order._id, {}, null), 'bookShipment', 401);
    expectContract(await book(order._id, {}, customer), 'bookShipment', 403);
    expectContract(await book(order._id, {}, doctor), 'bookShipment', 403);
    expect((await staffOrder(app(), admin, order._id)).kits[0]!.state).toBe('paid');
  });

  it('books the parcel: the kits ship under the courier’s AWB, the customer is told once, and the label prints', async () => {
    const { customer, order, staff, awb } = await booked(['PROD-G3G-LITE', 'PROD-G360']);
    expect(staff.courierBooking).toBe(true);
    // The customer's kits and order link the courier's tracking page.
    const trackingUrl = `https://test-courier.example/track/${awb}`;
    const kits = expectContract<{ kits: Array<{ shipment: unknown }> }>(await app().inject({ method: 'GET', url: '/api/kits', headers: customer.auth }), 'listKits', 200).kits;
    expect(kits.map((kit) => kit.shipment)).toEqual([
      { courier: 'Test Courier', trackingNumber: awb, trackingUrl },
      { courier: 'Test Courier', trackingNumber: awb, trackingUrl },
    ]);
    const orders = expectContract<{ orders: Array<{ _id: string; shipments: Array<{ kits: string[] }> }> }>(
      await app().inject({ method: 'GET', url: '/api/orders', headers: customer.auth }),
      'listOrders',
      200,
    ).orders;
    const parcels = orders.find((one) => one._id === order._id)!.shipments;
    expect(parcels.map((parcel) => ({ ...parcel, kits: [...parcel.kits].sort() }))).toEqual([{ courier: 'Test Courier', trackingNumber: awb, trackingUrl, kits: ['Gut 360', 'Gut Start'] }]);
    expect(awb).toMatch(/^TC\d{12}$/);
    expect(staff.shipments).toEqual([
      {
        _id: expect.any(String),
        direction: 'forward',
        kitIds: staff.kits.map((kit) => kit._id),
        provider: 'test',
        courier: 'Test Courier',
        awb,
        trackingUrl: `https://test-courier.example/track/${awb}`,
        pickupDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        status: 'booked',
        statusAt: null,
        bookedAt: expect.any(String),
        scans: [],
      },
    ]);
    expect(staff.kits.map((kit) => [kit.state, kit.shipment])).toEqual([
      ['shipped', { courier: 'Test Courier', trackingNumber: awb }],
      ['shipped', { courier: 'Test Courier', trackingNumber: awb }],
    ]);
    expect(staff.audit.slice(0, 2).map((entry) => entry.action)).toEqual(['order.shipped', 'order.shipmentBooked']);
    expect(await outbox(order._id, 'kit-shipped')).toHaveLength(1);
    const label = await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/shipments/${staff.shipments[0]!._id}/label`, headers: admin.auth });
    expect(expectContractFile(label, 'getShipmentLabel', 200).subarray(0, 5).toString()).toBe('%PDF-');
    expect(label.headers['content-disposition']).toBe(`attachment; filename="label-${awb}.pdf"`);
    // Nothing is left to ship: a second press books nothing.
    const again = expectContract<Problem>(await book(order._id), 'bookShipment', 409);
    expect(again).toMatchObject({ code: 'JOURNEY_STEP_NOT_ALLOWED', message: 'Nothing in this order is waiting to be shipped.' });
    expect((await staffOrder(app(), admin, order._id)).shipments).toHaveLength(1);
  });

  it('refuses a PIN no courier reaches with the reason, changing nothing; staff can still ship it by hand', async () => {
    const { order } = await paidCustomer(app(), ['PROD-G360'], { address: ISLANDS });
    const refused = expectContract<Problem>(await book(order._id), 'bookShipment', 409);
    expect(refused).toEqual({
      code: 'NOT_SERVICEABLE',
      message: 'No courier delivers to PIN 744101. Ship this parcel with another courier and enter its tracking number by hand.',
    });
    const after = await staffOrder(app(), admin, order._id);
    expect([after.kits[0]!.state, after.shipments]).toEqual(['paid', []]);
    const byHand = await takeStep(app(), admin, order._id, { step: 'ship', courier: 'India Post', trackingNumber: 'EE123456789IN' });
    expect(byHand.kits[0]!.state).toBe('shipped');
  });

  it('says which kits cannot ship, and a label of another order’s parcel is not found', async () => {
    const { order, staff } = await booked();
    const other = await paidCustomer(app(), ['PROD-G360']);
    expectContract(await book(other.order._id, { kitIds: ['no-such-kit'] }), 'bookShipment', 404);
    const named = expectContract<Problem>(await book(order._id, { kitIds: [staff.kits[0]!._id] }), 'bookShipment', 409);
    expect(named.message).toMatch(/^This cannot be shipped: Gut 360 \(.+\) is shipped\.$/);
    const label = await app().inject({ method: 'GET', url: `/api/admin/orders/${other.order._id}/shipments/${staff.shipments[0]!._id}/label`, headers: admin.auth });
    expectContract(label, 'getShipmentLabel', 404);
  });

  describe('the courier’s tracking webhook', () => {
    it('refuses a webhook without our token and one it cannot read, changing nothing', async () => {
      const { order, awb } = await booked();
      expectContract(await webhook(trackingUpdate(awb, DELIVERED, '2026-11-29 15:20:11'), null), 'shippingWebhook', 401);
      expectContract(await webhook(trackingUpdate(awb, DELIVERED, '2026-11-29 15:20:11'), 'forged-token'), 'shippingWebhook', 401);
      expectContract(await webhook({ awb: '', current_status: 'DELIVERED' }), 'shippingWebhook', 400);
      expectContract(await webhook({ awb, current_status: 'DELIVERED', current_timestamp: 'today' }), 'shippingWebhook', 400);
      expectContract(await webhook([1, 2, 3]), 'shippingWebhook', 400);
      const after = await staffOrder(app(), admin, order._id);
      expect([after.kits[0]!.state, after.shipments[0]!.status, after.shipments[0]!.scans]).toEqual(['shipped', 'booked', []]);
    });

    it('ignores, and answers 200 for, a parcel the shop did not book', async () => {
      const answer = await webhook(trackingUpdate('TC999999999999', DELIVERED, '2026-11-29 15:20:11'));
      expect(expectContract(answer, 'shippingWebhook', 200)).toEqual({ status: 'ignored' });
    });

    it('tells the customer where a shipped kit is, by the courier’s last scan', async () => {
      const { customer, awb } = await booked();
      const kitShipment = async () =>
        expectContract<{ kits: Array<{ shipment: Record<string, unknown> | null }> }>(await app().inject({ method: 'GET', url: '/api/kits', headers: customer.auth }), 'listKits', 200).kits[0]!
          .shipment;
      expect(await kitShipment()).not.toHaveProperty('status');
      await webhook(trackingUpdate(awb, OUT_FOR_DELIVERY, '2026-11-29 09:02:00'));
      expect(await kitShipment()).toMatchObject({ status: 'outForDelivery', statusAt: '2026-11-29T03:32:00.000Z' });
    });

    it('moves the parcel along its scans and delivers the kits once, however often and in whatever order the updates come', async () => {
      const { order, awb } = await booked(['PROD-G3G-LITE', 'PROD-G360']);
      const inTransit = trackingUpdate(awb, IN_TRANSIT, '2026-11-28 18:10:52');
      const outForDelivery = trackingUpdate(awb, OUT_FOR_DELIVERY, '2026-11-29 09:02:00');
      const delivered = trackingUpdate(awb, DELIVERED, '2026-11-29 15:20:11');
      expect(expectContract(await webhook(inTransit), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
      expect(expectContract(await webhook(inTransit), 'shippingWebhook', 200)).toEqual({ status: 'duplicate' });
      // Delivered arrives before out for delivery, and then again.
      expect(expectContract(await webhook(delivered), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
      expect(expectContract(await webhook(outForDelivery), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
      expect(expectContract(await webhook(delivered), 'shippingWebhook', 200)).toEqual({ status: 'duplicate' });
      const after = await staffOrder(app(), admin, order._id);
      expect(after.kits.map((kit) => kit.state)).toEqual(['delivered', 'delivered']);
      expect(after.kits[0]!.timeline.map((step) => step.state)).toEqual(['ordered', 'paid', 'shipped', 'delivered']);
      expect(after.shipments[0]).toMatchObject({ status: 'delivered', statusAt: '2026-11-29T09:50:11.000Z' });
      expect(after.shipments[0]!.scans.map((scan) => [scan.status, scan.at, scan.location])).toEqual([
        ['inTransit', '2026-11-28T12:40:52.000Z', 'Bengaluru Hub'],
        ['outForDelivery', '2026-11-29T03:32:00.000Z', 'Bengaluru Hub'],
        ['delivered', '2026-11-29T09:50:11.000Z', 'Bengaluru Hub'],
      ]);
      expect(await outbox(order._id, 'kit-delivered')).toHaveLength(1);
      expect(after.audit.filter((entry) => entry.action === 'order.delivered')).toHaveLength(1);
    });

    it('leaves a kit the journey has moved past where it is: refunded stays refunded, activated stays activated', async () => {
      const { order, awb } = await booked();
      const kit = (await staffOrder(app(), admin, order._id)).kits[0]!;
      expect((await refund(app(), admin, order._id, { kitIds: [kit._id], reason: 'Customer changed their mind' })).statusCode).toBe(201);
      expect(expectContract(await webhook(trackingUpdate(awb, DELIVERED, '2026-11-29 15:20:11')), 'shippingWebhook', 200)).toEqual({ status: 'processed' });
      const after = await staffOrder(app(), admin, order._id);
      expect([after.kits[0]!.state, after.shipments[0]!.status]).toEqual(['refunded', 'delivered']);
      expect(await outbox(order._id, 'kit-delivered')).toHaveLength(0);
    });
  });
});

describe.each(backends)('shipping through Shiprocket on %s', (backend) => {
  let testApp: TestApp;
  let standIn: ShiprocketStandIn;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    standIn = await startShiprocketStandIn({ email: 'api@gut360.example', password: 'secret' });
    testApp = await startFulfilmentApp(backend, {
      shipping: { provider: 'shiprocket', email: 'api@gut360.example', password: 'secret', pickupLocation: 'Koramangala', pickupPin: '560034', webhookToken: TOKEN, apiUrl: standIn.url, lab: LAB },
    });
    admin = await newCustomer(app(), 'admin');
  });
  afterEach(() => {
    standIn.failNext(0, 0);
  });
  afterAll(async () => {
    await testApp?.close({ expected: /^POST \/api\/admin\/orders\/[^/]+\/shipments → 503$/ });
    await standIn?.close();
  });

  const book = (orderId: string) => app().inject({ method: 'POST', url: `/api/admin/orders/${orderId}/shipments`, headers: admin.auth, payload: {} });

  it('books through Shiprocket under the order’s reference, with the label Shiprocket makes', async () => {
    const { order } = await paidCustomer(app(), ['PROD-G360']);
    const staff = expectContract<{ order: StaffOrder }>(await book(order._id), 'bookShipment', 200).order;
    const sent = standIn.shipments.find((shipment) => shipment.awb === staff.shipments[0]!.awb);
    expect(sent?.reference).toBe(`${order.number}-S1`);
    expect(sent?.body).toMatchObject({ billing_pincode: ADDRESS.pincode, billing_phone: ADDRESS.phone, pickup_location: 'Koramangala', sub_total: order.price / 100 });
    expect(staff.kits[0]!.shipment).toEqual({ courier: 'Xpressbees Surface', trackingNumber: sent?.awb });
    expect(staff.shipments[0]!.trackingUrl).toBe(`https://shiprocket.co/tracking/${sent?.awb}`);
    const label = await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}/shipments/${staff.shipments[0]!._id}/label`, headers: admin.auth });
    expect(expectContractFile(label, 'getShipmentLabel', 200).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('says when Shiprocket does not answer, ships nothing, and the next try finishes the same booking', async () => {
    const { order } = await paidCustomer(app(), ['PROD-G360']);
    const atShiprocket = () => standIn.shipments.filter((shipment) => shipment.reference.startsWith(`${order.number}-`));
    // The order is made at Shiprocket, then the AWB call fails: the parcel exists there, not yet in the shop.
    standIn.failNext(502, 1, '/v1/external/courier/assign/awb');
    const unavailable = expectContract<Problem>(await book(order._id), 'bookShipment', 503);
    expect(unavailable).toEqual({ code: 'SHIPPING_UNAVAILABLE', message: 'The courier service did not answer. Nothing was shipped; please try again in a moment.' });
    expect(atShiprocket()).toHaveLength(1);
    const waiting = await staffOrder(app(), admin, order._id);
    expect([waiting.kits[0]!.state, waiting.shipments]).toEqual(['paid', []]);
    const retried = expectContract<{ order: StaffOrder }>(await book(order._id), 'bookShipment', 200).order;
    expect(retried.kits[0]!.state).toBe('shipped');
    expect(atShiprocket()).toHaveLength(1);
    expect(retried.shipments.map((shipment) => shipment.awb)).toEqual([atShiprocket()[0]!.awb]);
  });

  it('refuses a PIN Shiprocket does not serve, with its reason', async () => {
    standIn.unserviceable.add('744101');
    const { order } = await paidCustomer(app(), ['PROD-G360'], { address: ISLANDS });
    const refused = expectContract<Problem>(await book(order._id), 'bookShipment', 409);
    expect(refused.code).toBe('NOT_SERVICEABLE');
    expect(refused.message).toContain('No courier delivers to PIN 744101.');
  });
});

describe('shipping without a courier service', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startFulfilmentApp('pglite');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('offers no booking, and refuses tracking webhooks', async () => {
    const admin = await newCustomer(testApp.app, 'admin');
    const { order } = await paidCustomer(testApp.app, ['PROD-G360']);
    expect((await staffOrder(testApp.app, admin, order._id)).courierBooking).toBe(false);
    const refused = await testApp.app.inject({ method: 'POST', url: `/api/admin/orders/${order._id}/shipments`, headers: admin.auth, payload: {} });
    expect(expectContract<Problem>(refused, 'bookShipment', 409).code).toBe('SHIPPING_NOT_CONFIGURED');
    const hook = await testApp.app.inject({ method: 'POST', url: '/api/shipping/webhook', headers: { 'x-api-key': TOKEN }, payload: trackingUpdate('TC1', DELIVERED, '2026-11-29 15:20:11') });
    expectContract(hook, 'shippingWebhook', 404);
  });
});
