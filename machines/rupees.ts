/**
 * Amounts as the shop writes them, in paise; the price maths that uses them is in pricing.ts. Apart from it, so that
 * the pages that only show a price carry none of that maths.
 */

/** Indian digit grouping: the last three digits, then pairs (12345678 → "1,23,45,678"). */
function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

export interface RupeeFormat {
  /** What stands before the amount: `₹` unless the text is set in a font without it (invoices write `Rs. `). */
  symbol?: string;
  /** Always write both paise digits (`4,999.00`), as a tax invoice does; otherwise only when there are paise. */
  alwaysShowPaise?: boolean;
}

/** Paise as Indian rupees: whole rupees without decimals (499900 → "₹4,999"), otherwise with both paise digits
 * (1349730 → "₹13,497.30"). Written out rather than through Intl.NumberFormat, whose first use costs a phone a
 * noticeable pause while it loads the locale's data. */
export function formatRupees(paise: number, { symbol = '₹', alwaysShowPaise = false }: RupeeFormat = {}): string {
  const amount = Math.abs(Math.round(paise));
  const rest = amount % 100;
  const sign = paise < 0 ? '-' : '';
  const decimals = rest || alwaysShowPaise ? `.${String(rest).padStart(2, '0')}` : '';
  return `${sign}${symbol}${groupIndian(Math.floor(amount / 100))}${decimals}`;
}
