/**
 * GET /api/metrics, Prometheus' view of a server: served only when METRICS_TOKEN is set and only to its bearer, in
 * the text exposition format, with each request counted and timed under its route's pattern, the database's
 * statements, the job queue and the outbox read when scraped, payments, refunds, failed sends and the process's
 * own figures. The database not answering leaves its gauges out of a scrape, not the scrape out.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { enqueueMessage, MESSAGE_QUEUE } from '../../server/services/messages/outbox';
import { SAMPLE_MESSAGES } from '../../server/services/messages/samples';
import { deliverMessage, type Senders } from '../../server/services/messages/worker';
import { Metrics } from '../../server/services/metrics';
import { expectContract, expectContractFile } from './contract';
import { newCustomer, orderedCustomer, paidCustomer, startPayment, verify, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { refund, startFulfilmentApp } from './staff-orders-fixtures';

const TOKEN = 'metrics-token-for-the-api-tests-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/y;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/**
 * Parses Prometheus' text format 0.0.4 strictly: every line a HELP, a TYPE (once per family, before its samples)
 * or a sample of a declared family with well-formed labels and a number; fails the test on anything else.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const help = /^# HELP (\S+) .+$/.exec(line);
    if (help) {
      expect(help[1]).toMatch(NAME);
      continue;
    }
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(types.has(type[1]!), `${type[1]} declared twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const [, name, rawLabels = '', rawValue] = sample!;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < rawLabels.length) {
      const label = LABEL.exec(rawLabels);
      expect(label, `malformed labels: ${line}`).not.toBeNull();
      labels[label![1]!] = label![2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    // Go's ParseFloat, which Prometheus reads values with, takes NaN and Inf in any case (prom-client writes `Nan`).
    const special = /^(?:([+-]?)inf(?:inity)?|(nan))$/i.exec(rawValue!);
    const value = special ? (special[2] ? NaN : special[1] === '-' ? -Infinity : Infinity) : Number(rawValue);
    expect(special !== null || (rawValue !== '' && !Number.isNaN(value)), `not a number: ${line}`).toBe(true);
    const family = [...types.entries()].find(([family, kind]) => (SUFFIXES[kind] ?? ['']).some((suffix) => name === `${family}${suffix}`));
    expect(family, `${name} has no TYPE before it`).toBeDefined();
    samples.push({ name: name!, labels, value });
  }
  return { types, samples };
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  expect(matching.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return matching[0]?.value;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function scrape(app: FastifyInstance): Promise<{ types: Map<string, string>; samples: Sample[] }> {
  const response = await app.inject({ method: 'GET', url: '/api/metrics', headers: { ...bearer(TOKEN), 'accept-encoding': 'identity' } });
  expectContractFile(response, 'getMetrics', 200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  return parseExposition(response.body);
}

describe.each(backends)('metrics without METRICS_TOKEN on %s', (backend) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('are not served: 404, as for an endpoint that does not exist, whatever the bearer', async () => {
    for (const headers of [{}, bearer(TOKEN)]) {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(expectContract(response, 'getMetrics', 404)).toEqual({ message: 'There is no such API endpoint.', code: 'NOT_FOUND' });
    }
  });
});

describe.each(backends)('metrics with METRICS_TOKEN on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let customer: Customer;

  beforeAll(async () => {
    // The shop as in production, where a paid kit waits for staff, so that it can be refunded.
    testApp = await startFulfilmentApp(backend, { metricsToken: TOKEN });
    customer = await newCustomer(app());
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each([
    ['no bearer', {}],
    ['another token', bearer(`${TOKEN}x`)],
    ['a prefix of the token', bearer(TOKEN.slice(0, -1))],
    ['the token in another scheme', { authorization: `Basic ${TOKEN}` }],
  ])('refuse %s with 401 in the error shape', async (_what, headers) => {
    const response = await app().inject({ method: 'GET', url: '/api/metrics', headers });
    expect(expectContract(response, 'getMetrics', 401)).toEqual({ message: 'Send the metrics token (METRICS_TOKEN) as the bearer.', code: 'UNAUTHORIZED' });
  });

  it('refuse a person’s session, even an admin’s', async () => {
    const admin = await newCustomer(app(), 'admin');
    expectContract(await app().inject({ method: 'GET', url: '/api/metrics', headers: admin.auth }), 'getMetrics', 401);
  });

  it('count and time each request under its route’s pattern, never its raw address', async () => {
    const before = (await scrape(app())).samples;
    const products = { method: 'GET', route: '/api/products', status: '200' };
    const requestsBefore = valueOf(before, 'gutshop_http_requests_total', products) ?? 0;
    const timedBefore = valueOf(before, 'gutshop_http_request_duration_seconds_count', { method: 'GET', route: '/api/products', status_class: '2xx' }) ?? 0;

    for (let i = 0; i < 3; i++) expect((await app().inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);
    const orderId = `no-such-order-${randomUUID()}`;
    expect((await app().inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: customer.auth })).statusCode).toBe(404);
    const nowhere = `/api/no-such-endpoint/${randomUUID()}`;
    expect((await app().inject({ method: 'GET', url: nowhere })).statusCode).toBe(404);

    const { types, samples } = await scrape(app());
    expect(types.get('gutshop_http_requests_total')).toBe('counter');
    expect(types.get('gutshop_http_request_duration_seconds')).toBe('histogram');
    expect(valueOf(samples, 'gutshop_http_requests_total', products)).toBe(requestsBefore + 3);
    const timed = { method: 'GET', route: '/api/products', status_class: '2xx' };
    expect(valueOf(samples, 'gutshop_http_request_duration_seconds_count', timed)).toBe(timedBefore + 3);
    // Buckets from 5 ms to 5 s, cumulative, and every request within +Inf.
    const buckets = samples.filter((sample) => sample.name === 'gutshop_http_request_duration_seconds_bucket' && sample.labels.route === '/api/products' && sample.labels.status_class === '2xx');
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '+Inf']);
    expect(buckets.map((bucket) => bucket.value)).toEqual([...buckets.map((bucket) => bucket.value)].sort((a, b) => a - b));
    expect(buckets.at(-1)!.value).toBe(timedBefore + 3);
    expect(valueOf(samples, 'gutshop_http_request_duration_seconds_sum', timed)).toBeGreaterThan(0);

    expect(valueOf(samples, 'gutshop_http_requests_total', { method: 'GET', route: '/api/orders/:id', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'gutshop_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const routes = samples.flatMap((sample) => (sample.labels.route === undefined ? [] : [sample.labels.route]));
    expect(routes.filter((route) => route.includes(orderId) || route.includes('no-such-endpoint'))).toEqual([]);
    // No server error was answered, so none is counted.
    expect(samples.filter((sample) => sample.name === 'gutshop_http_server_errors_total')).toEqual([]);
  });

  it('time the database’s statements, and show the pool’s use where there is a pool', async () => {
    const { types, samples } = await scrape(app());
    expect(types.get('gutshop_db_query_duration_seconds')).toBe('histogram');
    expect(valueOf(samples, 'gutshop_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(types.get('gutshop_db_query_errors_total')).toBe('counter');
    if (backend === 'postgres') {
      expect(valueOf(samples, 'gutshop_db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'gutshop_db_pool_idle_clients')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'gutshop_db_pool_waiting_clients')).toBe(0);
    } else {
      // The embedded database is one connection in this process: there is no pool to speak of.
      expect(types.has('gutshop_db_pool_clients')).toBe(false);
    }
  });

  it('count a failed statement as a statement error, not a connection error', async () => {
    const errors = async () => valueOf((await scrape(app())).samples, 'gutshop_db_query_errors_total', { kind: 'statement' }) ?? 0;
    const before = await errors();
    await expect(app().db.query('SELECT * FROM no_such_table')).rejects.toThrow(/no_such_table/);
    expect(await errors()).toBe(before + 1);
  });

  it('read the job queue and the outbox when scraped, zeros included, and count failed sends', async () => {
    const first = (await scrape(app())).samples;
    for (const state of ['created', 'retry', 'active', 'completed', 'cancelled', 'failed']) {
      expect(valueOf(first, 'gutshop_queue_jobs', { queue: MESSAGE_QUEUE, state }), state).toBeGreaterThanOrEqual(0);
      expect(valueOf(first, 'gutshop_queue_jobs', { queue: 'exports.run', state }), state).toBeGreaterThanOrEqual(0);
    }
    const queuedBefore = valueOf(first, 'gutshop_outbox_messages', { status: 'queued' })!;
    const jobsBefore = valueOf(first, 'gutshop_queue_jobs', { queue: MESSAGE_QUEUE, state: 'created' })!;
    expect(valueOf(first, 'gutshop_outbox_messages', { status: 'sending' })).toBeGreaterThanOrEqual(0);

    const id = await app().db.transaction((tx) =>
      enqueueMessage(tx, app().jobs.queue, {
        key: `metrics:${randomUUID()}:email`,
        channel: 'email',
        recipient: 'nobody@example.test',
        content: SAMPLE_MESSAGES[0]!,
      }),
    );
    const queued = (await scrape(app())).samples;
    expect(valueOf(queued, 'gutshop_outbox_messages', { status: 'queued' })).toBe(queuedBefore + 1);
    expect(valueOf(queued, 'gutshop_outbox_oldest_message_age_seconds', { status: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(valueOf(queued, 'gutshop_queue_jobs', { queue: MESSAGE_QUEUE, state: 'created' })).toBe(jobsBefore + 1);

    const failure = { channel: 'email', final: 'true' };
    const failuresBefore = valueOf(queued, 'gutshop_message_send_failures_total', failure) ?? 0;
    const refusing: Senders = {
      ...app().jobs.senders,
      mail: nodemailer.createTransport({
        name: 'refusing',
        version: '1',
        send: (_mail, callback) => callback(Object.assign(new Error('550 5.1.1 No such user'), { responseCode: 550 }), undefined as never),
      }),
    };
    expect(await deliverMessage(refusing, id!)).toBe('failed');
    const sent = (await scrape(app())).samples;
    expect(valueOf(sent, 'gutshop_message_send_failures_total', failure)).toBe(failuresBefore + 1);
    expect(valueOf(sent, 'gutshop_outbox_messages', { status: 'queued' })).toBe(queuedBefore);
  });

  it('count payments and refunds by outcome', async () => {
    const counts = async () => {
      const { samples } = await scrape(app());
      const count = (name: string, outcome: string) => valueOf(samples, name, { outcome }) ?? 0;
      return {
        verified: count('gutshop_payments_total', 'verified'),
        failed: count('gutshop_payments_total', 'failed'),
        rejected: count('gutshop_payments_total', 'rejected'),
        refunded: count('gutshop_refunds_total', 'processed'),
      };
    };
    const before = await counts();

    const { order: paid } = await paidCustomer(app());
    // Another order: the bank declines the first try, then a forged signature is refused.
    const { customer: payer, order } = await orderedCustomer(app());
    const session = await startPayment(app(), payer, order._id);
    const declined = await app().inject({
      method: 'POST',
      url: '/api/payments/test-gateway',
      headers: payer.auth,
      payload: { gatewayOrderId: session.gatewayOrderId, outcome: 'failure' },
    });
    expectContract(declined, 'payWithTestGateway', 402);
    const forged = { razorpay_order_id: session.gatewayOrderId, razorpay_payment_id: 'pay_forged1', razorpay_signature: '0'.repeat(64) };
    expectContract(await verify(app(), payer, forged), 'verifyPayment', 400);
    const admin = await newCustomer(app(), 'admin');
    const refunded = expectContract<{ refund: { status: string } }>(await refund(app(), admin, paid._id, { reason: 'Ordered twice by mistake' }), 'refundOrder', 201);
    expect(refunded.refund.status).toBe('processed');

    expect(await counts()).toEqual({
      verified: before.verified + 1,
      failed: before.failed + 1,
      rejected: before.rejected + 1,
      refunded: before.refunded + 1,
    });
  });

  it('parse as Prometheus’ text format, with the process’s own figures', async () => {
    const { types, samples } = await scrape(app());
    expect(types.get('gutshop_process_resident_memory_bytes')).toBe('gauge');
    expect(types.get('gutshop_process_cpu_seconds_total')).toBe('counter');
    expect(types.get('gutshop_nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(valueOf(samples, 'gutshop_process_resident_memory_bytes')).toBeGreaterThan(0);
    // Every family is the shop's.
    expect([...types.keys()].filter((name) => !name.startsWith('gutshop_'))).toEqual([]);
  });
});

describe('metrics while the database does not answer', () => {
  it('leave the database’s gauges out, keep the rest, and log it once', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const down = {
      kind: 'postgres',
      query: () => Promise.reject(refused),
      exec: () => Promise.reject(refused),
      transaction: () => Promise.reject(refused),
      exclusive: () => Promise.reject(refused),
      close: async () => {},
      poolUse: () => ({ total: 0, idle: 0, waiting: 2 }),
    } satisfies Db;
    const lines: string[] = [];
    const log = { info: (message: string) => lines.push(`info ${message}`), warn: (_object: object, message: string) => lines.push(`warn ${message}`) };
    const metrics = new Metrics({ db: down, queueSchema: 'pgboss', log, exposed: true });
    metrics.request('GET', '/api/cart', 503, 0.002);
    for (let i = 0; i < 3; i++) {
      const { types, samples } = parseExposition(await metrics.text());
      expect(types.get('gutshop_queue_jobs')).toBe('gauge');
      expect(samples.filter((sample) => sample.name.startsWith('gutshop_queue_') || sample.name.startsWith('gutshop_outbox_'))).toEqual([]);
      expect(valueOf(samples, 'gutshop_http_server_errors_total', { method: 'GET', route: '/api/cart' })).toBe(1);
      expect(valueOf(samples, 'gutshop_db_pool_waiting_clients')).toBe(2);
      expect(valueOf(samples, 'gutshop_process_resident_memory_bytes')).toBeGreaterThan(0);
    }
    expect(lines).toEqual([
      'warn metrics: the job queue cannot be read; its gauges are left out until it can',
      'warn metrics: the outbox cannot be read; its gauges are left out until it can',
    ]);
  });
});
