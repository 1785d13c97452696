import { describe, expect, it } from 'vitest';
import { groupIndian } from '../../machines/digit-grouping';
import { formatIndianNumber } from '../../machines/indian-numbers';

describe('numbers as India writes them', () => {
  it('groups the last three digits, then pairs', () => {
    expect(groupIndian('7')).toBe('7');
    expect(groupIndian('999')).toBe('999');
    expect(groupIndian('1000')).toBe('1,000');
    expect(groupIndian('12345678')).toBe('1,23,45,678');
    expect(formatIndianNumber(100_000)).toBe('1,00,000');
    expect(formatIndianNumber(1234567.25, 1)).toBe('12,34,567.3');
    expect(formatIndianNumber(12.5, 1)).toBe('12.5');
    expect(formatIndianNumber(12, 1)).toBe('12');
  });

  it('writes what Intl.NumberFormat en-IN writes, over whole numbers and decimals', () => {
    const wholes = new Intl.NumberFormat('en-IN');
    const tenths = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
    const values: number[] = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 1e7, 1e9 + 7, Number.MAX_SAFE_INTEGER];
    // A spread of magnitudes with awkward decimals: 0.05, 0.15, 2.25 and the like round on their exact binary value.
    for (let i = 0; i < 4000; i += 1) values.push(((i * 7919) % 100_003) / 100, (i * 104_729) % 10_000_019, i / 20, (i * 37) / 3);
    for (const value of values) {
      expect(formatIndianNumber(value), String(value)).toBe(wholes.format(value));
      expect(formatIndianNumber(value, 1), String(value)).toBe(tenths.format(value));
      expect(formatIndianNumber(-value - 1), String(-value - 1)).toBe(wholes.format(-value - 1));
    }
  });
});
