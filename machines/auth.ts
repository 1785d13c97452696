/**
 * Auth lifecycle of SPEC §4 "Auth" and §8 (logout toasts, swallowed verification failure, 401 handling).
 *
 * Storage, the API and navigation are named actors and actions; the app supplies them with `authMachine.provide(...)`.
 * The role rules of SPEC §6 (which role a user has, where each role signs in) are shared with the server in
 * `roles.ts`; this machine hands the user to the actions that need them, so that the file imports nothing but XState
 * and pastes into Stately's editor as it is.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SessionEndReason } from './session-end';

export interface AuthUser {
  _id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  user_role: string;
  role: string;
}

export interface AuthContext {
  token: string | null;
  user: AuthUser | null;
  redirectUrl: string | null;
  /** When the server ends the session (ISO 8601), if it said so. */
  expiresAt: string | null;
}

/**
 * What the caller's actors throw when a call fails. `status` is present only when the server answered, and
 * `message` is then the server's own message; without a status the message is not shown to the person.
 */
export interface AuthCallError {
  status?: number;
  message?: string;
}

export interface VerifySessionInput {
  token: string;
}

/** What the server says about a stored token that is still a session. */
export interface VerifiedSession {
  user: AuthUser;
  expiresAt: string | null;
}

export interface SessionExpiryInput {
  expiresAt: string | null;
}

export interface LogoutInput {
  token: string | null;
}

export interface LogoutOutput {
  message?: string;
}

export type AuthEvent =
  | { type: 'auth.login'; token: string; user: AuthUser; expiresAt?: string | null }
  | { type: 'auth.logout' }
  | { type: 'auth.delete'; redirectUrl?: string | null }
  | { type: 'auth.setToken'; token: string }
  | { type: 'auth.userUpdated'; user: AuthUser }
  | { type: 'auth.unauthorized'; reason?: SessionEndReason };

export const LOGOUT_SUCCESS_MESSAGE = 'Logout successful.';
export const LOGOUT_FAILURE_MESSAGE = 'Logout failed. Try again.';

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The server's message carried by a failed call, if the server answered with one. */
function serverMessageOf(error: unknown): string | undefined {
  if (statusOf(error) === undefined || typeof error !== 'object' || error === null || !('message' in error)) {
    return undefined;
  }
  return typeof error.message === 'string' && error.message.trim() !== '' ? error.message : undefined;
}

export const authMachine = setup({
  types: {} as {
    context: AuthContext;
    events: AuthEvent;
  },
  actors: {
    readStoredToken: fromPromise<string | null>(async () => {
      throw new Error('readStoredToken not provided');
    }),
    verifySession: fromPromise<VerifiedSession, VerifySessionInput>(async () => {
      throw new Error('verifySession not provided');
    }),
    /** Resolves when the session's time is up; without an expiry it never does (a 401 ends such a session). */
    watchSessionExpiry: fromPromise<void, SessionExpiryInput>(async () => {
      throw new Error('watchSessionExpiry not provided');
    }),
    logout: fromPromise<LogoutOutput, LogoutInput>(async () => {
      throw new Error('logout not provided');
    }),
  },
  actions: {
    assignToken: assign((_, params: { token: string | null }) => ({ token: params.token })),
    assignUser: assign((_, params: { user: AuthUser }) => ({ user: params.user })),
    assignSession: assign((_, params: { token: string; user: AuthUser; expiresAt: string | null }) => ({
      token: params.token,
      user: params.user,
      expiresAt: params.expiresAt,
    })),
    assignVerified: assign((_, params: VerifiedSession) => ({ user: params.user, expiresAt: params.expiresAt })),
    resetSession: assign((_, params: { redirectUrl: string | null }) => ({
      token: null,
      user: null,
      expiresAt: null,
      redirectUrl: params.redirectUrl,
    })),
    forgetToken: assign({ token: null }),
    forgetExpiry: assign({ expiresAt: null }),
    /** Saves `authToken` and the user's role as `userRole` in browser storage. */
    persistSession: (_, _params: { token: string; user: AuthUser }) => {},
    /** Saves `authToken` in browser storage. */
    persistToken: (_, _params: { token: string }) => {},
    /** Removes `authToken` and `userRole` from browser storage. */
    clearStoredSession: () => {},
    /** Says who is now signed in: the header names them too, but a notice says it where the person looks. */
    notifySignedIn: (_, _params: { user: AuthUser }) => {},
    notifyLogoutSuccess: (_, _params: { message: string }) => {},
    notifyLogoutFailure: (_, _params: { message: string }) => {},
    /** Opens the sign-in page of the user's role (SPEC §4 Logout: /admin/login for an admin, /login otherwise). */
    redirectAfterLogout: (_, _params: { user: AuthUser | null }) => {},
    /**
     * Saves the current page as `previousPage` and opens the sign-in page of the user's role, which says why the
     * session ended, to come back after signing in.
     */
    redirectToSignIn: (_, _params: { user: AuthUser | null; reason: SessionEndReason }) => {},
  },
  guards: {
    hasToken: (_, params: { token: string | null }) => typeof params.token === 'string' && params.token !== '',
    isUnauthorized: (_, params: { error: unknown }) => statusOf(params.error) === 401,
  },
}).createMachine({
  id: 'auth',
  description: 'Who is signed in, restored from browser storage on load (SPEC §4 Auth).',
  context: { token: null, user: null, redirectUrl: null, expiresAt: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the stored authToken; auth counts as loading.',
      invoke: {
        id: 'readStoredToken',
        src: 'readStoredToken',
        onDone: [
          {
            description: 'This browser keeps a session token from an earlier visit: the server is asked whether it is still valid.',
            guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output }) },
            target: 'verifying',
            actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output }) },
          },
          { description: 'No session token is kept in this browser: nobody is signed in.', target: 'loggedOut' },
        ],
        onError: { description: "The browser's storage could not be read: nobody is signed in.", target: 'loggedOut' },
      },
    },
    verifying: {
      description: 'Asking the API whether the stored token is still a session; auth counts as loading.',
      invoke: {
        id: 'verifySession',
        src: 'verifySession',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          description: 'The server confirmed the stored session: the person is signed in again, with their name in the header.',
          target: 'loggedIn',
          actions: { type: 'assignVerified', params: ({ event }) => event.output },
        },
        onError: [
          {
            // Only a definite "no session" erases the stored token; an unreachable API must not end a valid session.
            description: 'The server answered that the stored session has ended (401): it is erased from this browser and nobody is signed in.',
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: ['clearStoredSession', 'forgetToken'],
          },
          {
            description: 'The server could not be reached or failed: the page shows Login, and the stored session is kept for the next visit.',
            target: 'loggedOut',
          },
        ],
      },
    },
    loggedOut: {
      description: 'Nobody is signed in; the shell shows Login.',
      on: {
        'auth.login': {
          description: 'The person signed in (e-mail and password, Google, phone code or e-mail link) and the server opened a session: it is kept in this browser.',
          target: 'loggedIn',
          actions: [
            {
              type: 'assignSession',
              params: ({ event }) => ({ token: event.token, user: event.user, expiresAt: event.expiresAt ?? null }),
            },
            { type: 'persistSession', params: ({ event }) => ({ token: event.token, user: event.user }) },
            { type: 'notifySignedIn', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'auth.delete': {
          description: 'The shop forgets any session and notes where to go after the next sign-in.',
          actions: { type: 'resetSession', params: ({ event }) => ({ redirectUrl: event.redirectUrl ?? null }) },
        },
        'auth.setToken': {
          description: 'The server issued a new session token: it replaces the stored one.',
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
      },
    },
    loggedIn: {
      description: 'A verified session; the user menu and role-dependent navigation are shown.',
      invoke: {
        id: 'watchSessionExpiry',
        src: 'watchSessionExpiry',
        input: ({ context }) => ({ expiresAt: context.expiresAt }),
        onDone: {
          description: 'The session ran out: the person is told and asked to sign in again, then returns here.',
          target: 'loggedOut',
          actions: [
            'clearStoredSession',
            { type: 'redirectToSignIn', params: ({ context }) => ({ user: context.user, reason: 'expired' as const }) },
            { type: 'resetSession', params: { redirectUrl: null } },
          ],
        },
        onError: {
          description: 'No timer: the session stays until the server answers 401, which ends it as auth.unauthorized.',
          actions: 'forgetExpiry',
        },
      },
      on: {
        'auth.logout': { description: 'The person presses Logout in the user menu or the drawer.', target: 'loggingOut' },
        'auth.delete': {
          description: 'The shop ends the session on this device: it is erased from the browser, and where to go after the next sign-in is noted.',
          target: 'loggedOut',
          actions: [
            'clearStoredSession',
            { type: 'resetSession', params: ({ event }) => ({ redirectUrl: event.redirectUrl ?? null }) },
          ],
        },
        'auth.unauthorized': {
          description: 'Any call answered 401: the session is gone (expired, revoked, signed out elsewhere).',
          target: 'loggedOut',
          actions: [
            'clearStoredSession',
            { type: 'redirectToSignIn', params: ({ context, event }) => ({ user: context.user, reason: event.reason ?? 'ended' }) },
            { type: 'resetSession', params: { redirectUrl: null } },
          ],
        },
        'auth.setToken': {
          description: 'The server issued a new session token: it replaces the stored one.',
          actions: [
            { type: 'assignToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'auth.userUpdated': {
          description: 'The server answered with new details of the person (e.g. the e-mail address given on /get-email): the header shows them.',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
        },
      },
    },
    loggingOut: {
      description: 'Revoking the session on the server and signing out of the identity provider.',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          description: "The server ended the session: it is erased from the browser, the server's goodbye is shown, and the sign-in page of the person's role opens.",
          target: 'loggedOut',
          actions: [
            'clearStoredSession',
            {
              type: 'notifyLogoutSuccess',
              params: ({ event }) => ({ message: event.output.message?.trim() || LOGOUT_SUCCESS_MESSAGE }),
            },
            { type: 'redirectAfterLogout', params: ({ context }) => ({ user: context.user }) },
            { type: 'resetSession', params: { redirectUrl: null } },
          ],
        },
        onError: [
          {
            // The session is already gone on the server, which is what logging out asked for.
            description: 'The server answered that the session had already ended (401): logging out succeeds as if it had ended it now.',
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'loggedOut',
            actions: [
              'clearStoredSession',
              { type: 'notifyLogoutSuccess', params: { message: LOGOUT_SUCCESS_MESSAGE } },
              { type: 'redirectAfterLogout', params: ({ context }) => ({ user: context.user }) },
              { type: 'resetSession', params: { redirectUrl: null } },
            ],
          },
          {
            description: "The server could not end the session or could not be reached: the person stays signed in and is told Logout failed.",
            target: 'loggedIn',
            actions: {
              type: 'notifyLogoutFailure',
              params: ({ event }) => ({ message: serverMessageOf(event.error) ?? LOGOUT_FAILURE_MESSAGE }),
            },
          },
        ],
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** SPEC's `login`: a session exists, including while it is being logged out. */
export function selectLogin(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('loggedIn') || snapshot.matches('loggingOut');
}

/** SPEC's `loading`: true until the stored token has been read and, if present, verified. */
export function selectLoading(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('restoring') || snapshot.matches('verifying');
}

export function selectIsAuthenticated(snapshot: AuthSnapshot): boolean {
  return selectLogin(snapshot);
}

export function selectToken(snapshot: AuthSnapshot): string | null {
  return snapshot.context.token;
}

export function selectUser(snapshot: AuthSnapshot): AuthUser | null {
  return snapshot.context.user;
}

export function selectRedirectUrl(snapshot: AuthSnapshot): string | null {
  return snapshot.context.redirectUrl;
}

export function selectExpiresAt(snapshot: AuthSnapshot): string | null {
  return snapshot.context.expiresAt;
}
