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

/**
 * Splits `total` over `weights` in proportion to them, to the paisa, so that the parts add up to `total` exactly. Each
 * part is rounded down and the paise left over go to the parts that lost the most by it (the first of equals first).
 */
export function apportion(weights: readonly number[], total: number): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((weight * total) / whole));
  const remainders = weights.map((weight, index) => ({ index, remainder: (weight * total) % whole }));
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  for (const { index } of remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** A cart or order line as the coupon sees it: its price before the coupon and the kit it is. */
export interface CouponLine {
  price: number;
  product: string;
}

/** What a coupon gives: its percentage and, when it is limited to some kits, their product ids (empty: every kit). */
export interface CouponTerms {
  percentage: number;
  products: readonly string[];
}

/** Whether the coupon's percentage applies to this line: every kit, or one of the kits it is limited to. */
export function couponAppliesTo(terms: CouponTerms, line: Pick<CouponLine, 'product'>): boolean {
  return terms.products.length === 0 || terms.products.includes(line.product);
}

/**
 * The coupon's discount on each line, paise. The discount is the percentage of the eligible lines' prices taken
 * together (so a coupon on every kit gives exactly what `payableAfterCoupon` gives on the whole cart), spread over those
 * lines in proportion to their prices; lines of other kits get none.
 */
export function couponLineDiscounts(lines: readonly CouponLine[], terms: CouponTerms | null): number[] {
  if (!terms) return lines.map(() => 0);
  const eligible = lines.map((line) => (couponAppliesTo(terms, line) ? line.price : 0));
  const base = eligible.reduce((sum, price) => sum + price, 0);
  return apportion(eligible, base - payableAfterCoupon(base, terms.percentage));
}

/** The lines' prices before the coupon, the discount and what is payable, from the per-line discounts. */
export function couponTotals(lines: readonly CouponLine[], terms: CouponTerms | null): { actualPrice: number; discount: number; price: number; discounts: number[] } {
  const discounts = couponLineDiscounts(lines, terms);
  const actualPrice = lines.reduce((sum, line) => sum + line.price, 0);
  const discount = discounts.reduce((sum, part) => sum + part, 0);
  return { actualPrice, discount, price: actualPrice - discount, discounts };
}

/**
 * What was paid for each line of an order: its price less its own discount where the order kept one per line, else
 * (orders placed before that) the order's payable amount spread over the lines in proportion to their prices.
 */
export function paidPerLine(lines: ReadonlyArray<{ price: number; discount?: number | null | undefined }>, payable: number): number[] {
  const kept = lines.every((line) => typeof line.discount === 'number');
  if (kept) {
    const paid = lines.map((line) => line.price - (line.discount ?? 0));
    if (paid.reduce((sum, part) => sum + part, 0) === payable) return paid;
  }
  return apportion(
    lines.map((line) => line.price),
    payable,
  );
}

export { formatRupees, type RupeeFormat } from './rupees';

/** How much below its list price a kit sells, in whole percent (0 when it does not): what a kit's page states. */
export function savingPercent(price: number, actualPrice: number): number {
  return actualPrice > price ? Math.round(((actualPrice - price) * 100) / actualPrice) : 0;
}

/** The most kits one cart (and so one order) may hold; the contract's CartResponse says the same. */
export const MAX_KITS_PER_CART = 10;

/** A kit of a cart or order as the coupon's label reads it: its name and its own discount, where the server said it. */
export interface DiscountedKit {
  name: string;
  discount?: number | null | undefined;
  /** False for a kit taken off sale, which counts in no total. */
  available?: boolean | undefined;
}

/**
 * The names of the kits the coupon takes its percentage off, when that is not every kit (a coupon limited to some
 * kits); null when it is every kit, or when the kits do not say their own discounts.
 */
export function couponKitNames(kits: readonly DiscountedKit[]): string[] | null {
  const counted = kits.filter((kit) => kit.available !== false);
  if (counted.every((kit) => kit.discount === undefined || kit.discount === null)) return null;
  const discounted = counted.filter((kit) => (kit.discount ?? 0) > 0);
  if (discounted.length === counted.length && counted.length > 0) return null;
  return [...new Set(discounted.map((kit) => kit.name))];
}

/** What a coupon limited to some kits gives, as the cart and checkout say it: "WELCOME10 · 10% off Gut 360". */
export function couponScopeLabel(coupon: string, percentage: number, kitNames: readonly string[]): string {
  if (kitNames.length === 0) return `${coupon} · ${percentage}% off, but on none of these kits`;
  const names = kitNames.length === 1 ? kitNames[0] : `${kitNames.slice(0, -1).join(', ')} and ${kitNames.at(-1)}`;
  return `${coupon} · ${percentage}% off ${names}`;
}
