/**
 * Control characters against the whole contract: for every operation of openapi/openapi.yaml, a NUL byte in each
 * path parameter, each query parameter and each text field of a body built from the operation's schema, sent
 * without a session and with a session of each role the operation admits. No answer may be a 5xx; a session that
 * gets past the access checks must get a 400 in the contract's error shape.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv, loadContract, type Operation } from '../../server/openapi';
import { expectContract } from './contract';
import { ADDRESS, newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type Schema = Record<string, unknown>;

const NUL = 'a\u0000b';

const contract = loadContract();
const ROLES = (contract.schema('Role') as { enum: string[] }).enum;
const isErrorBody = createAjv().compile(contract.schema('Error') as object);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first type a schema allows, reading through `oneOf`/`anyOf`/`allOf` to their first branch. */
function branch(schema: Schema): Schema {
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const branches = schema[key];
    if (Array.isArray(branches) && isSchema(branches[0])) return branch({ ...schema, [key]: undefined, ...branches[0] });
  }
  return schema;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (isSchema(schema.properties)) return 'object';
  return undefined;
}

/** A plausible value for `schema` with every property filled in, so that each text field is there to be replaced. */
function sample(input: Schema): unknown {
  const schema = branch(input);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.entries(isSchema(schema.properties) ? schema.properties : {});
      // A free-form object (the gateway's webhook event) gets one text of its own.
      if (properties.length === 0 && schema.additionalProperties !== false) return { text: 'text' };
      return Object.fromEntries(properties.map(([key, value]) => [key, sample(value as Schema)]));
    }
    case 'array':
      return isSchema(schema.items) ? [sample(schema.items)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'email' ? 'someone@example.test' : schema.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : 'text';
    default:
      return 'text';
  }
}

/** The path of every text in `value`, e.g. `['items', 0, 'sku']`. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => textPaths(item, [...path, index]));
  if (isSchema(value)) return Object.entries(value).flatMap(([key, item]) => textPaths(item, [...path, key]));
  return [];
}

function replaced(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return NUL;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Schema) }) as Record<string | number, unknown>;
  copy[head!] = replaced(copy[head!], rest);
  return copy;
}

interface Probe {
  operation: Operation;
  /** What holds the NUL, e.g. `path id`, `body address.line1`. */
  where: string;
  url: string;
  payload?: unknown;
}

const fill = (path: string, nulIn?: string) => path.replace(/\{([^}]+)\}/g, (_all, name: string) => encodeURIComponent(name === nulIn ? NUL : 'no-such-id'));

function probesOf(operation: Operation): Probe[] {
  const probes: Probe[] = [];
  const body = isSchema(operation.schema.body) ? sample(operation.schema.body) : undefined;
  const baseUrl = fill(operation.path);
  for (const name of Object.keys((operation.schema.params as Schema | undefined)?.properties ?? {})) {
    probes.push({ operation, where: `path ${name}`, url: fill(operation.path, name), payload: body });
  }
  for (const name of Object.keys((operation.schema.querystring as Schema | undefined)?.properties ?? {})) {
    probes.push({ operation, where: `query ${name}`, url: `${baseUrl}?${name}=${encodeURIComponent(NUL)}`, payload: body });
  }
  // Every operation gets one: a query parameter it does not declare must not slip a NUL past either.
  probes.push({ operation, where: 'an undeclared query parameter', url: `${baseUrl}?note=${encodeURIComponent(NUL)}`, payload: body });
  for (const path of textPaths(body)) {
    probes.push({ operation, where: `body ${path.join('.') || '(whole)'}`, url: baseUrl, payload: replaced(body, path) });
  }
  return probes;
}

const probes = [...contract.operations.values()].flatMap(probesOf);

describe.each(backends)('a NUL byte anywhere in a request on %s', (backend) => {
  let testApp: TestApp;
  const app = (): FastifyInstance => testApp.app;
  const sessions = new Map<string, Customer>();
  let requests = 0;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    for (const role of ROLES) sessions.set(role, await newCustomer(app(), role));
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('reaches every operation of the contract, and every text field of each body', () => {
    const reached = new Set(probes.map((probe) => probe.operation.operationId));
    expect([...reached].sort()).toEqual([...contract.operations.keys()].sort());
    expect(probes.map((probe) => `${probe.operation.operationId} ${probe.where}`)).toEqual(
      expect.arrayContaining(['getOrder path id', 'putAddress body line1', 'registerProfile body fullname', 'paymentWebhook body text']),
    );
  });

  it.each(probes.map((probe) => [probe.operation.operationId, probe.where, probe] as const))('%s with a NUL in %s', async (_id, _where, probe) => {
    const { operation, url, payload } = probe;
    const send = (headers: Record<string, string>) =>
      app().inject({
        method: operation.method,
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
        // Each request from its own address, so that per-address rate limits answer for the NUL and not a 429.
        remoteAddress: `10.0.${Math.floor(++requests / 250)}.${requests % 250}`,
      });

    const anonymous = await send({});
    expect(anonymous.statusCode, anonymous.body).toBeLessThan(500);
    expect(isErrorBody(anonymous.json()), anonymous.body).toBe(true);

    const admitted = operation.secured ? (operation.roles ?? ROLES) : [];
    for (const role of admitted) {
      const response = await send(sessions.get(role)!.auth);
      expect(response.statusCode, `${role}: ${response.body}`).toBe(400);
      expect(isErrorBody(response.json()), response.body).toBe(true);
    }
    if (!operation.secured) {
      expect(anonymous.statusCode, anonymous.body).toBe(400);
      expect(isErrorBody(anonymous.json()), anonymous.body).toBe(true);
    }
  });

  it('answers 400 for GET /api/orders/%00, a NUL in an address, in the name given at registration and in a webhook', async () => {
    const { auth } = sessions.get('customer')!;
    const order = await app().inject({ method: 'GET', url: '/api/orders/%00', headers: auth });
    expect(expectContract(order, 'getOrder', 400).fields).toEqual({ id: 'must not contain control characters' });

    const saved = await app().inject({ method: 'PUT', url: '/api/address', headers: auth, payload: { ...ADDRESS, line1: '12 MG\u0000 Road' } });
    expect(expectContract(saved, 'putAddress', 400).fields).toEqual({ line1: 'must not contain control characters' });

    const registration = { idToken: 'x'.repeat(40), fullname: 'Asha\u0000 Rao', phone: '+919876543210' };
    const registered = await app().inject({ method: 'POST', url: '/api/auth/register', payload: registration });
    expect(expectContract(registered, 'registerProfile', 400).fields).toEqual({ fullname: 'must not contain control characters' });

    // The webhook's raw body: a NUL escaped in a JSON text, and one sent as the byte itself.
    for (const payload of ['{"event":"payment.captured\\u0000"}', '{"event":"payment.captured\u0000"}']) {
      const hook = await app().inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'signature', 'x-razorpay-event-id': 'evt_nul' },
        payload,
      });
      expect(isErrorBody(expectContract(hook, 'paymentWebhook', 400)), hook.body).toBe(true);
    }
  });

  // One level past the limit, then 4,000 levels of arrays and of objects: past the depth any walk over a body can take.
  const deepBodies = {
    '65 levels': `${'['.repeat(65)}${']'.repeat(65)}`,
    '4,000 arrays': `${'['.repeat(4000)}${']'.repeat(4000)}`,
    '4,000 objects': `${'{"a":'.repeat(4000)}1${'}'.repeat(4000)}`,
  };
  const bodyOperations = [...contract.operations.values()].filter((operation) => isSchema(operation.schema.body));

  it.each(bodyOperations.map((operation) => [operation.operationId, operation] as const))('%s answers a body nested past 64 levels with 400', async (_id, operation) => {
    const admitted = operation.secured ? (operation.roles ?? ROLES) : [undefined];
    for (const [shape, payload] of Object.entries(deepBodies)) {
      for (const role of [undefined, ...admitted]) {
        const response = await app().inject({
          method: operation.method,
          url: fill(operation.path),
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'signature', ...(role ? sessions.get(role)!.auth : {}) },
          payload,
          remoteAddress: `10.1.${Math.floor(++requests / 250)}.${requests % 250}`,
        });
        expect(response.statusCode, `${shape}, ${role ?? 'no session'}: ${response.body}`).toBeLessThan(500);
        expect(isErrorBody(response.json()), response.body).toBe(true);
        if (role || !operation.secured) {
          expect(response.statusCode, `${shape}, ${role ?? 'no session'}: ${response.body}`).toBe(400);
          expect(response.json().message).toMatch(/nests more than 64 levels/);
        }
      }
    }
  });
});
