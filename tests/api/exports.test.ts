/**
 * The CSV export of the staff's order list (the customer list's export is tested with that list): the filter's
 * orders in its order, batch after batch, every order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { staffOrderBatches } from '../../server/routes/admin-orders/queries';
import { expectContract } from './contract';
import { newCustomer, orderedCustomer, paidCustomer, type Customer } from './orders-fixtures';
import { backends, startTestApp, type TestApp } from './setup/app';

type ExportJob = components['schemas']['ExportJob'];
type StaffOrderSummary = components['schemas']['StaffOrderSummary'];

describe.each(backends)('the export of the order list on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
    admin = await newCustomer(app(), 'admin');
    for (let index = 0; index < 4; index += 1) await paidCustomer(app(), index % 2 === 0 ? ['PROD-G360'] : ['PROD-G3G-LITE', 'PROD-GSENS']);
    await orderedCustomer(app(), ['PROD-IBS-HEAL']);
    // Orders placed in the same instant still come out once each, in the order the list shows them.
    await app().db.query(`UPDATE orders SET created_at = date_trunc('second', now())`);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const finished = async (id: string): Promise<ExportJob> => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await app().inject({ method: 'GET', url: `/api/admin/exports/${id}`, headers: admin.auth });
      const { export: job } = expectContract<{ export: ExportJob }>(response, 'getExport', 200);
      if (job.status === 'done' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the export did not finish');
  };

  const list = async (query: string) => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: admin.auth });
    return expectContract<{ items: StaffOrderSummary[]; total: number }>(response, 'listStaffOrders', 200);
  };

  it('holds the filtered orders in the list’s order, with amounts in rupees', async () => {
    const start = await app().inject({
      method: 'POST',
      url: '/api/admin/exports/orders',
      headers: admin.auth,
      payload: { status: 'paid', sort: 'total' },
    });
    const { export: job } = expectContract<{ export: ExportJob }>(start, 'startOrderExport', 202);
    expect(job).toMatchObject({ kind: 'orders', total: 4, fileName: expect.stringMatching(/^orders-\d{4}-\d{2}-\d{2}\.csv$/) });
    expect(await finished(job._id)).toMatchObject({ status: 'done', rows: 4 });

    const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    const lines = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order,Placed (IST),Paid (IST),Status,Payment,Customer,E-mail,Phone,Ship to,Kits,Amount (INR),Refunded (INR)');
    const shown = await list('status=paid&sort=total&limit=100');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown.items.map((order) => order.number));
    const first = shown.items[0]!;
    expect(lines[1]).toContain(`,${(first.price / 100).toFixed(2)},0.00`);
    expect(lines[1]).toContain(',paid,paid,');
  });

  it('reads batch after batch in every order without skipping or repeating an order, ties included', async () => {
    for (const sort of ['createdAt', '-createdAt', 'number', '-number', 'total', '-total'] as const) {
      const all = await list(`sort=${sort}&limit=100`);
      const read: string[] = [];
      for await (const batch of staffOrderBatches(app().db, { sort }, 2)) read.push(...batch.map((order) => order._id));
      expect(read, sort).toEqual(all.items.map((order) => order._id));
    }
  });

  it('refuses a filter of the customer list, or a list that has no export', async () => {
    const refuse = (payload: object) => app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: admin.auth, payload });
    expectContract(await refuse({ product: ['PROD-G360'] }), 'startOrderExport', 400);
    expectContract(await refuse({ kitState: 'paid' }), 'startOrderExport', 400);
    expectContract(await refuse({ sort: 'name' }), 'startOrderExport', 400);
    const unknown = await app().inject({ method: 'POST', url: '/api/admin/exports/invoices', headers: admin.auth, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const doctor = await newCustomer(app(), 'doctor');
    const response = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: doctor.auth, payload: {} });
    expectContract(response, 'startOrderExport', 403);
  });
});
