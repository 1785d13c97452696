/**
 * The CSV export of the staff's order list (the customer list's export is tested with that list): the filter's
 * orders in its order, batch after batch, every order once. And every export's day: past it the export and its file
 * answer 404 whether or not anyone starts another, the scheduled sweep deletes it, and each download is audited.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { components } from '../../openapi/schema';
import { staffOrderBatches } from '../../server/routes/admin-orders/queries';
import { deleteExpiredExports, expiredExportsTask } from '../../server/services/exports';
import { startSchedule } from '../../server/services/schedule';
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
    expect(lines[0]).toBe(
      'Order,Placed (IST),Paid (IST),Status,Payment,Customer,E-mail,Phone,Ship to,Kits,Amount (INR),Refunded (INR),Invoice number,GST rates (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Payment method,Channel,Coupon',
    );
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
    expectContract(await refuse({ kitState: 'lost' }), 'startOrderExport', 400);
    expectContract(await refuse({ sort: 'name' }), 'startOrderExport', 400);
    const unknown = await app().inject({ method: 'POST', url: '/api/admin/exports/invoices', headers: admin.auth, payload: {} });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const doctor = await newCustomer(app(), 'doctor');
    const response = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: doctor.auth, payload: {} });
    expectContract(response, 'startOrderExport', 403);
  });

  describe('a day after it was started', () => {
    const quietLog = { info() {}, warn() {}, error() {} };
    // An admin of their own: each admin may start ten exports in ten minutes.
    let exporter: Customer;
    beforeAll(async () => {
      exporter = await newCustomer(app(), 'admin');
    });

    const finishedExport = async () => {
      const start = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: exporter.auth, payload: { status: 'paid' } });
      const { export: job } = expectContract<{ export: ExportJob }>(start, 'startOrderExport', 202);
      expect(await finished(job._id)).toMatchObject({ status: 'done' });
      return job._id;
    };
    const startedAgo = (id: string, age: string) => app().db.query(`UPDATE exports SET created_at = now() - $2::interval WHERE id = $1`, [id, age]);
    const stored = async (id: string) => {
      const [row] = await app().db.query<{ exports: number; chunks: number }>(
        `SELECT (SELECT count(*) FROM exports WHERE id = $1)::int AS exports, (SELECT count(*) FROM export_chunks WHERE export_id = $1)::int AS chunks`,
        [id],
      );
      return row!;
    };

    it('audits each download: who took which export, from where', async () => {
      const id = await finishedExport();
      for (let download = 0; download < 2; download += 1) {
        // Another admin than the one who started it: the row names who downloaded.
        const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${id}/file`, headers: admin.auth, remoteAddress: '203.0.113.9' });
        expect(file.statusCode).toBe(200);
      }
      const audited = await app().db.query<{ actor_user_id: string; actor_role: string; actor_ip: string; after: { kind: string; rows: number } }>(
        `SELECT actor_user_id, actor_role, actor_ip, after FROM audit_log WHERE action = 'export.downloaded' AND entity = 'export' AND entity_id = $1`,
        [id],
      );
      expect(audited).toHaveLength(2);
      expect(audited[0]).toMatchObject({ actor_user_id: admin.userId, actor_role: 'admin', actor_ip: '203.0.113.9', after: { kind: 'orders', rows: 4 } });
    });

    it('answers 404 for the export and its file without anyone starting another, and no download is audited', async () => {
      const id = await finishedExport();
      await startedAgo(id, '23 hours 59 minutes');
      expect((await app().inject({ method: 'GET', url: `/api/admin/exports/${id}/file`, headers: admin.auth })).statusCode).toBe(200);
      await startedAgo(id, '24 hours 1 second');
      const job = await app().inject({ method: 'GET', url: `/api/admin/exports/${id}`, headers: admin.auth });
      expect(expectContract<{ message: string }>(job, 'getExport', 404).message).toMatch(/more than a day old/);
      const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${id}/file`, headers: admin.auth });
      expect(expectContract<{ message: string }>(file, 'getExportFile', 404).message).toMatch(/more than a day old/);
      expect(file.body).not.toContain('Order,Placed');
      // Still in the database (the sweep has not run): the read itself refused it.
      expect(await stored(id)).toMatchObject({ exports: 1 });
      const [downloads] = await app().db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM audit_log WHERE action = 'export.downloaded' AND entity_id = $1`,
        [id],
      );
      expect(downloads!.count).toBe(1);
    });

    it('is deleted with its file by the sweep, which leaves younger exports alone', async () => {
      const [expired, lastMinutes, young] = [await finishedExport(), await finishedExport(), await finishedExport()];
      await startedAgo(expired, '25 hours');
      // Expired, but a download begun in its last minutes may still be streaming: the sweep leaves it a little longer.
      await startedAgo(lastMinutes, '24 hours 5 minutes');
      expect((await stored(expired)).chunks).toBeGreaterThan(0);
      expect(await deleteExpiredExports(app().db)).toBe(1);
      expect(await stored(expired)).toEqual({ exports: 0, chunks: 0 });
      expect((await stored(lastMinutes)).exports).toBe(1);
      expect((await stored(young)).exports).toBe(1);
      expect((await app().inject({ method: 'GET', url: `/api/admin/exports/${young}/file`, headers: admin.auth })).statusCode).toBe(200);
      expect(await deleteExpiredExports(app().db)).toBe(0);
    });

    it('is swept once by two processes running the schedule side by side', async () => {
      const ids = [await finishedExport(), await finishedExport()];
      for (const id of ids) await startedAgo(id, '2 days');
      // The task ran before (or in another test): its interval is over, so the next look claims it.
      await app().db.query(`DELETE FROM scheduled_tasks WHERE name = 'exports.delete-expired'`);
      const deletions: number[] = [];
      const counting = { info: (object: unknown) => deletions.push((object as { deleted: number }).deleted), warn() {}, error() {} };
      const stops = [0, 1].map(() => startSchedule(app().db, [expiredExportsTask(app().db, counting)], quietLog, 20));
      await vi.waitFor(async () => {
        const [task] = await app().db.query<{ last_finished_at: Date | null; last_error: string | null }>(
          `SELECT last_finished_at, last_error FROM scheduled_tasks WHERE name = 'exports.delete-expired'`,
        );
        expect(task?.last_finished_at).toBeTruthy();
        expect(task?.last_error).toBeNull();
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.all(stops.map((stop) => stop()));
      expect(deletions).toEqual([2]);
      for (const id of ids) expect(await stored(id)).toEqual({ exports: 0, chunks: 0 });
    });
  });
});
