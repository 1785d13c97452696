/** The staff lists' pages (DESIGN §8b): 20 rows a page, as far as the contract's largest offset (1,000,000) reaches. */
export const STAFF_PAGE_SIZE = 20;
const LAST_PAGE = 1_000_000 / STAFF_PAGE_SIZE + 1;

/** A page number a staff list can be asked for: a whole number from 1 to the last page the contract reaches. */
export function isStaffPage(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= LAST_PAGE;
}
