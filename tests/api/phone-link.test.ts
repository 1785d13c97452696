/**
 * One person, one account: a first sign-in by phone whose number an existing account lists makes no second account.
 * The person proves the existing account and the number is added to it, or says it is not theirs and gets one of
 * their own; a forged, stale or misused proof changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneLinkToken } from '../../server/routes/auth/phone-link';
import { expectContract } from './contract';
import { backends, startTestApp, type TestApp } from './setup/app';
import { backdateAccount, phoneIdToken, randomIndianMobile, signUp, unsignedIdToken } from './setup/emulator';

type User = { _id: string; fullname: string; email: string | null; phone: string | null; role: string };
type Session = { token: string; expiresAt: string; user: User };
type PhoneHeld = {
  message: string;
  code: string;
  phoneLink: { token: string; phone: string; accountHint: string | null; signInMethods: string[] };
};

describe.each(backends)('a proven number that an existing account lists, on %s', (backend) => {
  let testApp: TestApp;
  let ipCounter = 0;
  const nextIp = () => `10.7.${backend === 'pglite' ? 1 : 2}.${++ipCounter}`;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, remoteAddress: nextIp(), payload });
  const usersWithPhone = async (phone: string) =>
    (await testApp.app.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1 ORDER BY created_at', [phone])).map((row) => row.id);

  /** A person who registered with e-mail and password and gave `phone` on the form. */
  async function registered(phone: string, name = 'Meera Nair') {
    const email = `meera-${randomUUID().slice(0, 8)}@example.test`;
    const person = await signUp({ email });
    const session = expectContract<Session>(await post('/api/auth/register', { idToken: person.idToken, fullname: name, phone }), 'registerProfile', 200);
    return { ...person, email, session };
  }

  async function phoneHeld(phone: string): Promise<PhoneHeld> {
    return expectContract<PhoneHeld>(await post('/api/auth/session', { idToken: await phoneIdToken(phone) }), 'createSession', 409);
  }

  it('answers PHONE_HELD with a hint of the account, and makes no second account', async () => {
    const phone = randomIndianMobile();
    const owner = await registered(phone);
    const held = await phoneHeld(phone);
    expect(held.code).toBe('PHONE_HELD');
    expect(held.message).toMatch(/belongs to an account that already exists/);
    expect(held.phoneLink).toMatchObject({ phone, signInMethods: ['password'] });
    expect(held.phoneLink.accountHint).toMatch(/^m•+[a-z0-9]@e•+e\.test$/);
    expect(held.phoneLink.accountHint).not.toContain(owner.email.split('@')[0]);
    expect(await usersWithPhone(phone)).toEqual([owner.session.user._id]);
  });

  it('adds the number to the account its owner proves; the next phone sign-in opens that account', async () => {
    const phone = randomIndianMobile();
    const owner = await registered(phone);
    const held = await phoneHeld(phone);

    const linked = expectContract<Session>(
      await post('/api/auth/phone-link', { linkToken: held.phoneLink.token, idToken: owner.idToken }),
      'linkPhone',
      200,
    );
    expect(linked.user).toMatchObject({ _id: owner.session.user._id, email: owner.email, phone });

    const again = expectContract<Session>(await post('/api/auth/session', { idToken: await phoneIdToken(phone) }), 'createSession', 200);
    expect(again.user._id).toBe(owner.session.user._id);
    expect(await usersWithPhone(phone)).toEqual([owner.session.user._id]);

    const audit = await testApp.app.db.query<{ actor_user_id: string; subject_user_id: string; after: unknown }>(
      `SELECT actor_user_id, subject_user_id, after FROM audit_log WHERE action = 'user.phone_linked' AND subject_user_id = $1`,
      [owner.session.user._id],
    );
    expect(audit).toEqual([{ actor_user_id: owner.session.user._id, subject_user_id: owner.session.user._id, after: { phoneSignIn: true } }]);

    // The proof was for a phone account that no longer exists: using it again links nothing new and breaks nothing.
    const replay = await post('/api/auth/phone-link', { linkToken: held.phoneLink.token, idToken: owner.idToken });
    expect([200, 409]).toContain(replay.statusCode);
  });

  it('refuses an account that does not list the number, a stale sign-in, and a forged or expired proof', async () => {
    const phone = randomIndianMobile();
    const owner = await registered(phone);
    const stranger = await registered(randomIndianMobile(), 'Someone Else');
    const held = await phoneHeld(phone);

    const mismatch = expectContract<{ code: string }>(
      await post('/api/auth/phone-link', { linkToken: held.phoneLink.token, idToken: stranger.idToken }),
      'linkPhone',
      409,
    );
    expect(mismatch.code).toBe('ACCOUNT_MISMATCH');

    // A sign-in ten minutes old (the account's tokens count as valid from an hour ago, as for anyone signed in long).
    await backdateAccount(owner.uid, 3600);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = expectContract<{ code: string }>(
      await post('/api/auth/phone-link', {
        linkToken: held.phoneLink.token,
        idToken: unsignedIdToken({ sub: owner.uid, user_id: owner.uid, email: owner.email, auth_time: tenMinutesAgo }),
      }),
      'linkPhone',
      401,
    );
    expect(stale.code).toBe('REAUTHENTICATION_REQUIRED');

    const [payload, signature] = held.phoneLink.token.split('.');
    const otherPhone = Buffer.from(JSON.stringify(['someone', randomIndianMobile(), Date.now() + 60_000])).toString('base64url');
    const expired = phoneLinkToken(testApp.app.config.messages.signingSecret, { uid: 'x', phone, expires: Date.now() - 1 });
    for (const linkToken of [`${otherPhone}.${signature}`, `${payload}.${'A'.repeat(43)}`, expired, phoneLinkToken('another-secret', { uid: 'x', phone, expires: Date.now() + 60_000 })]) {
      const refused = expectContract<{ code: string }>(await post('/api/auth/phone-link', { linkToken, idToken: owner.idToken }), 'linkPhone', 400);
      expect(refused.code).toBe('PHONE_LINK_EXPIRED');
    }
    expectContract(await post('/api/auth/phone-account', { linkToken: expired }), 'createPhoneAccount', 400);
    expectContract(await post('/api/auth/phone-account', { linkToken: 'not a token' }), 'createPhoneAccount', 400);

    // Nothing was linked: the phone sign-in still meets the existing account.
    expect((await phoneHeld(phone)).code).toBe('PHONE_HELD');
    expect(await usersWithPhone(phone)).toEqual([owner.session.user._id]);
  });

  it('makes an account of their own for a person who says the existing one is not theirs', async () => {
    const phone = randomIndianMobile();
    const other = await registered(phone, 'Previous Holder');
    const held = await phoneHeld(phone);

    const own = expectContract<Session>(await post('/api/auth/phone-account', { linkToken: held.phoneLink.token }), 'createPhoneAccount', 200);
    expect(own.user).toMatchObject({ email: null, phone, role: 'customer' });
    expect(own.user._id).not.toBe(other.session.user._id);

    // From then on the phone sign-in opens that account, and the other account keeps what it had.
    const again = expectContract<Session>(await post('/api/auth/session', { idToken: await phoneIdToken(phone) }), 'createSession', 200);
    expect(again.user._id).toBe(own.user._id);
    expect(await usersWithPhone(phone)).toEqual([other.session.user._id, own.user._id]);

    // Linking the same proof afterwards is refused: the number signs in to its own account now.
    const late = expectContract<{ code: string }>(
      await post('/api/auth/phone-link', { linkToken: held.phoneLink.token, idToken: other.idToken }),
      'linkPhone',
      409,
    );
    expect(late.code).toBe('PHONE_IN_USE');
  });

  it('still makes a phone-only account for a number nobody lists', async () => {
    const phone = randomIndianMobile();
    const session = expectContract<Session>(await post('/api/auth/session', { idToken: await phoneIdToken(phone) }), 'createSession', 200);
    expect(session.user).toMatchObject({ email: null, phone });
  });
});
