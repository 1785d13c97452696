/**
 * Posts from a Ghost blog, read through Ghost's Content API (GHOST_URL, GHOST_CONTENT_KEY) with Node's fetch:
 * `GET {url}/ghost/api/content/posts/slug/{slug}/?key=…&include=tags,authors&formats=html`, answered as
 * `{ posts: [post] }`, or `{ errors: [{ message, type }] }` with 404 for a slug Ghost does not know.
 *
 * A Ghost post becomes a post of ours: its HTML passes our allowlist like any text of ours; its cover is left out,
 * since we serve only pictures from our own store; its tags are Ghost's public tags by their slugs; its reading time
 * is ours (words / 200). Ghost's Content API does not say what its authors do, and a Ghost author need not be on our
 * team, so the author is named as Ghost names them with the role `writer`, never one of our staff roles.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '../../../openapi/schema';
import { HttpError } from '../../errors';
import { readingMinutes, sanitiseHtml } from './html';

type Post = components['schemas']['Post'];

export interface GhostSettings {
  url: string;
  contentKey: string;
  /** How long to wait for Ghost's answer before saying the blog is not answering. */
  timeoutMs: number;
}

export const GHOST_NOT_ANSWERING = 'The blog service is not answering right now. Please try again in a few minutes.';
export const GHOST_REFUSED = 'The blog service did not accept our request, so this post cannot be shown right now. Please try again later.';
export const GHOST_POST_NOT_FOUND = 'There is no such post on the blog.';

const notAnswering = () => new HttpError(503, GHOST_NOT_ANSWERING, 'GHOST_UNAVAILABLE');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface GhostTag {
  slug?: unknown;
  visibility?: unknown;
}

interface GhostPost {
  id?: unknown;
  slug?: unknown;
  title?: unknown;
  html?: unknown;
  excerpt?: unknown;
  custom_excerpt?: unknown;
  published_at?: unknown;
  updated_at?: unknown;
  tags?: unknown;
  primary_author?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function timeOf(value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  const time = new Date(raw);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** Ghost's post as ours; undefined when it lacks what a post must have. */
function postFromGhost(ghost: GhostPost, requestedSlug: string): Post | undefined {
  const id = text(ghost.id);
  const title = text(ghost.title);
  const publishedAt = timeOf(ghost.published_at);
  if (!id || !title || !publishedAt) return undefined;
  const slug = text(ghost.slug);
  const bodyHtml = sanitiseHtml(text(ghost.html) ?? '');
  const tags = (Array.isArray(ghost.tags) ? (ghost.tags as GhostTag[]) : [])
    // Ghost's internal tags (#name) organise the blog; they are not for readers.
    .filter((tag) => tag.visibility !== 'internal')
    .map((tag) => text(tag.slug))
    .filter((tag): tag is string => tag !== undefined && SLUG.test(tag) && tag.length <= 40);
  const author = (ghost.primary_author ?? {}) as { name?: unknown };
  return {
    _id: id,
    slug: slug && SLUG.test(slug) && slug.length <= 100 ? slug : requestedSlug,
    title,
    summary: (text(ghost.custom_excerpt) || text(ghost.excerpt) || '').trim(),
    tags: [...new Set(tags)],
    author: { name: text(author.name)?.trim() || 'The blog team', role: 'writer' },
    publishedAt,
    readingMinutes: readingMinutes(bodyHtml),
    cover: null,
    bodyHtml,
    updatedAt: timeOf(ghost.updated_at) ?? publishedAt,
  };
}

/** The post with `slug` from Ghost; null when Ghost does not know it; 503 when Ghost cannot be read. */
export async function ghostPostBySlug(settings: GhostSettings, slug: string, log: FastifyBaseLogger): Promise<Post | null> {
  const url = new URL(`${settings.url}/ghost/api/content/posts/slug/${encodeURIComponent(slug)}/`);
  url.searchParams.set('key', settings.contentKey);
  url.searchParams.set('include', 'tags,authors');
  url.searchParams.set('formats', 'html');
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { headers: { 'accept-version': 'v5.0', accept: 'application/json' }, signal: AbortSignal.timeout(settings.timeoutMs) });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    log.warn({ err: error, ghost: settings.url }, 'Ghost did not answer');
    throw notAnswering();
  }
  if (response.status === 404) return null;
  if (response.status === 401 || response.status === 403) {
    // Only the operator can mend this: the key was revoked, or GHOST_CONTENT_KEY is not the integration's.
    log.error({ status: response.status, errors: (body as { errors?: unknown } | undefined)?.errors }, 'Ghost refused GHOST_CONTENT_KEY');
    throw new HttpError(503, GHOST_REFUSED, 'GHOST_REFUSED');
  }
  if (!response.ok) {
    log.warn({ status: response.status }, 'Ghost answered with an error');
    throw notAnswering();
  }
  const [first] = Array.isArray((body as { posts?: unknown } | undefined)?.posts) ? (body as { posts: GhostPost[] }).posts : [];
  const post = first && postFromGhost(first, slug);
  if (!post) {
    log.error({ ghost: settings.url }, 'Ghost answered with something that is not a post');
    throw notAnswering();
  }
  return post;
}
