import { describe, expect, it } from 'vitest';
import { GST_RATE_PERCENT, gstBreakdown } from '../../server/services/invoice/gst';
import { invoiceRows, type InvoiceOrder } from '../../server/services/invoice/pdf';

const SELLER_STATE = 'Karnataka';

describe('gstBreakdown: 18% GST carved out of a price that includes it', () => {
  it('splits the tax into CGST and SGST, 9% each, when the kit goes to the seller’s state', () => {
    expect(gstBreakdown(499_900, SELLER_STATE, 'Karnataka')).toEqual({
      total: 499_900,
      taxableValue: 423_644,
      intraState: true,
      cgst: 38_128,
      sgst: 38_128,
      igst: 0,
    });
  });

  it('charges IGST, 18%, when the kit goes to another state', () => {
    expect(gstBreakdown(499_900, SELLER_STATE, 'Kerala')).toEqual({
      total: 499_900,
      taxableValue: 423_644,
      intraState: false,
      cgst: 0,
      sgst: 0,
      igst: 76_256,
    });
  });

  it('gives SGST the odd paisa when the tax does not halve', () => {
    // 13,497.30 after a 10% coupon on three kits: 11,438.39 taxable, 2,058.91 tax.
    expect(gstBreakdown(1_349_730, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 1_143_839, cgst: 102_945, sgst: 102_946 });
    expect(gstBreakdown(100, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 85, cgst: 7, sgst: 8 });
  });

  it('is all zero for a free order', () => {
    expect(gstBreakdown(0, SELLER_STATE, 'Delhi')).toEqual({ total: 0, taxableValue: 0, intraState: false, cgst: 0, sgst: 0, igst: 0 });
  });

  it('rounds so that the parts add up to the total, whatever the amount', () => {
    for (let total = 0; total <= 2_000_000; total += 997) {
      const intra = gstBreakdown(total, SELLER_STATE, SELLER_STATE);
      const inter = gstBreakdown(total, SELLER_STATE, 'Delhi');
      expect(intra.taxableValue + intra.cgst + intra.sgst).toBe(total);
      expect(inter.taxableValue + inter.igst).toBe(total);
      // The same tax, split or not; the halves differ by a paisa at most.
      expect(inter.igst).toBe(intra.cgst + intra.sgst);
      expect(intra.sgst - intra.cgst).toBeGreaterThanOrEqual(0);
      expect(intra.sgst - intra.cgst).toBeLessThanOrEqual(1);
      // The taxable value is the price without its GST, to the nearest paisa.
      expect(Math.abs(intra.taxableValue - (total * 100) / (100 + GST_RATE_PERCENT))).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('invoiceRows: the amounts a GST invoice shows', () => {
  const order = (overrides: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
    number: 'GS-2026-000042',
    invoiceNumber: 'INV/2026-27/0001',
    paidAt: new Date('2026-05-04T10:00:00Z'),
    items: [{ name: 'Gut Start', code: 'PROD-G3G-LITE', price: 499_900 }],
    actualPrice: 499_900,
    price: 499_900,
    discountPercentage: 0,
    coupon: null,
    address: { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    paymentId: 'pay_test_1',
    ...overrides,
  });

  it('shows CGST and SGST to an address in the seller’s state, with rupees to the paisa', () => {
    expect(invoiceRows(order(), SELLER_STATE)).toEqual({
      items: [{ label: 'Gut Start (PROD-G3G-LITE)', amount: 'Rs. 4,999.00' }],
      totals: [
        { label: 'Taxable value', amount: 'Rs. 4,236.44' },
        { label: 'CGST @ 9%', amount: 'Rs. 381.28' },
        { label: 'SGST @ 9%', amount: 'Rs. 381.28' },
        { label: 'Total paid', amount: 'Rs. 4,999.00', bold: true },
      ],
    });
  });

  it('shows IGST to another state, and the coupon’s discount before the tax', () => {
    const items = [
      { name: 'Gut 360', code: 'PROD-G360', price: 1_499_700 },
      { name: 'Gut Start', code: 'PROD-G3G-LITE', price: 499_900 },
    ];
    const discounted = order({
      items,
      actualPrice: 1_999_600,
      price: 1_799_640,
      discountPercentage: 10,
      coupon: 'WELCOME10',
      address: { ...order().address, city: 'Kochi', state: 'Kerala', pincode: '682001' },
    });
    expect(invoiceRows(discounted, SELLER_STATE)).toEqual({
      items: [
        { label: 'Gut 360 (PROD-G360)', amount: 'Rs. 14,997.00' },
        { label: 'Gut Start (PROD-G3G-LITE)', amount: 'Rs. 4,999.00' },
        { label: 'Discount (WELCOME10, 10%)', amount: '- Rs. 1,999.60' },
      ],
      totals: [
        { label: 'Taxable value', amount: 'Rs. 15,251.19' },
        { label: 'IGST @ 18%', amount: 'Rs. 2,745.21' },
        { label: 'Total paid', amount: 'Rs. 17,996.40', bold: true },
      ],
    });
  });
});
