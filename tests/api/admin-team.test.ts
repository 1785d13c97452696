import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { changeTeamMemberRole, deactivateTeamMember } from '../../server/routes/admin-team/queries';
import { SYSTEM_ACTOR } from '../../server/services/audit';
import { expectContract } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { emulatorHost, PROJECT_ID, signInWithPassword, signUp } from './setup/emulator';

interface Member {
  _id: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  role: string;
  status: 'active' | 'invited' | 'deactivated';
  lastSignInAt: string | null;
  createdAt: string;
  deactivatedAt: string | null;
  passwordLinkSentAt: string | null;
}

interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

const PASSWORD = 'Team-member-1';

/** The "set your password" codes the Auth emulator holds for an address, newest last. */
async function passwordCodes(email: string): Promise<string[]> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
  return oobCodes.filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET').map((entry) => entry.oobCode);
}

/** Sets the password from the e-mailed link's code, as the reset page does with the web SDK. */
async function setPassword(oobCode: string, newPassword: string): Promise<void> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@team.example.test`;

describe.each(backends)('team members on %s', (backend) => {
  let testApp: TestApp;
  let admin: Customer;
  const app = (): FastifyInstance => testApp.app;

  const add = (who: Customer, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/api/admin/team-members', headers: who.auth, payload });
  const list = (who: Customer, query = '') => app().inject({ method: 'GET', url: `/api/admin/team-members${query}`, headers: who.auth });
  const setRole = (who: Customer, id: string, role: string) =>
    app().inject({ method: 'PUT', url: `/api/admin/team-members/${id}/role`, headers: who.auth, payload: { role } });
  const action = (who: Customer, id: string, what: 'deactivation' | 'reactivation' | 'password-link', payload?: object) =>
    app().inject({ method: 'POST', url: `/api/admin/team-members/${id}/${what}`, headers: who.auth, ...(payload ? { payload } : {}) });
  const exchange = (idToken: string) => app().inject({ method: 'POST', url: '/api/auth/session', payload: { idToken, audience: 'staff' } });

  async function addMember(role: string, name = role): Promise<{ member: Member; email: string }> {
    const email = uniqueEmail(name);
    const answer = expectContract<{ member: Member; passwordLink: string }>(
      await add(admin, { fullname: `Test ${name}`, email, phone: '98765 43210', role }),
      'addTeamMember',
      201,
    );
    return { member: answer.member, email };
  }

  /** Opens the e-mailed link, sets a password and signs in at /admin/login: the member's session. */
  async function signInAsMember(email: string): Promise<{ token: string; auth: { authorization: string } }> {
    const [code] = (await passwordCodes(email)).slice(-1);
    await setPassword(code!, PASSWORD);
    const signedIn = await signInWithPassword(email, PASSWORD);
    const session = expectContract<{ token: string }>(await exchange(signedIn.idToken!), 'createSession', 200);
    return { token: session.token, auth: { authorization: `Bearer ${session.token}` } };
  }

  const auditOf = (subject: string) =>
    app().db.query<{ action: string; actor_user_id: string | null; before: unknown; after: unknown }>(
      'SELECT action, actor_user_id, before, after FROM audit_log WHERE subject_user_id = $1 ORDER BY id',
      [subject],
    );

  beforeAll(async () => {
    // No demo accounts: the test's own admins are the whole team.
    testApp = await startTestApp(backend, { demoData: false, publicSiteUrl: 'https://shop.example.test' });
    admin = await newCustomer(app(), 'admin');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('is for admins only: 401 without a session, 403 for every other role', async () => {
    const id = randomUUID();
    const calls = [
      ['listTeamMembers', (who?: Customer) => app().inject({ method: 'GET', url: '/api/admin/team-members', ...(who ? { headers: who.auth } : {}) })],
      [
        'addTeamMember',
        (who?: Customer) =>
          app().inject({ method: 'POST', url: '/api/admin/team-members', ...(who ? { headers: who.auth } : {}), payload: { fullname: 'X', email: 'x@example.test', role: 'doctor' } }),
      ],
      ['changeTeamMemberRole', (who?: Customer) => app().inject({ method: 'PUT', url: `/api/admin/team-members/${id}/role`, ...(who ? { headers: who.auth } : {}), payload: { role: 'doctor' } })],
      ['deactivateTeamMember', (who?: Customer) => app().inject({ method: 'POST', url: `/api/admin/team-members/${id}/deactivation`, ...(who ? { headers: who.auth } : {}) })],
      ['reactivateTeamMember', (who?: Customer) => app().inject({ method: 'POST', url: `/api/admin/team-members/${id}/reactivation`, ...(who ? { headers: who.auth } : {}) })],
      ['sendTeamMemberPasswordLink', (who?: Customer) => app().inject({ method: 'POST', url: `/api/admin/team-members/${id}/password-link`, ...(who ? { headers: who.auth } : {}) })],
    ] as const;
    const others = [await newCustomer(app(), 'customer'), await newCustomer(app(), 'doctor'), await newCustomer(app(), 'nutritionist')];
    for (const [operation, call] of calls) {
      expectContract(await call(), operation, 401);
      for (const other of others) expectContract(await call(other), operation, 403);
    }
  });

  it('adds a member: their Firebase account, their profile with the role, and the e-mailed link to set a password', async () => {
    const email = uniqueEmail('Nutritionist');
    const answer = expectContract<{ member: Member; passwordLink: string }>(
      await add(admin, { fullname: '  Neha Nair ', email: `  ${email.toUpperCase()} `, phone: '+91 98765-43210', role: 'nutritionist' }),
      'addTeamMember',
      201,
    );
    expect(answer.passwordLink).toBe('sent');
    expect(answer.member).toMatchObject({
      fullname: 'Neha Nair',
      email: email.toLowerCase(),
      phone: '+919876543210',
      role: 'nutritionist',
      status: 'invited',
      lastSignInAt: null,
      deactivatedAt: null,
    });
    expect(answer.member.passwordLinkSentAt).not.toBeNull();
    expect(await passwordCodes(email.toLowerCase())).toHaveLength(1);
    const account = await app().firebaseAuth.getUserByEmail(email.toLowerCase());
    expect(account).toMatchObject({ displayName: 'Neha Nair', disabled: false });
    expect(account.passwordHash).toBeUndefined();

    const audit = await auditOf(answer.member._id);
    expect(audit).toEqual([
      { action: 'team.member_added', actor_user_id: admin.userId, before: null, after: { fullname: 'Neha Nair', email: email.toLowerCase(), phone: '+919876543210', role: 'nutritionist' } },
      { action: 'team.invite_sent', actor_user_id: admin.userId, before: null, after: { email: email.toLowerCase() } },
    ]);

    const page = expectContract<{ items: Member[]; total: number }>(await list(admin, `?q=${encodeURIComponent('neha')}`), 'listTeamMembers', 200);
    expect(page.items.map((member) => member._id)).toEqual([answer.member._id]);
    const invited = expectContract<{ items: Member[] }>(await list(admin, '?status=invited&role=nutritionist'), 'listTeamMembers', 200);
    expect(invited.items.map((member) => member._id)).toContain(answer.member._id);
  });

  it('refuses an address already on the team, a customer’s address and one Firebase already has, with 409 and the reason', async () => {
    const { email } = await addMember('doctor');
    const twice = expectContract<ErrorBody>(await add(admin, { fullname: 'Again', email: email.toUpperCase(), role: 'admin' }), 'addTeamMember', 409);
    expect(twice).toMatchObject({ code: 'ALREADY_ON_TEAM', fields: { email: 'This e-mail address is already on the team.' } });

    const customer = await newCustomer(app(), 'customer');
    const [row] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]);
    const refused = expectContract<ErrorBody>(await add(admin, { fullname: 'A Customer', email: row!.email, role: 'doctor' }), 'addTeamMember', 409);
    expect(refused.code).toBe('CUSTOMER_ACCOUNT');
    expect(refused.message).toMatch(/customer’s account/);
    const [still] = await app().db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [customer.userId]);
    expect(still!.role).toBe('customer');

    const stranger = await signUp();
    const taken = expectContract<ErrorBody>(await add(admin, { fullname: 'A Stranger', email: stranger.email, role: 'doctor' }), 'addTeamMember', 409);
    expect(taken.code).toBe('SIGN_IN_ACCOUNT_EXISTS');
    const [profile] = await app().db.query('SELECT id FROM users WHERE lower(email) = lower($1)', [stranger.email]);
    expect(profile).toBeUndefined();
  });

  it('refuses bad input with 400 and the field: unknown fields, a customer role, a bad e-mail or mobile, a blank name', async () => {
    const good = { fullname: 'Valid Name', email: uniqueEmail('valid'), role: 'doctor' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, isAdmin: true }, 'isAdmin'],
      [{ ...good, role: 'customer' }, 'role'],
      [{ ...good, email: 'not-an-address' }, 'email'],
      [{ ...good, phone: '12345' }, 'phone'],
      [{ ...good, fullname: '   ' }, 'fullname'],
    ];
    for (const [payload, field] of cases) {
      const refused = expectContract<ErrorBody>(await add(admin, payload), 'addTeamMember', 400);
      expect(Object.keys(refused.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expectContract(await setRole(admin, randomUUID(), 'customer'), 'changeTeamMemberRole', 400);
    expectContract(await action(admin, randomUUID(), 'deactivation', { now: true }), 'deactivateTeamMember', 400);
    expectContract(await list(admin, '?sort=password'), 'listTeamMembers', 400);
    expectContract(await list(admin, '?limit=101'), 'listTeamMembers', 400);
    const [count] = await app().db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)', [good.email]);
    expect(count!.n).toBe(0);
  });

  it('when Firebase cannot send the link, the shop e-mails the invitation with a link it made', async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).includes('accounts:sendOobCode') ? Promise.reject(new Error('mail is down')) : realFetch(input, init),
    );
    const email = uniqueEmail('ours');
    const answer = expectContract<{ member: Member; passwordLink: string }>(await add(admin, { fullname: 'Our Link', email, role: 'nutritionist' }), 'addTeamMember', 201);
    vi.restoreAllMocks();
    expect(answer).toMatchObject({ passwordLink: 'sent', member: { status: 'invited' } });
    const [message] = await app().db.query<{ template: string; recipient: string; payload: { setPasswordUrl: string; role: string } }>(
      'SELECT template, recipient, payload FROM outbound_messages WHERE user_id = $1',
      [answer.member._id],
    );
    expect(message).toMatchObject({ template: 'staff-invitation', recipient: email, payload: { role: 'nutritionist' } });
    expect(message!.payload.setPasswordUrl).toMatch(/oobCode=/);
  });

  it('a member still exists when the e-mail could not be sent, and the link can be sent again', async () => {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
      String(input instanceof Request ? input.url : input).includes('accounts:sendOobCode') ? Promise.reject(new Error('mail is down')) : realFetch(input, init),
    );
    // Nor can the link be made for the shop to send.
    vi.spyOn(app().firebaseAuth, 'generatePasswordResetLink').mockRejectedValue(new Error('Firebase is down'));
    const email = uniqueEmail('unsent');
    const answer = expectContract<{ member: Member; passwordLink: string }>(await add(admin, { fullname: 'Unsent Link', email, role: 'doctor' }), 'addTeamMember', 201);
    expect(answer).toMatchObject({ passwordLink: 'notSent', member: { status: 'invited', passwordLinkSentAt: null } });
    expect(await passwordCodes(email)).toHaveLength(0);
    vi.restoreAllMocks();

    const again = expectContract<{ member: Member; passwordLink: string }>(await action(admin, answer.member._id, 'password-link'), 'sendTeamMemberPasswordLink', 200);
    expect(again.passwordLink).toBe('sent');
    expect(again.member.passwordLinkSentAt).not.toBeNull();
    expect(await passwordCodes(email)).toHaveLength(1);
    expect((await auditOf(answer.member._id)).map((row) => row.action)).toEqual(['team.member_added', 'team.invite_sent']);
    expectContract(await action(admin, randomUUID(), 'password-link'), 'sendTeamMemberPasswordLink', 404);
  });

  it('changes a role, audited with before and after; never the admin’s own, never to a customer', async () => {
    const { member } = await addMember('doctor');
    const changed = expectContract<{ member: Member }>(await setRole(admin, member._id, 'nutritionist'), 'changeTeamMemberRole', 200);
    expect(changed.member.role).toBe('nutritionist');
    const rows = (await auditOf(member._id)).filter((row) => row.action === 'team.role_changed');
    expect(rows).toEqual([{ action: 'team.role_changed', actor_user_id: admin.userId, before: { role: 'doctor' }, after: { role: 'nutritionist' } }]);

    const own = expectContract<ErrorBody>(await setRole(admin, admin.userId, 'doctor'), 'changeTeamMemberRole', 409);
    // The only active admin is not sent to another admin that does not exist.
    expect(own.message).toBe('You cannot change your own role. You are the only active admin: make another team member an admin first, and they can.');
    expectContract(await setRole(admin, randomUUID(), 'doctor'), 'changeTeamMemberRole', 404);
    // A customer is not a team member.
    expectContract(await setRole(admin, (await newCustomer(app(), 'customer')).userId, 'doctor'), 'changeTeamMemberRole', 404);
  });

  it('the member signs in from the e-mailed link; deactivation ends their sessions at once and refuses their sign-in; reactivation lets them back', async () => {
    const { member, email } = await addMember('nutritionist');
    const session = await signInAsMember(email);
    expectContract(await app().inject({ method: 'GET', url: '/api/staff/home', headers: session.auth }), 'getStaffHome', 200);
    const signedIn = expectContract<{ items: Member[] }>(await list(admin, `?q=${encodeURIComponent(email)}`), 'listTeamMembers', 200).items[0]!;
    expect(signedIn.status).toBe('active');
    expect(signedIn.lastSignInAt).not.toBeNull();

    const own = expectContract<ErrorBody>(await action(admin, admin.userId, 'deactivation'), 'deactivateTeamMember', 409);
    expect(own.message).toBe('You cannot deactivate your own account. You are the only active admin: make another team member an admin first, and they can.');

    const deactivated = expectContract<{ member: Member }>(await action(admin, member._id, 'deactivation'), 'deactivateTeamMember', 200);
    expect(deactivated.member).toMatchObject({ status: 'deactivated' });
    const ended = expectContract<ErrorBody>(await app().inject({ method: 'GET', url: '/api/auth/login/success', headers: session.auth }), 'getLoginSuccess', 401);
    expect(ended.code).toBe('ACCOUNT_DISABLED');

    // Firebase refuses them, and its refresh tokens of them are revoked.
    const account = await app().firebaseAuth.getUserByEmail(email);
    expect(account.disabled).toBe(true);
    expect(account.tokensValidAfterTime).toBeDefined();
    expect((await signInWithPassword(email, PASSWORD)).error).toMatch(/USER_DISABLED/);

    // Our own sign-in refuses them too, whatever Firebase says.
    await app().firebaseAuth.updateUser(account.uid, { disabled: false });
    const refused = expectContract<ErrorBody>(await exchange((await signInWithPassword(email, PASSWORD)).idToken!), 'createSession', 403);
    expect(refused).toMatchObject({ code: 'ACCOUNT_DISABLED', message: expect.stringMatching(/^This account has been deactivated\. Ask an admin/) });
    await app().firebaseAuth.updateUser(account.uid, { disabled: true });
    expectContract(await action(admin, member._id, 'password-link'), 'sendTeamMemberPasswordLink', 409);

    // Twice changes nothing more.
    expectContract(await action(admin, member._id, 'deactivation'), 'deactivateTeamMember', 200);

    const back = expectContract<{ member: Member }>(await action(admin, member._id, 'reactivation'), 'reactivateTeamMember', 200);
    expect(back.member).toMatchObject({ status: 'active', deactivatedAt: null });
    expect((await app().firebaseAuth.getUserByEmail(email)).disabled).toBe(false);
    const again = expectContract<{ token: string }>(await exchange((await signInWithPassword(email, PASSWORD)).idToken!), 'createSession', 200);
    expectContract(await app().inject({ method: 'GET', url: '/api/staff/home', headers: { authorization: `Bearer ${again.token}` } }), 'getStaffHome', 200);

    const audit = await auditOf(member._id);
    expect(audit.map((row) => row.action)).toEqual(['team.member_added', 'team.invite_sent', 'team.deactivated', 'team.reactivated']);
    expect(audit[2]).toMatchObject({ actor_user_id: admin.userId, before: { status: 'active' }, after: { status: 'deactivated', sessionsEnded: 1 } });
    expect(audit[3]).toMatchObject({ before: { status: 'deactivated' }, after: { status: 'active' } });
  });

  it('keeps one active admin: two admins demoting or deactivating each other at once cannot both succeed', async () => {
    const other = await newCustomer(app(), 'admin');
    // With a second admin, the way to a change of one's own role is that admin.
    const own = expectContract<ErrorBody>(await setRole(admin, admin.userId, 'doctor'), 'changeTeamMemberRole', 409);
    expect(own.message).toBe('You cannot change your own role. Ask another admin.');
    const [first, second] = await Promise.all([setRole(admin, other.userId, 'doctor'), setRole(other, admin.userId, 'doctor')]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const survivor = first.statusCode === 200 ? admin : other;
    const demoted = survivor === admin ? other : admin;
    const [{ admins }] = (await app().db.query<{ admins: number }>(
      `SELECT count(*)::int AS admins FROM users WHERE role = 'admin' AND deactivated_at IS NULL`,
    )) as [{ admins: number }];
    expect(admins).toBe(1);

    // The same for deactivation, with a second admin again.
    expectContract(await setRole(survivor, demoted.userId, 'admin'), 'changeTeamMemberRole', 200);
    const [one, two] = await Promise.all([action(survivor, demoted.userId, 'deactivation'), action(demoted, survivor.userId, 'deactivation')]);
    expect([one.statusCode, two.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const [{ active }] = (await app().db.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM users WHERE role = 'admin' AND deactivated_at IS NULL`,
    )) as [{ active: number }];
    expect(active).toBe(1);

    // The rule itself, for whoever asks: the last active admin is neither demoted nor deactivated.
    const [last] = await app().db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'admin' AND deactivated_at IS NULL`);
    await expect(app().db.transaction((tx) => changeTeamMemberRole(tx, SYSTEM_ACTOR, last!.id, 'doctor'))).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    await expect(app().db.transaction((tx) => deactivateTeamMember(tx, SYSTEM_ACTOR, last!.id))).rejects.toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    admin = survivor.userId === last!.id ? survivor : demoted;
  });

  it('lists the team only, filtered, searched, sorted and paged on the server', async () => {
    await addMember('doctor', 'zz-sorted');
    const all = expectContract<{ items: Member[]; total: number }>(await list(admin, '?limit=100'), 'listTeamMembers', 200);
    expect(all.items.every((member) => ['admin', 'doctor', 'nutritionist'].includes(member.role))).toBe(true);
    expect(all.total).toBe(all.items.length);
    const names = all.items.map((member) => member.fullname.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const doctors = expectContract<{ items: Member[] }>(await list(admin, '?role=doctor&sort=-createdAt&limit=100'), 'listTeamMembers', 200);
    expect(doctors.items.every((member) => member.role === 'doctor')).toBe(true);
    expect(doctors.items[0]!.fullname).toBe('Test zz-sorted');
    const page = expectContract<{ items: Member[]; total: number }>(await list(admin, '?limit=2&offset=2'), 'listTeamMembers', 200);
    expect(page.items.map((member) => member._id)).toEqual(all.items.slice(2, 4).map((member) => member._id));
    const deactivated = expectContract<{ items: Member[] }>(await list(admin, '?status=deactivated&limit=100'), 'listTeamMembers', 200);
    expect(deactivated.items.every((member) => member.status === 'deactivated')).toBe(true);
    const none = expectContract<{ items: Member[]; total: number }>(await list(admin, `?q=${encodeURIComponent('%_nobody')}`), 'listTeamMembers', 200);
    expect(none).toEqual({ items: [], total: 0 });
  });
});
