import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

interface Kit {
  _id: string;
  orderId: string;
  code: string;
  name: string;
  state: string;
  timeline: Array<{ state: string; at: string }>;
  reportUrl: string | null;
  claim: string;
  demoBoxCode?: string;
}

describe.each(backends)('kits and their journey on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend, { journeyAppUrl: 'https://journey.example.test' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const listKits = async (customer: Customer) =>
    expectContract<{ kits: Kit[] }>(await app().inject({ method: 'GET', url: '/api/kits', headers: customer.auth }), 'listKits', 200).kits;
  const activate = (customer: Customer, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/api/kits/activate', headers: customer.auth, payload });
  const boxCode = async (kitId: string) =>
    ((await app().db.query<{ box_code: string }>('SELECT box_code FROM kits WHERE id = $1', [kitId]))[0] as { box_code: string }).box_code;

  it('lists one kit per kit of a paid order, delivered by the demo warehouse, with its timeline', async () => {
    const { customer, order } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
    const kits = await listKits(customer);
    expect(kits.map((kit) => kit.code).sort()).toEqual(['PROD-G360', 'PROD-G3G-LITE']);
    for (const kit of kits) {
      expect(kit.orderId).toBe(order._id);
      expect(kit.state).toBe('delivered');
      expect(kit.timeline.map((step) => step.state)).toEqual(['ordered', 'paid', 'shipped', 'delivered']);
      expect(kit.demoBoxCode).toBe(await boxCode(kit._id));
      expect(kit.demoBoxCode).toMatch(/^GUT-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
    expect(await listKits(await newCustomer(app()))).toEqual([]);
  });

  it('activates a kit with its box code once; used and unknown codes are refused with a reason', async () => {
    const { customer } = await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-G360']);
    const kits = await listKits(customer);
    const start = kits.find((kit) => kit.code === 'PROD-G3G-LITE')!;
    const full = kits.find((kit) => kit.code === 'PROD-G360')!;
    const startCode = await boxCode(start._id);

    // The code typed into another kit's card activates the code's kit, and the answer says which one that was.
    const typedLoosely = startCode.toLowerCase().replace(/-/g, ' ');
    const activated = expectContract<{ kit: Kit }>(await activate(customer, { code: typedLoosely, kitId: full._id }), 'activateKit', 200).kit;
    expect(activated).toMatchObject({ _id: start._id, name: 'Gut Start', state: 'activated', claim: 'bought' });
    expect(activated.timeline.at(-1)?.state).toBe('activated');
    expect(activated.demoBoxCode).toBeUndefined();
    expect((await listKits(customer)).find((kit) => kit._id === full._id)!.state).toBe('delivered');

    const again = await activate(customer, { code: startCode });
    expect(expectContract<{ code: string }>(again, 'activateKit', 409).code).toBe('KIT_ALREADY_ACTIVATED');
    const unknown = await activate(customer, { code: 'GUT-AAAA-AAAA' });
    expect(expectContract<{ code: string }>(unknown, 'activateKit', 404).code).toBe('KIT_CODE_UNKNOWN');
    expectContract(await activate(customer, { code: 'x' }), 'activateKit', 400);
    expectContract(await activate(customer, { code: 'GUT-AAAA-AAAA', extra: true }), 'activateKit', 400);
  });

  it('shows nobody another person’s kit, and refuses to activate a code into a kit of someone else’s', async () => {
    const owner = await paidCustomer(app());
    const [kit] = await listKits(owner.customer);
    const stranger = await newCustomer(app());
    expectContract(await app().inject({ method: 'GET', url: `/api/kits/${kit!._id}/journey`, headers: stranger.auth }), 'getKitJourney', 404);
    expectContract(await activate(stranger, { code: await boxCode(kit!._id), kitId: kit!._id }), 'activateKit', 404);
    expect(await listKits(stranger)).toEqual([]);
    expect((await listKits(owner.customer))[0]!.state).toBe('delivered');
  });

  it('lets staff move a kit only along the journey machine, and links a ready report', async () => {
    const { customer } = await paidCustomer(app());
    const [kit] = await listKits(customer);
    const admin = await newCustomer(app(), 'admin');
    const step = (who: Customer, event: string) =>
      app().inject({ method: 'POST', url: `/api/kits/${kit!._id}/journey`, headers: who.auth, payload: { event } });
    expectContract(await step(customer, 'journey.receiveSample'), 'advanceKitJourney', 403);
    const illegal = await step(admin, 'journey.publishReport');
    expect(expectContract<{ code: string }>(illegal, 'advanceKitJourney', 409).code).toBe('JOURNEY_STEP_NOT_ALLOWED');
    expectContract(await step(admin, 'journey.teleport'), 'advanceKitJourney', 400);
    await activate(customer, { code: await boxCode(kit!._id) });
    expectContract(await step(admin, 'journey.receiveSample'), 'advanceKitJourney', 200);
    const ready = expectContract<{ kit: Kit }>(await step(admin, 'journey.publishReport'), 'advanceKitJourney', 200).kit;
    expect(ready.state).toBe('reportReady');
    const journey = expectContract<{ kit: Kit }>(
      await app().inject({ method: 'GET', url: `/api/kits/${kit!._id}/journey`, headers: customer.auth }),
      'getKitJourney',
      200,
    ).kit;
    expect(journey.reportUrl).toBe(`https://journey.example.test/reports/${kit!._id}`);
    expect(journey.timeline.map((s) => s.state)).toEqual(['ordered', 'paid', 'shipped', 'delivered', 'activated', 'sampleReceived', 'reportReady']);
  });
});
