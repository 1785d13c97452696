/**
 * The blog's addresses: the list's `?q=`, `?tag=` and `?page=`, and a post's `?slug=` on /blog (the routes'
 * `validateSearch`). A value that does not fit is dropped, and the page opens as it would without it.
 */
import { pageOf, slugOf, wordsOf } from '@/lib/content-search';

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

export interface PostSearch {
  slug?: string | undefined;
}

export function postSearch(search: Record<string, unknown>): PostSearch {
  return { slug: slugOf(search.slug) };
}
