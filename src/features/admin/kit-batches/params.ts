/** The page of the kit batch list kept in the address (`?page=`, from 1). */
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';

export const KIT_BATCH_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The largest batch the contract allows: a day's labels for a large event fit in one. */
export const KIT_BATCH_MAX_SIZE = 5_000;

/** The page the address asks for, or the first when it asks for none that exists. */
export function kitBatchPageFrom(raw: unknown): number {
  const page = typeof raw === 'object' && raw !== null && 'page' in raw ? raw.page : undefined;
  return isStaffPage(page) ? page : 1;
}
