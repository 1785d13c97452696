/**
 * The shipping providers: Shiprocket against a local stand-in that answers as its API does (the exact requests the
 * shop sends, the ids it keeps, which refusals are final and which are passing), and the built-in test courier.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shippingProviderOf } from '../../server/services/shipping';
import { indianDay, istTime, ShippingRefused, ShippingUnavailable, WebhookRefused, type ShipmentRequest, type ShippingAddress } from '../../server/services/shipping/provider';
import { ShiprocketProvider, shiprocketStatus } from '../../server/services/shipping/shiprocket';
import { TestCourier, testCourierAwb } from '../../server/services/shipping/test-courier';
import { defineConfig } from '../../server/config';
import { startShiprocketStandIn, type ShiprocketStandIn } from '../api/setup/shiprocket-stand-in';

const ACCOUNT = { email: 'api@gut360.example', password: 'shiprocket-password' };
const WEBHOOK_TOKEN = 'shiprocket-webhook-token-0123';
const LAB: ShippingAddress = {
  name: 'Gut360 Microbiome Lab',
  phone: '8040003601',
  email: 'lab@gut360.example',
  line1: 'Plot 14, Bommasandra Industrial Area',
  line2: 'Hosur Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560099',
};
const ASHA: ShippingAddress = {
  name: 'Asha Meera Rao',
  phone: '9876543210',
  email: 'asha@example.test',
  line1: '12, 4th Cross, Indiranagar',
  line2: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin: '560038',
};

function forward(reference = 'GS-1042-1'): ShipmentRequest {
  return {
    direction: 'forward',
    reference,
    orderDate: new Date('2026-11-27T08:30:00Z'),
    address: ASHA,
    items: [{ name: 'Gut 360', sku: 'GUT360', units: 1, price: 1_299_900, hsn: '9018' }],
    parcel: { weightGrams: 400, lengthCm: 20, breadthCm: 15, heightCm: 8 },
  };
}

function sampleReturn(reference = 'GS-1042-1-R1'): ShipmentRequest {
  return { ...forward(reference), direction: 'return', pickupDate: '2026-12-01', items: [{ name: 'Stool sample, Gut 360', sku: 'SAMPLE', units: 1, price: 0, hsn: '9018' }] };
}

let standIn: ShiprocketStandIn;
let provider: ShiprocketProvider;

beforeAll(async () => {
  standIn = await startShiprocketStandIn(ACCOUNT);
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  provider = new ShiprocketProvider({ ...ACCOUNT, pickupLocation: 'Koramangala warehouse', pickupPin: '560034', lab: LAB, webhookToken: WEBHOOK_TOKEN, apiUrl: standIn.url });
});

afterEach(() => {
  standIn.calls.length = 0;
  standIn.shipments.length = 0;
  standIn.unserviceable.clear();
  standIn.failNext(0, 0);
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('Shiprocket: the token', () => {
  it('logs in once and sends the token with every call after', async () => {
    const logins = standIn.logins;
    await provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 });
    await provider.serviceability({ pin: '400001', direction: 'forward', weightGrams: 400 });
    expect(standIn.logins).toBe(logins + 1);
    expect(standIn.calls[0]).toMatchObject({ method: 'POST', path: '/v1/external/auth/login', body: ACCOUNT });
    expect(standIn.calls.slice(1).map((call) => call.authorization)).toEqual([`Bearer token-${logins + 1}`, `Bearer token-${logins + 1}`]);
  });

  it('logs in again when the token has expired and makes the call once more', async () => {
    await provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 });
    standIn.expireTokens();
    const logins = standIn.logins;
    const answer = await provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 });
    expect(answer.serviceable).toBe(true);
    expect(standIn.logins).toBe(logins + 1);
    expect(standIn.calls.map((call) => call.path.split('?')[0])).toEqual([
      '/v1/external/auth/login',
      '/v1/external/courier/serviceability/',
      '/v1/external/courier/serviceability/',
      '/v1/external/auth/login',
      '/v1/external/courier/serviceability/',
    ]);
  });

  it('says a refused login is final: the settings are wrong, trying again will not help', async () => {
    const wrong = new ShiprocketProvider({ ...ACCOUNT, password: 'wrong', pickupLocation: 'Koramangala warehouse', pickupPin: '560034', lab: LAB, webhookToken: WEBHOOK_TOKEN, apiUrl: standIn.url });
    const error = await failure(wrong.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 }));
    expect(error).toBeInstanceOf(ShippingRefused);
    expect(error).toMatchObject({ reason: 'credentials', final: true });
    expect((error as Error).message).toContain('Invalid email and password combination');
  });

  it('shares one login among calls made at the same time', async () => {
    const logins = standIn.logins;
    await Promise.all([1, 2, 3].map(() => provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 })));
    expect(standIn.logins).toBe(logins + 1);
  });
});

describe('Shiprocket: serviceability', () => {
  it('asks from the warehouse to the customer, in kilograms, prepaid, and lists the couriers', async () => {
    const answer = await provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 });
    expect(answer).toEqual({
      serviceable: true,
      couriers: [
        { id: '10', name: 'Delhivery Surface', etaDays: 4 },
        { id: '33', name: 'Xpressbees Surface', etaDays: 3 },
      ],
    });
    expect(standIn.calls.at(-1)?.path).toBe('/v1/external/courier/serviceability/?pickup_postcode=560034&delivery_postcode=560038&weight=0.4&cod=0');
  });

  it('asks a return from the customer to the lab', async () => {
    await provider.serviceability({ pin: '560038', direction: 'return', weightGrams: 200 });
    expect(standIn.calls.at(-1)?.path).toBe('/v1/external/courier/serviceability/?pickup_postcode=560038&delivery_postcode=560099&weight=0.2&cod=0&is_return=1');
  });

  it('says a PIN no courier reaches is not serviceable, with the reason', async () => {
    standIn.unserviceable.add('744101');
    const answer = await provider.serviceability({ pin: '744101', direction: 'forward', weightGrams: 400 });
    expect(answer.serviceable).toBe(false);
    expect(answer.serviceable ? '' : answer.reason).toMatch(/^No courier delivers to PIN 744101\. Shiprocket: Delivery postcode 744101 is not serviceable$/);
  });
});

describe('Shiprocket: booking a shipment', () => {
  it('creates the adhoc order under our reference, assigns the AWB and asks for the pickup, keeping the ids', async () => {
    const booked = await provider.book(forward());
    const [stored] = standIn.shipments;
    expect(booked).toEqual({
      providerOrderId: String(stored?.orderId),
      providerShipmentId: String(stored?.shipmentId),
      awb: stored?.awb,
      courier: 'Xpressbees Surface',
      trackingUrl: `https://shiprocket.co/tracking/${stored?.awb}`,
      pickupDate: '2026-11-30',
    });
    const paths = standIn.calls.filter((call) => call.path !== '/v1/external/auth/login').map((call) => `${call.method} ${call.path}`);
    expect(paths).toEqual(['POST /v1/external/orders/create/adhoc', 'POST /v1/external/courier/assign/awb', 'POST /v1/external/courier/generate/pickup']);
    const order = standIn.calls.find((call) => call.path === '/v1/external/orders/create/adhoc')?.body;
    expect(order).toEqual({
      order_id: 'GS-1042-1',
      order_date: '2026-11-27 14:00',
      pickup_location: 'Koramangala warehouse',
      billing_customer_name: 'Asha',
      billing_last_name: 'Meera Rao',
      billing_address: '12, 4th Cross, Indiranagar',
      billing_address_2: 'Near the metro',
      billing_city: 'Bengaluru',
      billing_pincode: '560038',
      billing_state: 'Karnataka',
      billing_country: 'India',
      billing_email: 'asha@example.test',
      billing_phone: '9876543210',
      shipping_is_billing: true,
      order_items: [{ name: 'Gut 360', sku: 'GUT360', units: 1, selling_price: 12999, hsn: '9018' }],
      payment_method: 'Prepaid',
      sub_total: 12999,
      length: 20,
      breadth: 15,
      height: 8,
      weight: 0.4,
    });
    expect(standIn.calls.find((call) => call.path === '/v1/external/courier/assign/awb')?.body).toEqual({ shipment_id: stored?.shipmentId });
    expect(standIn.calls.find((call) => call.path === '/v1/external/courier/generate/pickup')?.body).toEqual({ shipment_id: [stored?.shipmentId] });
  });

  it('booked again after a lost answer, finds the order, AWB and pickup made the first time: one parcel', async () => {
    const first = await provider.book(forward());
    const again = await provider.book(forward());
    expect(again).toEqual({ ...first, pickupDate: null });
    expect(standIn.shipments).toHaveLength(1);
    expect(standIn.calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /v1/external/orders?search=GS-1042-1');
  });

  it('books a sample’s return from the customer’s door to the lab on the day asked for', async () => {
    const booked = await provider.book(sampleReturn());
    expect(booked.pickupDate).toBe('2026-12-01');
    const order = standIn.calls.find((call) => call.path === '/v1/external/orders/create/return')?.body;
    expect(order).toMatchObject({
      order_id: 'GS-1042-1-R1',
      pickup_customer_name: 'Asha',
      pickup_last_name: 'Meera Rao',
      pickup_pincode: '560038',
      pickup_phone: '9876543210',
      shipping_customer_name: 'Gut360',
      shipping_last_name: 'Microbiome Lab',
      shipping_pincode: '560099',
      shipping_phone: '8040003601',
      payment_method: 'Prepaid',
    });
    expect(standIn.calls.find((call) => call.path === '/v1/external/courier/assign/awb')?.body).toEqual({ shipment_id: standIn.shipments[0]?.shipmentId, is_return: 1 });
    expect(standIn.calls.find((call) => call.path === '/v1/external/courier/generate/pickup')?.body).toEqual({ shipment_id: [standIn.shipments[0]?.shipmentId], pickup_date: ['2026-12-01'] });
  });

  it('refuses a PIN Shiprocket does not serve as final, saying which', async () => {
    standIn.unserviceable.add('560038');
    const error = await failure(provider.book(forward()));
    expect(error).toBeInstanceOf(ShippingRefused);
    expect(error).toMatchObject({ reason: 'notServiceable', final: true, message: 'Shiprocket refused the shipment: Pincode 560038 is not serviceable' });
  });

  it('refuses an order Shiprocket finds invalid as final, with its field’s message', async () => {
    const error = await failure(provider.book({ ...forward(), address: { ...ASHA, email: '' } }));
    expect(error).toMatchObject({ name: 'ShippingRefused', reason: 'invalid', message: 'Shiprocket refused the shipment: The billing_email field is required.' });
  });

  it('says a 5xx, a 429 and no answer at all are passing: the same booking can be tried again', async () => {
    await provider.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 });
    for (const status of [500, 502, 429]) {
      standIn.failNext(status);
      expect(await failure(provider.book(forward(`GS-${status}`)))).toBeInstanceOf(ShippingUnavailable);
    }
    const closed = new ShiprocketProvider({ ...ACCOUNT, pickupLocation: 'x', pickupPin: '560034', lab: LAB, webhookToken: WEBHOOK_TOKEN, apiUrl: 'http://127.0.0.1:9' });
    expect(await failure(closed.book(forward()))).toBeInstanceOf(ShippingUnavailable);
    // A failure between the steps leaves a booking that the next try finishes.
    standIn.failNext(0, 0);
    const done = await provider.book(forward('GS-500'));
    expect(done.awb).toMatch(/^1491\d{10}$/);
  });

  it('prints the label Shiprocket makes, as the PDF itself', async () => {
    const booked = await provider.book(forward());
    const pdf = await provider.label({ providerShipmentId: booked.providerShipmentId });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(standIn.calls.find((call) => call.path === '/v1/external/courier/generate/label')?.body).toEqual({ shipment_id: [Number(booked.providerShipmentId)] });
  });

  it('cancels a shipment before its pickup, and says it cannot once the courier has it', async () => {
    const booked = await provider.book(sampleReturn());
    await provider.cancel(booked);
    expect(standIn.shipments[0]?.cancelled).toBe(true);
    expect(standIn.calls.at(-1)?.body).toEqual({ ids: [Number(booked.providerOrderId)] });
    const second = await provider.book(sampleReturn('GS-1042-1-R2'));
    standIn.shipments[1]!.pickedUp = true;
    expect(await failure(provider.cancel(second))).toMatchObject({ name: 'ShippingRefused', reason: 'notCancellable' });
  });
});

describe('Shiprocket: tracking', () => {
  it('reads the scans of an AWB, oldest first, with their places and times in IST', async () => {
    const booked = await provider.book(forward());
    standIn.shipments[0]!.scans.push(
      { date: '2026-11-28 18:10:52', status: 'PKD', activity: 'Shipment picked up', location: 'Bengaluru_Koramangala', 'sr-status': '42', 'sr-status-label': 'PICKED UP' },
      { date: '2026-11-29 09:02:00', status: 'OFD', activity: 'Out for delivery', location: 'Bengaluru_Indiranagar', 'sr-status': '17', 'sr-status-label': 'OUT FOR DELIVERY' },
    );
    expect(await provider.track(booked.awb)).toEqual({
      awb: booked.awb,
      status: 'outForDelivery',
      at: '2026-11-29T03:32:00Z',
      courier: 'Xpressbees Surface',
      isReturn: false,
      scans: [
        { at: '2026-11-28T12:40:52Z', status: 'pickedUp', activity: 'Shipment picked up', location: 'Bengaluru_Koramangala' },
        { at: '2026-11-29T03:32:00Z', status: 'outForDelivery', activity: 'Out for delivery', location: 'Bengaluru_Indiranagar' },
      ],
    });
    expect(await provider.track('NOSUCHAWB')).toBeNull();
  });
});

describe('Shiprocket: the tracking webhook', () => {
  const body = {
    awb: '149100000010011',
    courier_name: 'Xpressbees Surface',
    current_status: 'DELIVERED',
    current_status_id: 7,
    shipment_status: 'DELIVERED',
    shipment_status_id: 7,
    current_timestamp: '29 11 2026 15:20:11',
    order_id: 'GS-1042-1',
    sr_order_id: 10010,
    etd: '2026-11-30 23:59:59',
    scans: [
      { date: '2026-11-29 15:20:11', status: 'DLVD', activity: 'Delivered', location: 'Bengaluru_Indiranagar', 'sr-status': '7', 'sr-status-label': 'DELIVERED' },
      { date: '2026-11-28 18:10:52', status: 'PKD', activity: 'Shipment picked up', location: 'Bengaluru_Koramangala', 'sr-status': '42', 'sr-status-label': 'PICKED UP' },
    ],
    is_return: 0,
  };

  it('reads a webhook that carries our token', () => {
    const update = provider.readWebhook({ 'x-api-key': WEBHOOK_TOKEN }, body);
    expect(update).toMatchObject({ awb: '149100000010011', status: 'delivered', at: '2026-11-29T09:50:11Z', courier: 'Xpressbees Surface', isReturn: false });
    expect(update.scans.map((scan) => scan.status)).toEqual(['pickedUp', 'delivered']);
  });

  it('refuses a webhook without our token (401) and one that names no AWB or time (400)', () => {
    for (const headers of [{}, { 'x-api-key': 'wrong' }, { 'x-api-key': `${WEBHOOK_TOKEN}x` }, { 'x-api-key': [WEBHOOK_TOKEN, WEBHOOK_TOKEN] }]) {
      expect(() => provider.readWebhook(headers, body)).toThrow(expect.objectContaining({ status: 401 }) as WebhookRefused);
    }
    for (const bad of [null, 'text', [], { ...body, awb: '' }, { ...body, awb: 'a b' }, { ...body, current_timestamp: 'yesterday', scans: [] }]) {
      expect(() => provider.readWebhook({ 'x-api-key': WEBHOOK_TOKEN }, bad)).toThrow(expect.objectContaining({ status: 400 }) as WebhookRefused);
    }
  });

  it('reads a return’s statuses as a return’s: delivered means at the lab, not back at the customer’s', () => {
    const update = provider.readWebhook({ 'x-api-key': WEBHOOK_TOKEN }, { ...body, current_status: 'RETURN PICKED UP', current_status_id: 42, is_return: 1 });
    expect(update).toMatchObject({ status: 'pickedUp', isReturn: true });
  });

  it('puts Shiprocket’s statuses in the shop’s words', () => {
    expect(
      [
        [6, 'SHIPPED'],
        [18, 'IN TRANSIT'],
        [17, 'OUT FOR DELIVERY'],
        [7, 'DELIVERED'],
        [21, 'UNDELIVERED'],
        [9, 'RTO INITIATED'],
        [10, 'RTO DELIVERED'],
        [19, 'OUT FOR PICKUP'],
        [42, 'PICKED UP'],
        [8, 'CANCELED'],
        [999, 'RETURN DELIVERED'],
        [999, 'RETURN OUT FOR PICKUP'],
        [999, 'Something new'],
      ].map(([code, label]) => shiprocketStatus(code, label)),
    ).toEqual(['inTransit', 'inTransit', 'outForDelivery', 'delivered', 'undelivered', 'returningToOrigin', 'returnedToOrigin', 'outForPickup', 'pickedUp', 'cancelled', 'delivered', 'outForPickup', 'other']);
  });
});

describe('times and days in India', () => {
  it('reads a courier’s IST time in either of Shiprocket’s ways of writing it', () => {
    expect(istTime('2026-11-29 15:20:11')).toBe('2026-11-29T09:50:11Z');
    expect(istTime('29 11 2026 15:20:11')).toBe('2026-11-29T09:50:11Z');
    expect(istTime('2026-02-30 10:00:00')).toBeNull();
    expect(istTime('soon')).toBeNull();
  });

  it('counts days in India’s calendar: 20:00 UTC is already tomorrow there', () => {
    expect(indianDay(new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
    expect(indianDay(new Date('2026-11-29T10:00:00Z'), 2)).toBe('2026-12-01');
  });
});

describe('the test courier', () => {
  const courier = new TestCourier(
    { webhookToken: WEBHOOK_TOKEN, warehouse: { name: 'Gut360 Health Private Limited', address: 'Koramangala, Bengaluru 560034' }, labName: LAB.name },
    () => new Date('2026-11-29T10:00:00Z'),
  );

  it('books at once under an AWB made from the reference: booked again, the same parcel', async () => {
    const booked = await courier.book(forward());
    expect(booked).toEqual({
      providerOrderId: 'TCO-GS-1042-1',
      providerShipmentId: `TCS-${booked.awb}`,
      awb: testCourierAwb('GS-1042-1'),
      courier: 'Test Courier',
      trackingUrl: `https://test-courier.example/track/${booked.awb}`,
      pickupDate: '2026-11-30',
    });
    expect(booked.awb).toMatch(/^TC\d{12}$/);
    expect(await courier.book(forward())).toEqual(booked);
    expect((await courier.book(forward('GS-1042-2'))).awb).not.toBe(booked.awb);
    expect((await courier.book(sampleReturn())).pickupDate).toBe('2026-12-01');
  });

  it('does not reach the islands, as couriers do not', async () => {
    expect(await courier.serviceability({ pin: '744101', direction: 'forward', weightGrams: 400 })).toEqual({ serviceable: false, reason: 'No courier delivers to PIN 744101.' });
    expect(await courier.serviceability({ pin: '682555', direction: 'return', weightGrams: 200 })).toEqual({ serviceable: false, reason: 'No courier collects from PIN 682555.' });
    expect((await courier.serviceability({ pin: '560038', direction: 'forward', weightGrams: 400 })).serviceable).toBe(true);
    expect(await failure(courier.book({ ...forward(), address: { ...ASHA, pin: '744101' } }))).toMatchObject({ name: 'ShippingRefused', reason: 'notServiceable' });
  });

  it('prints a real label', async () => {
    const booked = await courier.book(forward());
    const pdf = await courier.label({ ...booked, request: forward() });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
  });

  it('takes webhooks in Shiprocket’s format with its own token', () => {
    expect(courier.readWebhook({ 'x-api-key': WEBHOOK_TOKEN }, { awb: 'TC000000000001', current_status: 'DELIVERED', current_status_id: 7, current_timestamp: '29 11 2026 15:20:11', scans: [] })).toMatchObject({ status: 'delivered' });
    expect(() => courier.readWebhook({}, { awb: 'TC000000000001' })).toThrow(WebhookRefused);
  });
});

describe('choosing the provider', () => {
  it('takes the test courier or Shiprocket as configured, and none when shipments are entered by hand', () => {
    const config = defineConfig();
    expect(shippingProviderOf(config)).toBeNull();
    expect(shippingProviderOf({ ...config, shipping: { provider: 'test', webhookToken: WEBHOOK_TOKEN, lab: LAB } })?.name).toBe('test');
    expect(
      shippingProviderOf({ ...config, shipping: { provider: 'shiprocket', ...ACCOUNT, pickupLocation: 'x', pickupPin: '560034', webhookToken: WEBHOOK_TOKEN, apiUrl: undefined, lab: LAB } })?.name,
    ).toBe('shiprocket');
  });
});
