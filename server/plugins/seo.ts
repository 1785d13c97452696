/**
 * What search engines read about the shop: `robots.txt`, which keeps them out of the account, staff and authoring
 * pages, and `sitemap.xml`, which lists the public pages with the posts and recipes published at the moment it is
 * asked for. The shop's address is the configured one (`siteUrlOf`), never the Host the request names: both files
 * are cached by proxies and browsers, so an address taken from one request would be served to everyone after it.
 */
import type { FastifyInstance } from 'fastify';
import { siteUrlOf } from '../config';
import { pagesWithContent } from '../services/content/addresses';

/** Pages that are public but of no use in a search result. */
const NOT_LISTED = new Set(['/forgot-password']);

/** Where a search engine has no business: a person's own pages, the staff area, authoring, sign-in and checkout. */
export const DISALLOWED = [
  '/admin',
  '/admin-home',
  '/user/',
  '/cart',
  '/success',
  '/login',
  '/register',
  '/get-email',
  '/verify-otp',
  '/forgot-password',
  '/discount/',
  '/blogs/create',
  '/blog/edit',
  '/blog/test',
  '/recipe/create',
  '/recipe/test',
  '/recipe/approve',
  '/care/',
  '/auth/',
  '/api/',
];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths
    .filter((path) => !NOT_LISTED.has(path))
    .map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path === '/' ? '/' : path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/**
 * Registers both files; `pages` are the prerendered public pages' addresses, in the order they are listed, before the
 * published posts and recipes read from the database on each request.
 */
export function registerSeoFiles(app: FastifyInstance, pages: readonly string[]): void {
  const siteUrl = siteUrlOf(app.config);
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(siteUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) => {
    const listed = await pagesWithContent(app.db, pages);
    return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(sitemapXml(siteUrl, listed));
  });
}
