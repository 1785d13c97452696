import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem, isValidGstin } from '../../machines/gstin';

/**
 * Published GSTINs, with check characters worked out by hand. For 27AAPFU0939F1ZV, character values (0–9, A=10 … Z=35)
 * times 1, 2, 1, 2 … and each product's base-36 digits added (product div 36 + product mod 36):
 *   2 7 A  A  P  F  U  0 9 3 9 F  1 Z
 *   2 7 10 10 25 15 30 0 9 3 9 15 1 35
 *   2 14 10 20 25 30 30 0 9 6 9 30 1 70 → 70 is 1×36 + 34, so 35
 *   sum 221; 221 mod 36 = 5; 36 − 5 = 31 = V.
 * For 29AAGCB7383J1Z4: 2 18 10 20 16 24 11 14 3 16 3 (J: 19×2 = 38 → 1 + 2 =) 3, 1, (Z: 70 →) 35; sum 176;
 * 176 mod 36 = 32; 36 − 32 = 4.
 */
const PUBLISHED = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'];

describe('the GSTIN check character', () => {
  it.each(PUBLISHED)('is the last character of %s', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
    expect(isValidGstin(gstin)).toBe(true);
  });

  it('is computed from 14 digits and capital letters only', () => {
    expect(() => gstinCheckCharacter('27AAPFU0939F1')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('27aapfu0939F1Z')).toThrow(RangeError);
  });

  it('catches a mistyped character and two swapped neighbours', () => {
    const [valid] = PUBLISHED;
    for (let i = 0; i < 14; i += 1) {
      const typo = `${valid!.slice(0, i)}${valid!.charAt(i) === '8' ? '9' : '8'}${valid!.slice(i + 1)}`;
      expect(isValidGstin(typo), typo).toBe(false);
    }
    expect(isValidGstin('27AAPFU0939F1ZV'.replace('0939', '0399'))).toBe(false);
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character.*ends in V/);
  });
});

describe('a valid GSTIN', () => {
  it.each([
    ['too short', '27AAPFU0939F1Z'],
    ['too long', '27AAPFU0939F1ZVV'],
    ['in small letters', '27aapfu0939f1zv'],
    ['with a space', '27AAPFU 939F1ZV'],
    ['with registration number 0', '27AAPFU0939F0ZV'],
    ['empty', ''],
  ])('is refused when %s', (_, value) => {
    expect(gstinProblem(value)).toMatch(/15 characters/);
  });

  it('begins with a GST state code', () => {
    const withCode = (code: string) => `${code}AAPFU0939F1Z${gstinCheckCharacter(`${code}AAPFU0939F1Z`)}`;
    expect(isValidGstin(withCode('29'))).toBe(true);
    expect(isValidGstin(withCode('38'))).toBe(true);
    expect(isValidGstin(withCode('97'))).toBe(true);
    expect(gstinProblem(withCode('00'))).toMatch(/00 is none/);
    expect(gstinProblem(withCode('39'))).toMatch(/39 is none/);
  });
});
