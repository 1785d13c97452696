import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectContract } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { manualClock, type ManualClock } from './setup/clock';
import { idTokenFor, signUp } from './setup/emulator';

const MINUTE = 60_000;
const RECHECK_MINUTES = 10;
const ACCOUNT_DISABLED = { message: 'This account is disabled. Please contact us if you think this is a mistake.', code: 'ACCOUNT_DISABLED' };

describe.each(backends)('sessions of an account ended in Firebase, on %s', (backend) => {
  let testApp: TestApp;
  let ipCounter = 0;
  /** Starts at the wall clock for each test, so that a session made now is as old as the test moves the clock. */
  let clock: ManualClock;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { accountRecheckMinutes: RECHECK_MINUTES }, { now: () => clock.now() });
  });
  afterAll(async () => {
    await testApp?.close();
  });
  beforeEach(() => {
    clock = manualClock(Date.now());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function sessionOf(idToken: string): Promise<string> {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      remoteAddress: `10.9.${backend === 'pglite' ? 1 : 2}.${++ipCounter}`,
      payload: { idToken },
    });
    return expectContract<{ token: string }>(response, 'createSession', 200).token;
  }

  /** A new person in the emulator with two sessions, as from two devices. */
  async function personWithTwoSessions() {
    const person = await signUp();
    const first = await sessionOf(person.idToken);
    const second = await sessionOf(await idTokenFor(person.email, 'S3cret-pass'));
    return { ...person, sessions: [first, second] };
  }

  const use = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/auth/login/success', headers: { authorization: `Bearer ${token}` } });

  async function expectRefused(token: string) {
    expect(expectContract(await use(token), 'getLoginSuccess', 401)).toEqual(ACCOUNT_DISABLED);
  }

  async function expectWorking(token: string) {
    expectContract(await use(token), 'getLoginSuccess', 200);
  }

  it('refuses every session of a person disabled in Firebase once the interval has passed, and only theirs', async () => {
    const person = await personWithTwoSessions();
    const bystander = await sessionOf((await signUp()).idToken);
    await testApp.app.firebaseAuth.updateUser(person.uid, { disabled: true });

    clock.advance((RECHECK_MINUTES - 1) * MINUTE);
    await expectWorking(person.sessions[0]!);

    clock.advance(2 * MINUTE);
    await expectRefused(person.sessions[0]!);
    // The other device has not been re-checked on its own: ending the account ended it too.
    await expectRefused(person.sessions[1]!);
    await expectWorking(bystander);

    const rows = await testApp.app.db.query<{ revoked: boolean }>(
      `SELECT s.revoked_at IS NOT NULL AS revoked FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.firebase_uid = $1`,
      [person.uid],
    );
    expect(rows).toEqual([{ revoked: true }, { revoked: true }]);
  });

  it('refuses every session of a person deleted in Firebase once the interval has passed', async () => {
    const person = await personWithTwoSessions();
    await testApp.app.firebaseAuth.deleteUser(person.uid);

    await expectWorking(person.sessions[1]!);
    clock.advance((RECHECK_MINUTES + 1) * MINUTE);
    await expectRefused(person.sessions[1]!);
    await expectRefused(person.sessions[0]!);
  });

  it('asks Firebase at most once per interval per session, not on every request', async () => {
    const person = await personWithTwoSessions();
    const [session] = person.sessions;
    const getUser = vi.spyOn(testApp.app.firebaseAuth, 'getUser');

    await expectWorking(session!);
    await expectWorking(session!);
    expect(getUser).not.toHaveBeenCalled();

    clock.advance((RECHECK_MINUTES + 1) * MINUTE);
    await Promise.all([expectWorking(session!), expectWorking(session!), expectWorking(session!)]);
    expect(getUser).toHaveBeenCalledExactlyOnceWith(person.uid);

    clock.advance((RECHECK_MINUTES - 1) * MINUTE);
    await expectWorking(session!);
    expect(getUser).toHaveBeenCalledTimes(1);

    clock.advance(2 * MINUTE);
    await expectWorking(session!);
    expect(getUser).toHaveBeenCalledTimes(2);
  });

  it('keeps sessions working while Firebase cannot be reached, and ends them at the next check that reaches it', async () => {
    const person = await personWithTwoSessions();
    await testApp.app.firebaseAuth.updateUser(person.uid, { disabled: true });
    // What firebase-admin throws when its request to Firebase fails on the network.
    const unreachable = Object.assign(new Error('Error while making request: connect ECONNREFUSED.'), { code: 'app/network-error' });
    const getUser = vi.spyOn(testApp.app.firebaseAuth, 'getUser').mockRejectedValue(unreachable);

    clock.advance((RECHECK_MINUTES + 1) * MINUTE);
    await expectWorking(person.sessions[0]!);
    await expectWorking(person.sessions[1]!);
    // Firebase was asked, once for each session.
    expect(getUser).toHaveBeenCalledTimes(2);
    getUser.mockRestore();

    // Within the interval of the failed check the session is not asked about again.
    await expectWorking(person.sessions[0]!);

    clock.advance((RECHECK_MINUTES + 1) * MINUTE);
    await expectRefused(person.sessions[0]!);
    await expectRefused(person.sessions[1]!);
  });
});
