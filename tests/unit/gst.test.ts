import { afterEach, describe, expect, it } from 'vitest';
import { apportion, GST_RATES, gstBreakdown, KIT_SAC, KIT_UNIT } from '../../server/services/invoice/gst';
import { invoiceDate, invoiceOf, rupees, type InvoiceOrder } from '../../server/services/invoice/pdf';

const SELLER_STATE = 'Karnataka';

describe('gstBreakdown: 18% GST carved out of a price that includes it', () => {
  it('splits the tax into CGST and SGST, 9% each, when the kit goes to the seller’s state', () => {
    expect(gstBreakdown(499_900, 18, SELLER_STATE, 'Karnataka')).toEqual({
      total: 499_900,
      taxableValue: 423_644,
      intraState: true,
      cgst: 38_128,
      sgst: 38_128,
      igst: 0,
    });
  });

  it('charges IGST, 18%, when the kit goes to another state', () => {
    expect(gstBreakdown(499_900, 18, SELLER_STATE, 'Kerala')).toEqual({
      total: 499_900,
      taxableValue: 423_644,
      intraState: false,
      cgst: 0,
      sgst: 0,
      igst: 76_256,
    });
  });

  it('rounds the half of the tax and doubles it, so that CGST and SGST are equal when the tax would not halve', () => {
    // 13,497.30 after a 10% coupon on three kits: 9 of every 118 is 1,029.4551, so each half is 1,029.46.
    expect(gstBreakdown(1_349_730, 18, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 1_143_838, cgst: 102_946, sgst: 102_946 });
    expect(gstBreakdown(1_349_730, 18, SELLER_STATE, 'Delhi')).toMatchObject({ taxableValue: 1_143_838, igst: 205_892 });
    // ₹1: each half is 0.0763 of a rupee, so 8 paise; 84 paise remain taxable.
    expect(gstBreakdown(100, 18, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 84, cgst: 8, sgst: 8 });
    // 59 paise: 9 × 59 / 118 is exactly 4.5 paise, rounded up.
    expect(gstBreakdown(59, 18, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 49, cgst: 5, sgst: 5 });
  });

  it('carves out the rate it is given: 5% of ₹4,999 is ₹238.05, 40% is ₹1,428.28, nil is none', () => {
    expect(gstBreakdown(499_900, 5, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 476_096, cgst: 11_902, sgst: 11_902 });
    expect(gstBreakdown(499_900, 40, SELLER_STATE, 'Kerala')).toMatchObject({ taxableValue: 357_072, igst: 142_828 });
    expect(gstBreakdown(499_900, 0, SELLER_STATE, 'Karnataka')).toMatchObject({ taxableValue: 499_900, cgst: 0, sgst: 0, igst: 0 });
  });

  it('is all zero for a free order', () => {
    expect(gstBreakdown(0, 18, SELLER_STATE, 'Delhi')).toEqual({ total: 0, taxableValue: 0, intraState: false, cgst: 0, sgst: 0, igst: 0 });
  });

  /** Every paisa up to ₹2,000, every 7th paisa up to ₹20,000, and the largest order and its neighbours. */
  const AMOUNTS = [
    ...Array.from({ length: 200_001 }, (_, paise) => paise),
    ...Array.from({ length: 257_143 }, (_, i) => 200_001 + 7 * i),
    13_497_299,
    13_497_300,
    14_997_000,
    14_997_001,
  ];

  it.each(GST_RATES)('at %i%% has equal halves and parts that add up to the total paid, to the paisa, for every amount sampled', (rate) => {
    const wrong: string[] = [];
    for (const total of AMOUNTS) {
      const intra = gstBreakdown(total, rate, SELLER_STATE, SELLER_STATE);
      const inter = gstBreakdown(total, rate, SELLER_STATE, 'Delhi');
      const exactTaxable = (total * 100) / (100 + rate);
      const problems = [
        intra.cgst !== intra.sgst && 'CGST ≠ SGST',
        intra.taxableValue + intra.cgst + intra.sgst !== total && 'intra-state parts ≠ total',
        inter.taxableValue + inter.igst !== total && 'inter-state parts ≠ total',
        // The same taxable value and tax wherever the kit goes.
        (inter.taxableValue !== intra.taxableValue || inter.igst !== intra.cgst + intra.sgst) && 'IGST ≠ CGST + SGST',
        Math.abs(intra.taxableValue - exactTaxable) > 1 && 'taxable value off by more than a paisa',
        // What an auditor checks: half the rate of the printed taxable value is the printed CGST, within a paisa.
        Math.abs(intra.cgst - (intra.taxableValue * rate) / 2 / 100) > 1 && 'CGST is not half the rate of the taxable value',
      ].filter(Boolean);
      if (problems.length > 0) wrong.push(`${total}: ${problems.join(', ')}`);
    }
    expect(AMOUNTS.length).toBeGreaterThan(450_000);
    expect(wrong).toEqual([]);
  });
});

describe('apportion: a discount spread over lines to the paisa', () => {
  it('splits in proportion and gives the paise left over to the lines that lost most by rounding down', () => {
    expect(apportion([1_499_900, 499_900], 1_799_820)).toEqual([1_349_910, 449_910]);
    expect(apportion([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(apportion([100, 200], 0)).toEqual([0, 0]);
    expect(apportion([0, 0], 0)).toEqual([0, 0]);
  });

  it('always adds up to what was paid', () => {
    const wrong = Array.from({ length: 3_001 }, (_, payable) => payable).filter(
      (payable) => apportion([1_499_900, 999_900, 499_900], payable).reduce((sum, part) => sum + part, 0) !== payable,
    );
    expect(wrong).toEqual([]);
  });
});

describe('invoiceOf: the lines and totals a GST invoice shows', () => {
  const order = (overrides: Partial<InvoiceOrder> = {}): InvoiceOrder => ({
    number: 'GS-2026-000042',
    invoiceNumber: 'INV/26-27/000001',
    paidAt: new Date('2026-05-04T10:00:00Z'),
    items: [{ product: 'gut-start', name: 'Gut Start', price: 499_900, hsnSac: KIT_SAC, gstRate: 18 }],
    actualPrice: 499_900,
    price: 499_900,
    discountPercentage: 0,
    coupon: null,
    address: { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
    paymentId: 'pay_test_1',
    ...overrides,
  });

  it('shows one kit to the seller’s state with its SAC, quantity, unit, taxable value and equal CGST and SGST', () => {
    expect(invoiceOf(order(), SELLER_STATE)).toEqual({
      intraState: true,
      lines: [
        {
          description: 'Gut Start',
          sac: KIT_SAC,
          rate: 18,
          quantity: 1,
          unit: KIT_UNIT,
          unitPrice: 499_900,
          value: 499_900,
          discount: 0,
          taxableValue: 423_644,
          cgst: 38_128,
          sgst: 38_128,
          igst: 0,
          total: 499_900,
        },
      ],
      totals: { value: 499_900, discount: 0, taxableValue: 423_644, cgst: 38_128, sgst: 38_128, igst: 0, total: 499_900 },
      byRate: [{ rate: 18, amounts: { value: 499_900, discount: 0, taxableValue: 423_644, cgst: 38_128, sgst: 38_128, igst: 0, total: 499_900 } }],
      supplierState: { name: 'Karnataka', code: '29' },
      placeOfSupply: { name: 'Karnataka', code: '29' },
      date: '04-05-2026',
    });
  });

  it('makes two of the same kit one line of quantity 2, and spreads the coupon so that the lines add up to the totals', () => {
    const gut360 = { product: 'gut-360', name: 'Gut 360', price: 1_499_900, hsnSac: KIT_SAC, gstRate: 18 };
    const gutStart = { product: 'gut-start', name: 'Gut Start', price: 499_900, hsnSac: KIT_SAC, gstRate: 18 };
    const invoice = invoiceOf(
      order({
        items: [gut360, gutStart, gut360],
        actualPrice: 3_499_700,
        price: 3_149_730,
        discountPercentage: 10,
        coupon: 'WELCOME10',
        address: { ...order().address, city: 'Kochi', state: 'Kerala', pincode: '682001' },
      }),
      SELLER_STATE,
    );
    expect(invoice.intraState).toBe(false);
    expect(invoice.placeOfSupply).toEqual({ name: 'Kerala', code: '32' });
    expect(invoice.lines.map(({ description, quantity, unitPrice, value, discount, total }) => ({ description, quantity, unitPrice, value, discount, total }))).toEqual([
      { description: 'Gut 360', quantity: 2, unitPrice: 1_499_900, value: 2_999_800, discount: 299_980, total: 2_699_820 },
      { description: 'Gut Start', quantity: 1, unitPrice: 499_900, value: 499_900, discount: 49_990, total: 449_910 },
    ]);
    for (const line of invoice.lines) {
      expect(line.taxableValue + line.igst).toBe(line.total);
      expect(line.cgst + line.sgst).toBe(0);
    }
    expect(invoice.totals).toEqual({
      value: 3_499_700,
      discount: 349_970,
      taxableValue: invoice.lines[0]!.taxableValue + invoice.lines[1]!.taxableValue,
      cgst: 0,
      sgst: 0,
      igst: invoice.lines[0]!.igst + invoice.lines[1]!.igst,
      total: 3_149_730,
    });
    expect(invoice.totals.taxableValue + invoice.totals.igst).toBe(3_149_730);
  });

  it('reconciles to the paisa when the coupon does not divide evenly between the lines', () => {
    const items = [
      { product: 'a', name: 'Gut 360', price: 1_499_900, hsnSac: KIT_SAC, gstRate: 18 },
      { product: 'b', name: 'Gut SEnS', price: 999_900, hsnSac: KIT_SAC, gstRate: 18 },
      { product: 'c', name: 'Gut Heal', price: 1_199_900, hsnSac: '30049099', gstRate: 5 },
    ];
    for (const percentage of [1, 3, 7, 10, 33, 99]) {
      const actualPrice = 3_699_700;
      const price = actualPrice - Math.round((actualPrice * percentage) / 100);
      const { lines, totals } = invoiceOf(order({ items, actualPrice, price, discountPercentage: percentage, coupon: 'X' }), SELLER_STATE);
      expect(totals.total).toBe(price);
      expect(totals.discount).toBe(actualPrice - price);
      expect(totals.taxableValue + totals.cgst + totals.sgst).toBe(price);
      expect(totals.cgst).toBe(totals.sgst);
      for (const line of lines) expect(line.value - line.discount).toBe(line.taxableValue + line.cgst + line.sgst);
    }
  });

  it('taxes each line at its own rate with its own code, and adds up the lines of each rate apart', () => {
    const gutStart = { product: 'gut-start', name: 'Gut Start', price: 499_900, hsnSac: KIT_SAC, gstRate: 18 };
    const probiotic = { product: 'probiotic', name: 'Probiotic', price: 105_000, hsnSac: '2106', gstRate: 5 };
    const invoice = invoiceOf(order({ items: [gutStart, probiotic, probiotic], actualPrice: 709_900, price: 709_900 }), SELLER_STATE);
    expect(invoice.lines.map(({ description, sac, rate, quantity, taxableValue, cgst, sgst }) => ({ description, sac, rate, quantity, taxableValue, cgst, sgst }))).toEqual([
      { description: 'Gut Start', sac: '999316', rate: 18, quantity: 1, taxableValue: 423_644, cgst: 38_128, sgst: 38_128 },
      // 2.5 of every 105 of ₹2,100 is ₹50 each half.
      { description: 'Probiotic', sac: '2106', rate: 5, quantity: 2, taxableValue: 200_000, cgst: 5_000, sgst: 5_000 },
    ]);
    expect(invoice.byRate.map(({ rate, amounts }) => [rate, amounts.taxableValue, amounts.cgst])).toEqual([
      [5, 200_000, 5_000],
      [18, 423_644, 38_128],
    ]);
    expect(invoice.totals.taxableValue + invoice.totals.cgst + invoice.totals.sgst).toBe(709_900);
  });

  it('keeps apart two lines of the same kit sold at different rates', () => {
    const before = { product: 'gut-start', name: 'Gut Start', price: 499_900, hsnSac: KIT_SAC, gstRate: 18 };
    const after = { ...before, gstRate: 5 };
    const { lines } = invoiceOf(order({ items: [before, after], actualPrice: 999_800, price: 999_800 }), SELLER_STATE);
    expect(lines.map((line) => [line.rate, line.quantity])).toEqual([
      [18, 1],
      [5, 1],
    ]);
  });
});

describe('the invoice date', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('is the day in India: a payment at 20:00 UTC is dated the next day, whatever the server’s time zone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(invoiceDate(new Date('2026-11-23T20:00:00Z')), tz).toBe('24-11-2026');
      expect(invoiceDate(new Date('2026-11-23T18:29:59Z')), tz).toBe('23-11-2026');
      expect(invoiceDate(new Date('2026-12-31T18:30:00Z')), tz).toBe('01-01-2027');
    }
  });
});

describe('rupees on the invoice', () => {
  it('have the rupee sign, Indian grouping and both paise digits', () => {
    expect(rupees(499_900)).toBe('₹4,999.00');
    expect(rupees(13_497_300)).toBe('₹1,34,973.00');
    expect(rupees(5)).toBe('₹0.05');
  });
});
