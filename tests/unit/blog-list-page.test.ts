/**
 * The blog list as the server sends it (server/plugins/list-page.ts): the build's template filled in with the first
 * page of posts must be, to the character, what React renders from the same answer, or the shop's script could not
 * take the markup over as its own.
 */
import { describe, expect, it } from 'vitest';
import type { operations } from '../../openapi/schema';
import { blogListTemplate } from '../../server/plugins/list-page';
import { blogListBuild, renderedWith, rootOf } from '../api/blog-list-build';

type PostList = operations['listPosts']['responses'][200]['content']['application/json'];
type PostSummary = PostList['items'][number];

const post = (slug: string, overrides: Partial<PostSummary> = {}): PostSummary => ({
  _id: `id-${slug}`,
  slug,
  title: `Post ${slug}`,
  summary: `What ${slug} is about.`,
  tags: [],
  author: { name: 'Meera Iyer', role: 'nutritionist' },
  publishedAt: '2026-11-20T04:30:00.000Z',
  readingMinutes: 4,
  cover: null,
  ...overrides,
});

const HOSTILE = 'Curd & rice </script><script>alert(1)</script> <!-- "dahi" isn\'t <b>bad</b>';

const TWELVE: PostSummary[] = [
  post('fibre-in-indian-meals', {
    title: HOSTILE,
    summary: 'Dal, rajma & <b>greens</b>: easy ways to eat more fibre.',
    tags: ['fibre', 'food & drink'],
    // 26 Nov 2026 in India, still 25 Nov in UTC.
    publishedAt: '2026-11-25T20:00:00.000Z',
    readingMinutes: 6,
    cover: { _id: 'img-1', url: '/api/content-images/img-1', width: 1200, height: 675 },
  }),
  post('ibs', { title: 'Living with IBS', tags: ['ibs'], author: { name: 'Arjun Rao', role: 'doctor' } }),
  // A slug that reads as JSON: the router writes it quoted.
  post('2024', { author: { name: 'Gut360 Health', role: 'admin' } }),
  post('writers-note', { author: { name: "O'Brien", role: 'writer' }, readingMinutes: 12 }),
  ...Array.from({ length: 8 }, (_, index) => post(`note-${index + 1}`, { tags: ['notes'] })),
];

const answerOf = (list: PostList) => ({ operationId: 'listPosts', key: 'limit=12&offset=0', answer: list });

describe('the blog list filled in by the server', () => {
  it('is what React renders from the same answer: covers or their frames, tags, topics, the pager', async () => {
    const template = blogListTemplate((await blogListBuild()).template);
    const lists: PostList[] = [
      { items: TWELVE, total: 1234, tags: [{ tag: 'notes', count: 8 }, { tag: 'ibs', count: 1 }, { tag: 'food & drink', count: 1 }, { tag: 'fibre', count: 1 }] },
      { items: TWELVE.slice(0, 3), total: 3, tags: [] },
      { items: TWELVE.slice(1, 2), total: 1, tags: [{ tag: 'ibs', count: 1 }] },
    ];
    for (const list of lists) {
      const filled = rootOf(template.fill(list) ?? '');
      expect(filled.match(/data-testid="post-card"/g)).toHaveLength(list.items.length);
      expect(filled).toBe(rootOf(await renderedWith(answerOf(list))));
    }
  });

  it('says so in words and in its answer, and nothing in a title ends the answer’s element or opens a comment', async () => {
    const template = blogListTemplate((await blogListBuild()).template);
    const list: PostList = { items: TWELVE.slice(0, 2), total: 2, tags: [{ tag: 'ibs', count: 1 }] };
    const html = template.fill(list) ?? '';
    expect(html).toContain('>2 posts, newest first.<');
    expect(html).toContain('href="/blog?slug=fibre-in-indian-meals"');
    expect(html).toContain('href="/blogs/ibs"');
    expect(html).toContain('width="1200" height="675"');
    expect(html).toContain('Curd &amp; rice &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &quot;dahi&quot; isn&#x27;t &lt;b&gt;bad&lt;/b&gt;');
    expect(html).not.toContain('Loading the posts…');
    const scripts = html.match(/<script[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = /<script type="application\/json" id="embedded-answer">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual(answerOf(list));
    expect(html.match(/<!--(?! -->|\$|\/\$)/g)).toBeNull();
  });

  it('is not filled in when nothing is published: the page keeps its list loading', async () => {
    const template = blogListTemplate((await blogListBuild()).template);
    expect(template.fill({ items: [], total: 0, tags: [] })).toBeUndefined();
  });

  it('refuses a template whose markup is not as the server expects', async () => {
    const { template } = await blogListBuild();
    expect(() => blogListTemplate(template.replace('data-testid="posts"', 'data-testid="articles"'))).toThrow(/list of posts/);
    expect(() => blogListTemplate(template.replace(/id="embedded-answer">[^<]*/, 'id="embedded-answer">null'))).toThrow(/first page/);
  });
});
