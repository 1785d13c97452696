/**
 * The blog's public pages: the list (search, tag chips and pages in the address), a post with its head and
 * schema.org Article, the prerendered fixed posts, Ghost's posts, and what each says when something is missing.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { setEmbeddedAnswer } from '@/lib/embedded-answer';
import type { ShopQueryClient } from '@/lib/query-client';
import { catalogue } from './cart-backend';
import { answers, server } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type PostSummary = Schemas['PostSummary'];
type Post = Schemas['Post'];
type ErrorBody = Schemas['Error'];
type PostList = operations['listPosts']['responses'][200]['content']['application/json'];
type PostAnswer = operations['getPost']['responses'][200]['content']['application/json'];
type GhostPostAnswer = operations['getGhostPost']['responses'][200]['content']['application/json'];
type ListQuery = NonNullable<operations['listPosts']['parameters']['query']>;

/** A GET handler answering the operation's success body or the contract's error body. */
const get = <Answer extends DefaultBodyType>(
  path: `/api/${string}`,
  resolver: Parameters<typeof http.get<PathParams, DefaultBodyType, Answer | ErrorBody>>[1],
) => http.get<PathParams, DefaultBodyType, Answer | ErrorBody>(`*${path}`, resolver);

const MEERA = { name: 'Meera Iyer', role: 'nutritionist' } as const;
const ARJUN = { name: 'Arjun Rao', role: 'doctor' } as const;

function summary(slug: string, overrides: Partial<PostSummary> = {}): PostSummary {
  return {
    _id: `post-${slug}`,
    slug,
    title: `Post ${slug}`,
    summary: `What ${slug} is about.`,
    tags: [],
    author: MEERA,
    publishedAt: '2026-11-20T04:30:00.000Z',
    readingMinutes: 4,
    cover: null,
    ...overrides,
  };
}

/** The published posts, newest first, as the server keeps them. */
const PUBLISHED: PostSummary[] = [
  summary('fibre-in-indian-meals', {
    title: 'Fibre in Indian meals',
    summary: 'Dal, rajma & <b>greens</b>: easy ways to eat more fibre.',
    tags: ['fibre', 'food'],
    // 26 Nov 2026 in India, still 25 Nov in UTC.
    publishedAt: '2026-11-25T20:00:00.000Z',
    readingMinutes: 6,
    cover: { _id: 'img-1', url: '/api/content-images/img-1', width: 1200, height: 675 },
  }),
  summary('ibs', { title: 'Living with IBS', tags: ['ibs', 'food'], author: ARJUN, publishedAt: '2026-11-24T04:30:00.000Z' }),
  summary('sleep-stress', { title: 'Sleep, stress and your gut', tags: ['ibs', 'sleep'], publishedAt: '2026-11-10T04:30:00.000Z' }),
];

function tagCounts(posts: PostSummary[]): PostList['tags'] {
  const counts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, count]) => ({ tag, count }));
}

/** GET /api/posts over `posts` as the contract describes it; keeps each request's query. */
function postsApi(posts: PostSummary[] = PUBLISHED) {
  const asked: ListQuery[] = [];
  server.use(
    get<PostList>('/api/posts', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const query: ListQuery = {
        ...(params.has('q') ? { q: params.get('q') ?? '' } : {}),
        ...(params.has('tag') ? { tag: params.get('tag') ?? '' } : {}),
        limit: Number(params.get('limit') ?? 12),
        offset: Number(params.get('offset') ?? 0),
      };
      asked.push(query);
      const words = query.q?.toLowerCase();
      const matching = posts.filter(
        (post) => (!query.tag || post.tags.includes(query.tag)) && (!words || `${post.title} ${post.summary}`.toLowerCase().includes(words)),
      );
      const offset = query.offset ?? 0;
      return HttpResponse.json({ items: matching.slice(offset, offset + (query.limit ?? 12)), total: matching.length, tags: tagCounts(posts) });
    }),
  );
  return asked;
}

const BODY_HTML =
  '<h2>Why fibre matters</h2><p>Fibre feeds the <a href="https://example.org/fibre">bacteria in your gut</a>.</p>' +
  '<ul><li>Rajma</li><li>Whole moong</li></ul><blockquote><p>Start small and drink water.</p></blockquote>';

const POST: Post = {
  ...(PUBLISHED[0] as PostSummary),
  bodyHtml: BODY_HTML,
  updatedAt: '2026-11-26T06:00:00.000Z',
};

function postApi(answers: Record<string, PostAnswer>) {
  const asked: string[] = [];
  server.use(
    get<PostAnswer>('/api/posts/:slug', ({ params }) => {
      const slug = String(params.slug);
      asked.push(slug);
      const answer = answers[slug];
      return answer ? HttpResponse.json(answer) : HttpResponse.json({ message: 'There is no published post with this address.', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return asked;
}

/** The page's schema.org data of `type` (the shell may add data of its own). */
function pageData<T>(type: string): T | undefined {
  // eslint-disable-next-line testing-library/no-node-access -- the JSON-LD is for machines: it has no role to find it by
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  return scripts.map((script) => JSON.parse(script.textContent ?? 'null') as T & { '@type'?: string }).find((data) => data['@type'] === type);
}

const searchParam = (name: string) => new URLSearchParams(window.location.search).get(name);

describe('the blog list', () => {
  beforeEach(() => {
    // Without Gut Start the offer's dialog stays shut, however long a test takes.
    server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
  });

  it('shows the published posts newest first as cards, with plain fields as text', async () => {
    postsApi();
    renderShop('/blogs-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    expect(await screen.findByTestId('posts-status')).toHaveTextContent('3 posts, newest first.');
    const cards = screen.getAllByTestId('post-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Fibre in Indian meals',
      'Living with IBS',
      'Sleep, stress and your gut',
    ]);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Fibre in Indian meals' })).toHaveAttribute('href', '/blog?slug=fibre-in-indian-meals');
    // A summary is text: its markup shows as written, never as HTML.
    expect(within(first).getByText('Dal, rajma & <b>greens</b>: easy ways to eat more fibre.')).toBeInTheDocument();
    expect(first).toHaveTextContent('Meera Iyer, Nutritionist · 26 Nov 2026 · 6 min read');
    expect(within(first).getByText('26 Nov 2026')).toHaveAttribute('datetime', '2026-11-25T20:00:00.000Z');
    expect(within(within(first).getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['fibre', 'food']);
    // eslint-disable-next-line testing-library/no-node-access -- a decorative cover has no role: its size and loading are what matter
    const cover = within(first).getByTestId('content-cover').querySelector('img');
    expect(cover).toHaveAttribute('src', '/api/content-images/img-1');
    expect(cover).toHaveAttribute('width', '1200');
    expect(cover).toHaveAttribute('height', '675');
    expect(cover).toHaveAttribute('loading', 'lazy');
    // Without a cover, a tinted frame of the same size.
    expect(within(second).getByTestId('content-cover-frame')).toBeInTheDocument();
    expect(second).toHaveTextContent('Arjun Rao, Doctor');
    // The posts with addresses of their own link there.
    expect(within(second).getByRole('link', { name: 'Living with IBS' })).toHaveAttribute('href', '/blogs/ibs');
  });

  it('filters by a tag chip with its count, kept in the address', async () => {
    const asked = postsApi();
    const { user } = renderShop('/blogs-list');
    const topics = await screen.findByRole('group', { name: 'Topics' });
    const ibs = await within(topics).findByRole('button', { name: 'ibs (2 posts)' });
    expect(within(topics).getByRole('button', { name: 'All posts' })).toHaveAttribute('aria-pressed', 'true');
    expect(ibs).toHaveAttribute('aria-pressed', 'false');
    await user.click(ibs);
    expect(await screen.findByText('2 posts tagged “ibs”.')).toBeInTheDocument();
    expect(searchParam('tag')).toBe('ibs');
    expect(asked.at(-1)).toEqual({ tag: 'ibs', limit: 12, offset: 0 });
    expect(within(topics).getByRole('button', { name: 'ibs (2 posts)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByTestId('post-card')).toHaveLength(2);
    await user.click(within(topics).getByRole('button', { name: 'All posts' }));
    expect(await screen.findByText('3 posts, newest first.')).toBeInTheDocument();
    expect(searchParam('tag')).toBeNull();
  });

  it('searches by words, says when nothing matches and leads back to every post', async () => {
    const asked = postsApi();
    const { user } = renderShop('/blogs-list');
    await screen.findByText('3 posts, newest first.');
    await user.type(screen.getByRole('searchbox', { name: 'Search the blog' }), 'kombucha');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('posts-empty')).toHaveTextContent('No post matches this search. Try other words or another topic, or see every post.');
    expect(searchParam('q')).toBe('kombucha');
    expect(asked.at(-1)).toEqual({ q: 'kombucha', limit: 12, offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Show all posts' }));
    expect(await screen.findByText('3 posts, newest first.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the blog' })).toHaveValue('');
  });

  it('opens at the page, words and tag of its address, and pages through twelve at a time', async () => {
    const many = Array.from({ length: 30 }, (_, index) => summary(`gut-note-${index + 1}`, { title: `Gut note ${index + 1}`, tags: ['notes'] }));
    const asked = postsApi(many);
    const { user } = renderShop('/blogs-list?tag=notes&page=2&q=gut');
    expect(await screen.findByText('30 posts tagged “notes” and matching “gut”, page 2 of 3.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ q: 'gut', tag: 'notes', limit: 12, offset: 12 });
    expect(screen.getAllByTestId('post-card')[0]).toHaveTextContent('Gut note 13');
    expect(screen.getByRole('searchbox', { name: 'Search the blog' })).toHaveValue('gut');
    const pages = screen.getByRole('navigation', { name: 'Pages of posts' });
    expect(pages).toHaveTextContent('13–24 of 30');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('30 posts tagged “notes” and matching “gut”, page 3 of 3.')).toBeInTheDocument();
    expect(searchParam('page')).toBe('3');
    expect(asked.at(-1)).toEqual({ q: 'gut', tag: 'notes', limit: 12, offset: 24 });
    expect(screen.getAllByTestId('post-card')).toHaveLength(6);
    // A new tag starts again at the first page.
    await user.click(screen.getByRole('button', { name: 'All posts' }));
    expect(await screen.findByText('30 posts matching “gut”, page 1 of 3.')).toBeInTheDocument();
    expect(searchParam('page')).toBeNull();
  });

  it('drops what does not fit the address and lists every post', async () => {
    const asked = postsApi();
    renderShop(`/blogs-list?page=0&tag=${'x'.repeat(41)}`);
    expect(await screen.findByText('3 posts, newest first.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ limit: 12, offset: 0 });
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    let failing = true;
    server.use(
      get<PostList>('/api/posts', () =>
        failing
          ? HttpResponse.json({ message: 'Database unavailable.' }, { status: 500 })
          : HttpResponse.json({ items: PUBLISHED, total: PUBLISHED.length, tags: tagCounts(PUBLISHED) }),
      ),
    );
    const { user } = renderShop('/blogs-list');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load the posts. Something went wrong on our side. Please try again in a moment.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 posts, newest first.')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(3);
  });

  it('says so when nothing is published yet', async () => {
    postsApi([]);
    renderShop('/blogs-list');
    expect(await screen.findByTestId('posts-empty')).toHaveTextContent('No posts are published yet. Please come back soon');
  });

  describe('sent with its first page by the server', () => {
    const FIRST_PAGE: PostList = { items: PUBLISHED, total: PUBLISHED.length, tags: tagCounts(PUBLISHED) };

    beforeEach(() => {
      // As server/plugins/list-page.ts puts it into the page, outside the shop's root.
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = 'embedded-answer';
      element.textContent = JSON.stringify({ operationId: 'listPosts', key: 'limit=12&offset=0', answer: FIRST_PAGE });
      document.body.append(element);
      setEmbeddedAnswer(undefined);
      return () => {
        element.remove();
        setEmbeddedAnswer(undefined);
      };
    });

    it('shows that page before TanStack Query has loaded, and does not ask for it', async () => {
      const asked = postsApi();
      // TanStack Query's code still on its way: the list is there all the same.
      renderShop('/blogs-list', { queryClient: new Promise<ShopQueryClient>(() => undefined) });
      expect(await screen.findByTestId('posts-status')).toHaveTextContent('3 posts, newest first.');
      expect(screen.getAllByTestId('post-card').map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
        'Fibre in Indian meals',
        'Living with IBS',
        'Sleep, stress and your gut',
      ]);
      expect(within(await screen.findByRole('group', { name: 'Topics' })).getByRole('button', { name: 'ibs (2 posts)' })).toBeInTheDocument();
      expect(asked).toEqual([]);
    });

    it('gives TanStack Query that page once: no request for it, other pages and later shops ask as usual', async () => {
      const asked = postsApi();
      const { user } = renderShop('/blogs-list');
      expect(await screen.findByTestId('posts-status')).toHaveTextContent('3 posts, newest first.');
      // TanStack Query has loaded and the route has asked it for the list: it had it already.
      await user.click(within(screen.getByRole('group', { name: 'Topics' })).getByRole('button', { name: 'ibs (2 posts)' }));
      expect(await screen.findByText('2 posts tagged “ibs”.')).toBeInTheDocument();
      expect(asked).toEqual([{ tag: 'ibs', limit: 12, offset: 0 }]);
      await user.click(within(screen.getByRole('group', { name: 'Topics' })).getByRole('button', { name: 'All posts' }));
      expect(await screen.findByText('3 posts, newest first.')).toBeInTheDocument();
      expect(asked).toHaveLength(1);
      cleanup();

      // Another shop on the same page (a later visit) asks for the first page itself.
      renderShop('/blogs-list');
      expect(await screen.findByTestId('posts-status')).toHaveTextContent('3 posts, newest first.');
      await waitFor(() => expect(asked.at(-1)).toEqual({ limit: 12, offset: 0 }));
    });
  });
});

describe('a post', () => {
  beforeEach(() => {
    server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
  });

  const related = [summary('sleep-stress', { title: 'Sleep, stress and your gut' }), summary('ibs', { title: 'Living with IBS' }), summary('rajma-and-rice')];

  it('shows the post, its sanitised text as given, tags that lead to the list and related posts', async () => {
    postApi({ 'fibre-in-indian-meals': { post: POST, related } });
    renderShop('/blog?slug=fibre-in-indian-meals');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fibre in Indian meals' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const article = screen.getByRole('article', { name: 'Fibre in Indian meals' });
    // eslint-disable-next-line testing-library/no-node-access -- the server finds the page's root by this mark
    expect(heading.closest('[data-article-root]')).toContainElement(article);
    expect(within(article).getByText('Dal, rajma & <b>greens</b>: easy ways to eat more fibre.')).toBeInTheDocument();
    expect(article).toHaveTextContent('Meera Iyer, Nutritionist · 26 Nov 2026 · 6 min read');
    expect(within(article).getByText('26 Nov 2026').tagName).toBe('TIME');
    // eslint-disable-next-line testing-library/no-node-access -- the one element that holds the server's HTML
    const text = article.querySelector('[data-rich-text]');
    expect(text?.innerHTML).toBe(BODY_HTML);
    expect(within(article).getByRole('heading', { level: 2, name: 'Why fibre matters' })).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'bacteria in your gut' })).toHaveAttribute('href', 'https://example.org/fibre');
    // eslint-disable-next-line testing-library/no-node-access -- a decorative cover has no role
    const cover = within(article).getByTestId('content-cover').querySelector('img');
    expect(cover).toHaveAttribute('width', '1200');
    expect(cover).toHaveAttribute('height', '675');
    const tags = within(article).getByRole('list', { name: 'Tags' });
    expect(within(tags).getByRole('link', { name: 'Posts tagged fibre' })).toHaveAttribute('href', '/blogs-list?tag=fibre');
    const more = screen.getByRole('region', { name: 'Related posts' });
    expect(within(more).getAllByRole('heading', { level: 3 }).map((title) => title.textContent)).toEqual([
      'Sleep, stress and your gut',
      'Living with IBS',
      'Post rajma-and-rice',
    ]);
    expect(within(more).getByRole('link', { name: 'Post rajma-and-rice' })).toHaveAttribute('href', '/blog?slug=rajma-and-rice');
    expect(screen.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blogs-list');
  });

  it('gives the page its own head and a schema.org Article', async () => {
    postApi({ 'fibre-in-indian-meals': { post: POST, related: [] } });
    renderShop('/blog?slug=fibre-in-indian-meals');
    await screen.findByRole('heading', { level: 1, name: 'Fibre in Indian meals' });
    expect(document.title).toBe('Fibre in Indian meals | Gut360 Health');
    // eslint-disable-next-line testing-library/no-node-access -- the head's tags are for machines
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', POST.summary);
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    expect(pageData('Article')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Fibre in Indian meals',
      description: POST.summary,
      datePublished: '2026-11-25T20:00:00.000Z',
      dateModified: '2026-11-26T06:00:00.000Z',
      keywords: 'fibre, food',
      author: { '@type': 'Person', name: 'Meera Iyer', jobTitle: 'Nutritionist' },
      publisher: { '@type': 'Organization', name: 'Gut360 Health' },
      image: '/api/content-images/img-1',
      mainEntityOfPage: { '@type': 'WebPage', '@id': '/blog?slug=fibre-in-indian-meals' },
    });
    expect(screen.queryByRole('region', { name: 'Related posts' })).not.toBeInTheDocument();
  });

  it('says when no post has the address, with a way to the list', async () => {
    const asked = postApi({});
    renderShop('/blog?slug=no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(asked).toEqual(['no-such-post']);
    expect(screen.getByTestId('post-not-found')).toHaveTextContent('We could not find a post at this address.');
    expect(screen.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blogs-list');
  });

  it('answers an address without a post as not found, without asking the server', async () => {
    const asked = postApi({});
    renderShop('/blog?slug=Not%20A%20Slug');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('shows the fixed posts at their own addresses, which are their canonical ones', async () => {
    const ibs: Post = { ...(PUBLISHED[1] as PostSummary), bodyHtml: '<p>Small, regular meals help many people.</p>', updatedAt: '2026-11-24T04:30:00.000Z' };
    const asked = postApi({ ibs: { post: ibs, related: [] } });
    renderShop('/blogs/ibs');
    // The page's heading while the post loads gives way to the post's own: the post's text first, then its heading.
    expect(await screen.findByText('Small, regular meals help many people.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Living with IBS' })).toBeInTheDocument();
    expect(asked).toContain('ibs');
    expect(pageData<{ mainEntityOfPage: { '@id': string } }>('Article')?.mainEntityOfPage['@id']).toBe('/blogs/ibs');
  });

  it('shows a fixed post’s heading and the post loading until the shop’s data code arrives, as prerendered', async () => {
    renderShop('/blogs/sleep-stress', { queryClient: new Promise<ShopQueryClient>(() => undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sleep, stress and your gut' })).toBeInTheDocument();
    expect(screen.getByText('Loading the post…')).toHaveAttribute('role', 'status');
  });
});

describe('a post from Ghost', () => {
  beforeEach(() => {
    server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
  });

  it('shows the post as our own', async () => {
    server.use(
      get<GhostPostAnswer>('/api/ghost/posts/:slug', ({ params }) =>
        params.slug === 'gut-and-mood'
          ? HttpResponse.json({ post: { ...POST, slug: 'gut-and-mood', title: 'Your gut and your mood', cover: null }, source: 'ghost' })
          : HttpResponse.json({ message: 'Ghost has no post with this address.' }, { status: 404 }),
      ),
    );
    renderShop('/blogs/ghost/gut-and-mood');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your gut and your mood' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why fibre matters' })).toBeInTheDocument();
    expect(pageData<{ mainEntityOfPage: { '@id': string }; image?: string }>('Article')).toMatchObject({
      mainEntityOfPage: { '@id': '/blogs/ghost/gut-and-mood' },
    });
    expect(pageData<{ image?: string }>('Article')).not.toHaveProperty('image');
  });

  it('says in the server’s words when the blog service is not answering, and tries again', async () => {
    let down = true;
    server.use(
      get<GhostPostAnswer>('/api/ghost/posts/:slug', () =>
        down
          ? HttpResponse.json({ message: 'The blog service is not answering right now. Please try again in a few minutes.', code: 'GHOST_UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json({ post: { ...POST, slug: 'gut-and-mood', title: 'Your gut and your mood' }, source: 'ghost' }),
      ),
    );
    const { user } = renderShop('/blogs/ghost/gut-and-mood');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load this post. The blog service is not answering right now. Please try again in a few minutes.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your gut and your mood' })).toBeInTheDocument();
  });

  it('says when Ghost has no such post', async () => {
    server.use(get<GhostPostAnswer>('/api/ghost/posts/:slug', () => HttpResponse.json({ message: 'Ghost has no post with this address.' }, { status: 404 })));
    renderShop('/blogs/ghost/gone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });
});
