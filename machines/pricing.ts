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

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});

/** Paise as Indian rupees, e.g. 499900 → "₹4,999". */
export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

/** The most kits one cart (and so one order) may hold; the contract's CartResponse says the same. */
export const MAX_KITS_PER_CART = 10;
