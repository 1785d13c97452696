/**
 * A local stand-in for the part of Razorpay's HTTP API the server calls through the official SDK: creating an order
 * (POST /v1/orders), fetching a payment (GET /v1/payments/:id), refunding one (POST /v1/payments/:id/refund, at most
 * what is left of a captured payment) and listing its refunds (GET /v1/payments/:id/refunds), with Razorpay's basic
 * authentication by key id and key secret, and Razorpay's error shape. A test plays the checkout widget by adding the payment it made.
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

export interface StandInRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
}

export interface RazorpayStandIn {
  /** The API's address, for RAZORPAY_API_URL. */
  url: string;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment>;
  refunds: StandInRefund[];
  /** Called with each refund as it is made, before the answer is sent: where a test sends the refund's webhook. */
  onRefund: ((refund: StandInRefund) => void) | null;
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
  const refunds: StandInRefund[] = [];
  const calls: string[] = [];
  const standIn = { onRefund: null as RazorpayStandIn['onRefund'] };
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
    const refunded = request.method === 'POST' ? /^\/v1\/payments\/([^/]+)\/refund$/.exec(path) : null;
    if (refunded) {
      void jsonBody(request).then((body) => {
        const known = payments.get(decodeURIComponent(refunded[1]!));
        if (!known || known.status !== 'captured') {
          send(response, 400, failure('The payment has not been captured or does not exist'));
          return;
        }
        const left = known.amount - refunds.filter((refund) => refund.payment_id === known.id).reduce((sum, refund) => sum + refund.amount, 0);
        const amount = body.amount === undefined ? left : Number(body.amount);
        if (!(amount >= 100) || amount > left) {
          send(response, 400, failure('The refund amount provided is greater than amount captured'));
          return;
        }
        const refund: StandInRefund = {
          id: `rfnd_${randomBytes(7).toString('hex')}`,
          payment_id: known.id,
          amount,
          currency: known.currency,
          receipt: typeof body.receipt === 'string' ? body.receipt : null,
          notes: (body.notes ?? {}) as Record<string, string>,
          // Normal-speed refunds are pending until the bank has the money; refund.processed follows.
          status: 'pending',
        };
        refunds.push(refund);
        standIn.onRefund?.(refund);
        send(response, 200, { ...refund, entity: 'refund', created_at: Math.floor(Date.now() / 1000), speed_requested: 'normal' });
      });
      return;
    }
    const listed = request.method === 'GET' ? /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path) : null;
    if (listed) {
      const items = refunds.filter((refund) => refund.payment_id === decodeURIComponent(listed[1]!)).map((refund) => ({ ...refund, entity: 'refund' }));
      send(response, 200, { entity: 'collection', count: items.length, items });
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
    refunds,
    get onRefund() {
      return standIn.onRefund;
    },
    set onRefund(hook) {
      standIn.onRefund = hook;
    },
    calls,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
