/**
 * A published post or recipe arrives with its text in the HTML the server sends (server/plugins/page-content.ts):
 * in the shop's frame, with its title and description, its plain fields escaped, and its answer beside it for the
 * SPA. Anything not published is a 404. The blog list arrives with its first page of posts in its markup and their
 * answer beside it (server/plugins/list-page.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogListBuild } from './blog-list-build';
import { completeSave, newItem, publishedItem, reviewItem, saveItem } from './content-fixtures';
import { newCustomer } from './orders-fixtures';
import { startTestApp, type TestApp } from './setup/app';

const FRAME =
  '<!doctype html><html><head><meta name="description" content="Gut microbiome tests for India." />' +
  '<title>Gut360 Health | Gut microbiome tests in India</title></head><body><div id="root" data-frame><header>Shop</header>' +
  '<main id="main" tabindex="-1"><div role="status">Loading…</div></main><footer>Footer</footer></div></body></html>';
const ROUTES = ['/', '/blog/', '/recipe/', '/blogs/ibs', '/blogs/las-vegas', '/blogs/sleep-stress', '/blogs-list'];

describe('pages of published posts and recipes', () => {
  let testApp: TestApp;
  let dist: string;
  let listPage: string;
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const embeddedOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="embedded-answer">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as {
      operationId: string;
      key: string;
      answer: unknown;
    } | null;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gut-shop-pages-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), FRAME);
    writeFileSync(join(dist, 'routes.json'), JSON.stringify(ROUTES));
    writeFileSync(join(dist, '404.html'), FRAME.replace(/<title>[^<]*/, '<title>Page not found | Gut360 Health'));
    // The blog list as the build writes it: prerendered with its list loading, and as the template the server fills in.
    const blogList = await blogListBuild();
    listPage = blogList.page;
    mkdirSync(join(dist, 'pages'));
    mkdirSync(join(dist, 'templates'));
    writeFileSync(join(dist, 'pages', 'blogs-list.html'), blogList.page);
    writeFileSync(join(dist, 'templates', 'blogs-list.html'), blogList.template);
    testApp = await startTestApp('pglite', { staticDir: dist });
  });
  afterAll(async () => {
    await testApp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('puts a published post into the frame: title, description, the article in <main>, and its answer', async () => {
    for (const url of ['/blogs/sleep-stress', '/blog?slug=sleep-stress']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(html).toContain('<title>Sleep, stress and your gut: a two-way street | Gut360 Health</title>');
      expect(html).not.toContain('Gut microbiome tests for India.');
      expect(html).toMatch(/<main id="main" tabindex="-1"><article data-article-root><header><h1>Sleep, stress and your gut: a two-way street<\/h1>/);
      expect(html).not.toContain('Loading…');
      expect(html).toContain('<footer>Footer</footer>');
      const embedded = embeddedOf(html);
      expect(embedded).toMatchObject({ operationId: 'getPost', key: 'sleep-stress', answer: { post: { slug: 'sleep-stress' } } });
      // The cover comes with the page, after the header as the shop has it, at its own size and fetched first.
      const { cover } = (embedded as { answer: { post: { cover: { url: string; width: number; height: number } } } }).answer.post;
      expect(html).toContain(
        `</header><img src="${cover.url}" alt="" width="${cover.width}" height="${cover.height}" fetchpriority="high" decoding="async"`,
      );
    }
  });

  it('puts a published recipe into the frame with its ingredients and method', async () => {
    const html = (await get('/recipe?slug=moong-dal-chilla')).body;
    expect(html).toMatch(/<h1>[^<]*[Cc]hilla[^<]*<\/h1>/);
    expect(html).toMatch(/<h2>Ingredients<\/h2><ul><li>/);
    expect(html).toMatch(/<h2>Method<\/h2><ol><li>/);
    expect(embeddedOf(html)).toMatchObject({ operationId: 'getRecipe', key: 'moong-dal-chilla' });
  });

  it('escapes what the author typed, and keeps the script-free text as the server sanitised it', async () => {
    const doctor = await newCustomer(testApp.app, 'doctor');
    const admin = await newCustomer(testApp.app, 'admin');
    const item = await newItem(testApp.app, doctor, 'post', 'Curd & rice: </title><script>alert(1)</script>');
    expect((await saveItem(testApp.app, doctor, item._id, completeSave(item, { summary: 'Why "dahi" <b>helps</b>' }))).statusCode).toBe(200);
    for (const step of ['submit', 'approve', 'publish'] as const) {
      expect((await reviewItem(testApp.app, step === 'submit' ? doctor : admin, item._id, step)).statusCode, step).toBe(200);
    }
    const html = (await get(`/blog?slug=${item.slug}`)).body;
    expect(html).toContain('<title>Curd &amp; rice: &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Gut360 Health</title>');
    expect(html).toContain('<meta name="description" content="Why &quot;dahi&quot; &lt;b&gt;helps&lt;/b&gt;" />');
    expect(html).not.toContain('<script>alert(1)');
    // The answer's JSON cannot end its script element early.
    expect(/<script type="application\/json" id="embedded-answer">([^<]*)<\/script>/.exec(html)?.[1]).toContain('\\u003c/title>');
  });

  it('answers 404 for a slug no published piece has, and once a post is unpublished', async () => {
    expect((await get('/blog?slug=no-such-post')).statusCode).toBe(404);
    expect((await get('/recipe?slug=no-such-recipe')).statusCode).toBe(404);
    const admin = await newCustomer(testApp.app, 'admin');
    const [ibs] = await testApp.app.db.query<{ id: string }>(`SELECT id FROM content_items WHERE kind = 'post' AND slug = 'ibs'`);
    expect((await reviewItem(testApp.app, admin, ibs!.id, 'unpublish')).statusCode).toBe(200);
    expect((await get('/blogs/ibs')).statusCode).toBe(404);
    expect((await reviewItem(testApp.app, admin, ibs!.id, 'publish')).statusCode).toBe(200);
    expect((await get('/blogs/ibs')).statusCode).toBe(200);
  });

  it('sends /blogs-list with the first page of published posts in its markup and their answer beside it', async () => {
    const api = await get('/api/posts?limit=12&offset=0');
    expect(api.statusCode).toBe(200);
    const answer = api.json<{ items: { title: string }[]; total: number }>();
    expect(answer.items.length).toBeGreaterThanOrEqual(3);
    const response = await get('/blogs-list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).not.toContain('Loading the posts…');
    expect(html).toContain(`>${answer.total} posts, newest first.<`);
    expect(html).toContain('>Sleep, stress and your gut: a two-way street</a>');
    expect(html).toContain('href="/blogs/sleep-stress"');
    expect(html.match(/data-testid="post-card"/g)).toHaveLength(answer.items.length);
    // Exactly the answer the SPA would ask for, keyed as it looks for it.
    expect(embeddedOf(html)).toEqual({ operationId: 'listPosts', key: 'limit=12&offset=0', answer });
  });

  it('has a post on /blogs-list as soon as it is published, escaped, and not once it is taken down', async () => {
    const doctor = await newCustomer(testApp.app, 'doctor');
    const admin = await newCustomer(testApp.app, 'admin');
    const title = 'Ragi at breakfast </script><script>alert(1)</script><!-- & more';
    const item = await publishedItem(testApp.app, doctor, admin, 'post', title, { summary: 'Why "ragi" <b>helps</b>', tags: ['millets'] });
    const html = (await get('/blogs-list')).body;
    expect(html).toContain('>Ragi at breakfast &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; more</a>');
    expect(html).toContain('>Why &quot;ragi&quot; &lt;b&gt;helps&lt;/b&gt;</p>');
    expect(html).toContain('>millets<');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    // The answer's JSON cannot end its script element early, nor open a comment.
    const json = /<script type="application\/json" id="embedded-answer">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(json).toContain('\\u003c/script>\\u003c!-- & more');
    // Newest first.
    expect((embeddedOf(html)?.answer as { items: unknown[] }).items[0]).toMatchObject({ slug: item.slug, title });

    expect((await reviewItem(testApp.app, admin, item._id, 'unpublish')).statusCode).toBe(200);
    const after = (await get('/blogs-list')).body;
    expect(after).not.toContain('Ragi at breakfast');
    expect(after).toContain('>Sleep, stress and your gut: a two-way street</a>');

    // Revised and published again under a new title: the list has the new one.
    expect((await reviewItem(testApp.app, doctor, item._id, 'revise')).statusCode).toBe(200);
    expect((await saveItem(testApp.app, doctor, item._id, completeSave(item, { title: 'Ragi at breakfast, revised', tags: ['millets'] }))).statusCode).toBe(200);
    for (const step of ['submit', 'approve', 'publish'] as const) {
      expect((await reviewItem(testApp.app, step === 'submit' ? doctor : admin, item._id, step)).statusCode, step).toBe(200);
    }
    const revised = (await get('/blogs-list')).body;
    expect(revised).toContain('>Ragi at breakfast, revised</a>');
    expect(revised).not.toContain('>Ragi at breakfast &lt;');
  });

  it('sends /blogs-list asked with words, a tag or a later page as prerendered, the list loading in the browser', async () => {
    for (const url of ['/blogs-list?tag=ibs', '/blogs-list?q=fibre', '/blogs-list?page=2']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(listPage);
      expect(response.body).toContain('Loading the posts…');
    }
  });

  it('leaves the pages without a slug to the SPA', async () => {
    const response = await get('/blog');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(FRAME);
  });
});
