/**
 * The ways in beyond e-mail and password, as the server sees them: registration, a first Google or phone sign-in,
 * the e-mail a phone-only profile gives, the rate limit on SMS codes and e-mails, revoking the other sessions after
 * a password change, and an admin who is demoted losing access on the very next request.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { expectContract } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { manualClock } from './setup/clock';
import { googleIdToken, idTokenFor, phoneIdToken, randomIndianMobile, signUp } from './setup/emulator';

type User = { _id: string; fullname: string; email: string | null; phone: string | null; role: string; user_role: string };
type Session = { token: string; expiresAt: string; user: User };

describe.each(backends)('ways in and out on %s', (backend) => {
  let testApp: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.1.${backend === 'pglite' ? 1 : 2}.${++ipCounter}`;
  /** The rate limits' time: one second into a fresh hour (and minute), moved by hand. */
  const clock = manualClock();

  beforeAll(async () => {
    testApp = await startTestApp(backend, {}, { now: clock.now });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: object, token?: string, remoteAddress = nextIp()) =>
    testApp.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const loginSuccess = (token: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/auth/login/success', headers: bearer(token) });
  const exchange = async (idToken: string) =>
    expectContract<Session>(await post('/api/auth/session', { idToken }), 'createSession', 200);

  describe('registration', () => {
    it('creates the customer profile with the name and phone from the form and signs the person in', async () => {
      const person = await signUp();
      const phone = randomIndianMobile();
      const session = expectContract<Session>(
        await post('/api/auth/register', { idToken: person.idToken, fullname: '  Kavya Iyer ', phone }),
        'registerProfile',
        200,
      );
      expect(session.user).toMatchObject({ fullname: 'Kavya Iyer', email: person.email, phone, role: 'customer' });
      expectContract(await loginSuccess(session.token), 'getLoginSuccess', 200);

      // Registering again (a retry) signs in again and never overwrites the profile.
      const again = expectContract<Session>(
        await post('/api/auth/register', { idToken: person.idToken, fullname: 'Someone Else', phone: randomIndianMobile() }),
        'registerProfile',
        200,
      );
      expect(again.user).toEqual(session.user);
    });

    it.each([
      ['a number that is not a mobile', { phone: '+915012345678' }, 'phone'],
      ['a short number', { phone: '+9198765' }, 'phone'],
      ['a number without +91', { phone: '9876543210' }, 'phone'],
      ['a blank name', { fullname: '   ' }, 'fullname'],
      ['a name longer than a delivery address takes (80 characters)', { fullname: 'K'.repeat(81) }, 'fullname'],
      ['an unknown field', { role: 'admin' }, 'role'],
    ])('refuses %s at the field', async (_what, change, field) => {
      const person = await signUp();
      const body = { idToken: person.idToken, fullname: 'Kavya Iyer', phone: '+919876543210', ...change };
      const answer = expectContract<{ fields: Record<string, string> }>(await post('/api/auth/register', body), 'registerProfile', 400);
      expect(Object.keys(answer.fields)).toContain(field);
    });

    it('answers 401 to a forged token', async () => {
      const body = { idToken: 'x'.repeat(40), fullname: 'Kavya Iyer', phone: '+919876543210' };
      expectContract(await post('/api/auth/register', body), 'registerProfile', 401);
    });
  });

  describe('first sign-in with Google or a phone', () => {
    it('creates a customer profile from the Google account on first sign-in, and finds it again later', async () => {
      const sub = `google-${randomUUID()}`;
      const email = `${sub}@gmail.test`;
      const first = await exchange(await googleIdToken({ sub, email, name: 'Rohan Gupta' }));
      expect(first.user).toMatchObject({ fullname: 'Rohan Gupta', email, phone: null, role: 'customer' });
      const second = await exchange(await googleIdToken({ sub, email, name: 'Rohan Gupta' }));
      expect(second.user._id).toBe(first.user._id);
    });

    it('creates a phone-only profile that then gives its e-mail address once', async () => {
      const phone = randomIndianMobile();
      const session = await exchange(await phoneIdToken(phone));
      expect(session.user).toMatchObject({ fullname: '', email: null, phone, role: 'customer' });

      const email = `phone-${randomUUID()}@example.test`;
      const put = (address: string, token = session.token) =>
        testApp.app.inject({ method: 'PUT', url: '/api/auth/email', headers: bearer(token), payload: { email: address } });
      const updated = expectContract<{ user: User }>(await put(email), 'setProfileEmail', 200);
      expect(updated.user).toMatchObject({ email, phone });
      const verified = expectContract<{ user: User }>(await loginSuccess(session.token), 'getLoginSuccess', 200);
      expect(verified.user.email).toBe(email);

      const twice = expectContract<{ message: string }>(await put(`other-${email}`), 'setProfileEmail', 409);
      expect(twice.message).toBe('Your profile already has an e-mail address.');

      const other = await exchange(await phoneIdToken(randomIndianMobile()));
      const taken = expectContract<{ message: string }>(await put(email.toUpperCase(), other.token), 'setProfileEmail', 409);
      expect(taken.message).toMatch(/already exists/);
      expectContract(await put('not an address', other.token), 'setProfileEmail', 400);
      const anonymous = await testApp.app.inject({ method: 'PUT', url: '/api/auth/email', payload: { email } });
      expectContract(anonymous, 'setProfileEmail', 401);
    });
  });

  describe('an e-mail address typed on /get-email', () => {
    it('gives way to its proven owner, who signs in with it; the phone-only profile is asked again', async () => {
      const phoneOnly = await exchange(await phoneIdToken(randomIndianMobile()));
      const email = `claimed-${randomUUID()}@gmail.test`;
      const claim = await testApp.app.inject({ method: 'PUT', url: '/api/auth/email', headers: bearer(phoneOnly.token), payload: { email } });
      expectContract(claim, 'setProfileEmail', 200);

      const owner = await exchange(await googleIdToken({ sub: `google-${randomUUID()}`, email, name: 'Anita Desai' }));
      expect(owner.user).toMatchObject({ email, fullname: 'Anita Desai', role: 'customer' });
      expect(owner.user._id).not.toBe(phoneOnly.user._id);
      const released = expectContract<{ user: User }>(await loginSuccess(phoneOnly.token), 'getLoginSuccess', 200);
      expect(released.user.email).toBeNull();
    });

    it('cannot be taken from a proven owner', async () => {
      const email = `owned-${randomUUID()}@gmail.test`;
      await exchange(await googleIdToken({ sub: `google-${randomUUID()}`, email, name: 'Anita Desai' }));
      const phoneOnly = await exchange(await phoneIdToken(randomIndianMobile()));
      const claim = await testApp.app.inject({ method: 'PUT', url: '/api/auth/email', headers: bearer(phoneOnly.token), payload: { email } });
      expect(expectContract<{ message: string }>(claim, 'setProfileEmail', 409).message).toMatch(/already exists/);
    });
  });

  describe('SMS codes, sign-in links and reset e-mails', () => {
    it('allows a few messages to one address per hour, then answers 429 with a wait', async () => {
      const to = `reset-${randomUUID()}@example.test`;
      const limit = testApp.app.config.authChallengeLimitPerTargetPerHour;
      for (let attempt = 0; attempt < limit; attempt++) {
        expectContract(await post('/api/auth/challenges', { kind: 'password-reset', to }), 'requestAuthChallenge', 200);
      }
      const limited = await post('/api/auth/challenges', { kind: 'password-reset', to: to.toUpperCase() });
      const body = expectContract<{ message: string }>(limited, 'requestAuthChallenge', 429);
      expect(body.message).toMatch(/wait an hour/);
      // Counted in fixed one-hour windows: the wait is what is left of this one.
      expect(limited.headers['retry-after']).toBe(String(clock.secondsLeftIn(3_600_000)));
      // Another kind of message to the same address, and another address, are counted apart.
      expectContract(await post('/api/auth/challenges', { kind: 'email-link', to }), 'requestAuthChallenge', 200);
      expectContract(
        await post('/api/auth/challenges', { kind: 'password-reset', to: `x-${to}` }),
        'requestAuthChallenge',
        200,
      );
    });

    it('limits the requests of one client address per minute', async () => {
      const remoteAddress = nextIp();
      const limit = testApp.app.config.authChallengeRateLimitPerMinute;
      for (let attempt = 0; attempt < limit; attempt++) {
        const to = randomIndianMobile();
        expectContract(await post('/api/auth/challenges', { kind: 'phone-code', to }, undefined, remoteAddress), 'requestAuthChallenge', 200);
      }
      const limited = await post('/api/auth/challenges', { kind: 'phone-code', to: randomIndianMobile() }, undefined, remoteAddress);
      expectContract(limited, 'requestAuthChallenge', 429);

      // The next minute the address may ask again.
      clock.advance(60_000);
      const next = await post('/api/auth/challenges', { kind: 'phone-code', to: randomIndianMobile() }, undefined, remoteAddress);
      expectContract(next, 'requestAuthChallenge', 200);
    });

    it.each([
      [{ kind: 'phone-code', to: 'someone@example.test' }],
      [{ kind: 'phone-code', to: '+447700900123' }],
      [{ kind: 'phone-code', to: '+915876543210' }],
      [{ kind: 'password-reset', to: '+919876543210' }],
      [{ kind: 'sms', to: '+919876543210' }],
      [{ kind: 'email-link', to: 'a@b.test', extra: true }],
    ])('refuses %o with 400', async (body) => {
      expectContract(await post('/api/auth/challenges', body), 'requestAuthChallenge', 400);
    });
  });

  describe('sessions', () => {
    it('tells the SPA when the session ends', async () => {
      const session = await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD));
      const verified = expectContract<{ expiresAt: string }>(await loginSuccess(session.token), 'getLoginSuccess', 200);
      expect(verified.expiresAt).toBe(session.expiresAt);
    });

    it('revokes every other session of the person after a password change, and keeps this one', async () => {
      const person = await signUp();
      const here = await exchange(person.idToken);
      const phone = await exchange(await idTokenFor(person.email, 'S3cret-pass'));
      const laptop = await exchange(await idTokenFor(person.email, 'S3cret-pass'));
      const someoneElse = await exchange(await idTokenFor('customer@demo.test', DEMO_PASSWORD));

      const answer = expectContract<{ revoked: number; message: string }>(
        await post('/api/auth/sessions/revoke-others', {}, here.token),
        'revokeOtherSessions',
        200,
      );
      expect(answer).toEqual({ revoked: 2, message: 'Signed out of 2 other sessions.' });
      expectContract(await loginSuccess(here.token), 'getLoginSuccess', 200);
      expect(expectContract(await loginSuccess(phone.token), 'getLoginSuccess', 401)).toMatchObject({ code: 'SESSION_REVOKED' });
      expect(expectContract(await loginSuccess(laptop.token), 'getLoginSuccess', 401)).toMatchObject({ code: 'SESSION_REVOKED' });
      expectContract(await loginSuccess(someoneElse.token), 'getLoginSuccess', 200);

      expectContract(await post('/api/auth/sessions/revoke-others', { everyone: true }, here.token), 'revokeOtherSessions', 400);
      const again = await post('/api/auth/sessions/revoke-others', {}, here.token);
      expect(expectContract<{ revoked: number }>(again, 'revokeOtherSessions', 200).revoked).toBe(0);
      const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others' });
      expectContract(anonymous, 'revokeOtherSessions', 401);
    });

    it.each([
      ['no body and no content type', {}],
      ['no body with a JSON content type', { 'content-type': 'application/json' }],
      ['an empty JSON body', { 'content-type': 'application/json', 'content-length': '0' }],
    ])('revokes the other sessions when the request has %s', async (_what, headers) => {
      const here = await exchange((await signUp()).idToken);
      const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: { ...bearer(here.token), ...headers } });
      expect(expectContract<{ revoked: number }>(response, 'revokeOtherSessions', 200).revoked).toBe(0);
    });
  });

  describe('roles', () => {
    const setRole = (token: string, userId: string, role: string) =>
      testApp.app.inject({ method: 'PUT', url: `/api/auth/users/${userId}/role`, headers: bearer(token), payload: { role } });

    it('a demoted admin gets 403 on the very next request', async () => {
      const admin = await exchange(await idTokenFor('admin@demo.test', DEMO_PASSWORD));
      const colleague = await exchange((await signUp({ displayName: 'Second Admin' })).idToken);
      const customer = await exchange((await signUp()).idToken);

      expectContract(await setRole(admin.token, colleague.user._id, 'admin'), 'setUserRole', 200);
      // The colleague's session was made while a customer; the role is read from the database on each request.
      const asAdmin = expectContract<{ user: User }>(await setRole(colleague.token, customer.user._id, 'doctor'), 'setUserRole', 200);
      expect(asAdmin.user).toMatchObject({ role: 'doctor', user_role: 'doctor' });

      expectContract(await setRole(admin.token, colleague.user._id, 'customer'), 'setUserRole', 200);
      const demoted = expectContract<{ message: string }>(await setRole(colleague.token, customer.user._id, 'admin'), 'setUserRole', 403);
      expect(demoted.message).toBe('You do not have access to this.');
      const verified = expectContract<{ user: User }>(await loginSuccess(colleague.token), 'getLoginSuccess', 200);
      expect(verified.user.role).toBe('customer');

      // Each change is in the audit log with who made it, from where, and the role before and after.
      const changes = await testApp.app.db.query<{ actor_user_id: string; actor_ip: string; subject_user_id: string; before: unknown; after: unknown }>(
        `SELECT actor_user_id, actor_ip, subject_user_id, before, after FROM audit_log WHERE action = 'user.role_changed' ORDER BY id`,
      );
      expect(changes).toEqual([
        { actor_user_id: admin.user._id, actor_ip: expect.any(String), subject_user_id: colleague.user._id, before: { role: 'customer' }, after: { role: 'admin' } },
        { actor_user_id: colleague.user._id, actor_ip: expect.any(String), subject_user_id: customer.user._id, before: { role: 'customer' }, after: { role: 'doctor' } },
        { actor_user_id: admin.user._id, actor_ip: expect.any(String), subject_user_id: colleague.user._id, before: { role: 'admin' }, after: { role: 'customer' } },
      ]);
    });

    it.each([
      ['a customer', 'customer@demo.test', 403],
      ['a doctor', 'doctor@demo.test', 403],
    ])('refuses %s with 403', async (_who, email, status) => {
      const session = await exchange(await idTokenFor(email, DEMO_PASSWORD));
      const target = await exchange((await signUp()).idToken);
      expectContract(await setRole(session.token, target.user._id, 'admin'), 'setUserRole', status);
    });

    it('answers 404, 409 and 400 where they belong', async () => {
      const admin = await exchange(await idTokenFor('admin@demo.test', DEMO_PASSWORD));
      expectContract(await setRole(admin.token, randomUUID(), 'doctor'), 'setUserRole', 404);
      const own = expectContract<{ message: string }>(await setRole(admin.token, admin.user._id, 'customer'), 'setUserRole', 409);
      // The demo admin is the only active one here.
      expect(own.message).toBe('You cannot change your own role. You are the only active admin: make another team member an admin first, and they can.');
      expectContract(await setRole(admin.token, admin.user._id, 'superuser'), 'setUserRole', 400);
      const anonymous = await testApp.app.inject({ method: 'PUT', url: `/api/auth/users/${admin.user._id}/role`, payload: { role: 'admin' } });
      expectContract(anonymous, 'setUserRole', 401);
    });
  });
});
