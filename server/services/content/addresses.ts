/** Where the published posts and recipes are read in the SPA, for the sitemap. */
import type { Queryable } from '../../db';

/** The blog's first posts, which also have pages of their own; each is listed while its post is published. */
export const POST_PAGES: Readonly<Record<string, string>> = {
  ibs: '/blogs/ibs',
  'las-vegas': '/blogs/las-vegas',
  'sleep-stress': '/blogs/sleep-stress',
};

/**
 * The public pages to list: `pages` (the prerendered ones) without the posts' own pages whose post is not published,
 * then each published post at `/blog?slug=…` and recipe at `/recipe?slug=…`, newest first.
 */
export async function pagesWithContent(db: Queryable, pages: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ kind: 'post' | 'recipe'; slug: string }>(
    `SELECT kind, slug FROM content_items WHERE state = 'published' ORDER BY kind, published_at DESC, id DESC`,
  );
  const posts = rows.filter((row) => row.kind === 'post').map((row) => row.slug);
  const recipes = rows.filter((row) => row.kind === 'recipe').map((row) => row.slug);
  const ownPages = new Map(Object.entries(POST_PAGES).map(([slug, path]) => [path, posts.includes(slug)]));
  return [
    ...pages.filter((path) => ownPages.get(path) ?? true),
    ...[...ownPages].filter(([path, published]) => published && !pages.includes(path)).map(([path]) => path),
    ...posts.map((slug) => `/blog?slug=${slug}`),
    ...recipes.map((slug) => `/recipe?slug=${slug}`),
  ];
}
