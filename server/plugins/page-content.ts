/**
 * What the server knows of a page that the build could not render: whether the record its address names exists
 * (a kit's page for a slug no kit has is a 404), and for a published post or recipe, its text. That text goes into
 * the shop's frame (header, footer, the page loading), so that a person sees it and a search engine reads it
 * before any script runs; the record's answer goes beside it as JSON, which the SPA takes instead of asking again
 * (src/lib/embedded-answer.ts), so that it renders the same page at once. The blog list's first page goes the same
 * way into the list's prerendered page (server/plugins/list-page.ts).
 */
import type { components, operations } from '../../openapi/schema';
import type { Db } from '../db';
import { POST_PAGES } from '../services/content/addresses';
import { listPosts, postBySlug, recipeBySlug, relatedPosts } from '../routes/content/queries';
import { productBySlug } from '../routes/products/queries';

type Post = components['schemas']['Post'];
type Recipe = components['schemas']['Recipe'];
type PostList = operations['listPosts']['responses'][200]['content']['application/json'];

export interface PageContent {
  title: string;
  description: string;
  /** The page's own address, for its canonical link. */
  path: string;
  type: 'article';
  /** The article as HTML: plain fields escaped, the text as the server sanitised it when it was saved. */
  articleHtml: string;
  /** The answer of the call the page makes, keyed as src/lib/embedded-answer.ts reads it. */
  embedded: { operationId: string; key: string; answer: unknown };
}

/** The answer a prerendered list's page is sent with, its markup filled in from it (server/plugins/list-page.ts). */
export interface ListContent {
  type: 'list';
  embedded: { operationId: 'listPosts'; key: string; answer: PostList };
}

/**
 * The page at `route` (the router's pattern the address matched, or a prerendered page's address) for `url`:
 * 'missing' for a 404, or its content.
 */
export type PageLookup = (route: string, url: URL) => Promise<PageContent | ListContent | 'missing' | undefined>;

/** The blog list's first page as the SPA asks for it without words, a tag or a page (src/features/blog/api/list-posts.ts). */
export const BLOG_LIST_FIRST_PAGE = { limit: 12, offset: 0 } as const;
export const BLOG_LIST_KEY = `limit=${BLOG_LIST_FIRST_PAGE.limit}&offset=${BLOG_LIST_FIRST_PAGE.offset}`;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** As the SPA words them (src/lib/content.ts). */
export const ROLE_WORDS: Record<Post['author']['role'], string> = { admin: 'Gut360 Health team', doctor: 'Doctor', nutritionist: 'Nutritionist', writer: 'Writer' };

function byline(author: Post['author'], publishedAt: string): string {
  const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(publishedAt),
  );
  return `${escapeHtml(author.name)}, ${ROLE_WORDS[author.role]} · <time datetime="${escapeHtml(publishedAt)}">${day}</time>`;
}

/**
 * The cover picture where the SPA puts it (src/components/layout/ContentCover.tsx), at its own proportions: in the
 * HTML, the browser fetches it with the page instead of after the shop's code, and it is painted before the takeover.
 */
function coverPicture(cover: Post['cover']): string {
  if (!cover) return '';
  return `<img src="${escapeHtml(cover.url)}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async" style="display:block;width:100%;height:auto" />`;
}

function postArticle(post: Post): string {
  return [
    `<article data-article-root><header><h1>${escapeHtml(post.title)}</h1>`,
    `<p>${escapeHtml(post.summary)}</p>`,
    `<p>${byline(post.author, post.publishedAt)} · ${post.readingMinutes} min read</p></header>`,
    coverPicture(post.cover),
    `<div>${post.bodyHtml}</div></article>`,
  ].join('');
}

function recipeArticle(recipe: Recipe): string {
  const list = (tag: 'ul' | 'ol', items: string[]) => `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;
  return [
    `<article data-article-root><header><h1>${escapeHtml(recipe.title)}</h1>`,
    `<p>${escapeHtml(recipe.summary)}</p>`,
    `<p>${byline(recipe.author, recipe.publishedAt)} · ${recipe.prepMinutes + recipe.cookMinutes} min · serves ${recipe.servings}</p></header>`,
    coverPicture(recipe.cover),
    `<div>${recipe.bodyHtml}</div>`,
    `<h2>Ingredients</h2>${list('ul', recipe.ingredients.map(({ quantity, item }) => escapeHtml(`${quantity} ${item}`.trim())))}`,
    `<h2>Method</h2>${list('ol', recipe.steps.map(escapeHtml))}`,
    `<h2>Why it is good for your gut</h2><p>${escapeHtml(recipe.gutNote)}</p></article>`,
  ].join('');
}

async function postPage(db: Db, slug: string, path: string): Promise<PageContent | 'missing'> {
  const post = await postBySlug(db, slug);
  if (!post) return 'missing';
  return {
    title: post.title,
    description: post.summary,
    path,
    type: 'article',
    articleHtml: postArticle(post),
    embedded: { operationId: 'getPost', key: slug, answer: { post, related: await relatedPosts(db, post) } },
  };
}

async function recipePage(db: Db, slug: string): Promise<PageContent | 'missing'> {
  const recipe = await recipeBySlug(db, slug);
  if (!recipe) return 'missing';
  return {
    title: recipe.title,
    description: recipe.summary,
    path: `/recipe?slug=${encodeURIComponent(slug)}`,
    type: 'article',
    articleHtml: recipeArticle(recipe),
    embedded: { operationId: 'getRecipe', key: slug, answer: { recipe } },
  };
}

/**
 * The blog list's first page, when the address asks for no other (words, a tag, a later page): the page the
 * prerendered list takes over with (src/app/routes/blogs-list.tsx renders it without them first).
 */
async function blogListPage(db: Db, url: URL): Promise<ListContent | undefined> {
  const other = ['q', 'tag'].some((name) => url.searchParams.get(name)?.trim()) || !['', '1'].includes(url.searchParams.get('page')?.trim() ?? '');
  if (other) return undefined;
  return { type: 'list', embedded: { operationId: 'listPosts', key: BLOG_LIST_KEY, answer: await listPosts(db, { ...BLOG_LIST_FIRST_PAGE }) } };
}

const OWN_POST_PAGES = new Map(Object.entries(POST_PAGES).map(([slug, path]) => [path, slug]));

export function pageLookup(db: Db): PageLookup {
  return async (route, url) => {
    const slug = url.searchParams.get('slug');
    switch (route.replace(/\/$/, '')) {
      case '/products/$slug':
        // Fastify has refused a malformed address (400) before it gets here, so its parts decode.
        return (await productBySlug(db, decodeURIComponent(url.pathname.split('/')[2] ?? ''))) ? undefined : 'missing';
      case '/blog':
        return slug ? postPage(db, slug, `/blog?slug=${encodeURIComponent(slug)}`) : undefined;
      case '/recipe':
        return slug ? recipePage(db, slug) : undefined;
      case '/blogs-list':
        return blogListPage(db, url);
      default: {
        const ownSlug = OWN_POST_PAGES.get(url.pathname.replace(/\/+$/, '').toLowerCase());
        return ownSlug ? postPage(db, ownSlug, POST_PAGES[ownSlug] ?? url.pathname) : undefined;
      }
    }
  };
}

/** The answer as JSON in a script element: `<` escaped, so that no text in it (`</script>`, `<!--`) can end the element. */
export function embeddedAnswerElement(embedded: { operationId: string; key: string; answer: unknown }): string {
  return `<script type="application/json" id="embedded-answer">${JSON.stringify(embedded).replace(/</g, '\\u003c')}</script>`;
}

/**
 * The frame with the page's content in place of the page loading: its title and description in the head, the
 * article in `<main>`, and the page's answer beside it for the SPA. `siteUrl` makes the canonical link.
 */
export function frameWithContent(frame: string, content: PageContent, siteUrl: string | undefined): string {
  // The frame's own title is "<brand> | …".
  const brand = /<title>([^<|]+?) \|/.exec(frame)?.[1] ?? '';
  const url = siteUrl ? `${siteUrl.replace(/\/+$/, '')}${content.path}` : undefined;
  const head = [
    `<meta property="og:type" content="${content.type}" />`,
    `<meta property="og:title" content="${escapeHtml(content.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(content.description)}" />`,
    ...(url ? [`<meta property="og:url" content="${escapeHtml(url)}" />`, `<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
  ].join('');
  const embedded = embeddedAnswerElement(content.embedded);
  return frame
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${content.title} | ${brand}`)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(content.description)}" />`)
    .replace('</head>', `${head}</head>`)
    .replace(/(<main\b[^>]*>)[\s\S]*?(<\/main>)/, (_, open: string, close: string) => `${open}${content.articleHtml}${close}`)
    // Outside the SPA's root, which the SPA renders anew: it reads the answer from there whenever it asks.
    .replace('</body>', `${embedded}</body>`);
}
