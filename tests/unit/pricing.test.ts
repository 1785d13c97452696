import { describe, expect, it } from 'vitest';
import {
  apportion,
  couponAppliesTo,
  couponKitNames,
  couponLineDiscounts,
  couponScopeLabel,
  couponTotals,
  discountOf,
  formatRupees,
  paidPerLine,
  payableAfterCoupon,
} from '../../machines/pricing';

describe('payableAfterCoupon: actual − actual × % / 100, in paise (SPEC §4 addCoupon, §9)', () => {
  it.each([
    [1_499_700, 10, 1_349_730],
    [499_900, 10, 449_910],
    [1_499_700, 0, 1_499_700],
    [1_499_700, 100, 0],
    [1_499_700, 50, 749_850],
    [0, 25, 0],
  ])('%i paise at %i%% → %i', (actual, percentage, payable) => {
    expect(payableAfterCoupon(actual, percentage)).toBe(payable);
  });

  it('rounds the discount to the nearest paisa', () => {
    expect(payableAfterCoupon(999, 15)).toBe(849);
    expect(payableAfterCoupon(333, 12.5)).toBe(291);
    expect(Number.isInteger(payableAfterCoupon(1_999_633, 7.77))).toBe(true);
  });

  it('keeps the percentage between 0 and 100', () => {
    expect(payableAfterCoupon(1_000, 150)).toBe(0);
    expect(payableAfterCoupon(1_000, -20)).toBe(1_000);
  });
});

describe('discountOf: actual − payable (SPEC §3)', () => {
  it('is the difference between actual and payable', () => {
    expect(discountOf(1_499_700, 1_349_730)).toBe(149_970);
    expect(discountOf(1_499_700, payableAfterCoupon(1_499_700, 10))).toBe(149_970);
    expect(discountOf(1_000, 1_000)).toBe(0);
  });

  it('is never negative', () => {
    expect(discountOf(1_000, 1_200)).toBe(0);
  });
});

describe('formatRupees: paise as Indian rupees (DESIGN §9)', () => {
  it.each([
    [499_900, '₹4,999'],
    [1_499_700, '₹14,997'],
    [1_349_730, '₹13,497.30'],
    [149_970, '₹1,499.70'],
    [1_799_820, '₹17,998.20'],
    [5, '₹0.05'],
    [10_000_000, '₹1,00,000'],
    [0, '₹0'],
    [99_999, '₹999.99'],
    [100_000, '₹1,000'],
    [12_345_678_900, '₹12,34,56,789'],
    [-199_980, '-₹1,999.80'],
  ])('%i paise → %s', (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it('writes what the browser\'s own Indian-rupee format writes', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    for (let i = 0; i < 5_000; i++) {
      const paise = Math.floor(Math.random() * 10 ** (2 + (i % 12)));
      expect(formatRupees(paise)).toBe((paise % 100 === 0 ? whole : exact).format(paise / 100));
    }
  });
});

describe('formatRupees for invoices: both paise digits, and "Rs. " where a font has no rupee sign', () => {
  const invoice = { symbol: 'Rs. ', alwaysShowPaise: true };

  it.each([
    [499_900, 'Rs. 4,999.00'],
    [1_349_730, 'Rs. 13,497.30'],
    [5, 'Rs. 0.05'],
    [0, 'Rs. 0.00'],
    [10_000_000, 'Rs. 1,00,000.00'],
    [-199_980, '-Rs. 1,999.80'],
  ])('%i paise → %s', (paise, text) => {
    expect(formatRupees(paise, invoice)).toBe(text);
  });

  it('writes what the Indian number format writes to two decimals', () => {
    for (let i = 0; i < 2_000; i++) {
      const paise = Math.floor(Math.random() * 10 ** (2 + (i % 10)));
      const expected = (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      expect(formatRupees(paise, invoice)).toBe(`Rs. ${expected}`);
    }
  });

  it('keeps the rupee sign unless told otherwise', () => {
    expect(formatRupees(499_900, { alwaysShowPaise: true })).toBe('₹4,999.00');
    expect(formatRupees(499_900, { symbol: 'Rs ' })).toBe('Rs 4,999');
  });
});

describe('coupon discounts per line (a coupon may be limited to some kits)', () => {
  const gut360 = { price: 1_499_900, product: 'p-g360' };
  const gutStart = { price: 499_900, product: 'p-start' };
  const gutSens = { price: 1_999_900, product: 'p-sens' };

  it('a coupon on every kit gives each line its share, adding up to the whole cart’s discount', () => {
    const lines = [gut360, gutStart];
    const discounts = couponLineDiscounts(lines, { percentage: 10, products: [] });
    expect(discounts).toEqual([149_990, 49_990]);
    const totals = couponTotals(lines, { percentage: 10, products: [] });
    expect(totals.price).toBe(payableAfterCoupon(1_999_800, 10));
    expect(totals).toMatchObject({ actualPrice: 1_999_800, discount: 199_980 });
  });

  it('a coupon limited to Gut 360 takes its percentage off the Gut 360 lines only', () => {
    const terms = { percentage: 10, products: ['p-g360'] };
    expect(couponLineDiscounts([gutStart, gut360, gutSens], terms)).toEqual([0, 149_990, 0]);
    expect(couponTotals([gutStart, gut360, gutSens], terms)).toEqual({
      actualPrice: 3_999_700,
      discount: 149_990,
      price: 3_849_710,
      discounts: [0, 149_990, 0],
    });
    expect(couponAppliesTo(terms, gutStart)).toBe(false);
    expect(couponAppliesTo(terms, gut360)).toBe(true);
    expect(couponAppliesTo({ percentage: 5, products: [] }, gutStart)).toBe(true);
  });

  it('gives nothing when the cart holds none of the coupon’s kits, or there is no coupon', () => {
    expect(couponLineDiscounts([gutStart, gutSens], { percentage: 50, products: ['p-g360'] })).toEqual([0, 0]);
    expect(couponLineDiscounts([gutStart, gutSens], null)).toEqual([0, 0]);
    expect(couponTotals([], { percentage: 10, products: [] })).toEqual({ actualPrice: 0, discount: 0, price: 0, discounts: [] });
  });

  it('spreads a discount that does not divide evenly to the paisa, two of the same kit differing by a paisa at most', () => {
    const odd = { price: 333, product: 'p-odd' };
    const discounts = couponLineDiscounts([odd, odd, odd], { percentage: 15, products: [] });
    expect(discounts.reduce((sum, part) => sum + part, 0)).toBe(999 - payableAfterCoupon(999, 15));
    expect(Math.max(...discounts) - Math.min(...discounts)).toBeLessThanOrEqual(1);
  });

  it('100% makes the eligible kits free and leaves the others at their price', () => {
    expect(couponTotals([gut360, gutStart], { percentage: 100, products: ['p-g360'] }).price).toBe(499_900);
  });
});

describe('apportion and paidPerLine: what was paid for each line of an order', () => {
  it('apportion splits to the paisa and adds up exactly', () => {
    expect(apportion([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(apportion([0, 0], 10)).toEqual([0, 0]);
  });

  it('uses the lines’ own discounts when the order kept them', () => {
    expect(paidPerLine([{ price: 1_499_900, discount: 149_990 }, { price: 499_900, discount: 0 }], 1_849_810)).toEqual([1_349_910, 499_900]);
  });

  it('spreads the order’s discount in proportion where the lines kept none (orders placed before)', () => {
    expect(paidPerLine([{ price: 1_499_900 }, { price: 499_900, discount: null }], 1_799_820)).toEqual([1_349_910, 449_910]);
  });

  it('falls back to the proportional spread when the kept discounts do not add up to what was paid', () => {
    expect(paidPerLine([{ price: 1_000, discount: 0 }, { price: 1_000, discount: 0 }], 1_800)).toEqual([900, 900]);
  });
});

describe('couponKitNames and couponScopeLabel: what the cart says a coupon applies to', () => {
  const g360 = { name: 'Gut 360', discount: 149_990 };
  const start = { name: 'Gut Start', discount: 0 };

  it('names the discounted kits when the coupon is limited to them', () => {
    expect(couponKitNames([start, g360, g360])).toEqual(['Gut 360']);
    expect(couponScopeLabel('WELCOME10', 10, ['Gut 360'])).toBe('WELCOME10 · 10% off Gut 360');
    expect(couponScopeLabel('DUO', 5, ['Gut 360', 'Gut SEnS'])).toBe('DUO · 5% off Gut 360 and Gut SEnS');
  });

  it('is null when every kit on sale is discounted, or the kits do not say', () => {
    expect(couponKitNames([g360, { name: 'Gut Start', discount: 49_990 }])).toBeNull();
    expect(couponKitNames([g360, { name: 'Hidden', discount: 0, available: false }])).toBeNull();
    expect(couponKitNames([{ name: 'Gut 360' }, { name: 'Gut Start' }])).toBeNull();
  });

  it('says so when the coupon applies to none of the kits', () => {
    expect(couponKitNames([start])).toEqual([]);
    expect(couponScopeLabel('G360ONLY', 10, [])).toBe('G360ONLY · 10% off, but on none of these kits');
  });
});
