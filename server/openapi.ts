/**
 * The OpenAPI document is the single source of truth for every route: its method, path, request schemas (what
 * Fastify validates) and response schemas (what Fastify serialises, dropping anything unlisted) all come from here.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchema, FastifySchemaCompiler, HTTPMethods, preValidationHookHandler } from 'fastify';
import { parse } from 'yaml';
import { isRole, type Role } from '../machines/roles';
import { HttpError } from './errors';
import type { operations } from '../openapi/schema';

export type OperationId = keyof operations;

export const CONTRACT_PATH = new URL('../openapi/openapi.yaml', import.meta.url);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiDocument {
  paths: Record<string, Record<string, JsonObject>>;
  components?: JsonObject;
  [key: string]: unknown;
}

export interface Operation {
  operationId: string;
  method: HTTPMethods;
  /** The path as the document writes it, e.g. `/api/orders/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/api/orders/:id`. */
  url: string;
  schema: FastifySchema;
  /** The operation declares a security requirement (a bearer session). */
  secured: boolean;
  /** The roles its `x-roles` admits; null when any signed-in person is admitted. */
  roles: readonly Role[] | null;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

/** OpenAPI annotations that JSON Schema validators and serialisers do not know. */
const OPENAPI_ONLY_KEYWORDS = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerGet(document: unknown, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported, got "${ref}".`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) throw new Error(`Unresolvable $ref "${ref}".`);
    node = node[key];
  }
  return node as Json;
}

/** A copy of `node` with every local `$ref` replaced by what it points to and OpenAPI-only keywords removed. */
export function resolveRefs(node: Json, document: unknown, trail: readonly string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => resolveRefs(item, document, trail));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (trail.includes(ref)) throw new Error(`Recursive $ref "${ref}" cannot be inlined.`);
    const { $ref: _ref, ...siblings } = node;
    const target = resolveRefs(pointerGet(document, ref), document, [...trail, ref]);
    return isObject(target) ? { ...target, ...(resolveRefs(siblings, document, trail) as JsonObject) } : target;
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (OPENAPI_ONLY_KEYWORDS.has(key) || key.startsWith('x-')) continue;
    out[key] = resolveRefs(value, document, trail);
  }
  return out;
}

function jsonSchemaOf(content: Json | undefined): Json | undefined {
  if (!isObject(content)) return undefined;
  const json = content['application/json'];
  return isObject(json) ? json.schema : undefined;
}

function parametersSchema(parameters: Json[], location: 'query' | 'path'): JsonObject | undefined {
  const matching = parameters.filter((parameter) => isObject(parameter) && parameter.in === location) as JsonObject[];
  if (matching.length === 0) return undefined;
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of matching) {
    const name = String(parameter.name);
    properties[name] = parameter.schema ?? {};
    if (parameter.required === true || location === 'path') required.push(name);
  }
  return { type: 'object', additionalProperties: false, properties, required };
}

function operationSchema(operation: JsonObject, pathParameters: Json[]): FastifySchema {
  const schema: FastifySchema = {};
  const parameters = [...pathParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])];
  const querystring = parametersSchema(parameters, 'query');
  const params = parametersSchema(parameters, 'path');
  if (querystring) schema.querystring = querystring;
  if (params) schema.params = params;
  const requestBody = operation.requestBody;
  if (isObject(requestBody)) {
    const body = jsonSchemaOf(requestBody.content);
    if (body !== undefined) schema.body = body;
  }
  const response: Record<string, Json> = {};
  for (const [status, definition] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
    const body = isObject(definition) ? jsonSchemaOf(definition.content) : undefined;
    if (body !== undefined) response[status.toLowerCase()] = body;
  }
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}

/**
 * Whether an operation needs a bearer session. Only what the server can enforce is accepted: a session that is
 * optional (an empty requirement beside others) or a scheme other than the bearer would leave a route open silently.
 */
function requiresSession(where: string, security: Json | undefined): boolean {
  if (security === undefined || (Array.isArray(security) && security.length === 0)) return false;
  if (!Array.isArray(security) || !security.every(isObject)) throw new Error(`${where}: security must be a list of requirements.`);
  for (const requirement of security) {
    const schemes = Object.keys(requirement);
    if (schemes.length === 0) throw new Error(`${where}: an optional session is not supported; require the bearer or nothing.`);
    if (schemes.some((scheme) => scheme !== 'bearer')) throw new Error(`${where}: only the bearer scheme is supported, got ${schemes.join(', ')}.`);
  }
  return true;
}

function rolesOf(where: string, roles: Json | undefined, secured: boolean): readonly Role[] | null {
  if (roles === undefined) return null;
  if (!secured) throw new Error(`${where}: x-roles needs a security requirement.`);
  if (!Array.isArray(roles) || roles.length === 0 || !roles.every(isRole)) {
    throw new Error(`${where}: x-roles must list at least one known role, got ${JSON.stringify(roles)}.`);
  }
  return roles;
}

export class Contract {
  readonly document: OpenApiDocument;
  readonly operations: ReadonlyMap<string, Operation>;

  constructor(document: OpenApiDocument) {
    this.document = document;
    const operations = new Map<string, Operation>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const resolvedItem = resolveRefs(item as JsonObject, document) as JsonObject;
      const pathParameters = Array.isArray(resolvedItem.parameters) ? resolvedItem.parameters : [];
      for (const method of HTTP_METHODS) {
        const operation = resolvedItem[method];
        if (!isObject(operation)) continue;
        const operationId = operation.operationId;
        if (typeof operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId.`);
        if (operations.has(operationId)) throw new Error(`operationId "${operationId}" is used twice.`);
        const secured = requiresSession(operationId, operation.security ?? (document.security as Json | undefined));
        operations.set(operationId, {
          operationId,
          method: method.toUpperCase() as HTTPMethods,
          path,
          url: path.replace(/\{([^}]+)\}/g, ':$1'),
          schema: operationSchema(operation, pathParameters),
          secured,
          // resolveRefs drops `x-` keys, so the extension is read from the operation as the document writes it.
          roles: rolesOf(operationId, document.paths[path]?.[method]?.['x-roles'], secured),
        });
      }
    }
    this.operations = operations;
  }

  operation(operationId: string): Operation {
    const operation = this.operations.get(operationId);
    if (!operation) throw new Error(`The contract has no operation "${operationId}".`);
    return operation;
  }

  /** The operation served at `method` and `url` (Fastify's syntax, e.g. `/api/orders/:id`), if there is one. */
  operationAt(method: string, url: string): Operation | undefined {
    for (const operation of this.operations.values()) {
      if (operation.method === method && operation.url === url) return operation;
    }
    return undefined;
  }

  /** What `app.route` needs for an operation; the handler and hooks are added by the caller (see `defineRoute`). */
  route(operationId: OperationId): Pick<Operation, 'method' | 'url' | 'schema'> {
    const { method, url, schema } = this.operation(operationId);
    return { method, url, schema };
  }

  /** A component schema with its references resolved, e.g. `schema('Error')`. */
  schema(name: string): Json {
    return resolveRefs(pointerGet(this.document, `#/components/schemas/${name}`), this.document);
  }
}

export function loadContract(path: URL | string = CONTRACT_PATH): Contract {
  return new Contract(parse(readFileSync(path, 'utf8')) as OpenApiDocument);
}

const SHARED_AJV_OPTIONS: AjvOptions = {
  removeAdditional: false,
  useDefaults: true,
  // One error at a time: reporting every error of a hostile body is a cheap way to burn CPU.
  allErrors: false,
  allowUnionTypes: true,
  strict: true,
};

export function createAjv(options: AjvOptions = {}): Ajv {
  const ajv = new Ajv({ ...SHARED_AJV_OPTIONS, ...options });
  addFormats(ajv);
  return ajv;
}

/**
 * Bodies are JSON and must carry the right types as sent (`"5"` is not a number); query strings and path parameters
 * are text on the wire, so there scalars are coerced to the declared type.
 */
export function contractValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodyAjv = createAjv({ coerceTypes: false });
  const textAjv = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return bodyAjv.compile(schema as object) as ValidateFunction & ((data: unknown) => boolean);
    return finiteNumbersOnly(textAjv.compile(schema as object));
  };
}

/** The path (`/limit`) of the first number in `value` that is not finite, or null. */
function nonFiniteNumberAt(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumberAt(item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Coercion turns `?limit=1e9999` into Infinity, which Ajv lets past `type: integer` and `maximum` alike, and the
 * database then refuses `LIMIT 'Infinity'` with a 500: a text that reads as an infinite number is refused here.
 */
function finiteNumbersOnly(validate: ValidateFunction): ValidateFunction & ((data: unknown) => boolean) {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const at = nonFiniteNumberAt(data);
    checked.errors = at === null ? null : [{ instancePath: at, schemaPath: '#/type', keyword: 'type', params: { type: 'finite number' }, message: 'must be a finite number' }];
    return at === null;
  }) as ValidateFunction & ((data: unknown) => boolean);
  return checked;
}

/** C0 controls and DEL, except tab, line feed and carriage return, which multi-line texts use, and the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * Half of a surrogate pair without the other (JSON's `"\ud800"`): no character at all, which JSON.stringify writes
 * back as an escape that Postgres refuses in a jsonb (the audit log's), a 500 after the work was done.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const CONTROL_PROBLEM = 'must not contain control characters';
const SURROGATE_PROBLEM = 'must not contain half of a surrogate pair';

function problemOfText(text: string): string | null {
  if (CONTROL_CHARACTER.test(text)) return CONTROL_PROBLEM;
  return LONE_SURROGATE.test(text) ? SURROGATE_PROBLEM : null;
}

/**
 * The path (`address.line1`, `items.0.sku`) of the first text, or object key, in `value` holding a control
 * character or a lone surrogate, and which.
 */
function controlCharacterAt(value: unknown, path: readonly string[]): { path: string[]; problem: string } | null {
  if (typeof value === 'string') {
    const problem = problemOfText(value);
    return problem ? { path: [...path], problem } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const problem = problemOfText(key);
    if (problem) return { path: [...path, JSON.stringify(key).slice(1, -1)], problem };
    const found = controlCharacterAt(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

const REQUEST_PARTS = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
] as const;

/**
 * preValidation hook for every route: no text the contract accepts may carry a control character. Postgres refuses a
 * NUL outright, and the others have no place in a name, an address or an id. A plain callback, not an async one: it
 * runs on every request, the catalogue's included, where a promise per request is measurable.
 */
export const refuseControlCharacters: preValidationHookHandler = (request, _reply, done) => {
  for (const [part, of] of REQUEST_PARTS) {
    const found = controlCharacterAt(of(request), []);
    if (found) {
      const field = found.path.length > 0 ? found.path.join('.') : part;
      done(new HttpError(400, `${field} ${found.problem}.`, 'VALIDATION_FAILED', { [field]: found.problem }));
      return;
    }
  }
  done();
};
