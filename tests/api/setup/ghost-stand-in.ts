/**
 * A local stand-in for the part of Ghost's Content API (v5) the server reads: a post by its slug
 * (GET /ghost/api/content/posts/slug/{slug}/) and the list of posts with Ghost's pagination
 * (GET /ghost/api/content/posts/?page=&limit=), answered in Ghost's shapes: `{ posts: [...] }` (with `meta.pagination`
 * when browsing), tags, authors, `primary_author` and `primary_tag` only when `include` asks for them, `html` only when
 * `formats` asks for it (the default). The key is checked as Ghost checks it: none is 403 NoPermissionError, an
 * unknown one 401 UnauthorizedError; errors come as `{ errors: [{ message, type, ... }] }`. A test can make it answer
 * with a server error or not answer at all.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GhostTag {
  id: string;
  name: string;
  slug: string;
  visibility: 'public' | 'internal';
}

export interface GhostAuthor {
  id: string;
  name: string;
  slug: string;
}

export interface GhostPost {
  id: string;
  slug: string;
  title: string;
  html: string;
  excerpt: string;
  custom_excerpt: string | null;
  feature_image: string | null;
  published_at: string;
  updated_at: string;
  reading_time: number;
  tags: GhostTag[];
  authors: GhostAuthor[];
}

export interface GhostStandIn {
  /** The blog's address, for GHOST_URL. */
  url: string;
  /** The Content API key it accepts, for GHOST_CONTENT_KEY; a test may change it to refuse the server's. */
  key: string;
  posts: GhostPost[];
  /** `ok` answers; `error` answers 500 as Ghost does when it fails; `silent` never answers. */
  mode: 'ok' | 'error' | 'silent';
  /** Every call, with its query and Accept-Version header. */
  calls: Array<{ path: string; query: URLSearchParams; acceptVersion: string | undefined }>;
  close(): Promise<void>;
}

const ghostId = () => randomBytes(12).toString('hex');

/** A published Ghost post with Ghost's fields; `html` as Ghost's editor produced it. */
export function ghostPost(slug: string, title: string, html: string, change: Partial<GhostPost> = {}): GhostPost {
  return {
    id: ghostId(),
    slug,
    title,
    html,
    excerpt: html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 500),
    custom_excerpt: null,
    feature_image: null,
    published_at: '2026-10-01T09:30:00.000+00:00',
    updated_at: '2026-10-02T11:00:00.000+00:00',
    reading_time: 1,
    tags: [],
    authors: [{ id: ghostId(), name: 'Ghost Writer', slug: 'ghost-writer' }],
    ...change,
  };
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

function errors(message: string, type: string, context: string | null = null) {
  return { errors: [{ message, context, type, details: null, property: null, help: null, code: null, id: ghostId(), ghostErrorCode: null }] };
}

/** The post as Ghost serialises it for a request's `include` and `formats`. */
function serialise(post: GhostPost, query: URLSearchParams, blogUrl: string) {
  const include = new Set((query.get('include') ?? '').split(',').filter(Boolean));
  const formats = new Set((query.get('formats') ?? 'html').split(','));
  const { html, tags, authors, ...fields } = post;
  const withUrl = <T extends { slug: string }>(entity: T, kind: string) => ({ ...entity, url: `${blogUrl}/${kind}/${entity.slug}/` });
  return {
    ...fields,
    uuid: post.id,
    url: `${blogUrl}/${post.slug}/`,
    visibility: 'public',
    ...(formats.has('html') && { html }),
    ...(include.has('tags') && { tags: tags.map((tag) => withUrl(tag, 'tag')), primary_tag: tags[0] ? withUrl(tags[0], 'tag') : null }),
    ...(include.has('authors') && {
      authors: authors.map((author) => withUrl(author, 'author')),
      primary_author: authors[0] ? withUrl(authors[0], 'author') : null,
    }),
  };
}

export async function startGhostStandIn(posts: GhostPost[] = []): Promise<GhostStandIn> {
  const standIn = { key: randomBytes(13).toString('hex'), posts, mode: 'ok' as GhostStandIn['mode'], calls: [] as GhostStandIn['calls'] };
  const prefix = '/ghost/api/content/';

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const acceptVersion = request.headers['accept-version'];
    standIn.calls.push({ path: url.pathname, query: url.searchParams, acceptVersion: Array.isArray(acceptVersion) ? acceptVersion[0] : acceptVersion });
    if (standIn.mode === 'silent') return;
    if (standIn.mode === 'error') {
      send(response, 500, errors('An unexpected error occurred, please retry.', 'InternalServerError'));
      return;
    }
    if (request.method !== 'GET' || !url.pathname.startsWith(prefix)) {
      send(response, 404, errors('Resource not found', 'NotFoundError'));
      return;
    }
    const key = url.searchParams.get('key');
    if (!key) {
      send(
        response,
        403,
        errors(
          'Authorization failed',
          'NoPermissionError',
          'Unable to determine the authenticated member or integration. Check the supplied Content API Key and ensure cookies are being passed through if member auth is failing.',
        ),
      );
      return;
    }
    if (key !== standIn.key) {
      send(response, 401, errors('Unknown Content API Key', 'UnauthorizedError'));
      return;
    }
    const blogUrl = `http://${request.headers.host ?? 'localhost'}`;
    const bySlug = /^posts\/slug\/([^/]+)\/?$/.exec(url.pathname.slice(prefix.length));
    if (bySlug) {
      const post = standIn.posts.find((candidate) => candidate.slug === decodeURIComponent(bySlug[1]!));
      if (!post) send(response, 404, errors('Post not found.', 'NotFoundError'));
      else send(response, 200, { posts: [serialise(post, url.searchParams, blogUrl)] });
      return;
    }
    if (/^posts\/?$/.test(url.pathname.slice(prefix.length))) {
      const rawLimit = url.searchParams.get('limit') ?? '15';
      const total = standIn.posts.length;
      const limit = rawLimit === 'all' ? Math.max(total, 1) : Math.max(1, Number(rawLimit) || 15);
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1') || 1);
      const pages = Math.max(1, Math.ceil(total / limit));
      const newestFirst = [...standIn.posts].sort((a, b) => b.published_at.localeCompare(a.published_at));
      send(response, 200, {
        posts: newestFirst.slice((page - 1) * limit, page * limit).map((post) => serialise(post, url.searchParams, blogUrl)),
        meta: { pagination: { page, limit, pages, total, next: page < pages ? page + 1 : null, prev: page > 1 ? page - 1 : null } },
      });
      return;
    }
    send(response, 404, errors('Resource not found', 'NotFoundError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      // A silent stand-in still holds the requests it never answered.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  });
}
