/**
 * What a failed call means for the person, in words; apart from the API client, so that the parts of a page that
 * arrive before it (the route error page) can say it too.
 *
 * What kind of failure a call met, which decides what the person is told and whether trying again can help:
 * - `offline`: the request never got an answer (no connection, the server unreachable);
 * - `busy`: the server asked to wait (429, 502, 503, 504);
 * - `server`: the server failed (other 5xx);
 * - `refused`: the server answered and said no (4xx), with its reason.
 * Only a `refused` answer proves that the server did not do what was asked.
 */
export type FailureKind = 'offline' | 'busy' | 'server' | 'refused';

export const OFFLINE_MESSAGE = 'No connection: we could not reach the shop. Check your internet connection, then try again.';
export const BUSY_MESSAGE = 'The shop is busy right now. Please wait a moment, then try again.';
export const SERVER_FAILED_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** The status of a call that got no answer at all. */
export const NO_ANSWER_STATUS = 0;

export function kindOf(status: number): FailureKind {
  if (status === NO_ANSWER_STATUS) return 'offline';
  if (status === 429 || status === 502 || status === 503 || status === 504) return 'busy';
  if (status >= 500) return 'server';
  return 'refused';
}

/** What to tell the person: the server's reason for a refusal (or its wait message), otherwise what happened. */
export function messageFor(status: number, serverMessage: string | undefined): string {
  switch (kindOf(status)) {
    case 'offline':
      return OFFLINE_MESSAGE;
    case 'busy':
      return status === 429 && serverMessage ? serverMessage : BUSY_MESSAGE;
    case 'server':
      return SERVER_FAILED_MESSAGE;
    case 'refused':
      return serverMessage ?? `The shop could not do this (error ${status}). Please try again.`;
  }
}

/** The words for a failed call (an API error says what happened); null for anything else. */
export function failureMessage(error: unknown): string | null {
  return error instanceof Error && error.name === 'ApiError' ? error.message : null;
}
