/**
 * Serves the built SPA beside the API. Hashed files under /assets never change, so browsers may keep them for a
 * year; HTML must be revalidated so that a deploy reaches everyone on their next visit. The public pages come
 * rendered from the build (pages/<path>.html, see scripts/vite/prerender.ts); a signed-in page that has a frame of
 * its own gets that frame (frames/<path>.html); every other page is index.html. An
 * address the SPA's router does not know gets 404 with 404.html, the same frame titled "Page not found", in which
 * the SPA shows its not-found page. A prerendered page the build also rendered as a template (templates/<path>.html)
 * is sent filled in with what the server knows, the blog list with its first page of posts (server/plugins/list-page.ts),
 * the home page and the kits' pages with the catalogue (server/plugins/catalogue-page.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { components } from '../../openapi/schema';
import { preferredEncoding } from '../routes/products/handlers';
import { catalogueTemplateOf, type CataloguePageTemplate } from './catalogue-page';
import { LIST_PAGE_TEMPLATES, type ListPageTemplate } from './list-page';
import { frameWithContent, type PageLookup } from './page-content';
import { registerSeoFiles } from './seo';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${sep}assets${sep}`)) return IMMUTABLE;
  // The precompressed twin of a file (index.html.br) is cached as the file itself.
  if (/\.html(?:\.br|\.gz)?$/.test(filePath)) return REVALIDATE;
  return SHORT;
}

/**
 * The addresses of the HTML files in a folder of the build, each with its file: the prerendered pages
 * ('/faq' → 'pages/faq.html') or the signed-in pages' own frames ('/cart' → 'frames/cart.html').
 */
function htmlByAddress(root: string, folder: 'pages' | 'frames'): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = join(root, folder);
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    const address = `/${file.slice(folder.length + 1, -'.html'.length)}`;
    pages.set(address === '/index' ? '/' : address, file);
  }
  return pages;
}

/**
 * The build's templates of prerendered pages (templates/<path>.html) that the server knows how to fill in, by the
 * page's address. A template that is not as expected is left out, with a warning: its page is sent as prerendered.
 */
function pageTemplates(root: string, app: FastifyInstance): Map<string, ListPageTemplate> {
  const templates = new Map<string, ListPageTemplate>();
  for (const [address, read] of Object.entries(LIST_PAGE_TEMPLATES)) {
    const file = join(root, 'templates', `${address.slice(1)}.html`);
    if (!existsSync(file)) continue;
    try {
      templates.set(address, read(readFileSync(file, 'utf8')));
    } catch (error) {
      app.log.warn({ file, reason: error instanceof Error ? error.message : String(error) }, 'page template not as expected; its page is sent as prerendered');
    }
  }
  return templates;
}

type Product = components['schemas']['Product'];

/** A page filled in with the catalogue, and its compressed twins once a browser has asked for them. */
interface FilledPage {
  html: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The build's templates of the pages filled in with the catalogue (templates/catalogue/, server/plugins/catalogue-page.ts),
 * by the page's address; a kit's page has one for each way its price reads. A template that is not as expected is
 * left out, with a warning.
 */
function catalogueTemplates(root: string, app: FastifyInstance): Map<string, CataloguePageTemplate[]> {
  const templates = new Map<string, CataloguePageTemplate[]>();
  const dir = join(root, 'templates', 'catalogue');
  if (!existsSync(dir)) return templates;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const name = relative(dir, file).split(sep).join('/');
    const template = catalogueTemplateOf(name);
    if (!template) continue;
    try {
      templates.set(template.address, [...(templates.get(template.address) ?? []), template.read(readFileSync(file, 'utf8'))]);
    } catch (error) {
      app.log.warn({ file, reason: error instanceof Error ? error.message : String(error) }, 'page template not as expected; its page is sent as prerendered');
    }
  }
  return templates;
}

/**
 * The route of the SPA's router that has the page at an address, from the route list the build writes (routes.json,
 * by scripts/vite/prerender.ts): '/discount/$code' matches one segment, a '$' splat the rest, and a route without
 * parameters wins over one with them, as in the router. Like the router, it ignores case and a trailing slash.
 * Without the list, every address is a page of no particular route ('').
 */
function routeMatcher(root: string, app: FastifyInstance): (path: string) => string | undefined {
  const file = join(root, 'routes.json');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no route list in the build; unknown addresses get the SPA with 200');
    return () => '';
  }
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as string[])
    .map((route) => {
      const segments = route
        .split('/')
        .filter(Boolean)
        .map((segment) => (segment === '$' ? '.*' : segment.startsWith('$') ? '[^/]+' : escapeRegExp(segment)));
      return { route, pattern: new RegExp(`^/${segments.join('/')}/*$`, 'i') };
    })
    .sort((a, b) => Number(a.route.includes('$')) - Number(b.route.includes('$')));
  return (path) => routes.find(({ pattern }) => pattern.test(path))?.route;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sends the page for a browser's address: its prerendered HTML when the build has one, else index.html. */
export type SendPage = (url: string, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Registers the SPA when `staticDir` holds a build; returns how to send a page, or null without a build. `catalogue`
 * gives the kits the home page and the kits' pages are sent with, the same array for as long as it holds.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  lookup: PageLookup = async () => undefined,
  catalogue?: () => Promise<readonly Product[]>,
): Promise<SendPage | null> {
  const root = resolve(staticDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built SPA found (index.html missing); serving the API only');
    return null;
  }
  const pages = htmlByAddress(root, 'pages');
  // A signed-in page's own frame, painted while its session is verified; the SPA renders the page in its place.
  const frames = htmlByAddress(root, 'frames');
  const templates = pageTemplates(root, app);
  const withCatalogue = catalogue ? catalogueTemplates(root, app) : new Map<string, CataloguePageTemplate[]>();
  // Each page filled in, and compressed, once for each catalogue: a read of the catalogue that finds it as it was
  // keeps them.
  let current: { products: readonly Product[]; json: string; filled: Map<string, FilledPage | undefined> } | undefined;
  const filledWithCatalogue = async (address: string, choices: CataloguePageTemplate[]): Promise<FilledPage | undefined> => {
    const products = await catalogue!();
    if (products !== current?.products) {
      const json = JSON.stringify(products);
      current = json === current?.json ? { ...current, products } : { products, json, filled: new Map() };
    }
    const { filled } = current;
    if (!filled.has(address)) {
      let html: string | undefined;
      for (const template of choices) html ??= template.fill(products);
      filled.set(address, html === undefined ? undefined : { html });
    }
    return filled.get(address);
  };
  await app.register(fastifyStatic, {
    root,
    // '/' is a page like the others (below), not the directory's index.html.
    index: false,
    // Build steps may emit .br/.gz beside each file; they are sent to clients that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
  const routeOf = routeMatcher(root, app);
  const frame = readFileSync(join(root, 'index.html'), 'utf8');
  // The frame titled "Page not found" (scripts/vite/prerender.ts), so that the answer says so before any script runs.
  const notFoundFile = existsSync(join(root, '404.html')) ? '404.html' : 'index.html';
  const sendPage: SendPage = async (url, reply) => {
    const path = url.replace(/[?#].*$/, '');
    const address = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const file = pages.get(address) ?? frames.get(address.toLowerCase()) ?? 'index.html';
    reply.header('cache-control', REVALIDATE);
    const cataloguePage = file === 'index.html' ? undefined : withCatalogue.get(address);
    if (cataloguePage) {
      // The catalogue as it is now, from the API's own cache: a price staff changed a moment ago is in the page.
      // Without it (the database away before the first read, a kit not in the catalogue) the prerendered page goes,
      // its kits and prices loading in the browser.
      const page = await filledWithCatalogue(address, cataloguePage).catch((error: unknown) => {
        reply.request.log.warn({ err: error, address }, 'page sent as prerendered: the catalogue could not be read');
        return undefined;
      });
      if (page) {
        reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
        const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
        if (!encoding) return reply.send(page.html);
        page[encoding] ??= encoding === 'br' ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(page.html, { level: 9 });
        return reply.header('content-encoding', encoding).send(page[encoding]);
      }
    }
    const template = file === 'index.html' ? undefined : templates.get(address);
    if (template) {
      // Read anew for every request, as a post's page is: what was published a moment ago is there. Without the
      // database the prerendered page goes instead, its list loading in the browser (which says so if it cannot).
      const content = await lookup(address, new URL(url, 'http://shop')).catch((error: unknown) => {
        reply.request.log.warn({ err: error, address }, 'page sent as prerendered: its content could not be read');
        return undefined;
      });
      const html = typeof content === 'object' && content.type === 'list' ? template.fill(content.embedded.answer) : undefined;
      if (html) return reply.type('text/html; charset=utf-8').send(html);
    }
    const route = file === 'index.html' ? routeOf(path) : '';
    // An address the router has no route for, or whose route names a record that does not exist (the router
    // matches /products/$slug for any slug), is not found; a published post or recipe comes with its text.
    const content = route ? await lookup(route, new URL(url, 'http://shop')) : undefined;
    if (route === undefined || content === 'missing') {
      // A revalidation would answer 304 with no body, which under a 404 leaves the browser nothing to render.
      delete reply.request.raw.headers['if-none-match'];
      delete reply.request.raw.headers['if-modified-since'];
      return reply.code(404).sendFile(notFoundFile);
    }
    if (content?.type === 'article') return reply.type('text/html; charset=utf-8').send(frameWithContent(frame, content, app.config.publicSiteUrl));
    return reply.sendFile(file);
  };
  app.get('/', (request, reply) => sendPage(request.url, reply));
  registerSeoFiles(app, [...pages.keys()].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b))));
  return sendPage;
}
