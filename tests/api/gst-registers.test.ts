/**
 * The registers a GST return is filed from: the invoice register and the credit-note register of a period, as CSV
 * exports, one row per document and GST rate with the amounts its PDF carries; and the orders export's invoice and tax
 * columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectContract } from './contract';
import { ADDRESS, newCustomer, orderedCustomer, paidCustomer, type Customer, type OrderBody } from './orders-fixtures';
import { backends, type TestApp } from './setup/app';
import { refund, startFulfilmentApp } from './staff-orders-fixtures';

type ExportJob = components['schemas']['ExportJob'];

/** India's calendar day `days` from today, as the period's dates are written. */
const indianDay = (days = 0) => new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);

/** GST carved out of a price that includes it at 18%: the half rounded to the paisa, as the invoice does. */
function taxOf(paise: number, intraState: boolean) {
  const half = Math.round((paise * 9) / 118);
  const rupees = (value: number) => (value / 100).toFixed(2);
  return {
    taxable: rupees(paise - 2 * half),
    cgst: rupees(intraState ? half : 0),
    sgst: rupees(intraState ? half : 0),
    igst: rupees(intraState ? 0 : 2 * half),
    total: rupees(paise),
  };
}

describe.each(backends)('the GST registers on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;
  let admin: Customer;
  let local: OrderBody;
  let elsewhere: OrderBody;
  let withCoupon: OrderBody;

  beforeAll(async () => {
    testApp = await startFulfilmentApp(backend);
    admin = await newCustomer(app(), 'admin');
    local = (await paidCustomer(app(), ['PROD-G3G-LITE'])).order;
    elsewhere = (
      await paidCustomer(app(), ['PROD-G360'], {
        address: { ...ADDRESS, line2: '', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' },
      })
    ).order;
    withCoupon = (await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-GSENS'], { coupon: 'WELCOME10' })).order;
    // Never paid: no invoice, so in no register.
    await orderedCustomer(app(), ['PROD-IBS-HEAL']);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function exported(payload: Record<string, unknown>): Promise<{ job: ExportJob; rows: string[][]; header: string }> {
    const start = await app().inject({ method: 'POST', url: '/api/admin/exports/gst-register', headers: admin.auth, payload });
    const { export: job } = expectContract<{ export: ExportJob }>(start, 'startGstRegisterExport', 202);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { export: now } = expectContract<{ export: ExportJob }>(
        await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}`, headers: admin.auth }),
        'getExport',
        200,
      );
      if (now.status === 'failed') throw new Error('the register export failed');
      if (now.status === 'done') {
        const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
        expect(file.statusCode).toBe(200);
        const [header, ...lines] = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
        return { job: now, header: header!, rows: lines.map((line) => line.split(',')) };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the register export did not finish');
  }

  it('lists every invoice of the period once, in the order issued, with the amounts of its PDF', async () => {
    const { job, header, rows } = await exported({ register: 'invoices', from: indianDay(-1), to: indianDay(1) });
    expect(job).toMatchObject({ kind: 'invoice-register', rows: 3, fileName: `invoice-register-${indianDay(-1)}-to-${indianDay(1)}.csv` });
    expect(header).toBe(
      'Invoice number,Invoice date,Order,Customer,E-mail,Recipient GSTIN,Place of supply,Supply,Rate (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Cess (INR),Invoice value (INR),Payment method,Channel,Coupon',
    );
    expect(rows.map((row) => row[0])).toEqual([local.invoiceNumber, elsewhere.invoiceNumber, withCoupon.invoiceNumber]);
    const [day, month, year] = [indianDay().slice(8), indianDay().slice(5, 7), indianDay().slice(0, 4)];

    const [first, second, third] = rows;
    const intra = taxOf(local.price, true);
    expect(first).toEqual([
      local.invoiceNumber,
      `${day}-${month}-${year}`,
      local.number,
      'Test Buyer',
      expect.stringMatching(/@example\.test$/),
      '',
      '29-Karnataka',
      'Intra-state',
      '18',
      intra.taxable,
      intra.cgst,
      intra.sgst,
      '0.00',
      '0.00',
      intra.total,
      'Payment gateway',
      'Online',
      '',
    ]);
    const inter = taxOf(elsewhere.price, false);
    expect(second!.slice(6, 15)).toEqual(['27-Maharashtra', 'Inter-state', '18', inter.taxable, '0.00', '0.00', inter.igst, '0.00', inter.total]);
    // Two kits with a coupon: each line is taxed on what was paid for it, and the register adds the lines up.
    const [taxable, cgst, sgst, igst, , value] = third!.slice(9, 15).map((field) => Math.round(Number(field) * 100));
    expect(value).toBe(withCoupon.price);
    expect(taxable! + cgst! + sgst! + igst!).toBe(withCoupon.price);
    expect(cgst).toBe(sgst);
    expect(third!.at(-1)).toBe('WELCOME10');
  });

  it('leaves out what was issued outside the period', async () => {
    const { rows, job } = await exported({ register: 'invoices', from: indianDay(-30), to: indianDay(-1) });
    expect(rows).toEqual([]);
    expect(job.total).toBe(0);
  });

  it('lists each credit note with its original invoice, the amounts credited, how the money went back and why', async () => {
    const refunded = expectContract<{ refund: { creditNoteNumber: string; amount: number } }>(
      await refund(app(), admin, local._id, { reason: 'Ordered twice by mistake' }),
      'refundOrder',
      201,
    ).refund;
    const { header, rows } = await exported({ register: 'credit-notes', from: indianDay(), to: indianDay() });
    expect(header).toBe(
      'Credit note number,Credit note date,Note type,Original invoice number,Original invoice date,Order,Customer,E-mail,Recipient GSTIN,Place of supply,Supply,Rate (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Cess (INR),Note value (INR),Refunded by,Refund status,Reason',
    );
    expect(rows).toHaveLength(1);
    const credited = taxOf(refunded.amount, true);
    expect(rows[0]).toEqual([
      refunded.creditNoteNumber,
      expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
      'C',
      local.invoiceNumber,
      expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
      local.number,
      'Test Buyer',
      expect.stringMatching(/@example\.test$/),
      '',
      '29-Karnataka',
      'Intra-state',
      '18',
      credited.taxable,
      credited.cgst,
      credited.sgst,
      '0.00',
      '0.00',
      credited.total,
      'Payment gateway',
      expect.stringMatching(/^(pending|processed)$/),
      'Ordered twice by mistake',
    ]);
    expect(refunded.creditNoteNumber).toMatch(/^CN\//);
  });

  it('gives the orders export each order’s invoice number, taxes, payment method, channel and coupon', async () => {
    const start = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: admin.auth, payload: { sort: 'number' } });
    const { export: job } = expectContract<{ export: ExportJob }>(start, 'startOrderExport', 202);
    let lines: string[] = [];
    for (let attempt = 0; attempt < 200 && lines.length === 0; attempt += 1) {
      const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${job._id}/file`, headers: admin.auth });
      if (file.statusCode === 200) lines = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lines[0]).toBe(
      'Order,Placed (IST),Paid (IST),Status,Payment,Customer,E-mail,Phone,Ship to,Kits,Amount (INR),Refunded (INR),Invoice number,GST rates (%),Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Payment method,Channel,Coupon',
    );
    const byNumber = new Map(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')]));
    const inter = taxOf(elsewhere.price, false);
    expect(byNumber.get(elsewhere.number)!.slice(-9)).toEqual([elsewhere.invoiceNumber, '18', inter.taxable, '0.00', '0.00', inter.igst, 'Payment gateway', 'Online', '']);
    expect(byNumber.get(withCoupon.number)!.slice(-1)).toEqual(['WELCOME10']);
    // An order never paid has no invoice and no taxes.
    const unpaid = [...byNumber.values()].find((fields) => fields[3] === 'pending');
    expect(unpaid!.slice(-9)).toEqual(['', '', '', '', '', '', '', 'Online', '']);
  });

  it('refuses a period that ends before it starts or is longer than a year, and is for admins only', async () => {
    const start = (payload: Record<string, unknown>, who: Customer = admin) =>
      app().inject({ method: 'POST', url: '/api/admin/exports/gst-register', headers: who.auth, payload });
    const backwards = expectContract<{ message: string }>(await start({ register: 'invoices', from: indianDay(), to: indianDay(-1) }), 'startGstRegisterExport', 400);
    expect(backwards.message).toBe('The period ends before it starts.');
    expectContract(await start({ register: 'credit-notes', from: '2025-04-01', to: '2026-04-02' }), 'startGstRegisterExport', 400);
    expectContract(await start({ register: 'invoices', from: '2025-04-01', to: '2026-03-31' }), 'startGstRegisterExport', 202);
    expectContract(await start({ register: 'sales', from: indianDay(), to: indianDay() }), 'startGstRegisterExport', 400);
    expectContract(await start({ register: 'invoices', from: 'yesterday', to: indianDay() }), 'startGstRegisterExport', 400);
    for (const role of ['customer', 'doctor', 'nutritionist']) {
      expectContract(await start({ register: 'invoices', from: indianDay(), to: indianDay() }, await newCustomer(app(), role)), 'startGstRegisterExport', 403);
    }
    expect((await app().inject({ method: 'POST', url: '/api/admin/exports/gst-register', payload: { register: 'invoices', from: indianDay(), to: indianDay() } })).statusCode).toBe(401);
  });

  it('gives an invoice and its credit note a row for each GST rate of their kits, and the orders export their rates', async () => {
    const created = await app().inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.auth,
      payload: { name: 'Gut Fibre', code: 'PROD-FIBRE-5', slug: 'gut-fibre-5', price: 210_000, actual_price: 210_000, hsn_sac: '2106', gst_rate: 5 },
    });
    expect(created.statusCode).toBe(201);
    const { order } = await paidCustomer(app(), ['PROD-FIBRE-5', 'PROD-G3G-LITE']);
    const money = (field: string | undefined) => Math.round(Number(field) * 100);

    const { rows, job } = await exported({ register: 'invoices', from: indianDay(), to: indianDay() });
    expect(job.rows).toBe(job.total);
    const mine = rows.filter((row) => row[0] === order.invoiceNumber);
    // Rate, taxable value, CGST, SGST, IGST, cess, invoice value: 5 of every 105 of ₹2,100, 18 of every 118 of ₹4,999.
    expect(mine.map((row) => row.slice(8, 15))).toEqual([
      ['5', '2000.00', '50.00', '50.00', '0.00', '0.00', '7099.00'],
      ['18', '4236.44', '381.28', '381.28', '0.00', '0.00', '7099.00'],
    ]);
    expect(mine.reduce((sum, row) => sum + money(row[9]) + money(row[10]) + money(row[11]), 0)).toBe(order.price);

    expectContract(await refund(app(), admin, order._id, { reason: 'Changed their mind' }), 'refundOrder', 201);
    const notes = await exported({ register: 'credit-notes', from: indianDay(), to: indianDay() });
    const credited = notes.rows.filter((row) => row[3] === order.invoiceNumber);
    expect(credited.map((row) => row.slice(11, 18))).toEqual([
      ['5', '2000.00', '50.00', '50.00', '0.00', '0.00', '7099.00'],
      ['18', '4236.44', '381.28', '381.28', '0.00', '0.00', '7099.00'],
    ]);

    const start = await app().inject({ method: 'POST', url: '/api/admin/exports/orders', headers: admin.auth, payload: { sort: 'number' } });
    const { export: ordersJob } = expectContract<{ export: ExportJob }>(start, 'startOrderExport', 202);
    let lines: string[] = [];
    for (let attempt = 0; attempt < 200 && lines.length === 0; attempt += 1) {
      const file = await app().inject({ method: 'GET', url: `/api/admin/exports/${ordersJob._id}/file`, headers: admin.auth });
      if (file.statusCode === 200) lines = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const fields = lines.map((line) => line.split(',')).find((row) => row[0] === order.number)!;
    expect(fields.slice(-9, -3)).toEqual([order.invoiceNumber, '5; 18', '6236.44', '431.28', '431.28', '0.00']);
  });
});
