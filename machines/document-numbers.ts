/**
 * The numbers of GST invoices and credit notes (CGST Rule 46(b)), for the server that issues them and the SPA that
 * saves them: a consecutive serial in a series of its own per Indian financial year (April to March), at most 16
 * characters of letters, digits, `-` and `/`.
 *
 * `INV/26-27/000001`: six digits leave room for a million invoices a year within the 16 characters; the
 * four-digit `INV/2026-27/0001` would pass 16 characters at the 10,000th.
 */

export type DocumentKind = 'invoice' | 'credit_note';

const PREFIX: Record<DocumentKind, string> = { invoice: 'INV', credit_note: 'CN' };
const SERIAL_DIGITS = 6;
export const DOCUMENT_NUMBER_MAX_LENGTH = 16;

/** India's offset from UTC all year (no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The financial year an instant falls in, in Indian time: '26-27' for 1 April 2026 to 31 March 2027. */
export function financialYearOf(at: Date): string {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  const twoDigits = (year: number) => String(year % 100).padStart(2, '0');
  return `${twoDigits(start)}-${twoDigits(start + 1)}`;
}

export function documentNumber(kind: DocumentKind, financialYear: string, serial: number): string {
  return `${PREFIX[kind]}/${financialYear}/${String(serial).padStart(SERIAL_DIGITS, '0')}`;
}

/** The name a document is saved under: slashes have no place in a file name. */
export function documentFileName(number: string): string {
  return `${number.replaceAll('/', '-')}.pdf`;
}
