/**
 * A local stand-in for the part of Razorpay's HTTP API the server calls through the official SDK: creating an order
 * (POST /v1/orders) and fetching a payment (GET /v1/payments/:id), with Razorpay's basic authentication by key id
 * and key secret, and Razorpay's error shape. A test plays the checkout widget by adding the payment it made.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
}

export interface StandInPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface RazorpayStandIn {
  /** The API's address, for RAZORPAY_API_URL. */
  url: string;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  /** Every call, as method and path. */
  calls: string[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const failure = (description: string) => ({ error: { code: 'BAD_REQUEST_ERROR', description } });

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startRazorpayStandIn(keys: { keyId: string; keySecret: string }): Promise<RazorpayStandIn> {
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const calls: string[] = [];
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    calls.push(`${request.method} ${path}`);
    if (request.headers.authorization !== authorization) {
      send(response, 401, failure('Authentication failed'));
      return;
    }
    if (request.method === 'POST' && path === '/v1/orders') {
      void jsonBody(request).then((body) => {
        const order = { id: `order_${randomBytes(7).toString('hex')}`, amount: Number(body.amount), currency: String(body.currency), receipt: String(body.receipt) };
        orders.set(order.id, order);
        send(response, 200, { ...order, entity: 'order', amount_paid: 0, amount_due: order.amount, status: 'created', attempts: 0 });
      });
      return;
    }
    const payment = request.method === 'GET' ? /^\/v1\/payments\/([^/]+)$/.exec(path) : null;
    if (payment) {
      const known = payments.get(decodeURIComponent(payment[1]!));
      if (known) send(response, 200, { ...known, entity: 'payment', method: 'upi', captured: known.status === 'captured' });
      else send(response, 400, failure('The id provided does not exist'));
      return;
    }
    send(response, 404, failure('The requested URL was not found on the server.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    payments,
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
