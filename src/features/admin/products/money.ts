/** Prices as staff type them, in rupees with up to two decimals ("4999", "4,999.50"), and as the API keeps them, in paise. */

const RUPEES = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** Paise for a rupee amount as typed, or undefined when it is not one (commas and spaces are allowed). */
export function paiseOf(text: string): number | undefined {
  const match = RUPEES.exec(text.replace(/[,\s₹]/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A paise amount as a form shows it: "4999" or "4999.50". */
export function rupeesText(paise: number): string {
  const whole = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** What is wrong with a typed price, if anything. */
export function priceProblem(text: string, what: string): string | undefined {
  if (text.trim() === '') return `Enter the ${what} in rupees.`;
  const paise = paiseOf(text);
  if (paise === undefined) return `Enter the ${what} in rupees, with at most two decimals (e.g. 4999 or 4999.50).`;
  if (paise <= 0) return `Enter a ${what} above ₹0.`;
  return undefined;
}
