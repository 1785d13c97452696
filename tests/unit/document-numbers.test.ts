import { describe, expect, it } from 'vitest';
import { DOCUMENT_NUMBER_MAX_LENGTH, documentFileName, documentNumber, financialYearOf } from '../../machines/document-numbers';

describe('GST document numbers (CGST Rule 46(b))', () => {
  it('puts an instant in the Indian financial year, April to March, by Indian time', () => {
    expect(financialYearOf(new Date('2026-11-24T10:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('26-27'); // 23:59:59 on 31 March in India
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('27-28'); // midnight, 1 April in India
    expect(financialYearOf(new Date('2026-01-15T00:00:00Z'))).toBe('25-26');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('99-00');
  });

  it('numbers each series apart, within 16 characters of letters, digits, - and / up to a million a year', () => {
    expect(documentNumber('invoice', '26-27', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('credit_note', '26-27', 42)).toBe('CN/26-27/000042');
    for (const number of [documentNumber('invoice', '26-27', 999_999), documentNumber('credit_note', '26-27', 999_999)]) {
      expect(number.length).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
      expect(number).toMatch(/^[A-Za-z0-9/-]+$/);
    }
  });

  it('saves a document under its number with dashes for slashes', () => {
    expect(documentFileName('INV/26-27/000001')).toBe('INV-26-27-000001.pdf');
  });
});
