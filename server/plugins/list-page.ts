/**
 * The blog list as the server sends it: the page the build rendered from a sample answer (templates/blogs-list.html,
 * written by scripts/vite/prerender.ts from src/features/blog/list-template.ts) with the first page of published posts
 * in place of the sample's, and their answer beside it. The shop's script takes that markup over as its own
 * (src/features/blog/api/list-posts.ts renders from the same answer), so the markup must be exactly what React
 * renders: each piece (a topic's chip, a post's card, its cover, its tags, the pager) is cut out of React's own
 * markup around the sample's values, and a template that does not come out as expected is refused whole, the page
 * then sent as prerendered, its list loading.
 */
import type { components, operations } from '../../openapi/schema';
import { POST_PAGES } from '../services/content/addresses';
import { BLOG_LIST_FIRST_PAGE, BLOG_LIST_KEY, embeddedAnswerElement, ROLE_WORDS } from './page-content';

type PostSummary = components['schemas']['PostSummary'];
type PostList = operations['listPosts']['responses'][200]['content']['application/json'];

export const EMBEDDED = /<script type="application\/json" id="embedded-answer">([^<]*)<\/script>/;

/** Text and attribute values as React writes them. */
export function escapeAsReact(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] ?? char);
}

// As the SPA words and formats them (src/lib/dates.ts, src/components/staff/ListControls.tsx, BlogListPage).
const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });
const count = new Intl.NumberFormat('en-IN');
const postsWord = (total: number) => (total === 1 ? '1 post' : `${total} posts`);

function statusOf(total: number): string {
  const pages = Math.ceil(total / BLOG_LIST_FIRST_PAGE.limit);
  return `${postsWord(total)}, newest first${pages > 1 ? `, page 1 of ${pages}` : ''}.`;
}

/**
 * A post's address as the SPA's links have it (src/features/blog/post-paths.ts): its own page, or /blog?slug=… with
 * the slug written as the router writes a search value (one that reads as JSON, "2024", is quoted).
 */
function postHref(slug: string): string {
  const own = POST_PAGES[slug];
  if (own) return own;
  let value = slug;
  try {
    JSON.parse(slug);
    value = JSON.stringify(slug);
  } catch {
    // Not JSON: written as it is.
  }
  return `/blog?slug=${encodeURIComponent(value)}`;
}

/** A named place in a piece, filled in by `fill`: between two characters of Unicode's private use, which no markup React wrote of the sample has. */
export const hole = (name: string) => `\uE000${name}\uE001`;

export function fill(piece: string, values: Record<string, string>): string {
  return piece.replace(/\uE000(\w+)\uE001/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nothing for ${name}`);
    return value;
  });
}

/** `text` with its one `find` replaced; anything but exactly one means the markup is not as expected. */
export function once(text: string, find: string, replacement: string, what: string): string {
  const at = text.indexOf(find);
  if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`${what}: expected once in the template`);
  return text.slice(0, at) + replacement + text.slice(at + find.length);
}

/** The element `<tag …>…</tag>` around position `at`, none of the same tag inside it. */
export function elementAround(text: string, at: number, tag: string): { start: number; end: number } {
  let start = text.lastIndexOf(`<${tag}`, at);
  while (start >= 0 && !/[\s>]/.test(text.charAt(start + tag.length + 1))) start = text.lastIndexOf(`<${tag}`, start - 1);
  const close = text.indexOf(`</${tag}>`, at);
  if (start < 0 || close < 0) throw new Error(`no <${tag}> around the sample's value`);
  return { start, end: close + tag.length + 3 };
}

export function indexOnce(text: string, find: string, what: string): number {
  once(text, find, '', what);
  return text.indexOf(find);
}

export interface ListPageTemplate {
  /** The page with `answer`'s posts, or `undefined` when the page is better sent as prerendered (nothing published). */
  fill(answer: PostList): string | undefined;
}

interface Sample {
  operationId: string;
  key: string;
  answer: PostList;
}

/** Reads the build's template of /blogs-list; throws, saying why, when it is not as the server expects. */
export function blogListTemplate(html: string): ListPageTemplate {
  const sample = JSON.parse(EMBEDDED.exec(html)?.[1] ?? 'null') as Sample | null;
  if (!sample || sample.operationId !== 'listPosts' || sample.key !== BLOG_LIST_KEY) {
    throw new Error(`the template's answer is not the list's first page (${BLOG_LIST_KEY})`);
  }
  const { items, tags, total } = sample.answer;
  const [a, b] = items;
  const [topic] = tags;
  if (!a?.cover || a.tags.length !== 1 || !b || b.cover || b.tags.length !== 0 || items.length !== 2 || !topic || tags.length !== 1) {
    throw new Error('the template is not rendered from a post with a cover and a tag, one with neither, and one topic');
  }
  if (total <= BLOG_LIST_FIRST_PAGE.limit) throw new Error('the template has no pager');
  let page = html.replace(EMBEDDED, hole('embedded'));

  // A topic's chip.
  const topicAt = indexOnce(page, escapeAsReact(topic.tag), 'the sample topic');
  const chipAt = elementAround(page, topicAt, 'li');
  let chip = page.slice(chipAt.start, chipAt.end);
  page = page.slice(0, chipAt.start) + hole('chips') + page.slice(chipAt.end);
  chip = once(chip, escapeAsReact(topic.tag), hole('tag'), 'the topic');
  chip = once(chip, `(<!-- -->${postsWord(topic.count)}<!-- -->)`, `(<!-- -->${hole('words')}<!-- -->)`, "the topic's count in words");
  chip = once(chip, `>${topic.count}<`, `>${hole('count')}<`, "the topic's count");

  page = once(page, `>${escapeAsReact(statusOf(total))}<`, `>${hole('status')}<`, 'the status');

  // The cards, one after the other in the list of posts.
  const aAt = indexOnce(page, escapeAsReact(a.title), "the first post's title");
  const bAt = indexOnce(page, escapeAsReact(b.title), "the second post's title");
  const aStart = page.lastIndexOf('<li>', aAt);
  const bStart = page.lastIndexOf('<li>', bAt);
  const bEnd = page.indexOf('</li>', bAt) + '</li>'.length;
  const listOpening = page.slice(page.lastIndexOf('<ul ', aStart), aStart);
  if (!/^<ul [^>]*data-testid="posts"[^>]*>$/.test(listOpening) || !page.startsWith('</ul>', bEnd)) {
    throw new Error('the two posts are not the list of posts');
  }
  let card = page.slice(aStart, bStart);
  const cardB = page.slice(bStart, bEnd);
  page = page.slice(0, aStart) + hole('cards') + page.slice(bEnd);

  // The cover, with its picture or as the frame of a post without one.
  const urlAt = indexOnce(card, escapeAsReact(a.cover.url), 'the cover');
  const picture = elementAround(card, urlAt, 'div');
  let cover = card.slice(picture.start, picture.end);
  card = card.slice(0, picture.start) + hole('cover') + card.slice(picture.end);
  cover = once(cover, `src="${escapeAsReact(a.cover.url)}"`, `src="${hole('url')}"`, "the cover's address");
  cover = once(cover, `width="${escapeAsReact(String(a.cover.width))}"`, `width="${hole('width')}"`, "the cover's width");
  cover = once(cover, `height="${escapeAsReact(String(a.cover.height))}"`, `height="${hole('height')}"`, "the cover's height");
  const frame = /<div [^>]*data-testid="content-cover-frame"[^>]*><\/div>/.exec(cardB)?.[0];
  if (!frame) throw new Error('the post without a cover has no frame');

  // The post's tags.
  const tagAt = indexOnce(card, escapeAsReact(a.tags[0] ?? ''), "the post's tag");
  const tagItemAt = elementAround(card, tagAt, 'li');
  const tagListAt = elementAround(card, tagAt, 'ul');
  const tagItem = once(card.slice(tagItemAt.start, tagItemAt.end), escapeAsReact(a.tags[0] ?? ''), hole('tag'), "the post's tag");
  const tagList =
    card.slice(tagListAt.start, tagItemAt.start) + hole('items') + card.slice(tagItemAt.end, tagListAt.end);
  card = card.slice(0, tagListAt.start) + hole('tags') + card.slice(tagListAt.end);

  // The post's own text.
  card = once(card, `href="${escapeAsReact(postHref(a.slug))}"`, `href="${hole('href')}"`, "the post's link");
  card = once(card, `>${escapeAsReact(a.title)}<`, `>${hole('title')}<`, "the post's title");
  card = once(card, `>${escapeAsReact(a.summary)}<`, `>${hole('summary')}<`, "the post's summary");
  card = once(card, `>${escapeAsReact(`${a.author.name}, ${ROLE_WORDS[a.author.role]}`)}<`, `>${hole('author')}<`, "the post's author");
  card = once(
    card,
    `<time dateTime="${escapeAsReact(a.publishedAt)}">${escapeAsReact(day.format(new Date(a.publishedAt)))}</time>`,
    `<time dateTime="${hole('at')}">${hole('day')}</time>`,
    "the post's day",
  );
  card = once(card, `-->${escapeAsReact(String(a.readingMinutes))}<!--`, `-->${hole('minutes')}<!--`, "the post's reading time");

  // The pager, under the list.
  const range = (last: string, of: string) => `>1<!-- -->–<!-- -->${last}<!-- --> of <!-- -->${of}<`;
  const rangeAt = indexOnce(page, range(count.format(items.length), count.format(total)), "the pager's range");
  const nav = elementAround(page, rangeAt, 'nav');
  if (!page.slice(0, nav.start).endsWith(`${hole('cards')}</ul>`)) throw new Error('the pager is not right under the list');
  const pager = once(page.slice(nav.start, nav.end), range(count.format(items.length), count.format(total)), range(hole('last'), hole('total')), 'the range');
  page = page.slice(0, nav.start) + hole('pager') + page.slice(nav.end);

  const text = (value: string) => (value === '' ? undefined : escapeAsReact(value));
  const cardOf = (post: PostSummary): string | undefined => {
    const values = {
      title: text(post.title),
      summary: text(post.summary),
      author: text(post.author.name) && escapeAsReact(`${post.author.name}, ${ROLE_WORDS[post.author.role]}`),
      minutes: escapeAsReact(String(post.readingMinutes)),
      at: escapeAsReact(post.publishedAt),
      day: escapeAsReact(day.format(new Date(post.publishedAt))),
      href: escapeAsReact(postHref(post.slug)),
    };
    // React writes no text node for an empty string: the markup would not be the one the page renders.
    if (Object.values(values).some((value) => value === undefined) || post.tags.some((tag) => tag === '')) return undefined;
    return fill(card, {
      ...(values as Record<string, string>),
      cover: post.cover
        ? fill(cover, { url: escapeAsReact(post.cover.url), width: String(post.cover.width), height: String(post.cover.height) })
        : frame,
      tags: post.tags.length > 0 ? fill(tagList, { items: post.tags.map((tag) => fill(tagItem, { tag: escapeAsReact(tag) })).join('') }) : '',
    });
  };

  const fillPage = (answer: PostList): string | undefined => {
    if (answer.items.length === 0) return undefined;
    const cards = answer.items.map(cardOf);
    if (cards.some((one) => one === undefined) || answer.tags.some(({ tag, count: posts }) => tag === '' || posts < 1)) return undefined;
    const chips = answer.tags.map(({ tag, count: posts }) => fill(chip, { tag: escapeAsReact(tag), count: String(posts), words: escapeAsReact(postsWord(posts)) }));
    return fill(page, {
      chips: chips.join(''),
      status: escapeAsReact(statusOf(answer.total)),
      cards: cards.join(''),
      pager: answer.total > BLOG_LIST_FIRST_PAGE.limit ? fill(pager, { last: count.format(answer.items.length), total: count.format(answer.total) }) : '',
      embedded: embeddedAnswerElement({ operationId: 'listPosts', key: BLOG_LIST_KEY, answer }),
    });
  };

  // Filled with the sample itself, the pieces must give back React's markup, every card and the page whole.
  if (cardOf(b) !== cardB) throw new Error('the post without a cover and tags does not come out as React renders it');
  if (fillPage(sample.answer) !== html) throw new Error('the page filled with its own sample is not the template');
  if (page.includes('⟦')) throw new Error('a sample value is left in the page');
  return { fill: fillPage };
}

/** The templates the server knows how to fill, by the page's address. */
export const LIST_PAGE_TEMPLATES: Readonly<Record<string, (html: string) => ListPageTemplate>> = {
  '/blogs-list': blogListTemplate,
};
