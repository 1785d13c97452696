import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectContract, expectContractFile } from './contract';
import { codesOf, createBatch, onboard, onboardingRequest, uniqueMobile } from './kit-batches-fixtures';
import { newCustomer, paidCustomer, productIds, type Customer, type OrderBody } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { emulatorHost, PROJECT_ID } from './setup/emulator';

interface Onboarding {
  customer: { _id: string; fullname: string; email: string | null; phone: string | null; existing: boolean };
  order: { _id: string; number: string; price: number; invoiceNumber: string; paymentMethod: string };
  kit: { _id: string; code: string; product: { _id: string; code: string; name: string }; state: string };
  signInLink: 'sent' | 'notSent';
}

interface ErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** The sign-in links the Auth emulator holds for an address, newest last. */
async function signInCodes(email: string): Promise<string[]> {
  const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
  return oobCodes.filter((entry) => entry.email === email && entry.requestType === 'EMAIL_SIGNIN').map((entry) => entry.oobCode);
}

/** Opens a sign-in link as the web SDK does, returning the Firebase ID token of the (now verified) address. */
async function signInWithLink(email: string, oobCode: string): Promise<string> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, oobCode }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`the emulator refused the sign-in link: ${JSON.stringify(body)}`);
  return body.idToken;
}

describe.each(backends)('offline onboarding on %s', (backend) => {
  let testApp: TestApp;
  let admin: Customer;
  let products: Record<string, { id: string; price: number }>;
  let free: string[];
  const app = () => testApp.app;
  const gut360 = () => products['PROD-G360']!.id;
  const nextCode = () => free.shift()!;
  /** The welcome e-mail queued for an offline order, as the outbox keeps it. */
  const welcomeOf = async (orderId: string) =>
    (
      await app().db.query<{ channel: string; recipient: string; category: string; user_id: string; attachment: unknown; payload: { signInUrl: string | null } & Record<string, unknown> }>(
        `SELECT channel, recipient, category, user_id, attachment, payload FROM outbound_messages WHERE order_id = $1 AND template = 'account-ready'`,
        [orderId],
      )
    )[0];

  beforeAll(async () => {
    testApp = await startTestApp(backend, { publicSiteUrl: 'https://shop.example.test' });
    admin = await newCustomer(app(), 'admin');
    products = await productIds(app());
    free = await codesOf(app(), (await createBatch(app(), admin, gut360(), 30))._id);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is for admins only', async () => {
    const payload = onboardingRequest(gut360(), free[0]!);
    expectContract(await app().inject({ method: 'POST', url: '/api/admin/offline-onboardings', payload }), 'onboardOfflineCustomer', 401);
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      expectContract(await onboard(app(), await newCustomer(app(), role), payload), 'onboardOfflineCustomer', 403);
    }
  });

  it('registers a new customer with an order paid at the counter, its invoice and the kit ready to activate, and sends a sign-in link', async () => {
    const code = nextCode();
    const request = onboardingRequest(gut360(), code.toLowerCase().replace(/-/g, ' '), {
      payment: { method: 'card', amount: 1_199_900 },
      reason: 'Health camp, Jayanagar',
    });
    const onboarding = expectContract<{ onboarding: Onboarding }>(await onboard(app(), admin, request), 'onboardOfflineCustomer', 201).onboarding;
    expect(onboarding.customer).toMatchObject({ fullname: 'Meena Pillai', email: request.email, phone: `+91${request.phone}`, existing: false });
    expect(onboarding.order).toMatchObject({ price: 1_199_900, paymentMethod: 'card' });
    expect(onboarding.order.invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    expect(onboarding.kit).toMatchObject({ code, state: 'delivered', product: { code: 'PROD-G360', name: 'Gut 360' } });
    expect(onboarding.signInLink).toBe('sent');
    expect(await signInCodes(request.email)).toHaveLength(1);

    const [stored] = await app().db.query<{ channel: string; status: string; ship_line1: string; ship_line2: string; ship_state: string; provider: string; method: string; amount: number }>(
      `SELECT o.channel, o.status, o.ship_line1, o.ship_line2, o.ship_state, p.provider, p.method, p.amount
         FROM orders o JOIN payments p ON p.order_id = o.id WHERE o.id = $1`,
      [onboarding.order._id],
    );
    expect(stored).toEqual({
      channel: 'offline',
      status: 'paid',
      ship_line1: 'Gut health camp, Jayanagar 4th Block',
      ship_line2: 'Handed over at the counter',
      ship_state: 'Karnataka',
      provider: 'offline',
      method: 'card',
      amount: 1_199_900,
    });
    // The orders list says the kit was handed over at the counter, not delivered by a courier.
    const listed = expectContract<{ items: Array<{ _id: string; kits: unknown[] }> }>(
      await app().inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(request.email)}`, headers: admin.auth }),
      'listStaffOrders',
      200,
    );
    expect(listed.items.find((item) => item._id === onboarding.order._id)?.kits).toEqual([{ name: 'Gut 360', state: 'delivered', atCounter: true }]);
    const [registered] = await app().db.query<{ kit_id: string }>('SELECT kit_id FROM kit_codes WHERE code = $1', [code]);
    expect(registered!.kit_id).toBe(onboarding.kit._id);

    const audit = await app().db.query<{ action: string; entity_id: string; actor_user_id: string; actor_role: string; actor_ip: string; reason: string; before: unknown; after: Record<string, unknown> }>(
      'SELECT action, entity_id, actor_user_id, actor_role, actor_ip, reason, before, after FROM audit_log WHERE subject_user_id = $1 ORDER BY id',
      [onboarding.customer._id],
    );
    expect(audit.map((row) => [row.action, row.entity_id])).toEqual([
      ['user.created', onboarding.customer._id],
      ['order.paid', onboarding.order._id],
      ['kit.assigned', onboarding.kit._id],
    ]);
    for (const row of audit) expect(row).toMatchObject({ actor_user_id: admin.userId, actor_role: 'admin', actor_ip: '127.0.0.1', reason: 'Health camp, Jayanagar' });
    expect(audit[1]!.after).toMatchObject({ channel: 'offline', method: 'card', amount: 1_199_900, invoiceNumber: onboarding.order.invoiceNumber });
    expect(audit[2]!.before).toMatchObject({ code, status: 'free' });

    // The shop's welcome, queued with the onboarding: the invoice attached and the sign-in link Firebase made.
    const welcome = await welcomeOf(onboarding.order._id);
    expect(welcome).toMatchObject({
      channel: 'email',
      recipient: request.email,
      category: 'transactional',
      user_id: onboarding.customer._id,
      attachment: { kind: 'invoice', orderId: onboarding.order._id },
      payload: {
        name: 'Meena',
        existing: false,
        orderNumber: onboarding.order.number,
        invoiceNumber: onboarding.order.invoiceNumber,
        total: 1_199_900,
        kit: 'Gut 360',
        loginUrl: 'https://shop.example.test/login',
        activateUrl: 'https://shop.example.test/user/dashboard',
      },
    });
    const oobCode = new URL(welcome!.payload.signInUrl!).searchParams.get('oobCode');
    expect(oobCode).toBe((await signInCodes(request.email)).at(-1));

    // The person's first sign-in through the e-mailed link finds the profile made for them, with the order and the kit.
    const idToken = await signInWithLink(request.email, oobCode!);
    const session = await app().inject({ method: 'POST', url: '/api/auth/session', payload: { idToken } });
    const signedIn = expectContract<{ token: string; user: { _id: string } }>(session, 'createSession', 200);
    expect(signedIn.user._id).toBe(onboarding.customer._id);
    const person = { authorization: `Bearer ${signedIn.token}` };
    const orders = expectContract<{ orders: OrderBody[] }>(await app().inject({ method: 'GET', url: '/api/orders', headers: person }), 'listOrders', 200).orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', price: 1_199_900, invoiceNumber: onboarding.order.invoiceNumber, payment: { status: 'paid', provider: 'offline' } });
    const invoice = await app().inject({ method: 'GET', url: `/api/orders/${onboarding.order._id}/invoice`, headers: person });
    expect(expectContractFile(invoice, 'getInvoice', 200).subarray(0, 5).toString()).toBe('%PDF-');
    const activated = await app().inject({ method: 'POST', url: '/api/kits/activate', headers: person, payload: { code } });
    expect(expectContract<{ kit: { state: string } }>(activated, 'activateKit', 200).kit.state).toBe('activated');
  });

  it('still welcomes the person with the invoice when Firebase cannot make the link, and says the link was not sent', async () => {
    vi.spyOn(app().firebaseAuth, 'generateSignInWithEmailLink').mockRejectedValueOnce(new Error('Firebase is down'));
    const request = onboardingRequest(gut360(), nextCode(), { email: `no-link-${randomUUID()}@example.test` });
    const onboarding = expectContract<{ onboarding: Onboarding }>(await onboard(app(), admin, request), 'onboardOfflineCustomer', 201).onboarding;
    expect(onboarding.signInLink).toBe('notSent');
    expect(await welcomeOf(onboarding.order._id)).toMatchObject({
      recipient: request.email,
      attachment: { kind: 'invoice', orderId: onboarding.order._id },
      payload: { signInUrl: null, loginUrl: 'https://shop.example.test/login' },
    });
  });

  it('adds the kit to the customer who has the e-mail address or the mobile number, without a second profile', async () => {
    const byEmail = await newCustomer(app());
    const [{ email }] = (await app().db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [byEmail.userId])) as [{ email: string }];
    const first = expectContract<{ onboarding: Onboarding }>(
      await onboard(app(), admin, onboardingRequest(gut360(), nextCode(), { email: email.toUpperCase() })),
      'onboardOfflineCustomer',
      201,
    ).onboarding;
    expect(first.customer).toMatchObject({ _id: byEmail.userId, existing: true, email });
    expect((await welcomeOf(first.order._id))?.payload).toMatchObject({ existing: true });

    const phone = uniqueMobile();
    const byPhone = await newCustomer(app());
    // A phone-only profile: the address typed at the counter fills it in, as not yet proven to be theirs.
    await app().db.query('UPDATE users SET phone = $2, email = NULL WHERE id = $1', [byPhone.userId, `+91${phone}`]);
    const typed = `typed-${randomUUID()}@example.test`;
    const second = expectContract<{ onboarding: Onboarding }>(
      await onboard(app(), admin, onboardingRequest(gut360(), nextCode(), { phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, email: typed })),
      'onboardOfflineCustomer',
      201,
    ).onboarding;
    expect(second.customer).toMatchObject({ _id: byPhone.userId, existing: true, email: typed });
    const [filled] = await app().db.query<{ email_verified: boolean }>('SELECT email_verified FROM users WHERE id = $1', [byPhone.userId]);
    expect(filled!.email_verified).toBe(false);
    const [counted] = await app().db.query<{ profiles: number }>('SELECT count(*)::int AS profiles FROM users WHERE id = ANY($1)', [[byEmail.userId, byPhone.userId]]);
    expect(counted!.profiles).toBe(2);
    const audit = await app().db.query<{ action: string }>('SELECT action FROM audit_log WHERE subject_user_id = $1 ORDER BY id', [byPhone.userId]);
    expect(audit.map((row) => row.action)).toEqual(['order.paid', 'kit.assigned']);

    const mismatch = await onboard(app(), admin, onboardingRequest(gut360(), nextCode(), { email, phone }));
    expect(expectContract<ErrorBody>(mismatch, 'onboardOfflineCustomer', 409).code).toBe('CUSTOMER_MISMATCH');
  });

  it('refuses a code that is mistyped, unknown, already assigned or of another product, each with its reason and nothing written', async () => {
    const code = nextCode();
    /** Every address this test asks to onboard, refused or not. */
    const asked: string[] = [];
    const refusal = async (payload: Record<string, unknown>, status: number) => {
      asked.push(String(payload.email));
      return expectContract<ErrorBody>(await onboard(app(), admin, payload), 'onboardOfflineCustomer', status);
    };
    const counts = async () => {
      const [row] = await app().db.query<{ orders: number; welcomes: number }>(
        `SELECT (SELECT count(*)::int FROM orders WHERE channel = 'offline') AS orders,
                (SELECT count(*)::int FROM outbound_messages m JOIN orders o ON o.id = m.order_id
                  WHERE m.template = 'account-ready' AND o.channel = 'offline') AS welcomes`,
      );
      return row!;
    };
    const before = await counts();

    const mistyped = await refusal(onboardingRequest(gut360(), `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`), 400);
    expect(mistyped).toMatchObject({ code: 'KIT_CODE_MISTYPED', fields: { code: expect.stringMatching(/typing mistake/) } });

    const { customer } = await paidCustomer(app(), ['PROD-G360']);
    const [online] = await app().db.query<{ box_code: string }>('SELECT box_code FROM kits WHERE user_id = $1', [customer.userId]);
    expect((await refusal(onboardingRequest(gut360(), online!.box_code), 404)).code).toBe('KIT_CODE_UNKNOWN');
    expect((await refusal(onboardingRequest(gut360(), 'GUT-AAAA-AAAA'), 404)).code).toBe('KIT_CODE_UNKNOWN');

    const start = await codesOf(app(), (await createBatch(app(), admin, products['PROD-G3G-LITE']!.id, 1))._id);
    const other = await refusal(onboardingRequest(gut360(), start[0]!), 409);
    expect(other).toMatchObject({ code: 'KIT_CODE_OTHER_PRODUCT', message: `${start[0]} is a code of a Gut Start kit, not Gut 360.` });

    const tooMuch = await refusal(onboardingRequest(gut360(), code, { payment: { method: 'cash', amount: products['PROD-G360']!.price + 1 } }), 400);
    expect(tooMuch.code).toBe('AMOUNT_OUT_OF_RANGE');
    for (const payment of [{ method: 'cash', amount: 0 }, { method: 'cheque', amount: 100_000 }, { method: 'upi', amount: 99.5 }]) {
      await refusal(onboardingRequest(gut360(), code, { payment }), 400);
    }
    expect((await refusal(onboardingRequest(gut360(), code, { phone: '12345 67890' }), 400)).fields).toHaveProperty('phone');
    await refusal(onboardingRequest(gut360(), code, { email: 'not-an-address' }), 400);
    await refusal({ ...onboardingRequest(gut360(), code), extra: true }, 400);
    const elsewhere = await refusal(onboardingRequest(gut360(), code, { counter: { line1: 'Camp', city: 'Pune', state: 'Karnataka', pincode: '411001' } }), 400);
    expect(elsewhere.fields).toHaveProperty(['counter.pincode']);

    const email = `first-${randomUUID()}@example.test`;
    expectContract(await onboard(app(), admin, onboardingRequest(gut360(), code, { email })), 'onboardOfflineCustomer', 201);
    const again = await refusal(onboardingRequest(gut360(), code), 409);
    expect(again.code).toBe('KIT_CODE_ASSIGNED');
    // Only the onboarding that was accepted left rows: one profile, one order and one welcome.
    const people = await app().db.query<{ email: string }>(`SELECT email FROM users WHERE email = ANY($1)`, [[...asked, email]]);
    expect(people).toEqual([{ email }]);
    expect(await counts()).toEqual({ orders: before.orders + 1, welcomes: before.welcomes + 1 });
  });
});
