/**
 * Three posts have addresses of their own (/blogs/ibs, /blogs/las-vegas, /blogs/sleep-stress), prerendered; every
 * other post is at /blog?slug=…. Each post has one address, the one links lead to and search engines are given.
 */
const FIXED_POST_PATHS = {
  ibs: '/blogs/ibs',
  'las-vegas': '/blogs/las-vegas',
  'sleep-stress': '/blogs/sleep-stress',
} as const;

type FixedPostSlug = keyof typeof FIXED_POST_PATHS;

export function fixedPathOf(slug: string): (typeof FIXED_POST_PATHS)[FixedPostSlug] | undefined {
  return Object.hasOwn(FIXED_POST_PATHS, slug) ? FIXED_POST_PATHS[slug as FixedPostSlug] : undefined;
}

/** The post's address, for its canonical link and its schema.org data. */
export function postPath(slug: string): string {
  return fixedPathOf(slug) ?? `/blog?slug=${slug}`;
}
