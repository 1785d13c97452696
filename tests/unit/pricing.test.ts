import { describe, expect, it } from 'vitest';
import { discountOf, formatRupees, payableAfterCoupon } from '../../machines/pricing';

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
