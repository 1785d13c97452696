import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError } from './db/db';

/** Field path → what is wrong with it, for forms to show beside the field. */
export type FieldErrors = Record<string, string>;

/** The one error body of the contract. */
export interface ErrorBody {
  message: string;
  code?: string;
  fields?: FieldErrors;
}

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly fields: FieldErrors | undefined;
  /** What the operation's error answer carries beside the Error shape, as its contract lists it (e.g. the cart of CART_CHANGED). */
  readonly details: Record<string, unknown> | undefined;

  constructor(statusCode: number, message: string, code?: string, fields?: FieldErrors, details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, message, 'BAD_REQUEST', fields);
export const unauthorized = (message: string, code = 'UNAUTHORIZED') => new HttpError(401, message, code);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string) => new HttpError(409, message, 'CONFLICT');
export const tooManyRequests = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new HttpError(429, message, 'TOO_MANY_REQUESTS');

interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const ARTICLE: Record<string, string> = { object: 'an object', array: 'a list', integer: 'a whole number', string: 'text' };

function typeName(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map((t) => ARTICLE[t] ?? (t === 'null' ? 'null' : `a ${t}`)).join(' or ');
}

function problemOf(error: AjvErrorLike): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed';
    case 'type':
      return `must be ${typeName(p.type)}`;
    case 'minLength':
      return `must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters long`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'pattern':
      return 'is not in the expected format';
    case 'minItems':
      return `must have at least ${String(p.limit)} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} items`;
    case 'uniqueItems':
      return 'must not repeat an item';
    default:
      return error.message ?? 'is not valid';
  }
}

/** `/address/pin` → `address.pin`; the part of the request ("body", "querystring") when the error is about all of it. */
function fieldOf(error: AjvErrorLike, part: string): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const named =
    error.keyword === 'required' ? asString(error.params.missingProperty) : error.keyword === 'additionalProperties' ? asString(error.params.additionalProperty) : undefined;
  if (named) segments.push(named);
  return segments.length > 0 ? segments.join('.') : part;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function validationError(errors: readonly AjvErrorLike[], part: string): HttpError {
  const fields: FieldErrors = {};
  for (const error of errors) {
    const field = fieldOf(error, part);
    fields[field] ??= problemOf(error);
  }
  const [first] = Object.entries(fields);
  const message = first
    ? first[0] === 'body' && first[1].startsWith('must be')
      ? `The request body ${first[1]}.`
      : `${first[0]} ${first[1]}.`
    : 'The request is not valid.';
  return new HttpError(400, message, 'VALIDATION_FAILED', fields);
}

/** Fastify's own client errors that arrive before a handler runs, in the words the client should read. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.', code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty; send a JSON object.', code: 'INVALID_JSON' },
  // The contract speaks JSON only; anything else is a malformed request rather than a server fault.
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    message: 'Send the body as JSON (Content-Type: application/json).',
    code: 'UNSUPPORTED_CONTENT_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body length does not match its Content-Length.', code: 'BAD_REQUEST' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' },
};

function toHttpError(error: FastifyError | HttpError | Error): HttpError | undefined {
  if (error instanceof HttpError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationError(fastifyError.validation, fastifyError.validationContext ?? 'body');
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return new HttpError(known.status, known.message, known.code);
  // JSON.parse failures surface as SyntaxError with a 400 status from the content-type parser.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new HttpError(400, 'The request body is not valid JSON.', 'INVALID_JSON');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(status, error.message, 'BAD_REQUEST');
  return undefined;
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  const body: ErrorBody = { message: error.message };
  if (error.code) body.code = error.code;
  if (error.fields) body.fields = error.fields;
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(error.details ? { ...error.details, ...body } : body);
}

export const DATABASE_UNAVAILABLE = 'The shop cannot reach its database just now. Please try again in a moment.';

/** Seconds a client is asked to wait before trying again while the database cannot be reached. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** At most one error line with the cause of an outage this often; each request still gets its own warn line. */
export const OUTAGE_LOG_INTERVAL_MS = 30_000;

/** What a connection-level error is worth in a log line: its code and message, not the driver's stack. */
function outageReason(error: unknown): { code?: string; reason: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  return { ...(code ? { code } : {}), reason: error instanceof Error ? error.message : String(error) };
}

/**
 * One error shape for every failure; stack traces and internal messages stay in the log. While the database cannot
 * be reached every request fails the same way: each gets a 503 and one short warn line with its request id, and the
 * outage one error line per `OUTAGE_LOG_INTERVAL_MS`, rather than a stack per request that would bury everything else.
 */
export function registerErrorHandling(app: FastifyInstance, now: () => number = Date.now): void {
  let outageLoggedAt = -Infinity;
  app.setErrorHandler((error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const httpError = toHttpError(error);
    if (httpError) {
      if (httpError.statusCode >= 500) request.log.error({ err: error }, httpError.message);
      return sendError(reply, httpError);
    }
    if (isConnectionError(error)) {
      const reason = outageReason(error);
      request.log.warn(reason, 'database unreachable; answered 503');
      if (now() - outageLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
        outageLoggedAt = now();
        request.log.error(reason, `database unreachable: requests answer 503 until it is back (this line at most every ${OUTAGE_LOG_INTERVAL_MS / 1000} s)`);
      }
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return sendError(reply, new HttpError(503, DATABASE_UNAVAILABLE, 'UNAVAILABLE'));
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, new HttpError(500, 'Something went wrong on our side. Please try again in a moment.', 'INTERNAL'));
  });
}
