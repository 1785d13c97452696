/**
 * The blog and the recipes as anyone reads them: only what is published, newest first, searched and filtered on the
 * server; the demo posts and recipes; the cookbook in course order and as a PDF; cover pictures served like product
 * pictures; the sitemap; and posts read from Ghost's Content API (a local stand-in), sanitised like our own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { loadConfig } from '../../server/config';
import { loadContract } from '../../server/openapi';
import { GHOST_NOT_ANSWERING, GHOST_REFUSED } from '../../server/services/content/ghost';
import { plainText } from '../../server/services/content/html';
import { RECIPE_COURSES, REVIEW_STEPS } from '../../server/services/content/pieces';
import { publishedItem, stepItem } from './content-fixtures';
import { expectContract, expectContractFile } from './contract';
import { newCustomer, type Customer } from './orders-fixtures';
import { pdfRows } from './pdf-text';
import { backends, startTestApp, type TestApp } from './setup/app';
import { ghostPost, startGhostStandIn, type GhostStandIn } from './setup/ghost-stand-in';

type Post = components['schemas']['Post'];
type PostSummary = components['schemas']['PostSummary'];
type Recipe = components['schemas']['Recipe'];
type RecipeSummary = components['schemas']['RecipeSummary'];
type TagCount = components['schemas']['TagCount'];
type PostList = { items: PostSummary[]; total: number; tags: TagCount[] };
type RecipeList = { items: RecipeSummary[]; total: number };

const SEED_POST_SLUGS = ['las-vegas', 'sleep-stress', 'ibs'];
const SEED_RECIPE_SLUGS = [
  'lauki-chana-dal',
  'mixed-vegetable-kanji',
  'curd-rice-with-pomegranate',
  'rajma-with-brown-rice',
  'moong-dal-chilla',
  'ragi-dosa-with-coconut-chutney',
];

/** A built SPA as small as the server needs, with the posts' own pages prerendered as the real build does. */
function fakeBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'gut-shop-content-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Gut shop</title><div id="root"></div>');
  mkdirSync(join(dist, 'pages', 'blogs'), { recursive: true });
  writeFileSync(join(dist, 'pages', 'index.html'), '<!doctype html><title>Gut shop</title>');
  writeFileSync(join(dist, 'pages', 'blogs-list.html'), '<!doctype html><title>Blogs</title>');
  for (const slug of ['ibs', 'las-vegas', 'sleep-stress']) writeFileSync(join(dist, 'pages', 'blogs', `${slug}.html`), '<!doctype html><title>Post</title>');
  return dist;
}

describe.each(backends)('published posts and recipes on %s', (backend) => {
  let testApp: TestApp;
  let dist: string;
  const app = () => testApp.app;
  let admin: Customer;
  let doctor: Customer;

  beforeAll(async () => {
    dist = fakeBuild();
    testApp = await startTestApp(backend, { staticDir: dist, publicSiteUrl: 'https://shop.example' });
    admin = await newCustomer(app(), 'admin');
    doctor = await newCustomer(app(), 'doctor');
  });
  afterAll(async () => {
    await testApp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string) => app().inject({ method: 'GET', url });
  const posts = async (query = '') => expectContract<PostList>(await get(`/api/posts${query}`), 'listPosts', 200);
  const recipes = async (query = '') => expectContract<RecipeList>(await get(`/api/recipes${query}`), 'listRecipes', 200);
  const sitemap = async () => [...(await get('/sitemap.xml')).body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  describe('the demo posts', () => {
    it('are published newest first, by the demo doctor and nutritionist, with the tags in use', async () => {
      const list = await posts();
      expect(list.items.map((post) => post.slug)).toEqual(SEED_POST_SLUGS);
      expect(list.total).toBe(3);
      expect(list.items.map((post) => post.author)).toEqual([
        { name: 'Nisha Iyer', role: 'nutritionist' },
        { name: 'Devika Rao', role: 'doctor' },
        { name: 'Devika Rao', role: 'doctor' },
      ]);
      // Each has its cover picture, served as uploaded covers are.
      for (const post of list.items) {
        expect(post.cover).toMatchObject({ url: expect.stringMatching(/^\/api\/content-images\//), width: 1200, height: 675 });
        const picture = await get(post.cover!.url);
        expectContractFile(picture, 'getContentImage', 200);
        expect((await sharp(picture.rawPayload).metadata()).format).toBe('webp');
      }
      expect(list.tags).toContainEqual({ tag: 'gut-brain', count: 2 });
      expect(list.tags).toContainEqual({ tag: 'ibs', count: 1 });
      expect(list.tags[0]).toEqual({ tag: 'gut-brain', count: 2 });
    });

    it.each([
      ['ibs', 800, 1000],
      ['las-vegas', 700, 900],
      ['sleep-stress', 800, 1000],
    ])('%s is a whole article of %i to %i words, its reading time at 200 words a minute', async (slug, fewest, most) => {
      const { post } = expectContract<{ post: Post }>(await get(`/api/posts/${slug}`), 'getPost', 200);
      const words = plainText(post.bodyHtml).split(' ').length;
      expect(words).toBeGreaterThanOrEqual(fewest);
      expect(words).toBeLessThanOrEqual(most);
      expect(post.readingMinutes).toBe(Math.ceil(words / 200));
      expect(post.bodyHtml).toContain('<h2>');
    });

    it('links the questionnaires and the kits the posts speak of', async () => {
      const body = async (slug: string) => expectContract<{ post: Post }>(await get(`/api/posts/${slug}`), 'getPost', 200).post.bodyHtml;
      const sleepStress = await body('sleep-stress');
      expect(sleepStress).toContain('href="/questionaire/gad7"');
      expect(sleepStress).toContain('href="/questionaire/psqi"');
      expect(sleepStress).toContain('href="/products/gutsens"');
      expect(await body('ibs')).toContain('href="/products/ibs-heal"');
      expect(await body('las-vegas')).toContain('href="https://doi.org/10.1016/j.cell.2014.09.048" rel="noopener noreferrer" target="_blank"');
    });
  });

  describe('the blog', () => {
    it('answers a post with related posts, those sharing its tags first', async () => {
      const { post, related } = expectContract<{ post: Post; related: PostSummary[] }>(await get('/api/posts/ibs'), 'getPost', 200);
      expect(post).toMatchObject({ slug: 'ibs', title: 'Living with IBS: what your gut microbiome has to do with it', tags: ['ibs', 'fodmap', 'gut-brain'] });
      expect(related.map((item) => item.slug)).toEqual(['sleep-stress', 'las-vegas']);
    });

    it('finds posts by words of their text, stemmed, and by tag', async () => {
      expect((await posts('?q=jet%20lag')).items.map((post) => post.slug)).toEqual(['las-vegas']);
      // "questionnaire" is in the text of one post only, as "questionnaires".
      expect((await posts('?q=questionnaire')).items.map((post) => post.slug)).toEqual(['sleep-stress']);
      expect((await posts('?tag=sleep')).items.map((post) => post.slug)).toEqual(['las-vegas', 'sleep-stress']);
      expect((await posts('?tag=sleep&q=buffet')).total).toBe(1);
      expect(await posts('?q=xylophone')).toMatchObject({ items: [], total: 0 });
    });

    it('pages the posts and refuses pages it cannot give', async () => {
      const page = await posts('?limit=1&offset=1');
      expect(page.items.map((post) => post.slug)).toEqual(['sleep-stress']);
      expect(page.total).toBe(3);
      expectContract(await get('/api/posts?limit=101'), 'listPosts', 400);
      expectContract(await get('/api/posts?tag='), 'listPosts', 400);
    });

    it('answers 404 for a post that is not there and 400 for an address that cannot be one', async () => {
      expectContract(await get('/api/posts/no-such-post'), 'getPost', 404);
      expectContract(await get('/api/posts/Not_A_Slug'), 'getPost', 400);
    });
  });

  describe('the recipes', () => {
    it('lists the demo recipes newest first, whole enough for a card', async () => {
      const list = await recipes();
      expect(list.items.map((recipe) => recipe.slug)).toEqual(SEED_RECIPE_SLUGS);
      expect(list.items.every((recipe) => recipe.author.role === 'nutritionist')).toBe(true);
      // Each has a cover of its own.
      expect(new Set(list.items.map((recipe) => recipe.cover?.url)).size).toBe(SEED_RECIPE_SLUGS.length);
      expect(list.items.every((recipe) => recipe.cover?.width === 1200 && recipe.cover.height === 675)).toBe(true);
      expect(list.items.find((recipe) => recipe.slug === 'moong-dal-chilla')).toMatchObject({
        course: 'snack',
        diets: { vegetarian: true, vegan: true, glutenFree: false, jain: false },
        prepMinutes: 15,
        cookMinutes: 15,
        servings: 2,
      });
    });

    it.each([
      ['vegan=true', ['lauki-chana-dal', 'mixed-vegetable-kanji', 'rajma-with-brown-rice', 'moong-dal-chilla', 'ragi-dosa-with-coconut-chutney']],
      ['glutenFree=true', ['lauki-chana-dal', 'mixed-vegetable-kanji', 'curd-rice-with-pomegranate', 'rajma-with-brown-rice', 'ragi-dosa-with-coconut-chutney']],
      ['jain=true', ['lauki-chana-dal']],
      ['vegetarian=true&vegan=false', SEED_RECIPE_SLUGS],
      ['course=drink', ['mixed-vegetable-kanji']],
      ['benefit=fermented', ['mixed-vegetable-kanji', 'curd-rice-with-pomegranate', 'ragi-dosa-with-coconut-chutney']],
      ['benefit=fermented&vegan=true&course=breakfast', ['ragi-dosa-with-coconut-chutney']],
      ['q=moong', ['moong-dal-chilla']],
      ['q=pomegranate', ['curd-rice-with-pomegranate']],
      ['q=beetroot', ['mixed-vegetable-kanji']],
    ])('filters by %s on the server', async (query, slugs) => {
      const list = await recipes(`?${query}`);
      expect(list.items.map((recipe) => recipe.slug)).toEqual(slugs);
      expect(list.total).toBe(slugs.length);
    });

    it('refuses filters the contract does not know', async () => {
      expectContract(await get('/api/recipes?course=supper'), 'listRecipes', 400);
      expectContract(await get('/api/recipes?benefit=magic'), 'listRecipes', 400);
      expectContract(await get('/api/recipes?vegan=maybe'), 'listRecipes', 400);
    });

    it('answers a recipe whole, its nutrition marked approximate', async () => {
      const { recipe } = expectContract<{ recipe: Recipe }>(await get('/api/recipes/lauki-chana-dal'), 'getRecipe', 200);
      expect(recipe.title).toBe('Lauki chana dal (Jain-friendly)');
      expect(recipe.diets.jain).toBe(true);
      expect(recipe.ingredients.length).toBeGreaterThanOrEqual(2);
      expect(recipe.steps.length).toBeGreaterThanOrEqual(2);
      expect(recipe.gutNote).toContain('approximate');
      expect(plainText(recipe.bodyHtml).length).toBeGreaterThanOrEqual(50);
      expectContract(await get('/api/recipes/ibs'), 'getRecipe', 404);
    });

    it('makes the cookbook in the order a meal is served', async () => {
      const { courses } = expectContract<{ courses: Array<{ course: string; recipes: Recipe[] }> }>(await get('/api/cookbook'), 'getCookbook', 200);
      expect(courses.map((group) => group.course)).toEqual(['breakfast', 'main', 'side', 'snack', 'drink']);
      expect(courses[1]!.recipes.map((recipe) => recipe.slug)).toEqual(['curd-rice-with-pomegranate', 'rajma-with-brown-rice']);
    });

    it('prints the cookbook as a PDF: cover, contents by course, and each recipe whole', async () => {
      const response = await get('/api/cookbook.pdf');
      const pdf = expectContractFile(response, 'getCookbookPdf', 200);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const rows = await pdfRows(pdf);
      const text = rows.join('\n');
      expect(rows).toContain('The Gut360 Health Cookbook');
      expect(rows).toContain('Contents');
      for (const course of ['Breakfast', 'Main dishes', 'Sides', 'Snacks', 'Drinks']) expect(rows).toContain(course);
      expect(rows).not.toContain('Desserts');
      // The contents give each recipe's page: the cover and the contents come first.
      expect(rows).toContain('Ragi dosa with coconut chutney | 3');
      for (const title of ['Moong dal chilla', 'Rajma with brown rice', 'Curd rice with pomegranate', 'Mixed vegetable kanji', 'Lauki chana dal (Jain-friendly)']) {
        expect(rows.filter((row) => row.startsWith(title)).length).toBeGreaterThanOrEqual(2);
      }
      expect(text).toContain('Serves 4');
      expect(text).toContain('Preparation 30 minutes');
      expect(text).toContain('ragi (finger millet) flour');
      expect(text).toContain('Wash the urad dal, rice and methi seeds together');
      expect(text).toContain('Nutrition per serving (approximate)');
      expect(text).toContain('Energy 380 kcal');
      expect(text).toContain('For your gut');
      expect(text).toContain('Vegetarian · Vegan · Gluten-free · Jain');
    });
  });

  describe('what is published, and only that', () => {
    it('shows a piece from its publishing, and hides it everywhere once it is taken down', async () => {
      const recipe = await publishedItem(app(), doctor, admin, 'recipe', 'Jeera lauki for two');
      const post = await publishedItem(app(), doctor, admin, 'post', 'Fibre on an Indian plate');
      expect((await posts()).items[0]?.slug).toBe(post.slug);
      expectContract(await get(`/api/posts/${post.slug}`), 'getPost', 200);
      expectContract(await get(`/api/recipes/${recipe.slug}`), 'getRecipe', 200);
      expect(await sitemap()).toEqual(expect.arrayContaining([`https://shop.example/blog?slug=${post.slug}`, `https://shop.example/recipe?slug=${recipe.slug}`]));
      expect(await pdfRows(expectContractFile(await get('/api/cookbook.pdf'), 'getCookbookPdf', 200))).toContain('Jeera lauki for two');

      await stepItem(app(), admin, post._id, 'unpublish');
      await stepItem(app(), admin, recipe._id, 'unpublish');
      expect((await posts()).items.map((item) => item.slug)).not.toContain(post.slug);
      expect((await posts('?q=fibre')).items.map((item) => item.slug)).not.toContain(post.slug);
      expect((await posts('?tag=fibre')).total).toBe(0);
      expectContract(await get(`/api/posts/${post.slug}`), 'getPost', 404);
      expectContract(await get(`/api/ghost/posts/${post.slug}`), 'getGhostPost', 404);
      expectContract(await get(`/api/recipes/${recipe.slug}`), 'getRecipe', 404);
      expect((await recipes('?jain=true')).items.map((item) => item.slug)).toEqual(['lauki-chana-dal']);
      const { courses } = expectContract<{ courses: Array<{ recipes: Recipe[] }> }>(await get('/api/cookbook'), 'getCookbook', 200);
      expect(courses.flatMap((group) => group.recipes.map((item) => item.slug))).not.toContain(recipe.slug);
      expect(await pdfRows(expectContractFile(await get('/api/cookbook.pdf'), 'getCookbookPdf', 200))).not.toContain('Jeera lauki for two');
      const listed = await sitemap();
      expect(listed).not.toContain(`https://shop.example/blog?slug=${post.slug}`);
      expect(listed).not.toContain(`https://shop.example/recipe?slug=${recipe.slug}`);
    });

    it('leaves drafts and pieces in review out of every public call', async () => {
      const draft = expectContract<{ item: { _id: string; slug: string } }>(
        await app().inject({ method: 'POST', url: '/api/authoring/items', headers: doctor.auth, payload: { kind: 'post', title: 'Draft about ghee' } }),
        'createAuthoringItem',
        201,
      ).item;
      expectContract(await get(`/api/posts/${draft.slug}`), 'getPost', 404);
      expect((await posts('?q=ghee')).total).toBe(0);
      expect(await sitemap()).not.toContain(`https://shop.example/blog?slug=${draft.slug}`);
    });

    it('answers the Ghost address from our own posts when no Ghost blog is configured', async () => {
      const answer = expectContract<{ post: Post; source: string }>(await get('/api/ghost/posts/sleep-stress'), 'getGhostPost', 200);
      expect(answer.source).toBe('store');
      expect(answer.post.title).toBe('Sleep, stress and your gut: a two-way street');
      expectContract(await get('/api/ghost/posts/no-such-post'), 'getGhostPost', 404);
    });
  });

  describe('the sitemap', () => {
    it('lists the prerendered pages, the posts’ own pages while published, and every published post and recipe', async () => {
      const listed = await sitemap();
      expect(listed.slice(0, 5)).toEqual([
        'https://shop.example/',
        'https://shop.example/blogs-list',
        'https://shop.example/blogs/ibs',
        'https://shop.example/blogs/las-vegas',
        'https://shop.example/blogs/sleep-stress',
      ]);
      for (const slug of SEED_POST_SLUGS) expect(listed).toContain(`https://shop.example/blog?slug=${slug}`);
      for (const slug of SEED_RECIPE_SLUGS) expect(listed).toContain(`https://shop.example/recipe?slug=${slug}`);
    });

    it('drops a post’s own page while the post is taken down', async () => {
      const [ibs] = await app().db.query<{ id: string }>(`SELECT id FROM content_items WHERE kind = 'post' AND slug = 'ibs'`);
      await stepItem(app(), admin, ibs!.id, 'unpublish');
      try {
        const listed = await sitemap();
        expect(listed).not.toContain('https://shop.example/blogs/ibs');
        expect(listed).not.toContain('https://shop.example/blog?slug=ibs');
        expect(listed).toContain('https://shop.example/blogs/sleep-stress');
      } finally {
        await stepItem(app(), admin, ibs!.id, 'publish');
      }
      expect(await sitemap()).toContain('https://shop.example/blogs/ibs');
    });
  });

  describe('cover pictures', () => {
    it('are served as WebP with a year’s immutable cache and nosniff', async () => {
      const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2f6b3a' } }).png().toBuffer();
      const upload = await app().inject({ method: 'POST', url: '/api/authoring/images', headers: { ...doctor.auth, 'content-type': 'image/png' }, payload: png });
      const { image } = expectContract<{ image: { _id: string; url: string; width: number; height: number } }>(upload, 'uploadContentImage', 201);
      expect(image.url).toBe(`/api/content-images/${image._id}`);
      const response = await get(image.url);
      expectContractFile(response, 'getContentImage', 200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
      expectContract(await get('/api/content-images/no-such-picture'), 'getContentImage', 404);
    });
  });
});

describe('posts from a Ghost blog', () => {
  let ghost: GhostStandIn;
  let testApp: TestApp;
  let unreachable: TestApp;

  beforeAll(async () => {
    ghost = await startGhostStandIn([
      ghostPost(
        'a-ghost-post',
        'Fermented foods of the North-East',
        '<p>Axone and <strong>bamboo shoot</strong> ferments.</p><script>alert(1)</script>' +
          '<img src="https://ghost.example/content/images/a.jpg" onerror="alert(1)" alt="Axone">' +
          '<p><a href="javascript:alert(1)">a trick</a> and <a href="https://ghost.example/tag/ferments/">more on ferments</a></p>',
        {
          custom_excerpt: 'Ferments from Nagaland and Manipur.',
          feature_image: 'https://ghost.example/content/images/cover.jpg',
          tags: [
            { id: 't1', name: 'Fermented', slug: 'fermented', visibility: 'public' },
            { id: 't2', name: '#newsletter', slug: 'hash-newsletter', visibility: 'internal' },
          ],
          authors: [{ id: 'a1', name: 'Meera Iyer', slug: 'meera' }],
        },
      ),
      ghostPost('an-older-post', 'An older post', '<p>Older.</p>', { published_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    // The Ghost calls read no database: PGlite is enough for them.
    testApp = await startTestApp('pglite', { ghost: { url: ghost.url, contentKey: ghost.key, timeoutMs: 300 } });
    unreachable = await startTestApp('pglite', { ghost: { url: 'http://127.0.0.1:9', contentKey: ghost.key, timeoutMs: 300 } });
  });
  afterAll(async () => {
    // Both apps answered 503 on purpose, as Ghost failed: closing them reports exactly those answers.
    const failures = (count: number) => `The server answered with a server error:\n${Array(count).fill('GET /api/ghost/posts/a-ghost-post → 503').join('\n')}`;
    await expect(testApp.close()).rejects.toThrow(failures(3));
    await expect(unreachable.close()).rejects.toThrow(failures(1));
    await ghost.close();
  });

  const ghostPostOf = (app: TestApp, slug: string) => app.app.inject({ method: 'GET', url: `/api/ghost/posts/${slug}` });

  it('renders a post from Ghost in the shape of ours, its HTML sanitised and its cover left out', async () => {
    const answer = expectContract<{ post: Post; source: string }>(await ghostPostOf(testApp, 'a-ghost-post'), 'getGhostPost', 200);
    expect(answer.source).toBe('ghost');
    const { post } = answer;
    expect(post).toMatchObject({
      slug: 'a-ghost-post',
      title: 'Fermented foods of the North-East',
      summary: 'Ferments from Nagaland and Manipur.',
      tags: ['fermented'],
      author: { name: 'Meera Iyer', role: 'writer' },
      cover: null,
      publishedAt: '2026-10-01T09:30:00.000Z',
      updatedAt: '2026-10-02T11:00:00.000Z',
      readingMinutes: 1,
    });
    expect(post.bodyHtml).toBe(
      '<p>Axone and <strong>bamboo shoot</strong> ferments.</p><img src="https://ghost.example/content/images/a.jpg" alt="Axone" />' +
        '<p><a rel="noopener noreferrer">a trick</a> and <a href="https://ghost.example/tag/ferments/" rel="noopener noreferrer" target="_blank">more on ferments</a></p>',
    );
    const call = ghost.calls.at(-1)!;
    expect(call.path).toBe('/ghost/api/content/posts/slug/a-ghost-post/');
    expect(Object.fromEntries(call.query)).toEqual({ key: ghost.key, include: 'tags,authors', formats: 'html' });
    expect(call.acceptVersion).toBe('v5.0');
  });

  it('answers 404 for a slug Ghost does not know', async () => {
    expect(expectContract<{ message: string }>(await ghostPostOf(testApp, 'no-such-post'), 'getGhostPost', 404).message).toBe('There is no such post on the blog.');
  });

  it.each([
    ['refuses the connection', () => unreachable],
    ['answers with a server error', () => ((ghost.mode = 'error'), testApp)],
    ['does not answer in time', () => ((ghost.mode = 'silent'), testApp)],
  ])('answers 503 when Ghost %s', async (_what, appFor) => {
    try {
      const body = expectContract<{ message: string; code: string }>(await ghostPostOf(appFor(), 'a-ghost-post'), 'getGhostPost', 503);
      expect(body).toEqual({ message: GHOST_NOT_ANSWERING, code: 'GHOST_UNAVAILABLE' });
      expect(body.message).toBe('The blog service is not answering right now. Please try again in a few minutes.');
    } finally {
      ghost.mode = 'ok';
    }
  });

  it('says the blog refused the request when Ghost does not know our key', async () => {
    const rightKey = ghost.key;
    ghost.key = 'ffffffffffffffffffffffffff';
    try {
      const body = expectContract<{ message: string; code: string }>(await ghostPostOf(testApp, 'a-ghost-post'), 'getGhostPost', 503);
      expect(body).toEqual({ message: GHOST_REFUSED, code: 'GHOST_REFUSED' });
    } finally {
      ghost.key = rightKey;
    }
  });
});

describe('the server’s lists of the contract’s values', () => {
  it('hold every course in the contract’s order, and every review step', () => {
    const contract = loadContract();
    expect(RECIPE_COURSES).toEqual((contract.schema('RecipeCourse') as { enum: string[] }).enum);
    expect(REVIEW_STEPS).toEqual((contract.schema('ContentReviewStep') as { enum: string[] }).enum);
  });
});

describe('the Ghost settings', () => {
  const KEY = '22444f78447824223cefc48062';

  it('are read from GHOST_URL and GHOST_CONTENT_KEY, both or neither, the key as Ghost issues it', () => {
    expect(loadConfig({}).ghost).toBeUndefined();
    expect(loadConfig({ GHOST_URL: 'https://blog.example/', GHOST_CONTENT_KEY: KEY }).ghost).toEqual({ url: 'https://blog.example', contentKey: KEY, timeoutMs: 5000 });
    expect(() => loadConfig({ GHOST_URL: 'https://blog.example' })).toThrow('Set both GHOST_URL and GHOST_CONTENT_KEY');
    expect(() => loadConfig({ GHOST_CONTENT_KEY: KEY })).toThrow('Set both GHOST_URL and GHOST_CONTENT_KEY');
    expect(() => loadConfig({ GHOST_URL: 'https://blog.example', GHOST_CONTENT_KEY: 'my-admin-key' })).toThrow('26 hexadecimal characters');
    expect(() => loadConfig({ GHOST_URL: 'blog.example', GHOST_CONTENT_KEY: KEY })).toThrow('GHOST_URL must be an http(s) URL');
  });
});

describe('the Ghost stand-in answers as Ghost’s Content API does', () => {
  let ghost: GhostStandIn;
  beforeAll(async () => {
    ghost = await startGhostStandIn([
      ghostPost('first', 'First', '<p>One</p>', { published_at: '2026-01-01T00:00:00.000Z' }),
      ghostPost('second', 'Second', '<p>Two</p>', { published_at: '2026-02-01T00:00:00.000Z' }),
      ghostPost('third', 'Third', '<p>Three</p>', { published_at: '2026-03-01T00:00:00.000Z' }),
    ]);
  });
  afterAll(async () => {
    await ghost?.close();
  });

  const read = async (path: string) => {
    const response = await fetch(`${ghost.url}/ghost/api/content/${path}`, { headers: { 'accept-version': 'v5.0' } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('browses posts newest first with Ghost’s pagination, including tags and authors only when asked', async () => {
    const { status, body } = await read(`posts/?key=${ghost.key}&limit=2&page=1`);
    expect(status).toBe(200);
    expect((body.posts as Array<{ slug: string }>).map((post) => post.slug)).toEqual(['third', 'second']);
    expect(body.meta).toEqual({ pagination: { page: 1, limit: 2, pages: 2, total: 3, next: 2, prev: null } });
    expect(body.posts as object[]).not.toContainEqual(expect.objectContaining({ primary_author: expect.anything() }));
    const withAuthors = await read(`posts/?key=${ghost.key}&limit=2&page=2&include=tags,authors`);
    expect(withAuthors.body.posts).toEqual([expect.objectContaining({ slug: 'first', primary_author: expect.objectContaining({ name: 'Ghost Writer' }) })]);
  });

  it('refuses a missing or unknown key, and a slug it does not know, with Ghost’s errors', async () => {
    expect(await read('posts/slug/first/')).toMatchObject({ status: 403, body: { errors: [{ type: 'NoPermissionError' }] } });
    expect(await read('posts/slug/first/?key=0123456789abcdef0123456789')).toMatchObject({
      status: 401,
      body: { errors: [{ message: 'Unknown Content API Key', type: 'UnauthorizedError' }] },
    });
    expect(await read(`posts/slug/fourth/?key=${ghost.key}`)).toMatchObject({ status: 404, body: { errors: [{ type: 'NotFoundError' }] } });
  });
});
