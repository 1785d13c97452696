/**
 * The parts of the blog's and the recipes' addresses (their routes' `validateSearch`): words searched for, a page of
 * the list, a post's or recipe's slug. A value that does not fit is dropped, and the page opens as it would without
 * it. Plain functions, as the routes' rules ship with the shop's first page (see src/app/search.ts).
 */

/** Posts and recipes a page of a list shows. */
export const CONTENT_PAGE_SIZE = 12;

const WORDS_MAX_LENGTH = 100;
/** The contract's largest offset, as a page. */
const LAST_PAGE = Math.floor(1_000_000 / CONTENT_PAGE_SIZE) + 1;
/** The contract's `Slug`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 100;

/** The words searched for, trimmed; the router reads `?q=2026` as a number, which is searched as typed. */
export function wordsOf(value: unknown, maxLength = WORDS_MAX_LENGTH): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text && text.length <= maxLength ? text : undefined;
}

/** A page after the first (`?page=2`); the first page is the address without it. */
export function pageOf(value: unknown): number | undefined {
  const page = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof page === 'number' && Number.isInteger(page) && page > 1 && page <= LAST_PAGE ? page : undefined;
}

/** Where a page of a list starts (the contract's `offset`). */
export function offsetOf(page: number | undefined): number {
  return ((page ?? 1) - 1) * CONTENT_PAGE_SIZE;
}

export function slugOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= SLUG_MAX_LENGTH && SLUG.test(value) ? value : undefined;
}

/** A yes-or-no filter that only narrows the list when set (`?vegan=true`); anything else leaves it off. */
export function onlyWhenTrue(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined;
}
