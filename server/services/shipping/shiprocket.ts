/**
 * Shiprocket's REST API (https://apiv2.shiprocket.in/v1/external): a token from its login call, kept and renewed
 * (it lasts 10 days; an expired one is answered 401, and the call is made once more with a new one); an adhoc order
 * (forward) or a return order (the sample's pickup) under our reference as its order id; an AWB assigned by its choice
 * of courier; the pickup asked for; the label as a PDF; tracking by AWB; and its tracking webhook, which carries the
 * token the shop gave it in an `x-api-key` header.
 *
 * Shiprocket keeps no idempotency key, so our reference is the order id: a create whose answer was lost is refused the
 * second time as a duplicate, and the order made the first time is looked up by it. An AWB already assigned is read
 * back rather than assigned twice.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  indianDay,
  istTime,
  ShippingRefused,
  ShippingUnavailable,
  WebhookRefused,
  type BookedShipment,
  type Serviceability,
  type ShipmentDirection,
  type ShipmentRequest,
  type ShippingAddress,
  type ShippingProvider,
  type TrackingScan,
  type TrackingStatus,
  type TrackingUpdate,
} from './provider';

export interface ShiprocketSettings {
  email: string;
  password: string;
  /** The pickup location's name as added in Shiprocket (Settings → Pickup addresses): the warehouse kits leave from. */
  pickupLocation: string;
  /** Its PIN code, for the serviceability check. */
  pickupPin: string;
  /** Where samples go: the lab's address. */
  lab: ShippingAddress;
  /** The token Shiprocket's webhook sends in `x-api-key` (set on Shiprocket's webhook page). */
  webhookToken: string;
  /** https://apiv2.shiprocket.in unless a stand-in's. */
  apiUrl?: string | undefined;
}

const TIMEOUT_MS = 15_000;
/** Renew the token a day before Shiprocket's 10 days are up. */
const TOKEN_LIFE_MS = 9 * 86_400_000;
const DEFAULT_API_URL = 'https://apiv2.shiprocket.in';

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Shiprocket's message of a refusal: the first of its per-field `errors` when it lists them, else its `message`. */
function messageOf(answer: Json, fallback: string): string {
  const first: unknown = Object.values(record(answer.errors)).flat()[0];
  return text(first) ?? text(answer.message) ?? fallback;
}

/**
 * Shiprocket's shipment status codes (its "sr-status"), in the shop's words. Returns are told by the same codes or by
 * labels of their own ("RETURN PICKED UP"), which `statusOfLabel` reads.
 */
const STATUS_BY_CODE: Readonly<Record<number, TrackingStatus>> = {
  6: 'inTransit', // SHIPPED
  7: 'delivered',
  8: 'cancelled',
  9: 'returningToOrigin', // RTO INITIATED
  10: 'returnedToOrigin', // RTO DELIVERED
  12: 'lost',
  13: 'booked', // PICKUP ERROR: the courier will try again
  15: 'booked', // PICKUP RESCHEDULED
  17: 'outForDelivery',
  18: 'inTransit',
  19: 'outForPickup',
  20: 'booked', // PICKUP EXCEPTION
  21: 'undelivered',
  22: 'inTransit', // DELAYED
  38: 'inTransit', // REACHED AT DESTINATION HUB
  42: 'pickedUp',
  45: 'cancelled', // CANCELLED BEFORE DISPATCHED
  46: 'returningToOrigin', // RTO IN TRANSIT
  52: 'booked', // SHIPMENT BOOKED
};

const STATUS_BY_LABEL: ReadonlyArray<[RegExp, TrackingStatus]> = [
  [/RTO.*DELIVERED/, 'returnedToOrigin'],
  [/RTO/, 'returningToOrigin'],
  [/UNDELIVERED/, 'undelivered'],
  [/OUT FOR DELIVERY/, 'outForDelivery'],
  [/DELIVERED/, 'delivered'],
  [/OUT FOR PICKUP/, 'outForPickup'],
  [/PICKED UP/, 'pickedUp'],
  [/CANCEL/, 'cancelled'],
  [/LOST/, 'lost'],
  [/IN TRANSIT|SHIPPED|REACHED|DELAYED/, 'inTransit'],
  [/PICKUP|BOOKED|MANIFEST|AWB ASSIGNED/, 'booked'],
];

export function shiprocketStatus(code: unknown, label: unknown): TrackingStatus {
  const number = typeof code === 'number' ? code : typeof code === 'string' && /^\d+$/.test(code) ? Number(code) : NaN;
  const name = (text(label) ?? '').toUpperCase().replace(/[_-]+/g, ' ');
  // A return's labels say RETURN; its codes are a forward parcel's, which would read "delivered" as at the customer.
  if (!name.startsWith('RETURN') && STATUS_BY_CODE[number]) return STATUS_BY_CODE[number];
  return STATUS_BY_LABEL.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
}

function scanOf(raw: unknown): TrackingScan | null {
  const scan = record(raw);
  const at = istTime(text(scan.date) ?? '');
  if (!at) return null;
  return {
    at,
    status: shiprocketStatus(scan['sr-status'], scan['sr-status-label'] ?? scan.status),
    activity: text(scan.activity) ?? text(scan['sr-status-label']) ?? '',
    location: text(scan.location),
  };
}

function scansOf(raw: unknown): TrackingScan[] {
  const scans = (Array.isArray(raw) ? raw : []).map(scanOf).filter((scan): scan is TrackingScan => scan !== null);
  return scans.sort((a, b) => a.at.localeCompare(b.at));
}

/** Shiprocket's webhook body, in the shop's words; the test courier sends the same. */
export function readShiprocketWebhook(body: unknown): TrackingUpdate {
  const update = record(body);
  const awb = text(update.awb);
  if (!awb || !/^[A-Za-z0-9-]{4,40}$/.test(awb)) throw new WebhookRefused('The webhook names no AWB.', 400);
  const scans = scansOf(update.scans);
  const at = istTime(text(update.current_timestamp) ?? '') ?? scans.at(-1)?.at;
  if (!at) throw new WebhookRefused('The webhook says no time.', 400);
  return {
    awb,
    status: shiprocketStatus(update.current_status_id ?? update.shipment_status_id, update.current_status ?? update.shipment_status),
    at,
    courier: text(update.courier_name),
    isReturn: update.is_return === 1 || update.is_return === true || update.is_return === '1',
    scans,
  };
}

/** Whether the `x-api-key` header holds `token`, compared in constant time. */
export function webhookTokenMatches(headers: Readonly<Record<string, string | string[] | undefined>>, token: string): boolean {
  const given = headers['x-api-key'];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** "Asha Rao" → first "Asha", last "Rao": Shiprocket asks for the two apart. */
function nameParts(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/);
  return { first: words[0] ?? name, last: words.slice(1).join(' ') };
}

function orderDate(date: Date): string {
  return `${indianDay(date)} ${new Date(date.getTime() + 5.5 * 3_600_000).toISOString().slice(11, 16)}`;
}

export class ShiprocketProvider implements ShippingProvider {
  readonly name = 'shiprocket' as const;
  private readonly apiUrl: string;
  #token: { value: string; until: number } | undefined;
  #login: Promise<string> | undefined;

  constructor(
    private readonly settings: ShiprocketSettings,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.apiUrl = (settings.apiUrl ?? DEFAULT_API_URL).replace(/\/+$/, '');
  }

  trackingUrl(awb: string): string {
    return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
  }

  async serviceability({ pin, direction, weightGrams }: { pin: string; direction: ShipmentDirection; weightGrams: number }): Promise<Serviceability> {
    const from = direction === 'forward' ? this.settings.pickupPin : pin;
    const to = direction === 'forward' ? pin : this.settings.lab.pin;
    const query = new URLSearchParams({ pickup_postcode: from, delivery_postcode: to, weight: String(weightGrams / 1000), cod: '0' });
    if (direction === 'return') query.set('is_return', '1');
    const { status, answer } = await this.call('GET', `/v1/external/courier/serviceability/?${query}`, undefined, { allow: [404, 422] });
    const couriers = (Array.isArray(record(answer.data).available_courier_companies) ? (record(answer.data).available_courier_companies as unknown[]) : [])
      .map(record)
      .map((courier) => ({
        id: text(courier.courier_company_id) ?? '',
        name: text(courier.courier_name) ?? 'Courier',
        etaDays: typeof courier.estimated_delivery_days === 'number' ? courier.estimated_delivery_days : Number(courier.estimated_delivery_days) || null,
      }))
      .filter((courier) => courier.id !== '');
    if (status !== 200 || couriers.length === 0) {
      const reason = direction === 'forward' ? `No courier delivers to PIN ${pin}.` : `No courier collects from PIN ${pin}.`;
      return { serviceable: false, reason: status === 200 ? reason : `${reason} Shiprocket: ${messageOf(answer, 'not serviceable')}` };
    }
    return { serviceable: true, couriers };
  }

  async book(request: ShipmentRequest): Promise<BookedShipment> {
    const order = await this.createOrder(request);
    const { awb, courier } = await this.assignAwb(order.shipmentId, request.direction);
    const pickupDate = await this.askPickup(order.shipmentId, request.pickupDate);
    return { providerOrderId: order.orderId, providerShipmentId: order.shipmentId, awb, courier, trackingUrl: this.trackingUrl(awb), pickupDate };
  }

  async label({ providerShipmentId }: { providerShipmentId: string }): Promise<Buffer> {
    const { answer } = await this.call('POST', '/v1/external/courier/generate/label', { shipment_id: [Number(providerShipmentId)] });
    const url = text(answer.label_url);
    if (answer.label_created !== 1 || !url) throw new ShippingRefused(`Shiprocket made no label: ${messageOf(answer, 'no label')}`, 'other');
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
      throw new ShippingUnavailable(`The label could not be fetched: ${String(error)}`);
    });
    if (!response.ok) throw new ShippingUnavailable(`The label could not be fetched: ${response.status}.`);
    return Buffer.from(await response.arrayBuffer());
  }

  async cancel({ providerOrderId }: { providerOrderId: string; awb: string }): Promise<void> {
    const { status, answer } = await this.call('POST', '/v1/external/orders/cancel', { ids: [Number(providerOrderId)] }, { allow: [400, 422] });
    if (status !== 200) throw new ShippingRefused(`Shiprocket did not cancel the shipment: ${messageOf(answer, 'refused')}`, 'notCancellable');
  }

  async track(awb: string): Promise<TrackingUpdate | null> {
    const { status, answer } = await this.call('GET', `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`, undefined, { allow: [404] });
    if (status === 404) return null;
    const data = record(answer.tracking_data);
    const scans = scansOf(data.shipment_track_activities);
    const track = record(Array.isArray(data.shipment_track) ? data.shipment_track[0] : undefined);
    const last = scans.at(-1);
    if (!last && data.shipment_status === undefined) return null;
    return {
      awb,
      status: last?.status ?? shiprocketStatus(data.shipment_status, track.current_status),
      at: last?.at ?? this.now().toISOString(),
      courier: text(track.courier_name),
      isReturn: false,
      scans,
    };
  }

  readWebhook(headers: Readonly<Record<string, string | string[] | undefined>>, body: unknown): TrackingUpdate {
    if (!webhookTokenMatches(headers, this.settings.webhookToken)) throw new WebhookRefused('The webhook does not carry our token.', 401);
    return readShiprocketWebhook(body);
  }

  /** The adhoc (forward) or return order; a duplicate of our reference is the one made before, looked up. */
  private async createOrder(request: ShipmentRequest): Promise<{ orderId: string; shipmentId: string }> {
    const path = request.direction === 'forward' ? '/v1/external/orders/create/adhoc' : '/v1/external/orders/create/return';
    const { status, answer } = await this.call('POST', path, this.orderBody(request), { allow: [422] });
    const orderId = text(answer.order_id);
    const shipmentId = text(answer.shipment_id);
    if (status === 200 && orderId && shipmentId) return { orderId, shipmentId };
    const message = messageOf(answer, 'the order was refused');
    if (status === 422 && /already exist|duplicate/i.test(message)) {
      const earlier = await this.findOrder(request.reference);
      if (earlier) return earlier;
    }
    throw new ShippingRefused(`Shiprocket refused the shipment: ${message}`, /pincode|postcode|serviceab/i.test(message) ? 'notServiceable' : 'invalid');
  }

  private async findOrder(reference: string): Promise<{ orderId: string; shipmentId: string } | null> {
    const { answer } = await this.call('GET', `/v1/external/orders?${new URLSearchParams({ search: reference })}`);
    for (const raw of Array.isArray(answer.data) ? answer.data : []) {
      const order = record(raw);
      const shipment = record(Array.isArray(order.shipments) ? order.shipments[0] : order.shipments);
      const orderId = text(order.id);
      const shipmentId = text(shipment.id);
      if (text(order.channel_order_id) === reference && orderId && shipmentId) return { orderId, shipmentId };
    }
    return null;
  }

  private async assignAwb(shipmentId: string, direction: ShipmentDirection): Promise<{ awb: string; courier: string }> {
    const body: Json = { shipment_id: Number(shipmentId) };
    if (direction === 'return') body.is_return = 1;
    const { answer } = await this.call('POST', '/v1/external/courier/assign/awb', body, { allow: [400, 422] });
    const data = record(record(answer.response).data);
    const awb = text(data.awb_code);
    if (answer.awb_assign_status === 1 && awb) return { awb, courier: text(data.courier_name) ?? 'Courier' };
    const error = text(data.awb_assign_error) ?? messageOf(answer, 'no AWB was assigned');
    if (/already assigned/i.test(error)) {
      const { answer: shipment } = await this.call('GET', `/v1/external/shipments/${encodeURIComponent(shipmentId)}`);
      const earlier = record(shipment.data);
      const earlierAwb = text(earlier.awb) ?? text(earlier.awb_code);
      if (earlierAwb) return { awb: earlierAwb, courier: text(earlier.courier) ?? text(earlier.courier_name) ?? 'Courier' };
    }
    throw new ShippingRefused(`Shiprocket assigned no AWB: ${error}`, /serviceab/i.test(error) ? 'notServiceable' : 'other');
  }

  private async askPickup(shipmentId: string, pickupDate: string | undefined): Promise<string | null> {
    const body: Json = { shipment_id: [Number(shipmentId)] };
    if (pickupDate) body.pickup_date = [pickupDate];
    const { status, answer } = await this.call('POST', '/v1/external/courier/generate/pickup', body, { allow: [400, 422] });
    const response = record(answer.response);
    const scheduled = text(response.pickup_scheduled_date);
    if (status === 200 && answer.pickup_status === 1) return scheduled ? scheduled.slice(0, 10) : (pickupDate ?? null);
    const message = messageOf(answer, 'no pickup was booked');
    // Asked again after a lost answer: the pickup stands.
    if (/already in pickup queue|already (been )?scheduled/i.test(message)) return pickupDate ?? null;
    throw new ShippingRefused(`Shiprocket booked no pickup: ${message}`, 'other');
  }

  private orderBody(request: ShipmentRequest): Json {
    const items = request.items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      selling_price: rupees(item.price),
      hsn: item.hsn,
    }));
    const subTotal = rupees(request.items.reduce((sum, item) => sum + item.price * item.units, 0));
    const parcel = {
      length: request.parcel.lengthCm,
      breadth: request.parcel.breadthCm,
      height: request.parcel.heightCm,
      weight: request.parcel.weightGrams / 1000,
    };
    const person = request.address;
    const { first, last } = nameParts(person.name);
    if (request.direction === 'forward') {
      return {
        order_id: request.reference,
        order_date: orderDate(request.orderDate),
        pickup_location: this.settings.pickupLocation,
        billing_customer_name: first,
        billing_last_name: last,
        billing_address: person.line1,
        billing_address_2: person.line2,
        billing_city: person.city,
        billing_pincode: person.pin,
        billing_state: person.state,
        billing_country: 'India',
        billing_email: person.email,
        billing_phone: person.phone,
        shipping_is_billing: true,
        order_items: items,
        payment_method: 'Prepaid',
        sub_total: subTotal,
        ...parcel,
      };
    }
    const lab = this.settings.lab;
    const labName = nameParts(lab.name);
    return {
      order_id: request.reference,
      order_date: orderDate(request.orderDate),
      pickup_customer_name: first,
      pickup_last_name: last,
      pickup_address: person.line1,
      pickup_address_2: person.line2,
      pickup_city: person.city,
      pickup_state: person.state,
      pickup_country: 'India',
      pickup_pincode: person.pin,
      pickup_email: person.email,
      pickup_phone: person.phone,
      shipping_customer_name: labName.first,
      shipping_last_name: labName.last,
      shipping_address: lab.line1,
      shipping_address_2: lab.line2,
      shipping_city: lab.city,
      shipping_state: lab.state,
      shipping_country: 'India',
      shipping_pincode: lab.pin,
      shipping_email: lab.email,
      shipping_phone: lab.phone,
      order_items: items,
      payment_method: 'Prepaid',
      sub_total: subTotal,
      ...parcel,
    };
  }

  /** The token, logged in for once when there is none or it is about to end; logins at the same time share one. */
  private async token(renew = false): Promise<string> {
    if (!renew && this.#token && this.#token.until > this.now().getTime()) return this.#token.value;
    this.#login ??= this.login().finally(() => {
      this.#login = undefined;
    });
    return this.#login;
  }

  private async login(): Promise<string> {
    const response = await this.send('POST', '/v1/external/auth/login', undefined, { email: this.settings.email, password: this.settings.password });
    const answer = record(await response.json().catch(() => ({})));
    const token = text(answer.token);
    if (response.ok && token) {
      this.#token = { value: token, until: this.now().getTime() + TOKEN_LIFE_MS };
      return token;
    }
    if (response.status === 429 || response.status >= 500) throw new ShippingUnavailable(`Shiprocket's login did not answer: ${response.status}.`);
    throw new ShippingRefused(`Shiprocket refused the shop's login: ${messageOf(answer, String(response.status))}`, 'credentials');
  }

  private async send(method: 'GET' | 'POST', path: string, token: string | undefined, body?: Json): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    try {
      return await fetch(`${this.apiUrl}${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : null,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ShippingUnavailable(`Shiprocket did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * One call with the token; a 401 (the token ended early, or was revoked) logs in again and tries once more. A 2xx
   * or an `allow`ed status is answered; 429 and 5xx are ShippingUnavailable; any other refusal is final.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    { allow = [] }: { allow?: number[] } = {},
  ): Promise<{ status: number; answer: Json }> {
    let response = await this.send(method, path, await this.token(), body);
    if (response.status === 401) response = await this.send(method, path, await this.token(true), body);
    const answer = record(await response.json().catch(() => ({})));
    if (response.ok) return { status: 200, answer };
    if (allow.includes(response.status)) return { status: response.status, answer };
    if (response.status === 429 || response.status >= 500) throw new ShippingUnavailable(`Shiprocket could not answer now: ${response.status}.`);
    throw new ShippingRefused(`Shiprocket refused ${method} ${path.split('?')[0]}: ${messageOf(answer, String(response.status))}`, response.status === 401 ? 'credentials' : 'other');
  }
}
