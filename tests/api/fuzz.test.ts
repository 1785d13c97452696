/**
 * Control characters against the whole contract: for every operation of openapi/openapi.yaml, a NUL byte in each
 * path parameter, each query parameter and each text field of a body built from the operation's schema, sent
 * without a session and with a session of each role the operation admits. No answer may be a 5xx; a session that
 * gets past the access checks must get a 400 in the contract's error shape. Then bodies nested past 64 levels; very
 * large, negative and non-numeric values in every number of a query string or a body (the lists' limits and offsets,
 * the exports' filters); and Unicode's edge cases (bidi overrides, zero-width characters, a byte-order mark, combining
 * marks, a lone surrogate, 10,000 characters) in every text of every body, with a scan of what was stored: no C0 or C1
 * control character anywhere, and no invisible formatting character in a code, an e-mail address or an id.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractValidatorCompiler, createAjv, loadContract, type Operation } from '../../server/openapi';
import { expectContract } from './contract';
import { ADDRESS, newCustomer, type Customer } from './orders-fixtures';
import { signUp } from './setup/emulator';
import { backends, startTestApp, type TestApp } from './setup/app';

type Schema = Record<string, unknown>;

const NUL = 'a\u0000b';

/** Six capitals and digits, for codes that must not repeat. */
const randomCode = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();

const contract = loadContract();
const ROLES = (contract.schema('Role') as { enum: string[] }).enum;
const isErrorBody = createAjv().compile(contract.schema('Error') as object);

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A valid text for each format the contract uses, so that a body's other fields pass while one of them is probed. */
const FORMATTED: Record<string, string> = {
  email: 'someone@example.test',
  uuid: '00000000-0000-4000-8000-000000000000',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  uri: 'https://example.test/',
};

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
      return typeof schema.format === 'string' && schema.format in FORMATTED ? FORMATTED[schema.format] : 'text';
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

/** Very large, negative, zero and not numbers at all, as a query string carries them. */
const LARGE_TEXTS = ['2147483648', '9007199254740992', '1e308', '-1', '0', '999999999999999999999', 'NaN', '1e9999'];
/** The same as JSON numbers (1e9999 parses as Infinity), and a number sent as a text. */
const LARGE_JSON = ['2147483648', '9007199254740992', '1e308', '-1', '0', '999999999999999999999', '1e9999', '"NaN"'];

/** The server's own validators: what they refuse must be answered with a 400 before any work. */
const validatorOf = contractValidatorCompiler();
const compiled = (operation: Operation, httpPart: 'querystring' | 'body') =>
  validatorOf({ schema: operation.schema[httpPart] as object, httpPart, method: operation.method, url: operation.path }) as (data: unknown) => boolean;

const isNumeric = (schema: Schema) => ['integer', 'number'].includes(typeOf(branch(schema)) ?? '');

/** The number parameters of an operation's query string (limit, offset, year, kitStateDays, …) and their schemas. */
function numberParameters(operation: Operation): [string, Schema][] {
  const properties = (operation.schema.querystring as Schema | undefined)?.properties;
  return Object.entries(isSchema(properties) ? properties : {}).filter((entry): entry is [string, Schema] => isSchema(entry[1]) && isNumeric(entry[1]));
}

const pagedOperations = [...contract.operations.values()].filter((operation) => numberParameters(operation).length > 0);

/** The schema of each property, read through `oneOf`/`anyOf`/`allOf` to their first branch. */
const propertiesOf = (schema: Schema): Record<string, Schema> => {
  const properties = branch(schema).properties;
  return isSchema(properties) ? (properties as Record<string, Schema>) : {};
};

/** A value for `schema` with only its required properties: other fields stay out of the way of the one probed. */
function minimal(input: Schema): unknown {
  const schema = branch(input);
  if (typeOf(schema) !== 'object') return sample(schema);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const properties = propertiesOf(schema);
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) return { text: 'text' };
  return Object.fromEntries(required.filter((key) => properties[key]).map((key) => [key, minimal(properties[key]!)]));
}

type Path = (string | number)[];

/** The path of every number a body of `schema` can hold, arrays through their first item. */
function numberPaths(input: Schema, path: Path = [], depth = 0): Path[] {
  const schema = branch(input);
  if (depth > 8) return [];
  if (isNumeric(schema)) return [path];
  if (typeOf(schema) === 'array' && isSchema(schema.items)) return numberPaths(schema.items, [...path, 0], depth + 1);
  return Object.entries(propertiesOf(schema)).flatMap(([key, value]) => numberPaths(value, [...path, key], depth + 1));
}

/** `value` with `leaf` at `path`, missing objects and arrays on the way made from `schema` with their required fields. */
function withLeaf(value: unknown, schema: Schema, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const inner = branch(schema);
  const child = typeof head === 'number' ? (inner.items as Schema) : propertiesOf(inner)[head!]!;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Schema) }) as Record<string | number, unknown>;
  copy[head!] = withLeaf(copy[head!] ?? minimal(child), child, rest, leaf);
  return copy;
}

const NUMBER_MARK = '__number__';
const bodyNumberOperations = [...contract.operations.values()].filter(
  (operation) => isSchema(operation.schema.body) && numberPaths(operation.schema.body as Schema).length > 0,
);

/**
 * Unicode's edge cases in one text: a right-to-left override, a zero-width space and joiner, a byte-order mark, a
 * combining mark and a lone surrogate (which JSON.stringify writes as `\ud800`).
 */
const UNICODE_EDGES = 'Asha\u202E Rao\u200B\u200D\uFEFFe\u0301\uD800';
const LONG_TEXT = 'क'.repeat(10_000);

/** Texts a person types freely (no enum, format or pattern beyond "not blank"): the fields Unicode reaches. */
function freeTextPaths(input: Schema, path: Path = [], depth = 0): Path[] {
  const schema = branch(input);
  if (depth > 8 || 'const' in schema || Array.isArray(schema.enum)) return [];
  switch (typeOf(schema)) {
    case 'string':
      return schema.format === undefined && (schema.pattern === undefined || schema.pattern === '\\S') ? [path] : [];
    case 'array':
      return isSchema(schema.items) ? freeTextPaths(schema.items, [...path, 0], depth + 1) : [];
    default:
      return Object.entries(propertiesOf(schema)).flatMap(([key, value]) => freeTextPaths(value, [...path, key], depth + 1));
  }
}

const unicodeOperations = [...contract.operations.values()].filter(
  (operation) => isSchema(operation.schema.body) && freeTextPaths(operation.schema.body as Schema).length > 0,
);

/** C0 controls but tab, line feed and carriage return, DEL and the C1 controls. */
const STORED_CONTROL = '[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]';
/** Invisible formatting: soft hyphen, zero-width characters, marks and overrides of direction, byte-order mark. */
const INVISIBLE_FORMATTING = '[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]';
/** Columns holding a code, an e-mail address, a phone, a slug, a key or an id. */
const IDENTIFIER_COLUMN = /(^|_)(code|codes|email|phone|pincode|slug|key|id|ids|reference|number|doi|to)$/;

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

  /** New sessions of `roles`, for tests whose requests count against a per-person limit. */
  async function freshSessions(roles: readonly string[]): Promise<Map<string, Customer>> {
    const fresh = new Map<string, Customer>();
    for (const role of roles) fresh.set(role, await newCustomer(app(), role));
    return fresh;
  }

  /** Sends `payload` (a JSON text, as is) as `customer`, or without a session, each request from its own address. */
  const sendText = (operation: Operation, url: string, payload: string | undefined, customer?: Customer) =>
    app().inject({
      method: operation.method,
      url,
      headers: { 'content-type': 'application/json', ...(customer?.auth ?? {}) },
      payload,
      remoteAddress: `10.2.${Math.floor(++requests / 250)}.${requests % 250}`,
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
    // The exports count per person (ten in ten minutes), more than one export's fields: each probe of one has sessions of its own.
    const callers = /^start\w*Export$/.test(operation.operationId) ? await freshSessions(admitted) : sessions;
    for (const role of admitted) {
      const response = await send(callers.get(role)!.auth);
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
    // Sessions of their own: a per-person limit (ten exports in ten minutes) must not answer before the depth check.
    const own = await freshSessions(admitted.filter((role) => role !== undefined));
    for (const [shape, payload] of Object.entries(deepBodies)) {
      for (const role of [undefined, ...admitted]) {
        const response = await app().inject({
          method: operation.method,
          url: fill(operation.path),
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'signature', ...(role ? own.get(role)!.auth : {}) },
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

  it.each(pagedOperations.map((operation) => [operation.operationId, numberParameters(operation).map(([name]) => name).join(', '), operation] as const))(
    '%s answers very large, negative and non-numeric %s without a 5xx',
    async (_id, _names, operation) => {
      const validate = compiled(operation, 'querystring');
      const admitted = operation.secured ? (operation.roles ?? ROLES) : [];
      for (const [name, schema] of numberParameters(operation)) {
        // The largest value the contract takes reaches the database; the others must not.
        const values = typeof schema.maximum === 'number' ? [...LARGE_TEXTS, String(schema.maximum)] : LARGE_TEXTS;
        for (const [index, value] of values.entries()) {
          const accepted = validate({ [name]: value });
          const url = `${fill(operation.path)}?${name}=${encodeURIComponent(value)}`;
          // Without a session once per parameter: the access check answers before the query string is read.
          const callers = [...(index === 0 || !operation.secured ? [undefined] : []), ...admitted.map((role) => sessions.get(role)!)];
          for (const caller of callers) {
            const response = await sendText(operation, url, undefined, caller);
            const who = `${name}=${value}, ${caller ? 'signed in' : 'no session'}: ${response.body.slice(0, 300)}`;
            expect(response.statusCode, who).toBeLessThan(500);
            if (response.statusCode >= 400) expect(isErrorBody(response.json()), who).toBe(true);
            if (!caller && operation.secured) continue;
            // A value the contract takes may still be refused by the handler's own rule (days in a state need the state).
            if (accepted) expect(response.statusCode === 200 || response.json().code !== 'VALIDATION_FAILED', who).toBe(true);
            else expect(response.statusCode, who).toBe(400);
          }
        }
      }
    },
  );

  it.each(bodyNumberOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers very large, negative and non-numeric numbers in its body without a 5xx',
    async (_id, operation) => {
      const schema = operation.schema.body as Schema;
      const validate = compiled(operation, 'body');
      const admitted = operation.secured ? (operation.roles ?? ROLES) : [undefined];
      // Sessions of their own: the exports allow ten in ten minutes per person.
      const own = await freshSessions(admitted.filter((role) => role !== undefined));
      const callers = [...admitted.map((role) => (role ? own.get(role) : undefined))];
      for (const path of numberPaths(schema)) {
        for (const literal of LARGE_JSON) {
          const payload = JSON.stringify(withLeaf(minimal(schema), schema, path, NUMBER_MARK)).replace(`"${NUMBER_MARK}"`, literal);
          const accepted = validate(JSON.parse(payload));
          for (const caller of callers) {
            const response = await sendText(operation, fill(operation.path), payload, caller);
            const who = `${path.join('.')}=${literal}, ${caller ? 'signed in' : 'no session'}: ${response.body.slice(0, 300)}`;
            expect(response.statusCode, who).toBeLessThan(500);
            if (response.statusCode >= 400) expect(isErrorBody(response.json()), who).toBe(true);
            if (!accepted && (caller || !operation.secured)) expect(response.statusCode, who).toBe(400);
          }
        }
      }
    },
  );

  it.each(unicodeOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers bidi overrides, zero-width characters, a lone surrogate and 10,000 characters in its texts without a 5xx',
    async (_id, operation) => {
      const schema = operation.schema.body as Schema;
      const admitted = operation.secured ? (operation.roles ?? ROLES) : ROLES;
      const own = await freshSessions(admitted);
      const body = sample(schema);
      for (const text of [UNICODE_EDGES, LONG_TEXT]) {
        const payload = JSON.stringify(freeTextPaths(schema).reduce((value, path) => withLeaf(value, schema, path, text), body));
        for (const caller of [undefined, ...own.values()]) {
          const response = await sendText(operation, fill(operation.path), payload, caller);
          const who = `${text.length} characters, ${caller ? 'signed in' : 'no session'}: ${response.body.slice(0, 300)}`;
          expect(response.statusCode, who).toBeLessThan(500);
          if (response.statusCode >= 400) expect(isErrorBody(response.json()), who).toBe(true);
        }
      }
    },
  );

  it('stores no control character anywhere, and no invisible formatting in a code, an e-mail address or an id', async () => {
    const own = await freshSessions(['customer', 'admin']);
    const customer = own.get('customer')!;
    const admin = own.get('admin')!;
    const post = (url: string, payload: unknown, who?: Customer, method: 'POST' | 'PUT' = 'POST') =>
      app().inject({
        method,
        url,
        headers: who?.auth ?? {},
        payload: payload as Record<string, unknown>,
        remoteAddress: `10.3.${Math.floor(++requests / 250)}.${requests % 250}`,
      });
    // A name keeps what Indic and Arabic names need (a zero-width joiner, combining marks); a C1 control or half of
    // a surrogate pair it refuses.
    const name = 'आशा\u200D राव\u202E\u200B\uFEFFe\u0301';
    const answers: Array<[string, { statusCode: number; body: string }, 'stored' | 'refused' | 'either']> = [];
    const expectAnswer = async (what: string, response: Promise<{ statusCode: number; body: string }>, outcome: 'stored' | 'refused' | 'either') =>
      answers.push([what, await response, outcome]);

    for (const [fullname, outcome] of [
      [name, 'stored'],
      ['Asha\u0085 Rao\u009B', 'refused'],
      ['Asha Rao\uD800', 'refused'],
    ] as const) {
      const { idToken } = await signUp();
      const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      await expectAnswer(`registration as ${JSON.stringify(fullname)}`, post('/api/auth/register', { idToken, fullname, phone }), outcome);
      await expectAnswer(
        `an address for ${JSON.stringify(fullname)}`,
        post('/api/address', { ...ADDRESS, name: fullname, line1: `12 ${fullname}`, city: fullname }, customer, 'PUT'),
        outcome,
      );
      await expectAnswer(`a product named ${JSON.stringify(fullname)}`, post('/api/admin/products', { name: fullname, code: `ZW-${randomCode()}`, price: 1000, actual_price: 2000 }, admin), outcome);
      await expectAnswer(`a coupon noted ${JSON.stringify(fullname)}`, post('/api/admin/coupons', { code: `ZW${randomCode()}`, percentage: 5, perPersonLimit: 1, note: fullname }, admin), outcome);
    }
    for (const mark of ['\u202E', '\u200B', '\u200D', '\uFEFF', '\u2066', '\u00AD']) {
      const code = `ZW${mark}${randomCode()}`;
      await expectAnswer(`a coupon code with U+${mark.charCodeAt(0).toString(16)}`, post('/api/admin/coupons', { code, percentage: 5, perPersonLimit: 1 }, admin), 'refused');
      await expectAnswer(`a product code with U+${mark.charCodeAt(0).toString(16)}`, post('/api/admin/products', { name: 'Kit', code, price: 1000, actual_price: 2000 }, admin), 'refused');
      await expectAnswer(
        `a product slug with U+${mark.charCodeAt(0).toString(16)}`,
        post('/api/admin/products', { name: 'Kit', code: `ZW-${randomCode()}`, slug: `gut${mark}kit`, price: 1000, actual_price: 2000 }, admin),
        'refused',
      );
      await expectAnswer(`a kit code with U+${mark.charCodeAt(0).toString(16)}`, post('/api/kits/activate', { code: `ABCD${mark}1234` }, customer), 'refused');
      await expectAnswer(`a coupon applied with U+${mark.charCodeAt(0).toString(16)}`, post('/api/cart/coupon', { code: `ZW${mark}1` }, customer), 'refused');
      const email = `asha${mark}rao-${randomCode().toLowerCase()}@example.test`;
      await expectAnswer(`a sign-in e-mail with U+${mark.charCodeAt(0).toString(16)}`, post('/api/auth/email', { email }, customer, 'PUT'), 'refused');
      await expectAnswer(`a team member's e-mail with U+${mark.charCodeAt(0).toString(16)}`, post('/api/admin/team-members', { fullname: 'Asha Rao', email, role: 'doctor' }, admin), 'refused');
      await expectAnswer(`a sign-in code sent to an e-mail with U+${mark.charCodeAt(0).toString(16)}`, post('/api/auth/challenges', { kind: 'email-link', to: email }), 'refused');
      await expectAnswer(
        `a contact message from an e-mail with U+${mark.charCodeAt(0).toString(16)}`,
        post('/api/contact-messages', { name: 'Asha Rao', email, topic: 'other', message: 'A question about the kit.' }),
        'refused',
      );
      await expectAnswer(`an ebook for an e-mail with U+${mark.charCodeAt(0).toString(16)}`, post('/api/ebook/downloads', { name: 'Asha Rao', email, consent: false }), 'refused');
    }
    for (const [what, response, outcome] of answers) {
      expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
      if (outcome === 'refused') expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(400);
      if (outcome === 'stored') expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
    }

    // Whatever this file sent, every text column of every table: no control character, and none of the invisible
    // formatting in a column that holds a code, an e-mail address or an id.
    const columns = await app().db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
        ORDER BY 1, 2`,
    );
    const tables = new Map<string, string[]>();
    for (const column of columns) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column.column_name]);
    const found: string[] = [];
    for (const [table, names] of tables) {
      const checks = names.flatMap((column) => [
        `count(*) FILTER (WHERE "${column}"::text ~ $1) AS "${column} holds a control character"`,
        ...(IDENTIFIER_COLUMN.test(column) ? [`count(*) FILTER (WHERE "${column}"::text ~ $2) AS "${column} holds invisible formatting"`] : []),
      ]);
      const parameters = names.some((column) => IDENTIFIER_COLUMN.test(column)) ? [STORED_CONTROL, INVISIBLE_FORMATTING] : [STORED_CONTROL];
      const [counts] = await app().db.query<Record<string, number>>(`SELECT ${checks.join(', ')} FROM "${table}"`, parameters);
      for (const [what, count] of Object.entries(counts ?? {})) if (Number(count) > 0) found.push(`${table}.${what} (${count} rows)`);
    }
    expect(found).toEqual([]);
    // And the name as typed is there, joiner and combining mark included.
    const [registered] = await app().db.query<{ fullname: string }>('SELECT fullname FROM users WHERE fullname LIKE $1', ['आशा\u200D%']);
    expect(registered?.fullname).toMatch(/^आशा\u200D राव/);
  });
});
