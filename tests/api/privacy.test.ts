/**
 * The person's data rights (DPDP Act 2023) and the staff's erasure queue: consents, the copy of the person's data as
 * JSON and as a ZIP archive, the erasure request confirmed by a fresh sign-in, and its completion by staff.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { components } from '../../openapi/schema';
import { documentFileName } from '../../machines/document-numbers';
import { confirmsReauthentication, REAUTHENTICATION_MAX_AGE_MS, SIGN_IN_METHODS } from '../../server/firebase';
import { CONSENT_PURPOSES, PRIVACY_ACTIONS } from '../../server/routes/privacy/queries';
import { indianDay } from '../../server/routes/privacy/archive';
import { expectContract, expectContractFile } from './contract';
import {
  ADDRESS,
  addToCart,
  newCustomer,
  paidCustomer,
  placeOrder,
  productIds,
  saveAddress,
  startPayment,
  verify,
  type Customer,
  type OrderBody,
} from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import {
  backdateAccount,
  confirmEmailByLink,
  googleIdToken,
  idTokenFor,
  phoneIdToken,
  randomIndianMobile,
  signUp,
  unsignedIdToken,
  verifyEmailOf,
} from './setup/emulator';

type PrivacyOverview = components['schemas']['PrivacyOverview'];
type PersonalData = components['schemas']['PersonalData'];
type StaffErasureRequest = components['schemas']['StaffErasureRequest'];
type ErrorBody = components['schemas']['Error'];

const document = parse(readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[]; properties?: Record<string, { enum?: string[] }> }> };
};
const enumOf = (schema: string) => document.components.schemas[schema]?.enum;

const PASSWORD = 'S3cret-pass';
const MINUTE_S = 60;
const REAUTHENTICATION_REQUIRED = 'REAUTHENTICATION_REQUIRED';

/** Someone else, with details unlike anyone's in the tests, whose data must never reach another person's copy. */
const OTHER_ADDRESS = {
  name: 'Ravindra Menon',
  phone: '9123456780',
  line1: '44 Park Street Flat 7B',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
} as const;

describe('the lists the server keeps follow the contract', () => {
  it('consent purposes, sign-in methods and the actions of a person’s history', () => {
    expectTypeOf<(typeof CONSENT_PURPOSES)[number]>().toEqualTypeOf<components['schemas']['ConsentPurpose']>();
    expect([...CONSENT_PURPOSES]).toEqual(enumOf('ConsentPurpose'));
    expectTypeOf<(typeof SIGN_IN_METHODS)[number]>().toEqualTypeOf<components['schemas']['SignInMethod']>();
    expect([...SIGN_IN_METHODS]).toEqual(enumOf('SignInMethod'));
    expectTypeOf<(typeof PRIVACY_ACTIONS)[number]>().toEqualTypeOf<components['schemas']['PrivacyEvent']['action']>();
    expect([...PRIVACY_ACTIONS]).toEqual(document.components.schemas.PrivacyEvent?.properties?.action?.enum);
  });
});

describe('a re-authentication', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it('confirms the session’s own account signed in within the last 5 minutes', () => {
    expect(REAUTHENTICATION_MAX_AGE_MS).toBe(5 * 60_000);
    expect(confirmsReauthentication({ uid: 'me', authTime: ago(0) }, 'me', now)).toBe(true);
    expect(confirmsReauthentication({ uid: 'me', authTime: ago(REAUTHENTICATION_MAX_AGE_MS) }, 'me', now)).toBe(true);
    // A clock a little ahead of ours is not a reason to refuse.
    expect(confirmsReauthentication({ uid: 'me', authTime: ago(-5_000) }, 'me', now)).toBe(true);
  });

  it('refuses an older sign-in, another account, and a session without a Firebase account', () => {
    expect(confirmsReauthentication({ uid: 'me', authTime: ago(REAUTHENTICATION_MAX_AGE_MS + 1_000) }, 'me', now)).toBe(false);
    expect(confirmsReauthentication({ uid: 'someone-else', authTime: ago(0) }, 'me', now)).toBe(false);
    expect(confirmsReauthentication({ uid: 'me', authTime: ago(0) }, null, now)).toBe(false);
  });

  it('names downloads by the day in India', () => {
    // 20:00 UTC is already the next day in India (UTC+5:30).
    expect(indianDay(new Date('2026-11-24T20:00:00Z'))).toBe('2026-11-25');
    expect(indianDay(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-24');
  });
});

interface Person extends Customer {
  uid: string;
  email: string;
}

describe.each(backends)('the person’s data rights on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let addresses = 0;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Each sign-in from its own address, so that the sign-in rate limit never answers for the test. */
  const remoteAddress = () => `10.24.${backend === 'pglite' ? 1 : 2}.${++addresses % 250}`;

  async function sessionFor(idToken: string): Promise<{ token: string; userId: string }> {
    const response = await app().inject({ method: 'POST', url: '/api/auth/session', remoteAddress: remoteAddress(), payload: { idToken } });
    const { token, user } = expectContract<{ token: string; user: { _id: string } }>(response, 'createSession', 200);
    return { token, userId: user._id };
  }

  /** A person registered in the emulator with an e-mail and password, signed in to the shop. */
  async function signedIn(): Promise<Person> {
    const account = await signUp({ password: PASSWORD });
    const { token, userId } = await sessionFor(account.idToken);
    return { uid: account.uid, email: account.email, token, userId, auth: { authorization: `Bearer ${token}` } };
  }

  async function payOrder(customer: Customer, code = 'PROD-G3G-LITE'): Promise<OrderBody> {
    await addToCart(app(), customer, (await productIds(app()))[code]!.id);
    const { order } = expectContract<{ order: OrderBody }>(await placeOrder(app(), customer), 'createOrder', 201);
    const session = await startPayment(app(), customer, order._id);
    const pay = await app().inject({
      method: 'POST',
      url: '/api/payments/test-gateway',
      headers: customer.auth,
      payload: { gatewayOrderId: session.gatewayOrderId, outcome: 'success' },
    });
    const authorization = expectContract<Record<string, string>>(pay, 'payWithTestGateway', 200);
    return expectContract<{ order: OrderBody }>(await verify(app(), customer, authorization), 'verifyPayment', 200).order;
  }

  const getOverview = async (person: Customer) =>
    expectContract<PrivacyOverview>(await app().inject({ method: 'GET', url: '/api/privacy', headers: person.auth }), 'getPrivacyOverview', 200);

  const CLIENT_ADDRESS = '203.0.113.24';
  const setConsent = (person: Customer, purpose: string, granted: unknown) =>
    app().inject({ method: 'PUT', url: `/api/privacy/consents/${purpose}`, headers: person.auth, payload: { granted }, remoteAddress: CLIENT_ADDRESS });

  const requestErasure = (person: Customer, idToken: string) =>
    app().inject({ method: 'POST', url: '/api/privacy/erasure', headers: person.auth, payload: { idToken } });

  async function addQuestionnaireResult(userId: string, answers: Record<string, unknown> = { q1: 2, q2: 1, q3: 0 }): Promise<string> {
    const [row] = await app().db.query<{ id: string }>(
      `INSERT INTO questionnaire_responses (user_id, instrument, score, answers) VALUES ($1, 'gad7', 3, $2::jsonb) RETURNING id`,
      [userId, JSON.stringify(answers)],
    );
    return row!.id;
  }

  interface AuditRow extends Record<string, unknown> {
    actor_user_id: string | null;
    actor_role: string | null;
    actor_ip: string | null;
    action: string;
    entity: string;
    entity_id: string | null;
    subject_user_id: string | null;
    before: unknown;
    after: unknown;
    reason: string | null;
  }

  const auditOf = (userId: string) =>
    app().db.query<AuditRow>(
      `SELECT actor_user_id, actor_role, actor_ip, action, entity, entity_id, subject_user_id, before, after, reason
         FROM audit_log WHERE subject_user_id = $1 ORDER BY id`,
      [userId],
    );

  describe('the privacy page', () => {
    it('shows every purpose as never asked, the sign-in methods, the retention and the grievance officer', async () => {
      const person = await signedIn();
      const overview = await getOverview(person);
      expect(overview.consents).toEqual(enumOf('ConsentPurpose')!.map((purpose) => ({ purpose, granted: false, changedAt: null })));
      expect(overview.signInMethods).toEqual(['password']);
      expect(overview.holdings).toEqual({
        // Registered with an e-mail and password, and the verification e-mail not opened yet.
        profile: { fullname: '', email: person.email, emailVerified: false, phone: null, createdAt: expect.any(String) },
        address: false,
        orders: 0,
        kits: 0,
        questionnaireResults: 0,
      });
      expect(overview.erasure).toBeNull();
      expect(overview.retentionMonths).toBe(72);
      expect(overview.grievance).toEqual({ ...app().config.grievanceOfficer, respondWithinDays: 30 });
      expect(overview.history).toEqual([]);
    });

    it('still opens, without sign-in methods, when Firebase cannot be reached', async () => {
      const person = await signedIn();
      vi.spyOn(app().firebaseAuth, 'getUser').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'app/network-error' }));
      expect((await getOverview(person)).signInMethods).toEqual([]);
    });
  });

  describe('consents', () => {
    it('are given and withdrawn at once, and the audit log records each change, not a repeat', async () => {
      const person = await signedIn();
      const given = expectContract<PrivacyOverview>(await setConsent(person, 'marketing', true), 'setConsent', 200);
      const marketing = given.consents.find((consent) => consent.purpose === 'marketing')!;
      expect(marketing).toEqual({ purpose: 'marketing', granted: true, changedAt: expect.any(String) });
      expect(given.history).toEqual([{ action: 'consent.granted', purpose: 'marketing', at: expect.any(String), by: 'you' }]);

      const again = expectContract<PrivacyOverview>(await setConsent(person, 'marketing', true), 'setConsent', 200);
      expect(again.consents.find((consent) => consent.purpose === 'marketing')).toEqual(marketing);
      // Saying no to what was never asked changes nothing either.
      expectContract(await setConsent(person, 'ebook', false), 'setConsent', 200);

      const withdrawn = expectContract<PrivacyOverview>(await setConsent(person, 'marketing', false), 'setConsent', 200);
      expect(withdrawn.consents.find((consent) => consent.purpose === 'marketing')?.granted).toBe(false);
      expect(withdrawn.history.map((event) => [event.action, event.purpose, event.by])).toEqual([
        ['consent.withdrawn', 'marketing', 'you'],
        ['consent.granted', 'marketing', 'you'],
      ]);

      const rows = await auditOf(person.userId);
      expect(rows).toEqual([
        {
          actor_user_id: person.userId,
          actor_role: 'customer',
          actor_ip: CLIENT_ADDRESS,
          action: 'consent.granted',
          entity: 'consent',
          entity_id: 'marketing',
          subject_user_id: person.userId,
          before: { granted: false },
          after: { granted: true },
          reason: null,
        },
        expect.objectContaining({ action: 'consent.withdrawn', entity_id: 'marketing', before: { granted: true }, after: { granted: false } }),
      ]);
    });

    it('withdrawing questionnaires erases the person’s questionnaire results, and nobody else’s', async () => {
      const person = await signedIn();
      const other = await newCustomer(app());
      expectContract(await setConsent(person, 'questionnaires', true), 'setConsent', 200);
      await addQuestionnaireResult(person.userId);
      await addQuestionnaireResult(person.userId);
      await addQuestionnaireResult(other.userId);
      expect((await getOverview(person)).holdings.questionnaireResults).toBe(2);

      const withdrawn = expectContract<PrivacyOverview>(await setConsent(person, 'questionnaires', false), 'setConsent', 200);
      expect(withdrawn.holdings.questionnaireResults).toBe(0);
      const [{ count } = { count: -1 }] = await app().db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM questionnaire_responses WHERE user_id = $1',
        [other.userId],
      );
      expect(count).toBe(1);
      const withdrawal = (await auditOf(person.userId)).find((row) => row.action === 'consent.withdrawn');
      expect(withdrawal).toMatchObject({ entity_id: 'questionnaires', before: { granted: true }, after: { granted: false, questionnaireResultsDeleted: 2 } });
    });

    it('refuses a purpose the contract does not know and a body other than {granted}', async () => {
      const person = await newCustomer(app());
      expectContract(await setConsent(person, 'telemarketing', true), 'setConsent', 400);
      expectContract(await setConsent(person, 'marketing', 'yes'), 'setConsent', 400);
      const extra = await app().inject({ method: 'PUT', url: '/api/privacy/consents/research', headers: person.auth, payload: { granted: true, userId: 'x' } });
      expectContract(extra, 'setConsent', 400);
    });
  });

  describe('the copy of the person’s data', () => {
    /** A customer who gave everything the shop keeps, and another one whose data must not appear in the first’s copy. */
    async function twoCustomers() {
      const { customer, order } = await paidCustomer(app());
      const [{ email: ownEmail } = { email: '' }] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [customer.userId]);
      await app().db.query(`UPDATE users SET fullname = 'Asha Rao', phone = '+919876543210' WHERE id = $1`, [customer.userId]);
      await addToCart(app(), customer, (await productIds(app()))['PROD-G360']!.id);
      expectContract(await setConsent(customer, 'research', true), 'setConsent', 200);
      expectContract(await setConsent(customer, 'questionnaires', true), 'setConsent', 200);
      const questionnaireId = await addQuestionnaireResult(customer.userId, { q1: 2, q2: 1, note: 'sleeps late' });

      const other = await paidCustomer(app(), ['PROD-G360'], { address: OTHER_ADDRESS });
      const [{ email: otherFirstEmail } = { email: '' }] = await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        other.customer.userId,
      ]);
      const otherEmail = `ravindra-${randomUUID()}@example.test`;
      await app().db.query(`UPDATE users SET fullname = 'Ravindra Menon', phone = '+919123456780', email = $2 WHERE id = $1`, [
        other.customer.userId,
        otherEmail,
      ]);
      const otherQuestionnaireId = await addQuestionnaireResult(other.customer.userId, { q1: 3 });
      const otherKits = await app().db.query<{ id: string; box_code: string }>('SELECT id, box_code FROM kits WHERE user_id = $1', [other.customer.userId]);
      // What each of them left under their e-mail address on the contact page and the ebook's page.
      for (const [email, name, message] of [
        [ownEmail.toUpperCase(), 'Asha', 'Where is my kit? It has been a week.'],
        [otherEmail, 'Ravindra', 'A question about Gut 360 for my father.'],
      ] as const) {
        await app().db.query(`INSERT INTO contact_messages (name, email, mobile, topic, message) VALUES ($1, $2, '+919876543210', 'kit', $3)`, [
          name,
          email,
          message,
        ]);
        await app().db.query(
          `INSERT INTO ebook_leads (name, email, consent_to_contact, consent_at, consent_text, link_hash, link_expires_at, downloads)
           VALUES ($1, lower($2), true, now(), 'You may contact me about the ebook.', $3, now() + interval '7 days', 2)`,
          [name, email, `hash-${randomUUID()}`],
        );
      }
      return { customer: { ...customer, email: ownEmail }, order, questionnaireId, other: { ...other, email: otherEmail, firstEmail: otherFirstEmail, questionnaireId: otherQuestionnaireId, kits: otherKits } };
    }

    it('holds everything the person gave, and nothing of anyone else', async () => {
      const { customer, order, questionnaireId, other } = await twoCustomers();
      const response = await app().inject({ method: 'GET', url: '/api/privacy/data', headers: customer.auth });
      const data = expectContract<PersonalData>(response, 'exportPersonalData', 200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="gut360-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
      expect(response.headers['cache-control']).toBe('no-store');

      expect(data.profile).toMatchObject({ _id: customer.userId, fullname: 'Asha Rao', phone: '+919876543210', role: 'customer', signInMethods: [] });
      expect(data.unconfirmedEmail).toBeNull();
      expect(data.address).toEqual(ADDRESS);
      expect(data.orders.map((o) => o._id)).toEqual([order._id]);
      expect(data.invoices).toEqual([
        { orderId: order._id, invoiceNumber: order.invoiceNumber, file: `invoices/${documentFileName(order.invoiceNumber!)}`, url: `/api/orders/${order._id}/invoice` },
      ]);
      expect(data.kits).toHaveLength(1);
      expect(data.kits[0]).toMatchObject({ orderId: order._id, code: 'PROD-G3G-LITE' });
      expect(data.cart).toEqual({ items: [{ name: 'Gut 360', addedAt: expect.any(String) }], coupon: null });
      expect(data.questionnaireResults).toEqual([
        {
          _id: questionnaireId,
          instrument: 'gad7',
          score: 3,
          answers: { q1: 2, q2: 1, note: 'sleeps late' },
          createdAt: expect.any(String),
          // Scored afresh from the stored answers, of which five items are missing.
          result: { instrument: 'gad7', total: null, band: null, missing: ['q3', 'q4', 'q5', 'q6', 'q7'] },
        },
      ]);
      expect(data.consents.filter((consent) => consent.granted).map((consent) => consent.purpose)).toEqual(['questionnaires', 'research']);
      expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String), current: true }]);
      expect(data.erasureRequests).toEqual([]);
      // The order's confirmation, queued in the payment's transaction (nothing sends it in this test).
      expect(data.messages).toEqual([
        { channel: 'email', template: 'order-confirmation', recipient: customer.email, status: 'queued', createdAt: expect.any(String), sentAt: null },
      ]);
      expect(data.contactMessages).toEqual([
        {
          reference: expect.stringMatching(/^CM-\d{6,}$/),
          name: 'Asha',
          email: customer.email.toUpperCase(),
          mobile: '+919876543210',
          topic: 'kit',
          message: 'Where is my kit? It has been a week.',
          receivedAt: expect.any(String),
          answeredAt: null,
        },
      ]);
      expect(data.ebookRequest).toEqual({
        name: 'Asha',
        email: customer.email.toLowerCase(),
        consentToContact: true,
        consentAt: expect.any(String),
        consentText: 'You may contact me about the ebook.',
        firstRequestedAt: expect.any(String),
        lastRequestedAt: expect.any(String),
        downloads: 2,
      });
      expect(data.history.map((event) => [event.action, event.purpose])).toEqual([
        ['consent.granted', 'questionnaires'],
        ['consent.granted', 'research'],
      ]);

      const text = response.body;
      const otherIds = [other.customer.userId, other.order._id, other.order.number, other.order.invoiceNumber!, other.questionnaireId];
      const otherDetails = ['Ravindra', other.email, other.firstEmail, 'for my father', '9123456780', OTHER_ADDRESS.line1, 'Kolkata', OTHER_ADDRESS.pincode];
      for (const kit of other.kits) otherIds.push(kit.id, kit.box_code);
      for (const value of [...otherIds, ...otherDetails]) expect(text).not.toContain(value);

      const exports = (await auditOf(customer.userId)).filter((row) => row.action === 'data.exported');
      expect(exports).toEqual([expect.objectContaining({ actor_user_id: customer.userId, entity: 'user', entity_id: customer.userId, after: { format: 'json' } })]);
      const overview = await getOverview(customer);
      expect(overview.history[0]).toEqual({ action: 'data.exported', purpose: null, at: expect.any(String), by: 'you' });
    });

    it('as a ZIP: the same data, the invoice of every paid order as a PDF, and a README', async () => {
      const { customer, order } = await twoCustomers();
      const second = await payOrder(customer);
      // An unpaid order has no invoice yet.
      await addToCart(app(), customer, (await productIds(app()))['PROD-GSENS']!.id);
      expectContract(await placeOrder(app(), customer), 'createOrder', 201);

      const response = await app().inject({ method: 'GET', url: '/api/privacy/data/archive', headers: customer.auth });
      const zip = expectContractFile(response, 'exportPersonalDataArchive', 200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="gut360-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
      const files = unzipSync(new Uint8Array(zip));
      const invoiceFiles = [order.invoiceNumber, second.invoiceNumber].map((number) => `invoices/${documentFileName(number!)}`);
      expect(Object.keys(files).sort()).toEqual(['README.txt', ...invoiceFiles, 'personal-data.json'].sort());
      for (const file of invoiceFiles) expect(strFromU8(files[file]!.subarray(0, 5))).toBe('%PDF-');

      const data = JSON.parse(strFromU8(files['personal-data.json']!)) as PersonalData;
      expect(data.orders).toHaveLength(3);
      expect(data.invoices.map((invoice) => invoice.file).sort()).toEqual([...invoiceFiles].sort());
      const json = expectContract<PersonalData>(await app().inject({ method: 'GET', url: '/api/privacy/data', headers: customer.auth }), 'exportPersonalData', 200);
      // The same object, but for the moment it was made and the download recorded in between.
      expect({ ...data, exportedAt: null, history: null }).toEqual({ ...json, exportedAt: null, history: null });

      const readme = strFromU8(files['README.txt']!);
      expect(readme).toContain('personal-data.json');
      expect(readme).toContain(`invoices/`);
      expect(readme).toContain('72 months');
      expect(readme).toContain('your food and lifestyle answers\r\n                       for each kit, your questionnaire results, the e-mails and SMS we sent you, your');
      expect(readme).toContain(app().config.grievanceOfficer.name);
      expect(readme).toContain(app().config.grievanceOfficer.email);
      expect(readme).not.toContain('What this copy leaves out');

      const exports = (await auditOf(customer.userId)).filter((row) => row.action === 'data.exported');
      expect(exports.map((row) => row.after)).toEqual([{ format: 'zip' }, { format: 'json' }]);
    });

    it('is made at most 10 times an hour for one person, without holding back anyone else', async () => {
      const person = await signedIn();
      const download = (who: Customer) => app().inject({ method: 'GET', url: '/api/privacy/data', headers: who.auth });
      for (let n = 0; n < 10; n += 1) expectContract(await download(person), 'exportPersonalData', 200);
      const refused = expectContract<ErrorBody>(await download(person), 'exportPersonalData', 429);
      expect(refused.message).toMatch(/try again/i);
      expectContract(await download(await signedIn()), 'exportPersonalData', 200);
      const recorded = (await auditOf(person.userId)).filter((row) => row.action === 'data.exported');
      expect(recorded).toHaveLength(10);
    });
  });

  describe('an erasure request', () => {
    it('refuses a token of another account, a token that does not verify, and a session without Firebase', async () => {
      const person = await signedIn();
      const someoneElse = await signUp();
      for (const idToken of [someoneElse.idToken, 'not-a-token-at-all-but-long-enough', unsignedIdToken({ sub: person.uid, user_id: person.uid, aud: 'another-project' })]) {
        const refused = expectContract<ErrorBody>(await requestErasure(person, idToken), 'requestErasure', 400);
        expect(refused).toEqual({ message: expect.stringMatching(/^Please sign in again to confirm/), code: REAUTHENTICATION_REQUIRED });
      }
      const withoutFirebase = await newCustomer(app());
      expect(expectContract<ErrorBody>(await requestErasure(withoutFirebase, someoneElse.idToken), 'requestErasure', 400).code).toBe(REAUTHENTICATION_REQUIRED);
      expect((await getOverview(person)).erasure).toBeNull();
      // The page stays signed in: a failed confirmation is not the end of the session.
      await getOverview(person);
    });

    it('refuses a sign-in older than 5 minutes, and accepts one within them', async () => {
      const person = await signedIn();
      // The account has existed for an hour, so that tokens of sign-ins in that hour are not refused as revoked.
      await backdateAccount(person.uid, 60 * MINUTE_S);
      const signedInAgo = (seconds: number) =>
        unsignedIdToken({ sub: person.uid, user_id: person.uid, auth_time: Math.floor(Date.now() / 1000) - seconds });

      const stale = expectContract<ErrorBody>(await requestErasure(person, signedInAgo(6 * MINUTE_S)), 'requestErasure', 400);
      expect(stale.code).toBe(REAUTHENTICATION_REQUIRED);
      expect(stale.message).toMatch(/sign in again/);

      const recent = expectContract<PrivacyOverview>(await requestErasure(person, signedInAgo(4 * MINUTE_S)), 'requestErasure', 201);
      expect(recent.erasure?.status).toBe('pending');
    });

    it('is due in ERASURE_DUE_DAYS, is one at a time, and can be withdrawn', async () => {
      const person = await signedIn();
      const created = expectContract<PrivacyOverview>(await requestErasure(person, await idTokenFor(person.email, PASSWORD)), 'requestErasure', 201);
      const erasure = created.erasure!;
      expect(erasure).toMatchObject({ status: 'pending', completedAt: null, cancelledAt: null });
      expect(Date.parse(erasure.dueBy) - Date.parse(erasure.requestedAt)).toBe(30 * 24 * 3_600_000);
      expect(created.history[0]).toMatchObject({ action: 'erasure.requested', purpose: null, by: 'you' });

      const twice = expectContract<ErrorBody>(await requestErasure(person, await idTokenFor(person.email, PASSWORD)), 'requestErasure', 409);
      expect(twice.code).toBe('ERASURE_PENDING');

      const withdrawn = expectContract<PrivacyOverview>(await app().inject({ method: 'DELETE', url: '/api/privacy/erasure', headers: person.auth }), 'cancelErasure', 200);
      expect(withdrawn.erasure).toMatchObject({ _id: erasure._id, status: 'cancelled', cancelledAt: expect.any(String) });
      expect(withdrawn.history.slice(0, 2).map((event) => event.action)).toEqual(['erasure.cancelled', 'erasure.requested']);
      expectContract(await app().inject({ method: 'DELETE', url: '/api/privacy/erasure', headers: person.auth }), 'cancelErasure', 404);

      const again = expectContract<PrivacyOverview>(await requestErasure(person, await idTokenFor(person.email, PASSWORD)), 'requestErasure', 201);
      expect(again.erasure?._id).not.toBe(erasure._id);
      const rows = (await auditOf(person.userId)).map((row) => [row.action, row.entity, row.actor_user_id]);
      expect(rows).toEqual([
        ['erasure.requested', 'erasure_request', person.userId],
        ['erasure.cancelled', 'erasure_request', person.userId],
        ['erasure.requested', 'erasure_request', person.userId],
      ]);
    });
  });

  const complete = (admin: Customer, id: string, payload?: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: `/api/admin/erasure-requests/${id}/complete`, headers: admin.auth, ...(payload ? { payload } : {}) });

  async function staffMember(): Promise<Customer> {
    const admin = await newCustomer(app(), 'admin');
    await app().db.query(`UPDATE users SET fullname = 'Priya Staff' WHERE id = $1`, [admin.userId]);
    return admin;
  }

  describe('completing an erasure', () => {
    /** A person who gave the shop all it keeps, signed in on two devices, who asked for erasure. */
    async function personAskingForErasure() {
      const person = await signedIn();
      // The person opened Firebase's verification e-mail: what is kept under their address is theirs to erase.
      await verifyEmailOf(await idTokenFor(person.email, PASSWORD), person.email);
      const secondDevice = await sessionFor(await idTokenFor(person.email, PASSWORD));
      await app().db.query(`UPDATE users SET fullname = 'Meenakshi Sundaram', phone = '+919988776655' WHERE id = $1`, [person.userId]);
      await saveAddress(app(), person, { ...ADDRESS, name: 'Meenakshi Sundaram', line1: '9 Temple Street' });
      const order = await payOrder(person);
      await addToCart(app(), person, (await productIds(app()))['PROD-G360']!.id);
      // An order the person placed but never paid: not a tax record.
      const unpaid = expectContract<{ order: OrderBody }>(await placeOrder(app(), person), 'createOrder', 201).order;
      await addToCart(app(), person, (await productIds(app()))['PROD-G360']!.id);
      expectContract(await setConsent(person, 'questionnaires', true), 'setConsent', 200);
      expectContract(await setConsent(person, 'marketing', true), 'setConsent', 200);
      await addQuestionnaireResult(person.userId);
      // What the person left under their e-mail address before or without signing in, and someone else's message.
      await app().db.query(
        `INSERT INTO ebook_leads (name, email, consent_to_contact, consent_at, consent_text, link_hash, link_expires_at)
         VALUES ('Meenakshi', lower($1), true, now(), 'Contact me', $2, now() + interval '7 days')`,
        [person.email, `hash-${person.userId}`],
      );
      const someoneElse = `someone.else-${randomUUID()}@example.test`;
      for (const [email, message] of [
        [person.email.toUpperCase(), 'Where is my kit? It has been a week.'],
        [someoneElse, 'A question about Gut 360 for my father.'],
      ]) {
        await app().db.query(`INSERT INTO contact_messages (name, email, topic, message) VALUES ('Sender', $1, 'kit', $2)`, [email, message]);
      }
      const { erasure } = expectContract<PrivacyOverview>(await requestErasure(person, await idTokenFor(person.email, PASSWORD)), 'requestErasure', 201);
      return { person, secondDevice, order, unpaid, requestId: erasure!._id, someoneElse };
    }

    const countOf = async (table: string, userId: string) =>
      (await app().db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} WHERE user_id = $1`, [userId]))[0]!.count;

    it('deletes the Firebase account, ends every session, removes the personal rows and keeps orders and kits anonymised', async () => {
      const { person, secondDevice, order, unpaid, requestId, someoneElse } = await personAskingForErasure();
      const admin = await staffMember();
      const ownActions = (await auditOf(person.userId)).filter((row) => row.actor_user_id === person.userId).length;

      const response = await complete(admin, requestId, { reason: 'Asked on the privacy page; no open orders.' });
      const { erasure } = expectContract<{ erasure: StaffErasureRequest }>(response, 'completeErasure', 200);
      expect(erasure).toMatchObject({
        _id: requestId,
        status: 'completed',
        completedAt: expect.any(String),
        completedBy: 'Priya Staff',
        customer: { _id: person.userId, fullname: null, email: null, phone: null },
        openOrders: 0,
      });

      await expect(app().firebaseAuth.getUser(person.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
      for (const token of [person.token, secondDevice.token]) {
        const refused = await app().inject({ method: 'GET', url: '/api/auth/login/success', headers: { authorization: `Bearer ${token}` } });
        expectContract(refused, 'getLoginSuccess', 401);
      }
      for (const table of ['addresses', 'carts', 'consents', 'questionnaire_responses', 'sessions', 'outbound_messages']) {
        expect(await countOf(table, person.userId), table).toBe(0);
      }
      const byAddress = async (table: string, email: string) =>
        (await app().db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table} WHERE lower(email) = lower($1)`, [email]))[0]!.count;
      expect(await byAddress('ebook_leads', person.email)).toBe(0);
      expect(await byAddress('contact_messages', person.email)).toBe(0);
      expect(await byAddress('contact_messages', someoneElse)).toBe(1);
      const [user] = await app().db.query('SELECT fullname, email, phone, firebase_uid, erased_at IS NOT NULL AS erased FROM users WHERE id = $1', [person.userId]);
      expect(user).toEqual({ fullname: '', email: null, phone: null, firebase_uid: null, erased: true });
      expect(await countOf('orders', person.userId)).toBe(2);
      const orders = await app().db.query<{ id: string; ship_name: string; ship_phone: string; ship_line1: string; ship_pincode: string }>(
        'SELECT id, ship_name, ship_phone, ship_line1, ship_pincode FROM orders WHERE user_id = $1',
        [person.userId],
      );
      // The paid order keeps what its invoice shows; the unpaid one keeps nothing of where it was to go.
      expect(orders.find((row) => row.id === order._id)).toMatchObject({ ship_name: 'Meenakshi Sundaram', ship_line1: '9 Temple Street' });
      expect(orders.find((row) => row.id === unpaid._id)).toMatchObject({ ship_name: '', ship_phone: '', ship_line1: '', ship_pincode: '' });
      const ownAddresses = await app().db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM audit_log WHERE actor_user_id = $1 AND actor_ip IS NOT NULL',
        [person.userId],
      );
      expect(ownAddresses[0]?.count).toBe(0);
      expect(await countOf('kits', person.userId)).toBe(1);
      const [payments] = await app().db.query<{ count: number }>(`SELECT count(*)::int AS count FROM payments WHERE order_id = $1 AND status = 'paid'`, [order._id]);
      expect(payments?.count).toBe(1);

      const audit = await auditOf(person.userId);
      const completed = audit.filter((row) => row.action === 'erasure.completed');
      expect(completed).toEqual([
        {
          actor_user_id: admin.userId,
          actor_role: 'admin',
          actor_ip: expect.any(String),
          action: 'erasure.completed',
          entity: 'erasure_request',
          entity_id: requestId,
          subject_user_id: person.userId,
          before: { status: 'pending' },
          after: {
            addresses: 1,
            cartItems: 1,
            carts: 1,
            consents: 2,
            questionnaireResults: 1,
            kitIntakes: 0,
            sessions: 2,
            recordsByEmail: 'erased',
            ebookLeads: 1,
            contactMessages: 1,
            messages: 1,
            unpaidOrdersAnonymised: 1,
            auditAddressesDropped: ownActions,
            firebaseAccount: 'deleted',
          },
          reason: 'Asked on the privacy page; no open orders.',
        },
      ]);
      const auditText = JSON.stringify(audit);
      for (const personal of ['Meenakshi', 'Sundaram', person.email, '9988776655', '9876543210', '9 Temple Street', ADDRESS.pincode]) {
        expect(auditText).not.toContain(personal);
      }

      const again = expectContract<ErrorBody>(await complete(admin, requestId), 'completeErasure', 409);
      expect(again.code).toBe('ERASURE_NOT_PENDING');
      expectContract(await complete(admin, randomUUID()), 'completeErasure', 404);
    });

    it('never lets a new sign-in with the same e-mail into the erased profile', async () => {
      const { person, requestId } = await personAskingForErasure();
      expectContract(await complete(await staffMember(), requestId), 'completeErasure', 200);

      const newcomer = await signUp({ email: person.email, password: PASSWORD });
      const { token, userId } = await sessionFor(newcomer.idToken);
      expect(userId).not.toBe(person.userId);
      const overview = await getOverview({ token, userId, auth: { authorization: `Bearer ${token}` } });
      expect(overview.holdings).toMatchObject({ profile: { fullname: '', email: person.email, phone: null }, address: false, orders: 0, kits: 0 });
      expect(overview.erasure).toBeNull();
      expect(overview.history).toEqual([]);
    });

    it('answers 503 and changes nothing when Firebase cannot be reached', async () => {
      // An app of its own: closing it fails on the 5xx it answered, and here exactly that one is expected.
      const shared = testApp;
      const own = await startTestApp(backend);
      testApp = own;
      let requestId: string;
      try {
        const asked = await personAskingForErasure();
        requestId = asked.requestId;
        const admin = await staffMember();
        vi.spyOn(app().firebaseAuth, 'deleteUser').mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'app/network-error' }));
        const response = await complete(admin, requestId);
        expect(expectContract<ErrorBody>(response, 'completeErasure', 503)).toEqual({
          message: 'Firebase cannot be reached right now, so nothing was erased. Please try again in a few minutes.',
          code: 'IDENTITY_UNAVAILABLE',
        });
        vi.restoreAllMocks();

        const { person } = asked;
        expect((await getOverview(person)).erasure).toMatchObject({ _id: requestId, status: 'pending' });
        expect(await countOf('addresses', person.userId)).toBe(1);
        await expect(app().firebaseAuth.getUser(person.uid)).resolves.toMatchObject({ uid: person.uid });
        expect((await auditOf(person.userId)).map((row) => row.action)).not.toContain('erasure.completed');
      } finally {
        testApp = shared;
      }
      await expect(own.close()).rejects.toThrow(
        `The server answered with a server error:\nPOST /api/admin/erasure-requests/${requestId}/complete → 503`,
      );
    });

    it('erases once, or not at all, when the person withdraws the request at the same moment', async () => {
      const { person, requestId } = await personAskingForErasure();
      const admin = await staffMember();
      const [completed, withdrawn] = await Promise.all([
        complete(admin, requestId),
        app().inject({ method: 'DELETE', url: '/api/privacy/erasure', headers: person.auth }),
      ]);
      const account = await app().firebaseAuth.getUser(person.uid).then(
        () => 'kept',
        () => 'deleted',
      );
      if (completed.statusCode === 200) {
        // The withdrawal came second: the session it used was already ended.
        expect([401, 404]).toContain(withdrawn.statusCode);
        expect(account).toBe('deleted');
      } else {
        expectContract(completed, 'completeErasure', 409);
        expectContract(withdrawn, 'cancelErasure', 200);
        expect(account).toBe('kept');
        expect(await countOf('addresses', person.userId)).toBe(1);
      }
    });

    it('completes when the Firebase account is already gone', async () => {
      const { person, requestId } = await personAskingForErasure();
      await app().firebaseAuth.deleteUser(person.uid);
      expectContract(await complete(await staffMember(), requestId), 'completeErasure', 200);
      const [completed] = (await auditOf(person.userId)).filter((row) => row.action === 'erasure.completed');
      expect(completed?.after).toMatchObject({ firebaseAccount: 'already-gone' });
    });
  });

  describe('what is kept under an e-mail address the account has not proven', () => {
    /** A person who signed in with their phone only, and a session of theirs. */
    async function phoneOnly() {
      const phone = randomIndianMobile();
      const idToken = await phoneIdToken(phone);
      const { token, userId } = await sessionFor(idToken);
      const person: Customer = { token, userId, auth: { authorization: `Bearer ${token}` } };
      return { person, phone, idToken };
    }

    const setEmail = async (person: Customer, email: string) =>
      expectContract(await app().inject({ method: 'PUT', url: '/api/auth/email', headers: person.auth, payload: { email } }), 'setProfileEmail', 200);

    /** What the owner of `email` left there without an account: a contact message and an ebook request, each with its e-mail. */
    async function leftUnder(email: string, words: string) {
      const contact = await app().inject({
        method: 'POST',
        url: '/api/contact-messages',
        remoteAddress: remoteAddress(),
        payload: { name: 'Lalitha Krishnan', email: email.toUpperCase(), topic: 'report', message: words },
      });
      const { reference } = expectContract<{ reference: string }>(contact, 'sendContactMessage', 201);
      const ebook = await app().inject({
        method: 'POST',
        url: '/api/ebook/downloads',
        remoteAddress: remoteAddress(),
        payload: { name: 'Lalitha Krishnan', email, consentToContact: true },
      });
      expectContract(ebook, 'requestEbookDownload', 201);
      return reference;
    }

    const download = async (person: Customer) => {
      const response = await app().inject({ method: 'GET', url: '/api/privacy/data', headers: person.auth });
      return { data: expectContract<PersonalData>(response, 'exportPersonalData', 200), text: response.body };
    };

    const keptUnder = async (email: string) => {
      const count = async (sql: string) => (await app().db.query<{ count: number }>(sql, [email]))[0]!.count;
      return {
        ebookLeads: await count('SELECT count(*)::int AS count FROM ebook_leads WHERE email = lower($1)'),
        contactMessages: await count('SELECT count(*)::int AS count FROM contact_messages WHERE lower(email) = lower($1)'),
        messages: await count('SELECT count(*)::int AS count FROM outbound_messages WHERE lower(recipient) = lower($1)'),
      };
    };

    async function erase(person: Customer, freshIdToken: string): Promise<Record<string, unknown>> {
      const asked = expectContract<PrivacyOverview>(await requestErasure(person, freshIdToken), 'requestErasure', 201);
      expectContract(await complete(await staffMember(), asked.erasure!._id), 'completeErasure', 200);
      const [completed] = (await auditOf(person.userId)).filter((row) => row.action === 'erasure.completed');
      return completed!.after as Record<string, unknown>;
    }

    it('opens nothing of its owner’s: the copy leaves it out and says so, and an erasure deletes none of it', async () => {
      const { person, phone } = await phoneOnly();
      const owner = `lalitha-${randomUUID()}@example.test`;
      // Typed on /get-email by someone who does not own it, before and after its owner wrote to the shop.
      const reference = await leftUnder(owner, 'My report says my Akkermansia is low. What should I eat?');
      await setEmail(person, owner);
      await leftUnder(owner, 'Can my mother also take the Gut 360 test?');

      const { data, text } = await download(person);
      expect(data.profile.email).toBe(owner);
      expect(data.contactMessages).toEqual([]);
      expect(data.ebookRequest).toBeNull();
      expect(data.messages).toEqual([]);
      expect(data.unconfirmedEmail).toEqual({
        email: owner,
        leftOut: ['contactMessages', 'ebookRequest', 'messages'],
        statement: expect.stringContaining(`Your e-mail address ${owner} is not confirmed yet, so this copy leaves out`),
      });
      expect(data.unconfirmedEmail?.statement).toContain('E-mail me a confirmation link');
      for (const theirs of [reference, 'Akkermansia', 'my mother', 'Lalitha', 'contact-ack', 'ebook-link']) expect(text).not.toContain(theirs);
      // The acknowledgement of the message written after the address was typed is not the typist's either.
      const acks = await app().db.query<{ user_id: string | null }>(
        `SELECT user_id FROM outbound_messages WHERE template = 'contact-ack' AND lower(recipient) = lower($1)`,
        [owner],
      );
      expect(acks).toEqual([{ user_id: null }, { user_id: null }]);

      expect((await getOverview(person)).holdings.profile).toMatchObject({ email: owner, emailVerified: false });
      const archive = await app().inject({ method: 'GET', url: '/api/privacy/data/archive', headers: person.auth });
      const readme = strFromU8(unzipSync(new Uint8Array(expectContractFile(archive, 'exportPersonalDataArchive', 200)))['README.txt']!);
      expect(readme).toContain('What this copy leaves out');
      expect(readme).toContain(`Your e-mail address ${owner} is not confirmed yet`);

      const before = await keptUnder(owner);
      expect(before).toEqual({ ebookLeads: 1, contactMessages: 2, messages: 4 });
      const after = await erase(person, await phoneIdToken(phone));
      expect(after).toMatchObject({ recordsByEmail: 'left-unconfirmed-address', ebookLeads: 0, contactMessages: 0, messages: 0 });
      expect(await keptUnder(owner)).toEqual(before);
    });

    it('once the account proves the address through Firebase, what is kept under it is the person’s, in the copy and in an erasure', async () => {
      const { person, phone, idToken } = await phoneOnly();
      const own = `meenal-${randomUUID()}@example.test`;
      await setEmail(person, own);
      const reference = await leftUnder(own, 'Please send my invoice again.');
      expect((await download(person)).data.contactMessages).toEqual([]);

      // The privacy page's confirmation link, opened in the browser where the person is signed in: no new sign-in to the shop.
      await confirmEmailByLink(idToken, own);
      const { data } = await download(person);
      expect(data.unconfirmedEmail).toBeNull();
      expect(data.contactMessages).toEqual([expect.objectContaining({ reference, email: own, message: 'Please send my invoice again.' })]);
      expect(data.ebookRequest).toMatchObject({ email: own, name: 'Lalitha Krishnan', consentToContact: true });
      expect(data.messages.map((message) => message.template).sort()).toEqual(['contact-ack', 'ebook-link']);
      expect((await getOverview(person)).holdings.profile).toMatchObject({ email: own, emailVerified: true });

      const after = await erase(person, await phoneIdToken(phone));
      expect(after).toMatchObject({ recordsByEmail: 'erased', ebookLeads: 1, contactMessages: 1, messages: 2 });
      expect(await keptUnder(own)).toEqual({ ebookLeads: 0, contactMessages: 0, messages: 0 });
    });

    it('a sign-in whose token carries the address verified confirms it', async () => {
      const person = await signUp({ password: PASSWORD });
      const { userId } = await sessionFor(person.idToken);
      const verified = async () =>
        (await app().db.query<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE id = $1', [userId]))[0]?.email_verified;
      expect(await verified()).toBe(false);
      await verifyEmailOf(person.idToken, person.email);
      expect((await sessionFor(await idTokenFor(person.email, PASSWORD))).userId).toBe(userId);
      expect(await verified()).toBe(true);
    });

    it('its proven owner who signs in later takes the address, and with it what is kept under it', async () => {
      const { person: typist } = await phoneOnly();
      const owner = `anita-${randomUUID()}@gmail.test`;
      await setEmail(typist, owner);
      const reference = await leftUnder(owner, 'Is the kit safe to send by post?');

      const ownerSession = await sessionFor(await googleIdToken({ sub: `google-${randomUUID()}`, email: owner, name: 'Anita Desai' }));
      const ownersCopy = (await download({ ...ownerSession, auth: { authorization: `Bearer ${ownerSession.token}` } })).data;
      expect(ownersCopy.unconfirmedEmail).toBeNull();
      expect(ownersCopy.contactMessages.map((message) => message.reference)).toEqual([reference]);
      expect(ownersCopy.ebookRequest).toMatchObject({ email: owner });

      const typistsCopy = await download(typist);
      expect(typistsCopy.data.profile.email).toBeNull();
      expect(typistsCopy.data.unconfirmedEmail).toBeNull();
      expect(typistsCopy.text).not.toContain(reference);
    });
  });
});

describe.each(backends)('the staff’s erasure queue on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  const requests: Record<string, string> = {};
  let shopper: Customer;

  const DAY = "interval '1 day'";

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    await app().db.query(`UPDATE users SET fullname = 'Priya Staff' WHERE id = $1`, [admin.userId]);
    // A customer with a paid order whose kit has not reached them yet.
    ({ customer: shopper } = await paidCustomer(app()));
    await app().db.query(`UPDATE kits SET state = 'shipped' WHERE user_id = $1`, [shopper.userId]);
    const others = [await newCustomer(app()), await newCustomer(app()), await newCustomer(app()), await newCustomer(app())];
    const rows: Array<[string, Customer, string, number, number]> = [
      // name, who, status, requested days ago, due in days
      ['soon', shopper, 'pending', 25, 5],
      ['later', others[0]!, 'pending', 20, 10],
      ['latest', others[1]!, 'pending', 1, 29],
      ['cancelled', others[2]!, 'cancelled', 15, 15],
      ['completed', others[3]!, 'completed', 40, -10],
    ];
    for (const [name, who, status, ago, due] of rows) {
      const [row] = await app().db.query<{ id: string }>(
        `INSERT INTO erasure_requests (user_id, status, requested_at, due_by, cancelled_at, completed_at, completed_by)
         VALUES ($1, $2, now() - $3 * ${DAY}, now() + $4 * ${DAY},
                 CASE WHEN $2 = 'cancelled' THEN now() END, CASE WHEN $2 = 'completed' THEN now() END,
                 CASE WHEN $2 = 'completed' THEN $5 END)
         RETURNING id`,
        [who.userId, status, ago, due, admin.userId],
      );
      requests[name] = row!.id;
    }
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const list = async (query = '') => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/erasure-requests${query}`, headers: admin.auth });
    return expectContract<{ items: StaffErasureRequest[]; total: number }>(response, 'listErasureRequests', 200);
  };
  const names = (items: StaffErasureRequest[]) => items.map((item) => Object.entries(requests).find(([, id]) => id === item._id)?.[0]);

  it('lists the pending requests, soonest due first, with whom and how many open orders', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    expect(names(page.items)).toEqual(['soon', 'later', 'latest']);
    const [soon] = page.items;
    expect(soon).toMatchObject({
      status: 'pending',
      completedBy: null,
      openOrders: 1,
      customer: { _id: shopper.userId, fullname: 'Test Buyer', email: expect.stringMatching(/@example\.test$/), phone: null },
    });
    expect(page.items[1]?.openOrders).toBe(0);
  });

  it('sorts by due date or request date, either way', async () => {
    expect(names((await list('?sort=-dueBy')).items)).toEqual(['latest', 'later', 'soon']);
    expect(names((await list('?sort=requestedAt')).items)).toEqual(['soon', 'later', 'latest']);
    expect(names((await list('?sort=-requestedAt')).items)).toEqual(['latest', 'later', 'soon']);
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/erasure-requests?sort=fullname', headers: admin.auth }), 'listErasureRequests', 400);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    expect(await list('?limit=2')).toMatchObject({ total: 3 });
    expect(names((await list('?limit=2')).items)).toEqual(['soon', 'later']);
    expect(names((await list('?limit=2&offset=2')).items)).toEqual(['latest']);
    expect(await list('?offset=10')).toEqual({ items: [], total: 3 });
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/erasure-requests?limit=101', headers: admin.auth }), 'listErasureRequests', 400);
  });

  it('filters by status, `all` being every status', async () => {
    const all = await list('?status=all&sort=requestedAt');
    expect(all.total).toBe(5);
    expect(names(all.items)).toEqual(['completed', 'soon', 'later', 'cancelled', 'latest']);
    const completed = await list('?status=completed');
    expect(names(completed.items)).toEqual(['completed']);
    expect(completed.items[0]).toMatchObject({ completedBy: 'Priya Staff', completedAt: expect.any(String) });
    expect(names((await list('?status=cancelled')).items)).toEqual(['cancelled']);
  });

  it('is for admins only', async () => {
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      const person = await newCustomer(app(), role);
      const response = await app().inject({ method: 'GET', url: '/api/admin/erasure-requests', headers: person.auth });
      expectContract(response, 'listErasureRequests', 403);
      const completion = await app().inject({ method: 'POST', url: `/api/admin/erasure-requests/${requests.soon}/complete`, headers: person.auth });
      expectContract(completion, 'completeErasure', 403);
    }
  });
});
