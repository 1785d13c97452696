/**
 * The blog list's address, `?q=`, `?tag=` and `?page=`, as the page reads what its route kept (src/app/search.ts
 * `listSearch`). A value that does not fit is dropped, and the page opens as it would without it.
 */
import { pageOf, wordsOf } from '@/lib/content-search';

export interface BlogListSearch {
  q?: string | undefined;
  tag?: string | undefined;
  page?: number | undefined;
}

/** The contract's longest tag. */
const TAG_MAX_LENGTH = 40;

export function blogListSearch(search: Record<string, unknown>): BlogListSearch {
  return { q: wordsOf(search.q), tag: wordsOf(search.tag, TAG_MAX_LENGTH), page: pageOf(search.page) };
}
