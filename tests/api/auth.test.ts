import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../../server/plugins/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed';
import { expectContract } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { manualClock } from './setup/clock';
import { idTokenFor, PROJECT_ID, signInWithPassword, signUp, unsignedIdToken } from './setup/emulator';

type Session = { token: string; expiresAt: string; user: { _id: string; fullname: string; email: string | null; role: string; user_role: string } };

const NOT_VERIFIED = 'Your sign-in could not be verified. Please sign in again.';

/** An RS256 token with the right claims, signed by a key that is not Google's. */
function selfSignedIdToken(sub: string): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'RS256', kid: 'forged', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now - 5,
    iat: now - 5,
    exp: now + 3600,
    sub,
    user_id: sub,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })));
  return `${unsigned}.${signature.toString('base64url')}`;
}

describe.each(backends)('auth on %s', (backend) => {
  let testApp: TestApp;
  let ipCounter = 0;
  /** Each test speaks from its own address so the sign-in rate limit only bites where a test means it to. */
  const nextIp = () => `10.0.${backend === 'pglite' ? 1 : 2}.${++ipCounter}`;
  /** The rate limits' time: one second into a window, moved by whole windows only. */
  const clock = manualClock();

  beforeAll(async () => {
    testApp = await startTestApp(backend, {}, { now: clock.now });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const exchange = (idToken: string, audience?: 'customer' | 'staff', remoteAddress = nextIp()) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      remoteAddress,
      payload: audience ? { idToken, audience } : { idToken },
    });

  const loginSuccess = (token?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/auth/login/success',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  async function signedIn(email: string, audience?: 'customer' | 'staff'): Promise<Session> {
    const response = await exchange(await idTokenFor(email, DEMO_PASSWORD), audience);
    return expectContract<Session>(response, 'createSession', 200);
  }

  it.each(DEMO_ACCOUNTS.map((account) => [account.role, account] as const))(
    'exchanges a Firebase ID token of the demo %s for a session with the role from the database',
    async (_role, account) => {
      const session = await signedIn(account.email, account.role === 'customer' ? 'customer' : 'staff');
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.user).toMatchObject({ email: account.email, fullname: account.fullname, role: account.role, user_role: account.role });
      const hoursValid = (Date.parse(session.expiresAt) - Date.now()) / 3_600_000;
      expect(hoursValid).toBeGreaterThan(167);
      expect(hoursValid).toBeLessThanOrEqual(168);

      const verified = expectContract<{ user: Session['user'] }>(await loginSuccess(session.token), 'getLoginSuccess', 200);
      expect(verified.user).toEqual(session.user);
    },
  );

  it('keeps only a hash of the session token', async () => {
    const session = await signedIn('customer@demo.test');
    const rows = await testApp.app.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [session.user._id]);
    expect(rows.map((row) => row.token_hash)).toContain(hashSessionToken(session.token));
    expect(rows.map((row) => row.token_hash)).not.toContain(session.token);
  });

  it('refuses a customer at the staff sign-in', async () => {
    const response = await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD), 'staff');
    const body = expectContract(response, 'createSession', 403);
    expect(body.message).toBe('This sign-in is for staff. Please use the customer login.');
  });

  it('lets staff use the customer sign-in as well', async () => {
    const session = await signedIn('doctor@demo.test');
    expect(session.user.role).toBe('doctor');
  });

  it('creates a customer profile on first sign-in from the token’s name and e-mail', async () => {
    const person = await signUp({ displayName: 'Priya Patel' });
    const session = expectContract<Session>(await exchange(person.idToken), 'createSession', 200);
    expect(session.user).toMatchObject({ fullname: 'Priya Patel', email: person.email, phone: null, role: 'customer' });

    const again = expectContract<Session>(await exchange(await idTokenFor(person.email, 'S3cret-pass')), 'createSession', 200);
    expect(again.user._id).toBe(session.user._id);
    expect(again.token).not.toBe(session.token);
  });

  it('links a profile created ahead of time only once Firebase has verified the e-mail', async () => {
    const email = `new-doctor-${Date.now()}@example.test`;
    await testApp.app.db.query(`INSERT INTO users (email, fullname, role) VALUES ($1, 'Meera Menon', 'doctor')`, [email]);
    const person = await signUp({ email });

    const unverified = await exchange(person.idToken, 'staff');
    expect(unverified.statusCode).toBe(409);
    expect(JSON.parse(unverified.body)).toMatchObject({ code: 'CONFLICT' });

    await testApp.app.firebaseAuth.updateUser(person.uid, { emailVerified: true });
    const session = expectContract<Session>(await exchange(await idTokenFor(email, 'S3cret-pass'), 'staff'), 'createSession', 200);
    expect(session.user).toMatchObject({ email, fullname: 'Meera Menon', role: 'doctor' });
  });

  it('reads the role from the database on every request', async () => {
    const person = await signUp();
    const session = expectContract<Session>(await exchange(person.idToken), 'createSession', 200);
    await testApp.app.db.query(`UPDATE users SET role = 'nutritionist' WHERE id = $1`, [session.user._id]);
    const promoted = expectContract<{ user: Session['user'] }>(await loginSuccess(session.token), 'getLoginSuccess', 200);
    expect(promoted.user.role).toBe('nutritionist');
  });

  it('does not get a token for a wrong password (the emulator refuses it)', async () => {
    const result = await signInWithPassword('customer@demo.test', 'wrong-password');
    expect(result.status).toBe(400);
    expect(result.idToken).toBeUndefined();
    expect(result.error).toMatch(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
  });

  it.each([
    ['garbage', () => 'this-is-not-a-json-web-token-at-all'],
    ['a token signed with someone else’s key', () => selfSignedIdToken('demo-admin')],
    ['an alg:none token for an unknown account', () => unsignedIdToken()],
    ['an alg:none token for another project', () => unsignedIdToken({ sub: 'demo-admin', aud: 'someone-else', iss: 'https://securetoken.google.com/someone-else' })],
    ['an expired token', () => unsignedIdToken({ sub: 'demo-admin', iat: 1_600_000_000, auth_time: 1_600_000_000, exp: 1_600_003_600 })],
  ])('answers 401 to %s', async (_what, token) => {
    const body = expectContract(await exchange(token()), 'createSession', 401);
    expect(body.message).toBe(NOT_VERIFIED);
  });

  it('answers 401 to an ID token revoked at Firebase', async () => {
    const person = await signUp();
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // revocation has second granularity
    await testApp.app.firebaseAuth.revokeRefreshTokens(person.uid);
    const body = expectContract(await exchange(person.idToken), 'createSession', 401);
    expect(body.message).toBe(NOT_VERIFIED);
  });

  describe('bearer sessions', () => {
    it('answers 401 without a bearer', async () => {
      const body = expectContract(await loginSuccess(), 'getLoginSuccess', 401);
      expect(body).toEqual({ message: 'Please sign in to continue.', code: 'NO_SESSION' });
    });

    it.each([
      ['an unknown token', 'A'.repeat(43)],
      ['a malformed token', 'not a token'],
      ['a forged token', 'forged.jwt.value'],
    ])('answers 401 to %s', async (_what, token) => {
      const body = expectContract(await loginSuccess(token), 'getLoginSuccess', 401);
      expect(body).toEqual({ message: 'Your session is no longer valid. Please sign in again.', code: 'SESSION_UNKNOWN' });
    });

    it('answers 401 to a non-bearer scheme', async () => {
      const session = await signedIn('customer@demo.test');
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/login/success',
        headers: { authorization: `Basic ${session.token}` },
      });
      expectContract(response, 'getLoginSuccess', 401);
    });

    it('answers 401 once the session has expired', async () => {
      const session = await signedIn('customer@demo.test');
      await testApp.app.db.query(`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
        hashSessionToken(session.token),
      ]);
      const body = expectContract(await loginSuccess(session.token), 'getLoginSuccess', 401);
      expect(body).toEqual({ message: 'Your session has expired. Please sign in again.', code: 'SESSION_EXPIRED' });
    });

    it('logout revokes the session on the server', async () => {
      const session = await signedIn('nutritionist@demo.test');
      const other = await signedIn('nutritionist@demo.test');
      const logout = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(expectContract(logout, 'logout', 200)).toEqual({ message: 'Logout successful.' });

      const ended = expectContract(await loginSuccess(session.token), 'getLoginSuccess', 401);
      expect(ended).toEqual({ message: 'You were signed out. Please sign in again.', code: 'SESSION_REVOKED' });
      const again = await testApp.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { authorization: `Bearer ${session.token}` } });
      expectContract(again, 'logout', 401);
      // Only that session: the same person's other device stays signed in.
      expectContract(await loginSuccess(other.token), 'getLoginSuccess', 200);
    });

    it('marks personal answers as not cacheable', async () => {
      const session = await signedIn('customer@demo.test');
      const response = await loginSuccess(session.token);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  it('limits session exchanges per client address, for the rest of the minute', async () => {
    const remoteAddress = nextIp();
    const limit = testApp.app.config.sessionRateLimitPerMinute;
    for (let attempt = 0; attempt < limit; attempt++) {
      expectContract(await exchange('x'.repeat(40), undefined, remoteAddress), 'createSession', 401);
    }
    const limited = await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD), undefined, remoteAddress);
    const body = expectContract(limited, 'createSession', 429);
    expect(body.message).toBe('Too many attempts. Please wait a minute and try again.');
    // The limit counts in fixed one-minute windows: the wait is what is left of this one.
    expect(limited.headers['retry-after']).toBe(String(clock.secondsLeftIn(60_000)));

    // Another address is not affected.
    expectContract(await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD)), 'createSession', 200);

    // Once the minute is over, the address may sign in again.
    clock.advance(60_000);
    expectContract(await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD), undefined, remoteAddress), 'createSession', 200);
  });
});
