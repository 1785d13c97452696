/**
 * Kits for family: a box code is the claim. Whoever activates a kit's code owns that sample's journey and results in
 * their own account; the buyer keeps the purchase and sees the kit only as activated by another account. A buyer can
 * give a kit by e-mail: its code and how to activate it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { customerKits, startFulfilmentApp, takeStep } from './staff-orders-fixtures';

type OwnedKit = components['schemas']['OwnedKit'];

const INTAKE = {
  diet: 'vegetarian',
  fermentedFoods: 'daily',
  antibiotics: 'no',
  probiotics: 'no',
  bristolType: 4,
  bowelFrequency: '1PerDay',
  conditions: ['thyroid'],
};

describe.each(backends)('kits for family on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend, { journeyAppUrl: 'https://journey.example.test' });
    admin = await newCustomer(app(), 'admin');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const boxCode = async (kitId: string) =>
    ((await app().db.query<{ box_code: string }>('SELECT box_code FROM kits WHERE id = $1', [kitId]))[0] as { box_code: string }).box_code;
  const activate = (who: Customer, payload: Record<string, unknown>) => app().inject({ method: 'POST', url: '/api/kits/activate', headers: who.auth, payload });
  const give = (who: Customer | null, kitId: string, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: `/api/kits/${kitId}/gift`, headers: who?.auth ?? {}, payload });
  const giftMessages = (kitId: string) =>
    app().db.query<{ recipient: string; template: string; payload: Record<string, string>; user_id: string | null }>(
      `SELECT m.recipient, m.template, m.payload, m.user_id FROM outbound_messages m JOIN kit_gifts g ON m.idempotency_key = 'kit-gift:' || g.id || ':email'
        WHERE g.kit_id = $1 ORDER BY m.created_at, m.id`,
      [kitId],
    );

  /** A buyer whose kit staff have shipped and delivered: ready to be activated by whoever holds its code. */
  async function deliveredKit() {
    const buyer = await paidCustomer(app());
    const [kit] = await customerKits(app(), buyer.customer);
    await takeStep(app(), admin, buyer.order._id, { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD12345678' });
    await takeStep(app(), admin, buyer.order._id, { step: 'deliver' });
    return { buyer: buyer.customer, order: buyer.order, kit: kit!, code: await boxCode(kit!._id) };
  }

  it('gives the sample’s journey and results to whoever activates the code; the buyer sees only that it was activated', async () => {
    const { buyer, order, kit, code } = await deliveredKit();
    const sister = await newCustomer(app());

    const claimed = expectContract<{ kit: OwnedKit }>(await activate(sister, { code }), 'activateKit', 200).kit;
    expect(claimed).toMatchObject({ _id: kit._id, claim: 'given', state: 'activated', orderId: null, shipment: null, gift: null });
    // The buyer's order, invoice and courier stay the buyer's.
    expect(await customerKits(app(), sister)).toEqual([claimed]);

    const [seenByBuyer] = await customerKits(app(), buyer);
    expect(seenByBuyer).toMatchObject({ _id: kit._id, claim: 'activatedByAnother', state: 'activated', orderId: order._id, reportUrl: null, reportPdf: false });
    // The buyer cannot open the kit, its intake or its report.
    expectContract(await app().inject({ method: 'GET', url: `/api/kits/${kit._id}/journey`, headers: buyer.auth }), 'getKitJourney', 404);
    expectContract(await app().inject({ method: 'GET', url: `/api/kits/${kit._id}/intake`, headers: buyer.auth }), 'getKitIntake', 404);
    expectContract(
      await app().inject({ method: 'PUT', url: `/api/kits/${kit._id}/intake`, headers: buyer.auth, payload: { answers: INTAKE } }),
      'saveKitIntake',
      404,
    );
    expectContract(await app().inject({ method: 'PUT', url: `/api/kits/${kit._id}/intake`, headers: sister.auth, payload: { answers: INTAKE } }), 'saveKitIntake', 200);

    // The lab's steps reach the holder, by e-mail too; the buyer's view stays at "activated by another account".
    await takeStep(app(), admin, order._id, { step: 'receiveSample', kitIds: [kit._id] });
    await takeStep(app(), admin, order._id, { step: 'publishReport', reportUrl: 'https://reports.example.test/k/1' });
    const [held] = await customerKits(app(), sister);
    expect(held).toMatchObject({ state: 'reportReady', reportUrl: 'https://reports.example.test/k/1' });
    const [stillBuyers] = await customerKits(app(), buyer);
    expect(stillBuyers).toMatchObject({ claim: 'activatedByAnother', state: 'activated', reportUrl: null });
    expect(stillBuyers!.timeline.map((step) => step.state)).toEqual(['ordered', 'paid', 'shipped', 'delivered', 'activated']);
    expect(JSON.stringify(await customerKits(app(), buyer))).not.toContain('reports.example.test');

    const sent = await app().db.query<{ template: string; recipient: string; user_id: string }>(
      `SELECT template, recipient, user_id FROM outbound_messages WHERE order_id = $1 AND channel = 'email' ORDER BY created_at, id`,
      [order._id],
    );
    const [sisterEmail] = await app().db.query<{ email: string; id: string }>('SELECT id, email FROM users WHERE id = $1', [sister.userId]);
    const [buyerEmail] = await app().db.query<{ email: string; id: string }>('SELECT id, email FROM users WHERE id = $1', [buyer.userId]);
    const to = (template: string) => sent.filter((message) => message.template === template).map((message) => message.recipient);
    expect(to('kit-shipped')).toEqual([buyerEmail!.email]);
    expect(to('sample-received')).toEqual([sisterEmail!.email]);
    expect(to('report-ready')).toEqual([sisterEmail!.email]);

    // The buyer's data download holds nothing of the sample either.
    const download = await app().inject({ method: 'GET', url: '/api/privacy/data', headers: buyer.auth });
    expect(download.statusCode).toBe(200);
    expect(download.body).not.toContain('reports.example.test');
    expect(download.body).not.toContain('vegetarian');

    // Staff see on the order who holds the kit, and the holder's page lists it.
    const staffView = expectContract<{ order: components['schemas']['StaffOrder'] }>(
      await app().inject({ method: 'GET', url: `/api/admin/orders/${order._id}`, headers: admin.auth }),
      'getStaffOrder',
      200,
    ).order;
    const [sisterName] = await app().db.query<{ fullname: string }>('SELECT fullname FROM users WHERE id = $1', [sister.userId]);
    expect(staffView.kits[0]!.heldBy).toEqual({ _id: sister.userId, fullname: sisterName!.fullname });

    const [audit] = await app().db.query<{ actor_user_id: string; subject_user_id: string; after: { holder: string } }>(
      `SELECT actor_user_id, subject_user_id, after FROM audit_log WHERE action = 'kit.claimed' AND entity_id = $1`,
      [kit._id],
    );
    expect(audit).toMatchObject({ actor_user_id: sister.userId, subject_user_id: buyer.userId, after: { holder: sister.userId } });
  });

  it('refuses a second activation of a code, whoever tries, and a code not yet shipped', async () => {
    const { buyer, code } = await deliveredKit();
    const first = await newCustomer(app());
    expectContract(await activate(first, { code }), 'activateKit', 200);
    for (const who of [buyer, first, await newCustomer(app())]) {
      expect(expectContract<{ code: string }>(await activate(who, { code }), 'activateKit', 409).code).toBe('KIT_ALREADY_ACTIVATED');
    }
    const unshipped = await paidCustomer(app());
    const [kit] = await customerKits(app(), unshipped.customer);
    const early = await activate(await newCustomer(app()), { code: await boxCode(kit!._id) });
    expect(expectContract<{ code: string }>(early, 'activateKit', 409).code).toBe('KIT_NOT_DELIVERED');
  });

  it('lets two accounts race for one code: exactly one holds it', async () => {
    const { code, kit } = await deliveredKit();
    const [a, b] = [await newCustomer(app()), await newCustomer(app())];
    const answers = await Promise.all([activate(a, { code }), activate(b, { code })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await app().db.query<{ user_id: string }>('SELECT user_id FROM kits WHERE id = $1', [kit._id]);
    const winner = answers[0]!.statusCode === 200 ? a : b;
    expect(row!.user_id).toBe(winner.userId);
  });

  it('e-mails a kit’s code to a family member, who activates it in their own account', async () => {
    const { buyer, kit, code } = await deliveredKit();
    expectContract(await give(null, kit._id, { email: 'meera@example.in' }), 'giftKit', 401);
    expectContract(await give(buyer, kit._id, { email: 'not an address' }), 'giftKit', 400);
    expectContract(await give(buyer, kit._id, { email: 'meera@example.in', note: 'hi' }), 'giftKit', 400);
    expectContract(await give(await newCustomer(app()), kit._id, { email: 'meera@example.in' }), 'giftKit', 404);

    const given = expectContract<{ kit: OwnedKit }>(await give(buyer, kit._id, { email: 'meera@example.in', name: 'Meera' }), 'giftKit', 202).kit;
    expect(given).toMatchObject({ claim: 'bought', state: 'delivered', gift: { email: 'meera@example.in' } });
    const [message] = await giftMessages(kit._id);
    expect(message).toMatchObject({ template: 'kit-gift', recipient: 'meera@example.in', user_id: null });
    expect(message!.payload).toMatchObject({ name: 'Meera', kit: 'Gut Start', code });
    expect(message!.payload.activateUrl).toMatch(new RegExp(`/user/dashboard\\?code=${code}$`));

    const meera = await newCustomer(app());
    expectContract(await activate(meera, { code }), 'activateKit', 200);
    const afterwards = await give(buyer, kit._id, { email: 'meera@example.in' });
    expect(expectContract<{ code: string }>(afterwards, 'giftKit', 404).code).toBe('NOT_FOUND');
    expect((await customerKits(app(), buyer))[0]).toMatchObject({ claim: 'activatedByAnother', gift: { email: 'meera@example.in' } });
    expect((await customerKits(app(), meera))[0]!.gift).toBeNull();
  });

  it('gives only a kit not yet activated, and at most five a day', async () => {
    const { buyer, kit, code } = await deliveredKit();
    expectContract(await activate(buyer, { code }), 'activateKit', 200);
    expect(expectContract<{ code: string }>(await give(buyer, kit._id, { email: 'meera@example.in' }), 'giftKit', 409).code).toBe('KIT_NOT_GIFTABLE');

    const many = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G3G-LITE', 'PROD-G3G-LITE']);
    const kits = await customerKits(app(), many.customer);
    for (let sent = 0; sent < 5; sent += 1) {
      expectContract(await give(many.customer, kits[sent % kits.length]!._id, { email: `family${sent}@example.in` }), 'giftKit', 202);
    }
    const sixth = await give(many.customer, kits[0]!._id, { email: 'family5@example.in' });
    expect(expectContract<{ code: string }>(sixth, 'giftKit', 429).code).toBe('TOO_MANY_REQUESTS');
  });
});
