/**
 * The page of the kit batch list kept in the address (`?page=`, from 1). Free of imports: the route's search schema
 * (src/app/search.ts) reads it, and that schema ships with the shop's first page.
 */

/** Batches a page (DESIGN §8b: staff lists page by 20). */
export const KIT_BATCH_PAGE_SIZE = 20;
/** The contract's largest offset (1,000,000) divided into pages. */
const KIT_BATCH_LAST_PAGE = 1_000_000 / KIT_BATCH_PAGE_SIZE + 1;

export function isKitBatchPage(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= KIT_BATCH_LAST_PAGE;
}

/** The largest batch the contract allows: a day's labels for a large event fit in one. */
export const KIT_BATCH_MAX_SIZE = 5_000;
