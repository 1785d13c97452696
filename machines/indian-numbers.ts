/**
 * Numbers as India writes them, written out rather than through `Intl.NumberFormat` or `toLocaleString`: the first
 * formatter a page makes loads the locale's data, which held a cheap phone's main thread for about 150 ms (the blog
 * list's pager, a recipe card's grams), longer than everything else the page did in that task.
 */
import { groupIndian } from './digit-grouping';

/**
 * `value` as a decimal rounded to `digits` places, as `Intl` rounds it: on the shortest decimal that reads back as
 * the number (0.15 is "0.15", so it rounds up to "0.2", where `toFixed` rounds its binary value down to "0.1"), half
 * away from zero. Returns the whole part's digits and the decimals, trailing zeros dropped.
 */
function rounded(value: number, digits: number): { whole: string; decimals: string } {
  const shortest = String(Math.abs(value));
  // Beyond what a count, an amount or a weight reaches (below 1e-6, from 1e21), the exponent form: toFixed rounds.
  const [whole = '0', fraction = ''] = (/e/.test(shortest) ? Math.abs(value).toFixed(digits) : shortest).split('.');
  if (fraction.length <= digits) return { whole, decimals: fraction.replace(/0+$/, '') };
  const scaled = (BigInt(whole + fraction.slice(0, digits)) + (fraction.charAt(digits) >= '5' ? 1n : 0n)).toString().padStart(digits + 1, '0');
  return { whole: scaled.slice(0, scaled.length - digits), decimals: scaled.slice(scaled.length - digits).replace(/0+$/, '') };
}

/**
 * `value` grouped as India writes it, with at most `maxFractionDigits` decimals (three unless said, as `Intl`'s
 * default) and no trailing zeros, as `new Intl.NumberFormat('en-IN', { maximumFractionDigits })` writes it
 * (1234567.25 → "12,34,567.25"; with 1, "12,34,567.3").
 */
export function formatIndianNumber(value: number, maxFractionDigits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  const { whole, decimals } = rounded(value, maxFractionDigits);
  // Intl writes "-0" for a negative that rounds to nothing; a count or a weight reads better without the sign.
  const sign = value < 0 && /[1-9]/.test(whole + decimals) ? '-' : '';
  return `${sign}${groupIndian(whole)}${decimals ? `.${decimals}` : ''}`;
}
