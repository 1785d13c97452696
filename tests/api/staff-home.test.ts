/**
 * The staff landing page: an admin's figures of the business and work queues, a clinician's recent reports; and the
 * customer list's filter behind the queue of kits not activated for 14 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract } from './contract';
import { newCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';
import { refund } from './staff-orders-fixtures';

type StaffHome = components['schemas']['StaffHome'];
type StaffCustomer = components['schemas']['StaffCustomer'];

describe.each(backends)('the staff’s landing page on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let late: Customer;
  let fresh: Customer;
  let lab: Customer;
  let toShipOrder: string;

  const setKit = (who: Customer, state: string, daysAgo = 0) =>
    app().db.query(`UPDATE kits SET state = $2 WHERE user_id = $1`, [who.userId, state]).then(() =>
      app().db.query(`UPDATE kits SET state_changed_at = now() - $2 * interval '1 day' WHERE user_id = $1`, [who.userId, daysAgo]),
    );

  beforeAll(async () => {
    testApp = await startTestApp(backend, { journeyAppUrl: 'https://journey.example.test' });
    admin = await newCustomer(app(), 'admin');
    // Four paid orders today: Gut Start (₹4,999) three times and Gut 360 once.
    ({ customer: late } = await paidCustomer(app(), ['PROD-G3G-LITE']));
    ({ customer: fresh } = await paidCustomer(app(), ['PROD-G3G-LITE']));
    ({ customer: lab } = await paidCustomer(app(), ['PROD-G360']));
    const { customer: toShip, order: shipping } = await paidCustomer(app(), ['PROD-G3G-LITE']);
    toShipOrder = shipping._id;
    await setKit(late, 'delivered', 15);
    await setKit(fresh, 'delivered', 3);
    await setKit(lab, 'reportReady');
    await setKit(toShip, 'paid');
    // An order paid 10 days ago counts in the 30 days and not in the 7.
    const { customer: older } = await paidCustomer(app(), ['PROD-G3G-LITE']);
    await app().db.query(`UPDATE orders SET paid_at = now() - interval '10 days' WHERE user_id = $1`, [older.userId]);
    await setKit(older, 'sampleReceived');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const home = async (who: Customer) =>
    expectContract<StaffHome>(await app().inject({ method: 'GET', url: '/api/staff/home', headers: who.auth }), 'getStaffHome', 200);

  it('shows an admin the paid orders and revenue of today, 7 and 30 days, and kits by journey state', async () => {
    const page = await home(admin);
    expect(page.role).toBe('admin');
    expect(page.reports).toBeNull();
    const [start] = await app().db.query<{ price: number }>(`SELECT price FROM products WHERE code = 'PROD-G3G-LITE'`);
    const [full] = await app().db.query<{ price: number }>(`SELECT price FROM products WHERE code = 'PROD-G360'`);
    expect(page.figures?.paidOrders).toEqual({ today: 4, last7Days: 4, last30Days: 5 });
    expect(page.figures?.revenue).toEqual({
      today: 3 * start!.price + full!.price,
      last7Days: 3 * start!.price + full!.price,
      last30Days: 4 * start!.price + full!.price,
    });
    const byState = Object.fromEntries(page.figures!.kitsByState.map((entry) => [entry.state, entry.count]));
    expect(byState).toMatchObject({ paid: 1, delivered: 2, reportReady: 1, sampleReceived: 1, activated: 0 });
  });

  it('counts the work queues, a kit delivered 14 or more days ago and not activated among them', async () => {
    const { queues } = await home(admin);
    expect(queues).toEqual([
      { id: 'toShip', count: 1 },
      { id: 'stuckParcels', count: 0 },
      { id: 'notActivated', count: 1, days: 14 },
      { id: 'unbookedPickups', count: 0, days: 3 },
      { id: 'awaitingReport', count: 1 },
      { id: 'qcFailed', count: 0 },
      { id: 'refundsDue', count: 0 },
      { id: 'erasureRequests', count: 0 },
      { id: 'newMessages', count: 0 },
    ]);
  });

  it('lists behind that queue exactly those customers', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/admin/customers?kitState=delivered&kitStateDays=14', headers: admin.auth });
    const { items } = expectContract<{ items: StaffCustomer[] }>(response, 'listCustomers', 200);
    expect(items.map((item) => item._id)).toEqual([late.userId]);
    const both = await app().inject({ method: 'GET', url: '/api/admin/customers?kitState=delivered&kitStateDays=2', headers: admin.auth });
    expect(expectContract<{ total: number }>(both, 'listCustomers', 200).total).toBe(2);
    const alone = await app().inject({ method: 'GET', url: '/api/admin/customers?kitStateDays=14', headers: admin.auth });
    expect(expectContract<{ fields: Record<string, string> }>(alone, 'listCustomers', 400).fields).toHaveProperty('kitStateDays');
  });

  it('shows a doctor or a nutritionist the reports made ready most recently, and no figures', async () => {
    for (const role of ['doctor', 'nutritionist']) {
      const page = await home(await newCustomer(app(), role));
      expect(page).toMatchObject({ role, figures: null, queues: null });
      expect(page.reports).toEqual([
        expect.objectContaining({ customerId: lab.userId, product: 'Gut 360', reportUrl: expect.stringMatching(/^https:\/\/journey\.example\.test\/reports\//) }),
      ]);
    }
  });

  it('is for staff only', async () => {
    const customer = await newCustomer(app());
    expectContract(await app().inject({ method: 'GET', url: '/api/staff/home', headers: customer.auth }), 'getStaffHome', 403);
    expectContract(await app().inject({ method: 'GET', url: '/api/staff/home' }), 'getStaffHome', 401);
  });

  // Last: it refunds the order whose kit waits to be shipped.
  it('counts what refunds made in each period gave back, and the order list opens exactly the orders behind each figure', async () => {
    const [start] = await app().db.query<{ price: number }>(`SELECT price FROM products WHERE code = 'PROD-G3G-LITE'`);
    const before = (await home(admin)).figures!;
    expect(before.refunds).toEqual({ today: 0, last7Days: 0, last30Days: 0 });
    expectContract(await refund(app(), admin, toShipOrder, { reason: 'Ordered twice by mistake' }), 'refundOrder', 201);
    const after = (await home(admin)).figures!;
    expect(after.refunds).toEqual({ today: start!.price, last7Days: start!.price, last30Days: start!.price });
    // Revenue is what was paid, before refunds: the page shows the net beside it.
    expect(after.revenue).toEqual(before.revenue);

    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const listed = async (query: string) =>
      expectContract<{ items: Array<{ _id: string }>; total: number }>(
        await app().inject({ method: 'GET', url: `/api/admin/orders?${query}&limit=100`, headers: admin.auth }),
        'listStaffOrders',
        200,
      );
    expect((await listed(`dates=paid&from=${today}&to=${today}`)).total).toBe(after.paidOrders.today);
    expect((await listed(`dates=refunded&from=${today}&to=${today}`)).items.map((order) => order._id)).toEqual([toShipOrder]);

    // A refund made 10 days ago counts in the 30 days alone, and a failed one not at all.
    await app().db.query(`UPDATE refunds SET created_at = now() - interval '10 days' WHERE order_id = $1`, [toShipOrder]);
    expect((await home(admin)).figures!.refunds).toEqual({ today: 0, last7Days: 0, last30Days: start!.price });
    expect((await listed(`dates=refunded&from=${today}&to=${today}`)).total).toBe(0);
    expect((await listed('dates=refunded')).items.map((order) => order._id)).toEqual([toShipOrder]);
    await app().db.query(`UPDATE refunds SET status = 'failed' WHERE order_id = $1`, [toShipOrder]);
    expect((await home(admin)).figures!.refunds).toEqual({ today: 0, last7Days: 0, last30Days: 0 });
    expect((await listed('dates=refunded')).total).toBe(0);
    expectContract(await app().inject({ method: 'GET', url: '/api/admin/orders?dates=shipped', headers: admin.auth }), 'listStaffOrders', 400);
  });
});
