/**
 * India's digit grouping, on its own: the prices on the first page use it (rupees.ts), and the rest of the number
 * formatting (indian-numbers.ts) stays with the pages that write counts and weights.
 */

/** Indian digit grouping of a whole number's digits: the last three, then pairs ("12345678" → "1,23,45,678"). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}
