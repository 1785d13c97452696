import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  authMachine,
  selectIsAuthenticated,
  selectLoading,
  selectLogin,
  selectRedirectUrl,
  selectToken,
  selectUser,
  selectExpiresAt,
  type AuthSnapshot,
  type AuthUser,
  type LogoutInput,
  type LogoutOutput,
  type SessionExpiryInput,
  type VerifiedSession,
  type VerifySessionInput,
} from '../../machines/auth';
import { logoutDestination, roleOf } from '../../machines/roles';
import { sessionEndReasonOf } from '../../machines/session-end';
import {
  PendingCalls,
  flush,
  itCoversEveryTransition,
  recordingActions,
  walk,
} from './harness';

const customer: AuthUser = {
  _id: 'u-customer',
  fullname: 'Asha Rao',
  email: 'customer@demo.test',
  phone: null,
  user_role: 'customer',
  role: 'customer',
};
const admin: AuthUser = {
  _id: 'u-admin',
  fullname: 'Dev Admin',
  email: 'admin@demo.test',
  phone: '+919800000000',
  user_role: 'ADMIN',
  role: 'admin',
};
const renamedCustomer: AuthUser = { ...customer, fullname: 'Asha R.' };
const EXPIRES_AT = '2026-12-01T10:00:00.000Z';
const EMPTY = { token: null, user: null, redirectUrl: null, expiresAt: null };

const SIDE_EFFECTS = [
  'persistSession',
  'persistToken',
  'clearStoredSession',
  'notifySignedIn',
  'notifyLogoutSuccess',
  'notifyLogoutFailure',
  'redirectAfterLogout',
  'redirectToSignIn',
] as const;

function provideAuth() {
  const calls = new PendingCalls();
  const effects = recordingActions(SIDE_EFFECTS);
  const machine = authMachine.provide({
    actors: {
      readStoredToken: calls.actor<string | null>('readStoredToken'),
      verifySession: calls.actor<VerifiedSession, VerifySessionInput>('verifySession'),
      watchSessionExpiry: calls.actor<void, SessionExpiryInput>('watchSessionExpiry'),
      logout: calls.actor<LogoutOutput, LogoutInput>('logout'),
    },
    actions: effects.implementations,
  });
  return { calls, effects, machine };
}

/** A started auth actor with no stored token, so it settles in loggedOut. */
async function startLoggedOut() {
  const auth = provideAuth();
  const actor = createActor(auth.machine).start();
  auth.calls.resolve('readStoredToken', null);
  await flush();
  expect(actor.getSnapshot().value).toBe('loggedOut');
  return { ...auth, actor };
}

async function startLoggedIn(user: AuthUser) {
  const auth = await startLoggedOut();
  auth.actor.send({ type: 'auth.login', token: 'fresh-token', user });
  auth.effects.calls.length = 0;
  return auth;
}

describe('auth machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideAuth();
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    result = await walk(machine, {
      calls,
      events: [
        { type: 'xstate.done.actor.readStoredToken', output: 'stored-token' },
        { type: 'xstate.done.actor.readStoredToken', output: null },
        { type: 'xstate.done.actor.readStoredToken', output: '' },
        { type: 'xstate.error.actor.readStoredToken', error: { message: 'storage blocked' } },
        { type: 'xstate.done.actor.verifySession', output: { user: customer, expiresAt: EXPIRES_AT } },
        { type: 'xstate.done.actor.watchSessionExpiry' },
        { type: 'xstate.error.actor.watchSessionExpiry', error: new Error('no timers here') },
        { type: 'xstate.error.actor.verifySession', error: { status: 401, message: 'Session expired' } },
        { type: 'xstate.error.actor.verifySession', error: { status: 503, message: 'Service unavailable' } },
        { type: 'xstate.done.actor.logout', output: { message: 'See you soon' } },
        { type: 'xstate.done.actor.logout', output: {} },
        { type: 'xstate.error.actor.logout', error: { status: 401, message: 'Session expired' } },
        { type: 'xstate.error.actor.logout', error: { status: 500, message: 'Server says no' } },
        { type: 'xstate.error.actor.logout', error: { message: 'Failed to fetch' } },
        { type: 'auth.login', token: 'fresh-token', user: admin, expiresAt: EXPIRES_AT },
        { type: 'auth.login', token: 'fresh-token', user: customer, expiresAt: EXPIRES_AT },
        { type: 'auth.logout' },
        { type: 'auth.delete', redirectUrl: '/cart' },
        { type: 'auth.delete' },
        { type: 'auth.setToken', token: 'rotated-token' },
        { type: 'auth.userUpdated', user: renamedCustomer },
        { type: 'auth.unauthorized' },
        { type: 'auth.unauthorized', reason: 'revoked' },
      ],
      // Every session of the walk has an expiry; once the timer has failed (and the expiry is forgotten) it is gone.
      filterEvents: (snapshot, event) =>
        !event.type.endsWith('.watchSessionExpiry') || (snapshot as AuthSnapshot).context.expiresAt !== null,
      check: (snapshot: AnyMachineSnapshot) => {
        const auth = snapshot as AuthSnapshot;
        expect(selectLoading(auth)).toBe(auth.matches('restoring') || auth.matches('verifying'));
        expect(selectIsAuthenticated(auth)).toBe(selectLogin(auth));
        if (selectLogin(auth)) {
          expect(auth.context.token).not.toBeNull();
          expect(auth.context.user).not.toBeNull();
        } else {
          expect(auth.context.user).toBeNull();
        }
      },
    });
  }, 60_000);

  itCoversEveryTransition(machine, () => result, 50);
});

describe('auth machine: restoring the session on load (SPEC §4)', () => {
  it('starts logged out and loading while the stored token is read', () => {
    const { machine } = provideAuth();
    const snapshot = createActor(machine).start().getSnapshot();
    expect(snapshot.value).toBe('restoring');
    expect(selectLoading(snapshot)).toBe(true);
    expect(selectLogin(snapshot)).toBe(false);
    expect(selectIsAuthenticated(snapshot)).toBe(false);
    expect(selectToken(snapshot)).toBeNull();
    expect(selectUser(snapshot)).toBeNull();
    expect(selectRedirectUrl(snapshot)).toBeNull();
  });

  it('with no stored token: login false and loading false', async () => {
    const { actor } = await startLoggedOut();
    expect(selectLogin(actor.getSnapshot())).toBe(false);
    expect(selectLoading(actor.getSnapshot())).toBe(false);
  });

  it('treats an empty stored token as none', async () => {
    const { machine, calls } = provideAuth();
    const actor = createActor(machine).start();
    calls.resolve('readStoredToken', '');
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.isPending('verifySession')).toBe(false);
  });

  it('treats unreadable storage as logged out', async () => {
    const { machine, calls } = provideAuth();
    const actor = createActor(machine).start();
    calls.reject('readStoredToken', new Error('SecurityError'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('verifies a stored token and logs the user in on success', async () => {
    const { machine, calls, effects } = provideAuth();
    const actor = createActor(machine).start();
    calls.resolve('readStoredToken', 'stored-token');
    await flush();
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(selectLoading(actor.getSnapshot())).toBe(true);
    expect(selectToken(actor.getSnapshot())).toBe('stored-token');
    expect(calls.lastInput('verifySession')).toEqual({ token: 'stored-token' });

    calls.resolve('verifySession', { user: customer, expiresAt: EXPIRES_AT });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loggedIn');
    expect(selectLogin(snapshot)).toBe(true);
    expect(selectIsAuthenticated(snapshot)).toBe(true);
    expect(selectLoading(snapshot)).toBe(false);
    expect(selectUser(snapshot)).toEqual(customer);
    expect(roleOf(selectUser(snapshot))).toBe('customer');
    expect(selectExpiresAt(snapshot)).toBe(EXPIRES_AT);
    expect(calls.lastInput('watchSessionExpiry')).toEqual({ expiresAt: EXPIRES_AT });
    expect(effects.calls).toEqual([]);
  });

  it('swallows a 401 from verification: logged out, stored session cleared, token forgotten', async () => {
    const { machine, calls, effects } = provideAuth();
    const actor = createActor(machine).start();
    calls.resolve('readStoredToken', 'stored-token');
    await flush();
    calls.reject('verifySession', { status: 401, message: 'Session expired' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(selectLogin(actor.getSnapshot())).toBe(false);
    expect(selectLoading(actor.getSnapshot())).toBe(false);
    expect(selectToken(actor.getSnapshot())).toBeNull();
    expect(effects.calls).toEqual([{ type: 'clearStoredSession', params: undefined }]);
  });

  it.each([
    ['a server error', { status: 503, message: 'Service unavailable' }],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('swallows %s from verification without erasing the stored session', async (_, error) => {
    const { machine, calls, effects } = provideAuth();
    const actor = createActor(machine).start();
    calls.resolve('readStoredToken', 'stored-token');
    await flush();
    calls.reject('verifySession', error);
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(selectLogin(actor.getSnapshot())).toBe(false);
    expect(selectLoading(actor.getSnapshot())).toBe(false);
    expect(effects.calls).toEqual([]);
  });

  it('runs without provided implementations: the placeholder fails and it settles logged out', async () => {
    const actor = createActor(authMachine).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().status).toBe('active');
  });
});

describe('auth machine: signing in, token and user updates', () => {
  it.each([
    [admin, 'admin'],
    [customer, 'customer'],
    [{ ...customer, user_role: '', role: 'Nutritionist' }, 'nutritionist'],
  ])('login stores the session with the person, whose role is read lower-cased (%#)', async (user, role) => {
    const { actor, effects } = await startLoggedOut();
    actor.send({ type: 'auth.login', token: 'fresh-token', user });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loggedIn');
    expect(selectToken(snapshot)).toBe('fresh-token');
    expect(selectUser(snapshot)).toEqual(user);
    expect(roleOf(selectUser(snapshot))).toBe(role);
    expect(effects.calls).toEqual([
      { type: 'persistSession', params: { token: 'fresh-token', user } },
      { type: 'notifySignedIn', params: { user } },
    ]);
  });

  it('setToken saves the token to storage, logged out or in', async () => {
    const { actor, effects } = await startLoggedOut();
    actor.send({ type: 'auth.setToken', token: 'from-callback' });
    expect(selectToken(actor.getSnapshot())).toBe('from-callback');
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.send({ type: 'auth.login', token: 'fresh-token', user: customer });
    actor.send({ type: 'auth.setToken', token: 'rotated-token' });
    expect(selectToken(actor.getSnapshot())).toBe('rotated-token');
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(effects.calls.filter((call) => call.type === 'persistToken')).toEqual([
      { type: 'persistToken', params: { token: 'from-callback' } },
      { type: 'persistToken', params: { token: 'rotated-token' } },
    ]);
  });

  it('userUpdated replaces the user and keeps the session', async () => {
    const { actor, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.userUpdated', user: renamedCustomer });
    expect(selectUser(actor.getSnapshot())?.fullname).toBe('Asha R.');
    expect(selectToken(actor.getSnapshot())).toBe('fresh-token');
    expect(effects.calls).toEqual([]);
  });
});

describe('auth machine: delete and 401 (SPEC §4 delete, §8)', () => {
  it('delete while logged out resets to defaults and keeps the redirect URL', async () => {
    const { actor, effects } = await startLoggedOut();
    actor.send({ type: 'auth.setToken', token: 'half-done' });
    effects.calls.length = 0;
    actor.send({ type: 'auth.delete', redirectUrl: '/cart' });
    expect(actor.getSnapshot().context).toEqual({ ...EMPTY, redirectUrl: '/cart' });
    expect(effects.calls).toEqual([]);
    actor.send({ type: 'auth.delete' });
    expect(actor.getSnapshot().context).toEqual(EMPTY);
  });

  it('delete while logged in clears the stored session and logs out, with the redirect URL', async () => {
    const { actor, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.delete', redirectUrl: '/user/orders' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual({ ...EMPTY, redirectUrl: '/user/orders' });
    expect(effects.calls).toEqual([{ type: 'clearStoredSession', params: undefined }]);
  });

  it('delete without a redirect URL resets it to none', async () => {
    const { actor } = await startLoggedOut();
    actor.send({ type: 'auth.delete', redirectUrl: '/cart' });
    actor.send({ type: 'auth.login', token: 'fresh-token', user: customer });
    actor.send({ type: 'auth.delete' });
    expect(selectRedirectUrl(actor.getSnapshot())).toBeNull();
  });

  it.each([
    [admin, '/admin/login'],
    [customer, '/login'],
  ] as const)('a 401 seen anywhere logs the person out and asks them to sign in again, saying why (%#)', async (user, to) => {
    const { actor, effects } = await startLoggedIn(user);
    actor.send({ type: 'auth.unauthorized', reason: 'revoked' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual(EMPTY);
    expect(effects.calls).toEqual([
      { type: 'clearStoredSession', params: undefined },
      { type: 'redirectToSignIn', params: { user, reason: 'revoked' } },
    ]);
    // The app opens the sign-in page of the person's role (SPEC §4), by the rule the server shares.
    expect(logoutDestination(roleOf(user))).toBe(to);
  });

  it.each([admin, customer])('a 401 for an account disabled in Firebase logs the person out and says so at sign-in (%#)', async (user) => {
    const { actor, effects } = await startLoggedIn(user);
    actor.send({ type: 'auth.unauthorized', reason: sessionEndReasonOf('ACCOUNT_DISABLED') ?? undefined });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(effects.calls).toEqual([
      { type: 'clearStoredSession', params: undefined },
      { type: 'redirectToSignIn', params: { user, reason: 'disabled' } },
    ]);
  });

  it('a 401 that does not say why ends the session as ended', async () => {
    const { actor, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.unauthorized' });
    expect(effects.calls).toContainEqual({ type: 'redirectToSignIn', params: { user: customer, reason: 'ended' } });
  });

  it('a 401 while logged out changes nothing', async () => {
    const { actor, effects } = await startLoggedOut();
    const before = actor.getSnapshot();
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot()).toBe(before);
    expect(effects.calls).toEqual([]);
  });
});

describe('auth machine: session expiry', () => {
  it('watches the expiry the server gave at sign-in and ends the session when it comes', async () => {
    const { actor, calls, effects } = await startLoggedOut();
    actor.send({ type: 'auth.login', token: 'fresh-token', user: customer, expiresAt: EXPIRES_AT });
    expect(selectExpiresAt(actor.getSnapshot())).toBe(EXPIRES_AT);
    expect(calls.lastInput('watchSessionExpiry')).toEqual({ expiresAt: EXPIRES_AT });
    effects.calls.length = 0;

    calls.resolve('watchSessionExpiry', undefined);
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual(EMPTY);
    expect(effects.calls).toEqual([
      { type: 'clearStoredSession', params: undefined },
      { type: 'redirectToSignIn', params: { user: customer, reason: 'expired' } },
    ]);
  });

  it('a login without an expiry watches nothing in particular', async () => {
    const { actor, calls } = await startLoggedIn(customer);
    expect(calls.lastInput('watchSessionExpiry')).toEqual({ expiresAt: null });
    expect(selectExpiresAt(actor.getSnapshot())).toBeNull();
  });

  it('stays signed in, no longer counting on an end, when the timer cannot run; a later 401 still ends the session', async () => {
    const { actor, calls } = await startLoggedIn(customer);
    calls.reject('watchSessionExpiry', new Error('no timers'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(selectExpiresAt(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'auth.unauthorized' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('stops watching once the person logs out', async () => {
    const { actor, calls } = await startLoggedIn(customer);
    expect(calls.isPending('watchSessionExpiry')).toBe(true);
    actor.send({ type: 'auth.logout' });
    expect(calls.isPending('watchSessionExpiry')).toBe(false);
  });
});

describe('auth machine: logout (SPEC §4 Logout, §8 toasts)', () => {
  it("revokes the session, clears storage, shows the server's message and sends an admin to /admin/login", async () => {
    const { actor, calls, effects } = await startLoggedIn(admin);
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(selectLogin(actor.getSnapshot())).toBe(true);
    expect(calls.lastInput('logout')).toEqual({ token: 'fresh-token' });

    calls.resolve('logout', { message: 'See you soon' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toEqual(EMPTY);
    expect(selectLogin(actor.getSnapshot())).toBe(false);
    expect(effects.calls).toEqual([
      { type: 'clearStoredSession', params: undefined },
      { type: 'notifyLogoutSuccess', params: { message: 'See you soon' } },
      { type: 'redirectAfterLogout', params: { user: admin } },
    ]);
    expect(logoutDestination(roleOf(admin))).toBe('/admin/login');
  });

  it.each([
    ['customer', customer],
    ['doctor', { ...customer, user_role: 'doctor', role: 'doctor' }],
    ['nutritionist', { ...customer, user_role: 'nutritionist', role: 'nutritionist' }],
  ])('sends a %s to /login', async (_, user) => {
    const { actor, calls, effects } = await startLoggedIn(user);
    actor.send({ type: 'auth.logout' });
    calls.resolve('logout', { message: 'Logged out' });
    await flush();
    expect(effects.calls).toContainEqual({ type: 'redirectAfterLogout', params: { user } });
    expect(logoutDestination(roleOf(user))).toBe('/login');
  });

  it.each([
    ['no message', {}],
    ['a blank message', { message: '  ' }],
  ])("says 'Logout successful.' when the server gives %s", async (_, output) => {
    const { actor, calls, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.logout' });
    calls.resolve('logout', output);
    await flush();
    expect(effects.calls).toContainEqual({ type: 'notifyLogoutSuccess', params: { message: 'Logout successful.' } });
  });

  it('treats a 401 from logout as success: the session is already gone', async () => {
    const { actor, calls, effects } = await startLoggedIn(admin);
    actor.send({ type: 'auth.logout' });
    calls.reject('logout', { status: 401, message: 'Session expired' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(effects.calls).toEqual([
      { type: 'clearStoredSession', params: undefined },
      { type: 'notifyLogoutSuccess', params: { message: 'Logout successful.' } },
      { type: 'redirectAfterLogout', params: { user: admin } },
    ]);
  });

  it("keeps the session on failure and shows the server's message", async () => {
    const { actor, calls, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.logout' });
    calls.reject('logout', Object.assign(new Error('Server says no'), { status: 500 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(selectToken(actor.getSnapshot())).toBe('fresh-token');
    expect(selectUser(actor.getSnapshot())).toEqual(customer);
    expect(effects.calls).toEqual([{ type: 'notifyLogoutFailure', params: { message: 'Server says no' } }]);
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a server answer without a message', { status: 502 }],
    ['a server answer with a blank message', { status: 500, message: '' }],
  ])("says 'Logout failed. Try again.' on %s", async (_, error) => {
    const { actor, calls, effects } = await startLoggedIn(customer);
    actor.send({ type: 'auth.logout' });
    calls.reject('logout', error);
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(effects.calls).toEqual([{ type: 'notifyLogoutFailure', params: { message: 'Logout failed. Try again.' } }]);
  });

  it('can log out again after a failed attempt', async () => {
    const { actor, calls } = await startLoggedIn(customer);
    actor.send({ type: 'auth.logout' });
    calls.reject('logout', { status: 500, message: 'Server says no' });
    await flush();
    actor.send({ type: 'auth.logout' });
    calls.resolve('logout', {});
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });
});
