/**
 * Checks responses against openapi/openapi.yaml with a validator built straight from the document (independent of
 * the server's own schema loading): the status must be one the operation declares and the body must match it.
 */
import { readFileSync } from 'node:fs';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

interface InjectedResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  rawPayload?: Buffer;
}

type Node = Record<string, unknown>;

const DOCUMENT_ID = 'openapi.json';
const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as Node;

// The whole document is one schema resource, so its internal `#/components/...` references resolve as written.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function at(pointer: string[]): unknown {
  return pointer.reduce<unknown>((node, key) => (node as Node | undefined)?.[key], document);
}

interface Located {
  method: string;
  path: string;
  responses: Node;
}

function locate(operationId: string): Located {
  for (const [path, item] of Object.entries(document.paths as Node)) {
    for (const [method, operation] of Object.entries(item as Node)) {
      if ((operation as Node).operationId === operationId) return { method, path, responses: (operation as Node).responses as Node };
    }
  }
  throw new Error(`No operation ${operationId} in the contract.`);
}

const validators = new Map<string, ValidateFunction>();

function validatorAt(pointer: string[]): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/${pointer.map(escape).join('/')}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** Where the answer `status` of an operation is declared, following a `$ref` to components/responses. */
function responsePointer(operationId: string, status: number): string[] | undefined {
  const { method, path, responses } = locate(operationId);
  const key = String(status) in responses ? String(status) : `${String(status)[0]}XX` in responses ? `${String(status)[0]}XX` : 'default';
  const response = responses[key] as Node | undefined;
  if (!response) return undefined;
  return typeof response.$ref === 'string' ? response.$ref.slice(2).split('/') : ['paths', path, method, 'responses', key];
}

/** The media types the answer `status` of an operation is declared in; undefined when the status is not declared. */
function declaredMediaTypes(operationId: string, status: number): string[] | undefined {
  const pointer = responsePointer(operationId, status);
  return pointer && Object.keys((at([...pointer, 'content']) as Node | undefined) ?? {});
}

/** The JSON Schema pointer of the body of `status` for an operation. */
function responseSchemaPointer(operationId: string, status: number): string[] | undefined {
  const response = responsePointer(operationId, status);
  if (!response) return undefined;
  const pointer = [...response, 'content', 'application/json', 'schema'];
  if (at(pointer) === undefined) throw new Error(`${operationId} ${status} has no JSON body in the contract.`);
  return pointer;
}

function json(response: InjectedResponse): unknown {
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  return JSON.parse(response.body) as unknown;
}

function assertValid(validate: ValidateFunction, body: unknown, what: string): void {
  const problems = validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
  expect(problems, `${what}: ${JSON.stringify(body)}`).toEqual([]);
}

/** Asserts the response is one `operationId` declares, with a body that matches; returns the parsed body. */
export function expectContract<T = Record<string, unknown>>(response: InjectedResponse, operationId: string, status?: number): T {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  const pointer = responseSchemaPointer(operationId, response.statusCode);
  expect(pointer, `${operationId} does not declare status ${response.statusCode}: ${response.body}`).toBeDefined();
  const body = json(response);
  assertValid(validatorAt(pointer!), body, `${operationId} ${response.statusCode}`);
  return body as T;
}

/** Asserts the response is a file answer (a PDF, a ZIP) that `operationId` declares, in its media type; returns the bytes. */
export function expectContractFile(response: InjectedResponse, operationId: string, status?: number): Buffer {
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  const media = declaredMediaTypes(operationId, response.statusCode);
  expect(media, `${operationId} does not declare status ${response.statusCode}`).toBeDefined();
  expect(media).not.toContain('application/json');
  // A declared type may carry parameters (Prometheus' `text/plain; version=0.0.4`); the answer's adds a charset.
  expect(media!.map((type) => type.split(';')[0]!.trim())).toContain(String(response.headers['content-type']).split(';')[0]);
  return response.rawPayload ?? Buffer.from(response.body);
}

/** Asserts the response is one `operationId` declares: a JSON body that matches, or a file in its declared type. */
export function expectDeclared(response: InjectedResponse, operationId: string): void {
  const media = declaredMediaTypes(operationId, response.statusCode);
  if (media && media.length > 0 && !media.includes('application/json')) expectContractFile(response, operationId);
  else expectContract(response, operationId);
}

/** For answers no operation declares (unknown routes): the contract's Error shape and a client-error status. */
export function expectErrorShape(response: InjectedResponse, status: number): { message: string; code?: string; fields?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  const body = json(response);
  assertValid(validatorAt(['components', 'schemas', 'Error']), body, `Error ${status}`);
  return body as { message: string };
}
