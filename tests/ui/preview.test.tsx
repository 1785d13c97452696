/**
 * The authoring preview (/blog/test, /recipe/test) shows a draft exactly as the public page (/blog, /recipe) will show
 * it once published: the same article, marked as a preview, without the head tags and schema.org data of a published
 * page; and a recipe draft still missing parts shows what it has.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import { answers, server } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type Item = Schemas['AuthoringItem'];
type Post = Schemas['Post'];
type Recipe = Schemas['Recipe'];
type ErrorBody = Schemas['Error'];
type PostAnswer = operations['getPost']['responses'][200]['content']['application/json'];
type RecipeAnswer = operations['getRecipe']['responses'][200]['content']['application/json'];
type ItemAnswer = Schemas['AuthoringItemAnswer'];

const DOCTOR = { name: 'Dev Doctor', role: 'doctor' } as const;
const NUTRITIONIST = { name: 'Nina Nutritionist', role: 'nutritionist' } as const;

const BODY_HTML =
  '<p>Most of us eat less fibre than we need.</p><h2>Why fibre matters</h2><p>It feeds the <a href="https://example.org/fibre">bacteria in your gut</a>.</p>';

const POST: Post = {
  _id: 'post-fibre',
  slug: 'fibre-in-indian-meals',
  title: 'Fibre in Indian meals',
  summary: 'Dal, rajma and greens: easy ways to eat more fibre.',
  tags: ['fibre', 'food'],
  author: DOCTOR,
  // 26 Nov 2026 in India, still 25 Nov in UTC.
  publishedAt: '2026-11-25T20:00:00.000Z',
  readingMinutes: 6,
  cover: { _id: 'img-1', url: '/api/content-images/img-1', width: 1200, height: 675 },
  bodyHtml: BODY_HTML,
  updatedAt: '2026-11-26T06:00:00.000Z',
};

const RECIPE: Recipe = {
  _id: 'recipe-ragi-dosa',
  slug: 'ragi-dosa',
  title: 'Ragi dosa with coconut chutney',
  summary: 'A crisp, fermented dosa of finger millet and rice.',
  tags: ['millets'],
  author: NUTRITIONIST,
  publishedAt: '2026-11-25T20:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  cover: null,
  course: 'breakfast',
  diets: { vegetarian: true, vegan: true, glutenFree: false, jain: false },
  benefits: ['fibre', 'fermented'],
  prepMinutes: 15,
  cookMinutes: 20,
  servings: 4,
  bodyHtml: '<p>Soak the batter the night before: the <strong>overnight ferment</strong> does the work.</p>',
  ingredients: [
    { quantity: '1 katori', item: 'ragi flour' },
    { quantity: '', item: 'Salt to taste' },
  ],
  steps: ['Grind the rice with a little water.', 'Spread thin on a hot tawa and cook both sides.'],
  nutrition: { calories: 210, proteinGrams: 5.5, carbsGrams: 38, fatGrams: 4, fibreGrams: 4.2 },
  gutNote: 'Ragi brings fibre, and the overnight ferment makes the batter easier to digest for many people.',
};

/** A piece as the authoring calls answer it. */
function item(fields: Partial<Item> & Pick<Item, '_id' | 'kind' | 'slug' | 'title' | 'author'>): Item {
  return {
    summary: '',
    bodyHtml: '',
    tags: [],
    cover: null,
    recipe: null,
    state: 'draft',
    isAuthor: true,
    allowedSteps: [],
    reviewComment: null,
    history: [],
    revision: 3,
    readingMinutes: 1,
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedAt: '2026-11-26T06:00:00.000Z',
    publishedAt: null,
    ...fields,
  };
}

/** The post, taken off the shop and back with its author: it keeps the day it was published. */
const POST_DRAFT = item({
  _id: 'piece-post',
  kind: 'post',
  state: 'unpublished',
  slug: POST.slug,
  title: POST.title,
  summary: POST.summary,
  tags: POST.tags,
  author: POST.author,
  publishedAt: POST.publishedAt,
  readingMinutes: POST.readingMinutes,
  cover: POST.cover,
  bodyHtml: POST.bodyHtml,
});

const { course, diets, benefits, prepMinutes, cookMinutes, servings, ingredients, steps, nutrition, gutNote } = RECIPE;
const RECIPE_DRAFT = item({
  _id: 'piece-recipe',
  kind: 'recipe',
  state: 'unpublished',
  slug: RECIPE.slug,
  title: RECIPE.title,
  summary: RECIPE.summary,
  tags: RECIPE.tags,
  author: RECIPE.author,
  publishedAt: RECIPE.publishedAt,
  cover: RECIPE.cover,
  bodyHtml: RECIPE.bodyHtml,
  recipe: { course, diets, benefits, prepMinutes, cookMinutes, servings, ingredients, steps, nutrition, gutNote },
});

/** The public post and recipe calls, and the authoring call for one piece, answering `pieces`. */
function contentApi(pieces: Item[]) {
  server.use(
    http.get<{ slug: string }, never, PostAnswer | ErrorBody>('*/api/posts/:slug', ({ params }) =>
      params.slug === POST.slug ? HttpResponse.json({ post: POST, related: [] }) : HttpResponse.json({ message: 'No such post.' }, { status: 404 }),
    ),
    http.get<{ slug: string }, never, RecipeAnswer | ErrorBody>('*/api/recipes/:slug', ({ params }) =>
      params.slug === RECIPE.slug ? HttpResponse.json({ recipe: RECIPE }) : HttpResponse.json({ message: 'No such recipe.' }, { status: 404 }),
    ),
    http.get<{ id: string }, never, ItemAnswer | ErrorBody>('*/api/authoring/items/:id', ({ params }) => {
      const piece = pieces.find((candidate) => candidate._id === params.id);
      return piece ? HttpResponse.json({ item: piece }) : HttpResponse.json({ message: 'There is no such piece.', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
}

/** The article's markup on the public page at `path`; the page is closed afterwards. */
async function publicArticle(path: string, title: string): Promise<string> {
  const { unmount } = renderShop(path);
  const article = await screen.findByRole('article', { name: title });
  const html = article.outerHTML;
  unmount();
  return html;
}

/** The schema.org types of the data in the document (the shell may add data of its own). */
function dataTypes(): unknown[] {
  // eslint-disable-next-line testing-library/no-node-access -- the JSON-LD is for machines: it has no role to find it by
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  return scripts.map((script) => (JSON.parse(script.textContent ?? 'null') as { '@type'?: unknown })['@type']);
}

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

describe('the preview of a post', () => {
  it('shows the draft as the public page shows the post: heading, byline with reading time, cover, text and tags', async () => {
    contentApi([POST_DRAFT]);
    const published = await publicArticle(`/blog?slug=${POST.slug}`, POST.title);

    renderShop('/blog/test?id=piece-post', { as: 'doctor' });
    expect(await screen.findByTestId('preview-banner')).toHaveTextContent('Preview — not published');
    const article = screen.getByRole('article', { name: POST.title });
    expect(article.outerHTML).toBe(published);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(article).getByRole('heading', { level: 1 })).toHaveTextContent(POST.title);
    expect(article).toHaveTextContent('Dev Doctor, Doctor · 26 Nov 2026 · 6 min read');
    // eslint-disable-next-line testing-library/no-node-access -- the one element that holds the sanitised HTML
    expect(article.querySelector('[data-rich-text]')?.innerHTML).toBe(BODY_HTML);
    expect(within(article).getByRole('heading', { level: 2, name: 'Why fibre matters' })).toBeInTheDocument();
    expect(within(within(article).getByRole('list', { name: 'Tags' })).getByRole('link', { name: 'Posts tagged fibre' })).toHaveAttribute(
      'href',
      '/blogs-list?tag=fibre',
    );
  });

  it('tells search engines nothing of the draft: no schema.org Article, no head tags of a published post', async () => {
    contentApi([POST_DRAFT]);
    renderShop('/blog/test?id=piece-post', { as: 'doctor' });
    await screen.findByTestId('preview-banner');
    expect(dataTypes()).not.toContain('Article');
    // eslint-disable-next-line testing-library/no-node-access -- the head's tags are for machines
    expect(document.head.querySelector('meta[property="og:type"]')).toBeNull();
    expect(document.title).toBe('Blog post preview: Fibre in Indian meals | Gut360 Health');
  });

  it('says a draft never published has no day yet', async () => {
    contentApi([{ ...POST_DRAFT, state: 'draft', publishedAt: null }]);
    renderShop('/blog/test?id=piece-post', { as: 'doctor' });
    const article = await screen.findByRole('article', { name: POST.title });
    expect(article).toHaveTextContent('Dev Doctor, Doctor · Not published yet · 6 min read');
    expect(within(article).queryByText('26 Nov 2026')).not.toBeInTheDocument();
  });
});

describe('the preview of a recipe', () => {
  it('shows the draft as the public page shows the recipe: facts, ingredients, steps, nutrition and gut note', async () => {
    contentApi([RECIPE_DRAFT]);
    const published = await publicArticle(`/recipe?slug=${RECIPE.slug}`, RECIPE.title);

    renderShop('/recipe/test?id=piece-recipe', { as: 'nutritionist' });
    expect(await screen.findByTestId('preview-banner')).toHaveTextContent('Preview — not published');
    const article = screen.getByRole('article', { name: RECIPE.title });
    expect(article.outerHTML).toBe(published);

    expect(article).toHaveTextContent('Recipe by Nina Nutritionist, Nutritionist · 26 Nov 2026');
    const ingredientItems = within(within(article).getByRole('region', { name: 'Ingredients' })).getAllByRole('listitem');
    expect(ingredientItems.map((entry) => entry.textContent)).toEqual(['1 katori ragi flour', 'Salt to taste']);
    const method = within(article).getByRole('region', { name: 'Method' });
    expect(within(method).getAllByRole('listitem').map((step) => step.textContent)).toEqual(RECIPE.steps);
    const table = within(within(article).getByRole('region', { name: 'Nutrition per serving' })).getByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Energy210 kcal',
      'Protein5.5 g',
      'Carbohydrates38 g',
      'Fat4 g',
      'Fibre4.2 g',
    ]);
    expect(within(article).getByRole('region', { name: 'Why it is good for your gut' })).toHaveTextContent(RECIPE.gutNote);
    expect(dataTypes()).not.toContain('Recipe');
  });

  it('shows what an unfinished draft has, and marks the rest as to come', async () => {
    contentApi([
      item({
        _id: 'piece-recipe',
        kind: 'recipe',
        slug: 'sprout-chaat',
        title: 'Sprout chaat',
        author: NUTRITIONIST,
        recipe: {
          course: 'snack',
          diets: { vegetarian: true, vegan: false, glutenFree: false, jain: false },
          benefits: [],
          prepMinutes: 10,
          cookMinutes: null,
          servings: null,
          ingredients: [],
          steps: [],
          nutrition: null,
          gutNote: '',
        },
      }),
    ]);
    renderShop('/recipe/test?id=piece-recipe', { as: 'nutritionist' });
    const article = await screen.findByRole('article', { name: 'Sprout chaat' });
    expect(article).toHaveTextContent('Recipe by Nina Nutritionist, Nutritionist · Not published yet');
    const facts = Object.fromEntries(
      // eslint-disable-next-line testing-library/no-node-access -- a description list's terms and details, paired
      [...article.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Prep: '10 min', Cook: 'To come', Total: 'To come', Serves: 'To come', Course: 'Snack' });
    expect(within(article).getByText('The text is still to come.')).toBeInTheDocument();
    const ingredientsPart = within(article).getByRole('region', { name: 'Ingredients' });
    expect(ingredientsPart).toHaveTextContent('Ingredients to come.');
    expect(within(ingredientsPart).queryByRole('list')).not.toBeInTheDocument();
    expect(within(article).getByRole('region', { name: 'Method' })).toHaveTextContent('Steps to come.');
    const nutritionPart = within(article).getByRole('region', { name: 'Nutrition per serving' });
    expect(nutritionPart).toHaveTextContent('Nutrition to come.');
    expect(within(nutritionPart).queryByRole('table')).not.toBeInTheDocument();
    expect(within(article).getByRole('region', { name: 'Why it is good for your gut' })).toHaveTextContent('To come.');
  });

  it('shows a recipe the server keeps no parts for yet as its edit page starts it', async () => {
    contentApi([item({ _id: 'piece-recipe', kind: 'recipe', slug: 'sprout-chaat', title: 'Sprout chaat', author: NUTRITIONIST })]);
    renderShop('/recipe/test?id=piece-recipe', { as: 'nutritionist' });
    const article = await screen.findByRole('article', { name: 'Sprout chaat' });
    // eslint-disable-next-line testing-library/no-node-access -- a description list's terms and details, paired
    expect([...article.querySelectorAll('dd')].map((detail) => detail.textContent)).toEqual(['To come', 'To come', 'To come', 'To come', 'Main course']);
    expect(within(article).getByRole('region', { name: 'Ingredients' })).toHaveTextContent('Ingredients to come.');
  });
});
