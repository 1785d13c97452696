/**
 * The work that queues lead to: each kit queue of the staff home opens the staff order list with its kit state, which
 * holds exactly the orders of the kits the queue counts, and the queues of erasure requests and contact messages open
 * those lists filtered to the pending requests and the open messages; the order search finds an order by a kit's
 * code; and staff download an order's GST invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract, expectContractFile } from './contract';
import { newCustomer, orderedCustomer, paidCustomer, type Customer, type OrderBody } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, type TestApp } from './setup/app';
import { refund, staffOrder, startFulfilmentApp } from './staff-orders-fixtures';

type StaffHome = components['schemas']['StaffHome'];
type Summary = { items: Array<{ _id: string; number: string }>; total: number };

type QueueId = components['schemas']['StaffQueue']['id'];
/** The courier's queues (stuckParcels, unbookedPickups) are kit-pickups.test.ts's. */
type KitQueueId = Exclude<QueueId, 'erasureRequests' | 'newMessages' | 'stuckParcels' | 'unbookedPickups'>;

/** Each kit queue's filter of the order list, as the staff home's numbers link to it. */
const QUEUE_FILTERS: Record<KitQueueId, string> = {
  toShip: 'kitState=paid',
  notActivated: 'kitState=delivered&kitStateDays=14',
  awaitingReport: 'kitState=sampleReceived',
  qcFailed: 'kitState=qcFailed',
  refundsDue: 'kitState=cancelled',
};

describe.each(backends)('staff queues, kit-code search and invoices on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let single: { customer: Customer; order: OrderBody };
  let pair: { customer: Customer; order: OrderBody };
  let late: { customer: Customer; order: OrderBody };
  let recent: { customer: Customer; order: OrderBody };
  let lab: { customer: Customer; order: OrderBody };
  let failed: { customer: Customer; order: OrderBody };
  let unpaid: { customer: Customer; order: OrderBody };

  /** Puts every kit of an order in `state`, `daysAgo` days ago (a trigger stamps the change now, so the day is set after). */
  const setKits = async (order: OrderBody, state: string, daysAgo = 0) => {
    await app().db.query('UPDATE kits SET state = $2 WHERE order_id = $1', [order._id, state]);
    await app().db.query(`UPDATE kits SET state_changed_at = now() - $2 * interval '1 day' WHERE order_id = $1`, [order._id, daysAgo]);
  };

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend);
    admin = await newCustomer(app(), 'admin');
    single = await paidCustomer(app(), ['PROD-G3G-LITE']);
    pair = await paidCustomer(app(), ['PROD-G360', 'PROD-G3G-LITE']);
    late = await paidCustomer(app(), ['PROD-G3G-LITE']);
    recent = await paidCustomer(app(), ['PROD-G3G-LITE']);
    lab = await paidCustomer(app(), ['PROD-G360']);
    failed = await paidCustomer(app(), ['PROD-GSENS']);
    unpaid = await orderedCustomer(app(), ['PROD-G360']);
    await setKits(late.order, 'delivered', 15);
    await setKits(recent.order, 'delivered', 3);
    await setKits(lab.order, 'sampleReceived');
    await setKits(failed.order, 'qcFailed');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const list = async (query: string, who: Customer = admin) =>
    expectContract<Summary>(await app().inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: who.auth }), 'listStaffOrders', 200);
  const found = async (query: string) => (await list(query)).items.map((item) => item._id).sort();
  const ids = (...orders: Array<{ order: OrderBody }>) => orders.map(({ order }) => order._id).sort();

  describe('the work queues', () => {
    it('open the orders holding exactly the kits each queue counts', async () => {
      const response = await app().inject({ method: 'GET', url: '/api/staff/home', headers: admin.auth });
      const { queues } = expectContract<StaffHome>(response, 'getStaffHome', 200);
      expect(queues).toEqual([
        { id: 'toShip', count: 3 },
        { id: 'stuckParcels', count: 0 },
        { id: 'notActivated', count: 1, days: 14 },
        { id: 'unbookedPickups', count: 0, days: 3 },
        { id: 'awaitingReport', count: 1 },
        { id: 'qcFailed', count: 1 },
        { id: 'refundsDue', count: 0 },
        { id: 'erasureRequests', count: 0 },
        { id: 'newMessages', count: 0 },
      ]);
      const expected: Record<string, string[]> = {
        toShip: ids(single, pair),
        notActivated: ids(late),
        awaitingReport: ids(lab),
        qcFailed: ids(failed),
        refundsDue: [],
      };
      for (const queue of queues!) {
        if (!(queue.id in QUEUE_FILTERS)) continue;
        const filter = QUEUE_FILTERS[queue.id as KitQueueId];
        const orders = await list(`${filter}&limit=100`);
        expect(orders.items.map((item) => item._id).sort(), queue.id).toEqual(expected[queue.id]);
        expect(orders.total, queue.id).toBe(expected[queue.id]!.length);
        // The kits in the queue's state in those orders are the queue's number.
        const [state, days] = [filter.match(/kitState=(\w+)/)![1]!, Number(filter.match(/kitStateDays=(\d+)/)?.[1] ?? 0)];
        const [kits] = await app().db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM kits WHERE order_id = ANY ($1) AND state = $2 AND state_changed_at <= now() - $3 * interval '1 day'`,
          [orders.items.map((item) => item._id), state, days],
        );
        expect(kits!.count, queue.id).toBe(queue.count);
      }
    });

    it('follow the kits: a shipped kit leaves the queue to ship, a cancelled one joins the refunds due', async () => {
      await setKits(single.order, 'shipped');
      expect(await found('kitState=paid')).toEqual(ids(pair));
      expect(await found('kitState=shipped')).toEqual(ids(single));
      await setKits(single.order, 'cancelled');
      expect(await found('kitState=cancelled')).toEqual(ids(single));
      await setKits(single.order, 'paid');
      // With the other filters: the order list's search and filters narrow the queue further.
      expect(await found(`kitState=paid&product=PROD-G360`)).toEqual(ids(pair));
      expect(await found(`kitState=delivered&kitStateDays=2`)).toEqual(ids(late, recent));
      expect(await found(`kitState=paid&q=${encodeURIComponent(pair.order.number)}`)).toEqual(ids(pair));
    });

    it('count the erasure requests pending and the contact messages open, which their lists show under those filters', async () => {
      const queue = async (id: QueueId) =>
        expectContract<StaffHome>(await app().inject({ method: 'GET', url: '/api/staff/home', headers: admin.auth }), 'getStaffHome', 200).queues!.find(
          (entry) => entry.id === id,
        )!.count;
      const [waiting, done] = [await newCustomer(app()), await newCustomer(app())];
      await app().db.query(`INSERT INTO erasure_requests (user_id, due_by) VALUES ($1, now() + interval '30 days')`, [waiting.userId]);
      await app().db.query(
        `INSERT INTO erasure_requests (user_id, status, due_by, cancelled_at) VALUES ($1, 'cancelled', now() + interval '30 days', now())`,
        [done.userId],
      );
      const message = (email: string) =>
        app().db.query<{ id: string }>(`INSERT INTO contact_messages (name, email, topic, message) VALUES ('Sender', $1, 'kit', 'Where is my kit?') RETURNING id`, [
          email,
        ]);
      await message('one@example.com');
      const [answered] = await message('two@example.com');
      await message('three@example.com');
      await app().db.query('UPDATE contact_messages SET closed_at = now() WHERE id = $1', [answered!.id]);

      expect(await queue('erasureRequests')).toBe(1);
      expect(await queue('newMessages')).toBe(2);
      // The staff home links to each list with these filters.
      const erasures = await app().inject({ method: 'GET', url: '/api/admin/erasure-requests?status=pending&limit=100', headers: admin.auth });
      const pending = expectContract<{ items: Array<{ customer: { _id: string } }>; total: number }>(erasures, 'listErasureRequests', 200);
      expect(pending.total).toBe(1);
      expect(pending.items.map((item) => item.customer._id)).toEqual([waiting.userId]);
      const messages = await app().inject({ method: 'GET', url: '/api/admin/contact-messages?status=open&limit=100', headers: admin.auth });
      const open = expectContract<{ items: Array<{ _id: string }>; total: number }>(messages, 'listContactMessages', 200);
      expect(open.total).toBe(2);
      expect(open.items.map((item) => item._id)).not.toContain(answered!.id);

      // Completing the erasure and answering a message take them out of the queues.
      await app().db.query(`UPDATE erasure_requests SET status = 'cancelled', cancelled_at = now() WHERE user_id = $1`, [waiting.userId]);
      await app().db.query('UPDATE contact_messages SET closed_at = now()');
      expect(await queue('erasureRequests')).toBe(0);
      expect(await queue('newMessages')).toBe(0);
    });

    it('refuse a state that is not a kit journey state, days out of range, and days without a state, with 400', async () => {
      for (const query of ['kitState=lost', 'kitState=paid&kitStateDays=0', 'kitState=paid&kitStateDays=3651', 'kitState=paid&kitStateDays=soon']) {
        expectContract(await app().inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: admin.auth }), 'listStaffOrders', 400);
      }
      const alone = await app().inject({ method: 'GET', url: '/api/admin/orders?kitStateDays=14', headers: admin.auth });
      expect(expectContract<{ fields: Record<string, string> }>(alone, 'listStaffOrders', 400).fields).toHaveProperty('kitStateDays');
    });
  });

  describe('the order search', () => {
    it('finds an order by the code of any of its kits, typed in any case, with or without GUT, dashes or spaces', async () => {
      const kits = (await staffOrder(app(), admin, pair.order._id)).kits;
      expect(kits).toHaveLength(2);
      for (const kit of kits) {
        const code = kit.boxCode;
        expect(code).toMatch(/^GUT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
        const body = code.slice(4).replace('-', '');
        for (const typed of [code, code.toLowerCase(), body, ` ${body.slice(0, 4)} ${body.slice(4)} `, `gut${body.toLowerCase()}`]) {
          const result = await list(`q=${encodeURIComponent(typed)}`);
          expect(result.items.map((item) => item._id), typed).toEqual([pair.order._id]);
          expect(result.total).toBe(1);
        }
      }
    });

    it('finds nothing by a code with a typing mistake, and still finds names and numbers', async () => {
      const [kit] = (await staffOrder(app(), admin, single.order._id)).kits;
      const code = kit!.boxCode;
      const last = code.at(-1)!;
      const mistyped = `${code.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
      expect((await list(`q=${encodeURIComponent(mistyped)}`)).total).toBe(0);
      expect(await found(`q=${encodeURIComponent(single.order.number)}`)).toEqual(ids(single));
      expect((await list('q=Asha&limit=100')).total).toBeGreaterThanOrEqual(7);
    });

    it('finds a kit by a code issued before check characters, as stored', async () => {
      const [kit] = (await staffOrder(app(), admin, lab.order._id)).kits;
      await app().db.query('UPDATE kits SET box_code = $2 WHERE id = $1', [kit!._id, 'GUT-S5AB-CDEF']);
      expect(await found('q=gut%20s5ab%20cdef')).toEqual(ids(lab));
      expect(await found('q=GUTS5ABCDEF')).toEqual(ids(lab));
    });
  });

  it('names each order on a customer’s page by its number, as the order list does', async () => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/customers/${pair.customer.userId}`, headers: admin.auth });
    const { customer } = expectContract<{ customer: components['schemas']['StaffCustomerDetail'] }>(response, 'getStaffCustomer', 200);
    expect(customer.orders.map((order) => [order._id, order.number])).toEqual([[pair.order._id, pair.order.number]]);
    expect(pair.order.number).toMatch(/^GS-\d{4}-\d{6}$/);
  });

  describe('the invoice', () => {
    const invoice = (orderId: string, who?: Customer) =>
      app().inject({ method: 'GET', url: `/api/admin/orders/${orderId}/invoice`, ...(who ? { headers: who.auth } : {}) });

    it('is the paid order’s GST tax invoice, as a PDF named by its number', async () => {
      const response = await invoice(pair.order._id, admin);
      const pdf = expectContractFile(response, 'getStaffInvoice', 200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const number = pair.order.invoiceNumber!;
      expect(number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${number.replaceAll('/', '-')}.pdf"`);
      const rows = await pdfRows(pdf);
      expect(rows).toContain('Tax Invoice');
      expect(rows.some((row) => row.startsWith(`Invoice number | ${number} |`))).toBe(true);
      expect(rows.some((row) => row.startsWith(`Order number | ${pair.order.number} |`))).toBe(true);
      // The very document the customer downloads.
      const customers = await app().inject({ method: 'GET', url: `/api/orders/${pair.order._id}/invoice`, headers: pair.customer.auth });
      expect(await pdfRows(customers.rawPayload)).toEqual(rows);
    });

    it('stays after a refund, which the credit note answers', async () => {
      const response = await refund(app(), admin, recent.order._id, { reason: 'Changed their mind' });
      expect(response.statusCode, response.body).toBe(201);
      const rows = await pdfRows(expectContractFile(await invoice(recent.order._id, admin), 'getStaffInvoice', 200));
      expect(rows.some((row) => row.startsWith(`Invoice number | ${recent.order.invoiceNumber!} |`))).toBe(true);
    });

    it('does not exist for an order never paid: 409 ORDER_NOT_PAID', async () => {
      const refusal = expectContract<{ code: string; message: string }>(await invoice(unpaid.order._id, admin), 'getStaffInvoice', 409);
      expect(refusal).toMatchObject({ code: 'ORDER_NOT_PAID', message: 'This order has no invoice: an invoice is made once an order is paid.' });
    });

    it('answers 404 for an unknown order, 401 without a session and 403 to anyone but an admin', async () => {
      expectContract(await invoice('no-such-order', admin), 'getStaffInvoice', 404);
      expectContract(await invoice(pair.order._id), 'getStaffInvoice', 401);
      // Not even to the order's own customer, who has their own call.
      expectContract(await invoice(pair.order._id, pair.customer), 'getStaffInvoice', 403);
      for (const role of ['doctor', 'nutritionist']) {
        expectContract(await invoice(pair.order._id, await newCustomer(app(), role)), 'getStaffInvoice', 403);
      }
    });
  });
});
