import createClient, { type Middleware } from 'openapi-fetch';
import { sessionEndReasonOf } from '../../machines/session-end';
import type { paths } from '../../openapi/schema';
import { takeEarlyAnswer } from './early-answers';
import { env } from './env';
import { kindOf, messageFor, NO_ANSWER_STATUS, OFFLINE_MESSAGE, type FailureKind } from './failure';
import { signInAfterSessionEnd } from './session-end';
import { STORAGE_KEYS, storage } from './storage';
import { signInRedirect } from './sign-in-redirect';

/** An error answer of the API, with the contract's error shape; or a call that got no answer (status 0). */
export class ApiError extends Error {
  readonly kind: FailureKind;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** The server's own message, when it sent one; `message` always holds something to show. */
    readonly serverMessage?: string,
    /** The whole answer, for the errors whose contract carries more than the Error shape (the cart of CART_CHANGED). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kindOf(status);
  }
}

/** Where the browser goes on a 401 under /admin or /user (SPEC §8); replaceable in tests. */
export const unauthorizedRedirect = {
  go: (path: string) => window.location.assign(path),
};

export const jsonAndBearer: Middleware = {
  onRequest({ request }) {
    request.headers.set('Content-Type', 'application/json');
    if (!request.headers.has('Authorization')) {
      const token = storage.get(STORAGE_KEYS.authToken);
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
    }
    return request;
  },
};

/** The staff sign-in page: under /admin, but where a signed-out person is meant to be. */
const STAFF_SIGN_IN = '/admin/login';

export const unauthorizedRule: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return response;
    // Only a session that was sent and refused has ended: a call sent without one (after a logout, while the page
    // it was asked for is being left) leaves the person where the logout took them.
    if (response.status === 401 && request.headers.has('Authorization')) {
      const path = window.location.pathname;
      // The first 401 of a page decides: calls made side by side (the session's check, the cart, the page's data)
      // all fail, and a later one, sent after storage was cleared, carries no token and so no reason.
      if ((path.startsWith('/admin') || path.startsWith('/user')) && path !== STAFF_SIGN_IN && !signInRedirect.started) {
        signInRedirect.started = true;
        // The server's code says why the session ended, for the sign-in page to tell the person.
        const answer = (await response
          .clone()
          .json()
          .catch(() => null)) as { code?: unknown } | null;
        const reason = sessionEndReasonOf(typeof answer?.code === 'string' ? answer.code : undefined);
        storage.clearAll();
        unauthorizedRedirect.go(signInAfterSessionEnd('/login', reason));
      }
    }
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { message?: unknown; code?: unknown; fields?: unknown } | null;
    const serverMessage = typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
    throw new ApiError(
      response.status,
      messageFor(response.status, serverMessage),
      typeof body?.code === 'string' ? body.code : undefined,
      body?.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
      serverMessage,
      body ?? undefined,
    );
  },
};

/** A call the browser could not make or that got no answer (fetch's bare "Failed to fetch") becomes an `offline` ApiError. */
export const noAnswerRule: Middleware = {
  onError({ error }) {
    // A cancelled request (a query that is no longer needed) stays a cancellation.
    if (error instanceof Error && error.name === 'AbortError') return error;
    return new ApiError(NO_ANSWER_STATUS, OFFLINE_MESSAGE, 'NO_CONNECTION');
  },
};

// A signed-in page's first calls may already have been sent by the entry (early-answers.ts).
export const api = createClient<paths>({ baseUrl: env.apiBaseUrl, fetch: (request) => takeEarlyAnswer(request) ?? globalThis.fetch(request) });
api.use(jsonAndBearer, unauthorizedRule, noAnswerRule);

/** The data of an openapi-fetch answer; errors were already thrown by the middleware. */
export function dataOf<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new ApiError(result.response.status, 'The server sent an empty answer.');
  return result.data;
}
