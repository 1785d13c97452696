/** The page of the kit batch list kept in the address (`?page=`, from 1). */

/** Batches a page (DESIGN §8b: staff lists page by 20). */
export const KIT_BATCH_PAGE_SIZE = 20;
/** The contract's largest offset (1,000,000) divided into pages. */
const KIT_BATCH_LAST_PAGE = 1_000_000 / KIT_BATCH_PAGE_SIZE + 1;

export function isKitBatchPage(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= KIT_BATCH_LAST_PAGE;
}

/** The largest batch the contract allows: a day's labels for a large event fit in one. */
export const KIT_BATCH_MAX_SIZE = 5_000;

/** The page the address asks for, or the first when it asks for none that exists. */
export function kitBatchPageFrom(raw: unknown): number {
  const page = typeof raw === 'object' && raw !== null && 'page' in raw ? raw.page : undefined;
  return isKitBatchPage(page) ? page : 1;
}
