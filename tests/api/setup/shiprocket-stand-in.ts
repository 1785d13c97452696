/**
 * A local stand-in for the part of Shiprocket's API (v1/external) the shop calls, answering as Shiprocket does: the
 * login that gives a token (which the test can make expire), serviceability by PIN code, adhoc and return orders
 * (a second order under the same order id is refused as existing), the orders search, AWB assignment (refused once
 * assigned), the pickup (refused once queued), the label and its PDF, cancelling before pickup, and tracking by AWB
 * from the scans the test adds. A test can also make the next call fail with a status of its choosing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInShipment {
  orderId: number;
  shipmentId: number;
  /** Our reference, Shiprocket's channel order id. */
  reference: string;
  kind: 'adhoc' | 'return';
  body: Record<string, unknown>;
  awb: string | null;
  courier: string | null;
  pickupQueued: boolean;
  pickedUp: boolean;
  cancelled: boolean;
  scans: Array<{ date: string; status: string; activity: string; location: string; 'sr-status': string; 'sr-status-label': string }>;
}

export interface ShiprocketStandIn {
  /** The API's address, for SHIPROCKET_API_URL. */
  url: string;
  shipments: StandInShipment[];
  /** PIN codes no courier reaches. */
  unserviceable: Set<string>;
  /** Every call: method, path with its query, and the JSON body sent. */
  calls: Array<{ method: string; path: string; body: Record<string, unknown> | null; authorization: string | undefined }>;
  /** Logins answered so far. */
  logins: number;
  /** Makes every token given so far answer 401 "Token has expired". */
  expireTokens(): void;
  /** The next `count` calls (login included), or to `path` only, answer `status` with Shiprocket's error shape. */
  failNext(status: number, count?: number, path?: string): void;
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

const ADHOC_REQUIRED = ['order_id', 'order_date', 'pickup_location', 'billing_customer_name', 'billing_address', 'billing_city', 'billing_pincode', 'billing_state', 'billing_country', 'billing_email', 'billing_phone', 'order_items', 'payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight'];
const RETURN_REQUIRED = ['order_id', 'order_date', 'pickup_customer_name', 'pickup_address', 'pickup_city', 'pickup_state', 'pickup_country', 'pickup_pincode', 'pickup_email', 'pickup_phone', 'shipping_customer_name', 'shipping_address', 'shipping_city', 'shipping_country', 'shipping_pincode', 'shipping_state', 'shipping_phone', 'order_items', 'payment_method', 'sub_total', 'length', 'breadth', 'height', 'weight'];

export async function startShiprocketStandIn(account: { email: string; password: string }): Promise<ShiprocketStandIn> {
  const tokens = new Map<string, boolean>();
  const shipments: StandInShipment[] = [];
  const calls: ShiprocketStandIn['calls'] = [];
  const unserviceable = new Set<string>();
  let failures: { status: number; count: number; path: string | undefined } = { status: 0, count: 0, path: undefined };
  let logins = 0;
  let next = 1000;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const path = url.pathname;
      const body = await jsonBody(request).catch(() => null);
      calls.push({ method: request.method ?? '', path: `${path}${url.search}`, body, authorization: request.headers.authorization });
      if (failures.count > 0 && (failures.path === undefined || failures.path === path)) {
        failures.count -= 1;
        send(response, failures.status, { message: 'Something went wrong', status_code: failures.status });
        return;
      }
      if (request.method === 'GET' && path.startsWith('/labels/')) {
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(`%PDF-1.4\n% label ${path}\n%%EOF\n`));
        return;
      }
      if (request.method === 'POST' && path === '/v1/external/auth/login') {
        if (body?.email !== account.email || body?.password !== account.password) {
          send(response, 400, { message: 'Invalid email and password combination', status_code: 400 });
          return;
        }
        logins += 1;
        const token = `token-${logins}`;
        tokens.set(token, true);
        send(response, 200, { id: 7, first_name: 'API', last_name: 'User', email: account.email, company_id: 42, token });
        return;
      }
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token)) {
        send(response, 401, { message: 'Unauthenticated.', status_code: 401 });
        return;
      }
      if (!tokens.get(token)) {
        send(response, 401, { message: 'Token has expired', status_code: 401 });
        return;
      }
      const byShipment = (id: unknown) => shipments.find((shipment) => shipment.shipmentId === Number(id));

      if (request.method === 'GET' && path === '/v1/external/courier/serviceability/') {
        const from = url.searchParams.get('pickup_postcode') ?? '';
        const to = url.searchParams.get('delivery_postcode') ?? '';
        if (!/^\d{6}$/.test(from) || !/^\d{6}$/.test(to) || !url.searchParams.get('weight')) {
          send(response, 422, { message: 'The given data was invalid.', errors: { delivery_postcode: ['The delivery postcode must be 6 digits.'] }, status_code: 422 });
          return;
        }
        if (unserviceable.has(from) || unserviceable.has(to)) {
          send(response, 404, { status: 404, message: `Delivery postcode ${to} is not serviceable` });
          return;
        }
        send(response, 200, {
          status: 200,
          data: {
            available_courier_companies: [
              { courier_company_id: 10, courier_name: 'Delhivery Surface', estimated_delivery_days: '4', etd: '' },
              { courier_company_id: 33, courier_name: 'Xpressbees Surface', estimated_delivery_days: '3', etd: '' },
            ],
            recommended_courier_company_id: 33,
          },
        });
        return;
      }
      if (request.method === 'POST' && (path === '/v1/external/orders/create/adhoc' || path === '/v1/external/orders/create/return')) {
        const kind = path.endsWith('adhoc') ? 'adhoc' : 'return';
        const missing = (kind === 'adhoc' ? ADHOC_REQUIRED : RETURN_REQUIRED).filter((field) => body?.[field] === undefined || body[field] === '');
        if (!body || missing.length > 0) {
          send(response, 422, { message: 'The given data was invalid.', errors: Object.fromEntries(missing.map((field) => [field, [`The ${field} field is required.`]])), status_code: 422 });
          return;
        }
        const reference = String(body.order_id);
        if (shipments.some((shipment) => shipment.reference === reference)) {
          send(response, 422, { message: `Order Id ${reference} already exists`, status_code: 422 });
          return;
        }
        const pin = String(kind === 'adhoc' ? body.billing_pincode : body.pickup_pincode);
        if (unserviceable.has(pin)) {
          send(response, 422, { message: `Pincode ${pin} is not serviceable`, status_code: 422 });
          return;
        }
        next += 1;
        const shipment: StandInShipment = { orderId: next * 10, shipmentId: next * 10 + 1, reference, kind, body, awb: null, courier: null, pickupQueued: false, pickedUp: false, cancelled: false, scans: [] };
        shipments.push(shipment);
        send(response, 200, { order_id: shipment.orderId, shipment_id: shipment.shipmentId, status: kind === 'adhoc' ? 'NEW' : 'RETURN PENDING', status_code: kind === 'adhoc' ? 1 : 21, onboarding_completed_now: 0, awb_code: null, courier_company_id: null, courier_name: null });
        return;
      }
      if (request.method === 'GET' && path === '/v1/external/orders') {
        const search = url.searchParams.get('search') ?? '';
        const found = shipments.filter((shipment) => shipment.reference === search);
        send(response, 200, { data: found.map((shipment) => ({ id: shipment.orderId, channel_order_id: shipment.reference, status: 'NEW', shipments: [{ id: shipment.shipmentId, awb: shipment.awb }] })) });
        return;
      }
      if (request.method === 'POST' && path === '/v1/external/courier/assign/awb') {
        const shipment = byShipment(body?.shipment_id);
        if (!shipment) {
          send(response, 400, { message: 'Invalid shipment id', status_code: 400 });
          return;
        }
        if (shipment.awb) {
          send(response, 200, { awb_assign_status: 0, response: { data: { awb_assign_error: 'AWB is already assigned for this shipment' } } });
          return;
        }
        shipment.awb = `${shipment.kind === 'adhoc' ? '1491' : '1492'}${String(shipment.shipmentId).padStart(10, '0')}`;
        shipment.courier = 'Xpressbees Surface';
        send(response, 200, {
          awb_assign_status: 1,
          response: { data: { courier_company_id: 33, awb_code: shipment.awb, shipment_id: shipment.shipmentId, order_id: shipment.orderId, courier_name: shipment.courier, is_return: shipment.kind === 'return' ? 1 : 0 } },
        });
        return;
      }
      const shipmentPath = /^\/v1\/external\/shipments\/(\d+)$/.exec(path);
      if (request.method === 'GET' && shipmentPath) {
        const shipment = byShipment(shipmentPath[1]);
        if (!shipment) send(response, 404, { message: 'Shipment not found', status_code: 404 });
        else send(response, 200, { data: { id: shipment.shipmentId, order_id: shipment.orderId, awb: shipment.awb, courier: shipment.courier } });
        return;
      }
      if (request.method === 'POST' && path === '/v1/external/courier/generate/pickup') {
        const shipment = byShipment(Array.isArray(body?.shipment_id) ? body.shipment_id[0] : undefined);
        if (!shipment?.awb) {
          send(response, 400, { message: 'AWB not assigned', status_code: 400 });
          return;
        }
        if (shipment.pickupQueued) {
          send(response, 400, { message: 'Already in Pickup Queue.', status_code: 400 });
          return;
        }
        shipment.pickupQueued = true;
        const day = Array.isArray(body?.pickup_date) ? String(body.pickup_date[0]) : '2026-11-30';
        send(response, 200, { pickup_status: 1, response: { pickup_scheduled_date: `${day} 10:00:00`, pickup_token_number: `Reference No: ${shipment.shipmentId}`, status: 3, others: '' } });
        return;
      }
      if (request.method === 'POST' && path === '/v1/external/courier/generate/label') {
        const shipment = byShipment(Array.isArray(body?.shipment_id) ? body.shipment_id[0] : undefined);
        if (!shipment?.awb) {
          send(response, 200, { label_created: 0, response: 'Label could not be generated', not_created: [body?.shipment_id] });
          return;
        }
        send(response, 200, { label_created: 1, label_url: `${standIn.url}/labels/${shipment.shipmentId}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] });
        return;
      }
      if (request.method === 'POST' && path === '/v1/external/orders/cancel') {
        const ids = Array.isArray(body?.ids) ? body.ids.map(Number) : [];
        const found = shipments.filter((shipment) => ids.includes(shipment.orderId));
        if (found.length === 0 || found.some((shipment) => shipment.pickedUp)) {
          send(response, 400, { message: 'Order cannot be cancelled as it has already been picked up', status_code: 400 });
          return;
        }
        for (const shipment of found) shipment.cancelled = true;
        send(response, 200, { status: 200, message: 'Order cancelled successfully' });
        return;
      }
      const trackPath = /^\/v1\/external\/courier\/track\/awb\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && trackPath) {
        const shipment = shipments.find((candidate) => candidate.awb === decodeURIComponent(trackPath[1] ?? ''));
        if (!shipment) {
          send(response, 404, { message: 'Awb not found', status_code: 404 });
          return;
        }
        const last = shipment.scans.at(-1);
        send(response, 200, {
          tracking_data: {
            track_status: 1,
            shipment_status: last ? Number(last['sr-status']) : 52,
            shipment_track: [{ awb_code: shipment.awb, courier_name: shipment.courier, current_status: last?.['sr-status-label'] ?? 'AWB ASSIGNED' }],
            shipment_track_activities: [...shipment.scans].reverse(),
            track_url: `https://shiprocket.co/tracking/${shipment.awb}`,
          },
        });
        return;
      }
      send(response, 404, { message: `No route for ${request.method} ${path}`, status_code: 404 });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: ShiprocketStandIn = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    shipments,
    unserviceable,
    calls,
    get logins() {
      return logins;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, false);
    },
    failNext(status, count = 1, path) {
      failures = { status, count, path };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
