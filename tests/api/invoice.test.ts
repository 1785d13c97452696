/**
 * The GST tax invoice as the customer downloads it: the PDF's text, read back with pdf.js, carries every particular
 * rule 46 of the CGST Rules asks for, in rows as they are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, newCustomer, paidCustomer, type Customer, type OrderBody } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, startTestApp, type TestApp } from './setup/app';

describe.each(backends)('the GST tax invoice on %s', (backend) => {
  let testApp: TestApp;
  const app = () => testApp.app;

  beforeAll(async () => {
    testApp = await startTestApp(backend);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** The invoice's rows for a paid order, paid at 20:00 UTC on 23 November 2026: the 24th in India. */
  async function invoiceRows({ customer, order }: { customer: Customer; order: OrderBody }): Promise<string[]> {
    await app().db.query('UPDATE orders SET paid_at = $2 WHERE id = $1', [order._id, '2026-11-23T20:00:00Z']);
    const response = await app().inject({ method: 'GET', url: `/api/orders/${order._id}/invoice`, headers: customer.auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return pdfRows(response.rawPayload);
  }

  /** The particulars beside the recipient's address share their rows with it. */
  const rowsMatching = (rows: string[], pattern: RegExp) => rows.filter((row) => pattern.test(row));

  function expectSupplierAndSignatory(rows: string[]) {
    expect(rows.slice(0, 6)).toEqual([
      'Gut360 Health Private Limited',
      'Tax Invoice',
      '2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034',
      'Original for recipient',
      'GSTIN: 29AAICG1234K1ZH',
      'State: Karnataka | State code: 29',
    ]);
    expect(rowsMatching(rows, /^Invoice number \| INV\/\d{2}-\d{2}\/\d{6} \| Billed and shipped to$/)).toHaveLength(1);
    expect(rowsMatching(rows, /^Invoice date \| 24-11-2026 \| Asha Rao$/)).toHaveLength(1);
    expect(rowsMatching(rows, /^Order number \| GS-\d{4}-\d{6} \| 12 MG Road$/)).toHaveLength(1);
    expect(rowsMatching(rows, /^Payment reference \| pay_test_\w+ \| /)).toHaveLength(1);
    expect(rowsMatching(rows, /^Tax payable on reverse charge \| No( \||$)/)).toHaveLength(1);
    expect(rows.slice(-4)).toEqual(['For Gut360 Health Private Limited', 'Meera Krishnan', 'Director', 'Authorised Signatory']);
    // Product codes are the shop's own; the customer reads the kit's name.
    expect(rows.join('\n')).not.toMatch(/PROD-/);
  }

  it('to the seller’s state: the kit’s SAC, quantity and unit, taxable value and equal CGST and SGST at 9%', async () => {
    const rows = await invoiceRows(await paidCustomer(app(), ['PROD-G3G-LITE']));
    expectSupplierAndSignatory(rows);
    expect(rowsMatching(rows, /^Place of supply \| Karnataka \(29\) \| /)).toHaveLength(1);
    expect(rowsMatching(rows, /\| State: Karnataka \| State code: 29$/)).toHaveLength(1);
    expect(rows).toContain('Description | HSN/SAC | Qty | Unit price | Discount | Taxable | CGST | CGST | SGST | SGST | Total');
    expect(rows).toContain('Gut Start | 999316 | 1 NOS | ₹4,999.00 | ₹0.00 | ₹4,236.44 | 9% | ₹381.28 | 9% | ₹381.28 | ₹4,999.00');
    expect(rows).toContain('Total | ₹0.00 | ₹4,236.44 | ₹381.28 | ₹381.28 | ₹4,999.00');
    expect(rows).toEqual(
      expect.arrayContaining(['Taxable value | ₹4,236.44', 'CGST @ 9% | ₹381.28', 'SGST @ 9% | ₹381.28', 'Total paid | ₹4,999.00']),
    );
    expect(rows.join('\n')).not.toMatch(/IGST|Rs\./);
  });

  it('to another state: IGST at 18% on each kit, and the place of supply with its code', async () => {
    const kerala = { ...ADDRESS, line2: '', city: 'Kochi', state: 'Kerala', pincode: '682001' };
    const rows = await invoiceRows(await paidCustomer(app(), ['PROD-G3G-LITE', 'PROD-GSENS'], { address: kerala }));
    expectSupplierAndSignatory(rows);
    expect(rowsMatching(rows, /^Place of supply \| Kerala \(32\) \| /)).toHaveLength(1);
    expect(rowsMatching(rows, /\| State: Kerala \| State code: 32$/)).toHaveLength(1);
    expect(rows).toContain('Description | HSN/SAC | Qty | Unit price | Discount | Taxable | IGST | IGST | Total');
    expect(rows).toContain('Gut Start | 999316 | 1 NOS | ₹4,999.00 | ₹0.00 | ₹4,236.44 | 18% | ₹762.56 | ₹4,999.00');
    expect(rows).toContain('Gut SEnS | 999316 | 1 NOS | ₹9,999.00 | ₹0.00 | ₹8,473.72 | 18% | ₹1,525.28 | ₹9,999.00');
    expect(rows).toContain('Total | ₹0.00 | ₹12,710.16 | ₹2,287.84 | ₹14,998.00');
    expect(rows).toEqual(expect.arrayContaining(['Taxable value | ₹12,710.16', 'IGST @ 18% | ₹2,287.84', 'Total paid | ₹14,998.00']));
    expect(rows.join('\n')).not.toMatch(/CGST|SGST/);
  });

  it('two of the same kit with a coupon: one line of quantity 2, the discount on the line, totals to the paisa', async () => {
    const rows = await invoiceRows(await paidCustomer(app(), ['PROD-G360', 'PROD-G360'], { coupon: 'WELCOME10' }));
    expectSupplierAndSignatory(rows);
    // ₹29,998.00 less 10% is ₹26,998.20; 9/118 of it is ₹2,059.1847…, so ₹2,059.18 each; ₹22,879.84 remains taxable.
    expect(rows.filter((row) => row.startsWith('Gut 360'))).toEqual([
      'Gut 360 | 999316 | 2 NOS | ₹14,999.00 | ₹2,999.80 | ₹22,879.84 | 9% | ₹2,059.18 | 9% | ₹2,059.18 | ₹26,998.20',
    ]);
    expect(rows).toContain('Total | ₹2,999.80 | ₹22,879.84 | ₹2,059.18 | ₹2,059.18 | ₹26,998.20');
    expect(rows).toEqual(
      expect.arrayContaining([
        'Value of kits (GST included) | ₹29,998.00',
        'Discount (coupon WELCOME10, 10%) | -₹2,999.80',
        'Taxable value | ₹22,879.84',
        'CGST @ 9% | ₹2,059.18',
        'SGST @ 9% | ₹2,059.18',
        'Total paid | ₹26,998.20',
      ]),
    );
  });

  describe('a product taxed at its own rate', () => {
    let admin: Customer;
    let productId: string;
    const code = `PROD-TAX-${Date.now().toString(36).toUpperCase()}`;
    const editProduct = (payload: Record<string, unknown>) =>
      app().inject({ method: 'PATCH', url: `/api/admin/products/${productId}`, headers: admin.auth, payload });

    beforeAll(async () => {
      admin = await newCustomer(app(), 'admin');
      const created = await app().inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: admin.auth,
        payload: { name: 'Gut Fibre', code, slug: `gut-fibre-${Date.now()}`, price: 210_000, actual_price: 210_000, hsn_sac: '21069099', gst_rate: 5 },
      });
      expect(created.statusCode).toBe(201);
      productId = (created.json() as { product: { _id: string } }).product._id;
    });

    it('invoices at that rate with its code: CGST and SGST at half of it, beside a kit at 18%', async () => {
      const rows = await invoiceRows(await paidCustomer(app(), [code, 'PROD-G3G-LITE']));
      // 2.5 of every 105 of ₹2,100 is ₹50.00 each half.
      expect(rows).toContain('Gut Fibre | 21069099 | 1 NOS | ₹2,100.00 | ₹0.00 | ₹2,000.00 | 2.5% | ₹50.00 | 2.5% | ₹50.00 | ₹2,100.00');
      expect(rows).toContain('Gut Start | 999316 | 1 NOS | ₹4,999.00 | ₹0.00 | ₹4,236.44 | 9% | ₹381.28 | 9% | ₹381.28 | ₹4,999.00');
      expect(rows).toContain('Total | ₹0.00 | ₹6,236.44 | ₹431.28 | ₹431.28 | ₹7,099.00');
      expect(rows).toEqual(
        expect.arrayContaining([
          'Taxable value | ₹6,236.44',
          'CGST @ 2.5% | ₹50.00',
          'SGST @ 2.5% | ₹50.00',
          'CGST @ 9% | ₹381.28',
          'SGST @ 9% | ₹381.28',
          'Total paid | ₹7,099.00',
        ]),
      );
      expect(rows.some((row) => row.includes("Prices include GST at each line's rate."))).toBe(true);
    });

    it('an order keeps the rate and code it was sold with after the product changes; a new order takes the new ones', async () => {
      const earlier = await paidCustomer(app(), [code], { address: { ...ADDRESS, line2: '', city: 'Kochi', state: 'Kerala', pincode: '682001' } });
      const before = await invoiceRows(earlier);
      expect(before).toContain('Gut Fibre | 21069099 | 1 NOS | ₹2,100.00 | ₹0.00 | ₹2,000.00 | 5% | ₹100.00 | ₹2,100.00');
      expect(before.some((row) => row.includes('Prices include GST at 5%.'))).toBe(true);

      expect((await editProduct({ hsn_sac: '999316', gst_rate: 18 })).statusCode).toBe(200);
      expect(await invoiceRows(earlier)).toEqual(before);

      const later = await invoiceRows(await paidCustomer(app(), [code], { address: { ...ADDRESS, line2: '', city: 'Kochi', state: 'Kerala', pincode: '682001' } }));
      // 18 of every 118 of ₹2,100: ₹160.17 each half, so ₹320.34.
      expect(later).toContain('Gut Fibre | 999316 | 1 NOS | ₹2,100.00 | ₹0.00 | ₹1,779.66 | 18% | ₹320.34 | ₹2,100.00');
    });
  });
});
