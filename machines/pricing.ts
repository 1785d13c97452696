/**
 * Price maths of SPEC §3/§4, shared by the cart machine and the API server. Amounts are integer paise.
 */

/** Payable price = actual price − actual price × percentage / 100, rounded to the paisa. */
export function payableAfterCoupon(actualPrice: number, percentage: number): number {
  const pct = Math.min(100, Math.max(0, percentage));
  return actualPrice - Math.round((actualPrice * pct) / 100);
}

/** Discount = actual price − payable price. */
export function discountOf(actualPrice: number, payable: number): number {
  return Math.max(0, actualPrice - payable);
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Paise as Indian rupees: whole rupees without decimals (499900 → "₹4,999"), otherwise with both paise digits
 * (1349730 → "₹13,497.30"). */
export function formatRupees(paise: number): string {
  return (paise % 100 === 0 ? wholeRupees : rupeesAndPaise).format(paise / 100);
}

/** The most kits one cart (and so one order) may hold; the contract's CartResponse says the same. */
export const MAX_KITS_PER_CART = 10;
