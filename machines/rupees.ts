/**
 * Amounts as the shop writes them, in paise; the price maths that uses them is in pricing.ts. Apart from it, so that
 * the pages that only show a price carry none of that maths.
 */

import { groupIndian } from './digit-grouping';

export interface RupeeFormat {
  /** What stands before the amount: `₹` unless the text is set in a font without it (invoices write `Rs. `). */
  symbol?: string;
  /** Always write both paise digits (`4,999.00`), as a tax invoice does; otherwise only when there are paise. */
  alwaysShowPaise?: boolean;
}

/** Paise as Indian rupees: whole rupees without decimals (499900 → "₹4,999"), otherwise with both paise digits
 * (1349730 → "₹13,497.30"). Written out, as indian-numbers.ts says why. */
export function formatRupees(paise: number, { symbol = '₹', alwaysShowPaise = false }: RupeeFormat = {}): string {
  const amount = Math.abs(Math.round(paise));
  const rest = amount % 100;
  const sign = paise < 0 ? '-' : '';
  const decimals = rest || alwaysShowPaise ? `.${String(rest).padStart(2, '0')}` : '';
  return `${sign}${symbol}${groupIndian(String(Math.floor(amount / 100)))}${decimals}`;
}
