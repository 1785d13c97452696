/**
 * The recipes' public pages: the list (diets, gut benefit, course, words and pages in the address), a recipe whole
 * with its schema.org Recipe and a Print button, the cookbook by course with its PDF, and what each says when
 * something is missing.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components, operations } from '../../openapi/schema';
import type { ShopQueryClient } from '@/lib/query-client';
import { catalogue } from './cart-backend';
import { answers, server } from './handlers';
import { renderShop } from './render';

type Schemas = components['schemas'];
type Recipe = Schemas['Recipe'];
type RecipeSummary = Schemas['RecipeSummary'];
type ErrorBody = Schemas['Error'];
type RecipeList = operations['listRecipes']['responses'][200]['content']['application/json'];
type RecipeAnswer = operations['getRecipe']['responses'][200]['content']['application/json'];
type Cookbook = operations['getCookbook']['responses'][200]['content']['application/json'];
type ListQuery = NonNullable<operations['listRecipes']['parameters']['query']>;

/** A GET handler answering the operation's success body or the contract's error body. */
const get = <Answer extends DefaultBodyType>(
  path: `/api/${string}`,
  resolver: Parameters<typeof http.get<PathParams, DefaultBodyType, Answer | ErrorBody>>[1],
) => http.get<PathParams, DefaultBodyType, Answer | ErrorBody>(`*${path}`, resolver);

const NO_DIET = { vegetarian: false, vegan: false, glutenFree: false, jain: false };

const RAGI_DOSA: Recipe = {
  _id: 'recipe-ragi-dosa',
  slug: 'ragi-dosa',
  title: 'Ragi dosa with coconut chutney',
  summary: 'A crisp, fermented dosa of finger millet & rice.',
  tags: ['millets', 'breakfast'],
  author: { name: 'Meera Iyer', role: 'nutritionist' },
  publishedAt: '2026-11-25T20:00:00.000Z',
  updatedAt: '2026-11-26T06:00:00.000Z',
  cover: { _id: 'img-2', url: '/api/content-images/img-2', width: 1600, height: 1200 },
  course: 'breakfast',
  diets: { vegetarian: true, vegan: true, glutenFree: false, jain: false },
  benefits: ['fibre', 'fermented'],
  prepMinutes: 15,
  cookMinutes: 20,
  servings: 4,
  bodyHtml: '<p>Soak the batter the night before: the <strong>overnight ferment</strong> does the work.</p>',
  ingredients: [
    { quantity: '1 katori', item: 'ragi flour' },
    { quantity: '½ katori', item: 'dosa rice, soaked' },
    { quantity: '', item: 'Salt to taste' },
  ],
  steps: ['Grind the rice with a little water.', 'Mix in the ragi flour and leave it overnight.', 'Spread thin on a hot tawa and cook both sides.'],
  nutrition: { calories: 210, proteinGrams: 5.5, carbsGrams: 38, fatGrams: 4, fibreGrams: 4.2 },
  gutNote: 'Ragi brings fibre, and the overnight ferment makes the batter easier to digest for many people.',
};

const KADHI: Recipe = {
  ...RAGI_DOSA,
  _id: 'recipe-jain-kadhi',
  slug: 'jain-kadhi',
  title: 'Jain kadhi',
  summary: 'Curd and besan kadhi without onion or garlic.',
  tags: [],
  cover: null,
  course: 'main',
  diets: { vegetarian: true, vegan: false, glutenFree: true, jain: true },
  benefits: ['fermented', 'protein'],
  prepMinutes: 10,
  cookMinutes: 60,
  servings: 1,
};

const CHAAS: Recipe = {
  ...RAGI_DOSA,
  _id: 'recipe-masala-chaas',
  slug: 'masala-chaas',
  title: 'Masala chaas',
  course: 'drink',
  cover: null,
  diets: { ...NO_DIET, vegetarian: true, glutenFree: true },
  benefits: ['fermented'],
  cookMinutes: 0,
  prepMinutes: 5,
};

function summaryOf({ bodyHtml: _body, ingredients: _ingredients, steps: _steps, nutrition: _nutrition, gutNote: _note, updatedAt: _updated, ...summary }: Recipe): RecipeSummary {
  return summary;
}

const PUBLISHED = [RAGI_DOSA, KADHI, CHAAS].map(summaryOf);

/** GET /api/recipes over `recipes` as the contract describes it; keeps each request's query. */
function recipesApi(recipes: RecipeSummary[] = PUBLISHED) {
  const asked: ListQuery[] = [];
  server.use(
    get<RecipeList>('/api/recipes', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const query = Object.fromEntries(
        [...params].map(([key, value]) => [key, ['limit', 'offset'].includes(key) ? Number(value) : value === 'true' ? true : value]),
      ) as ListQuery;
      asked.push(query);
      const matching = recipes.filter(
        (recipe) =>
          (!query.vegetarian || recipe.diets.vegetarian) &&
          (!query.vegan || recipe.diets.vegan) &&
          (!query.glutenFree || recipe.diets.glutenFree) &&
          (!query.jain || recipe.diets.jain) &&
          (!query.benefit || recipe.benefits.includes(query.benefit)) &&
          (!query.course || recipe.course === query.course) &&
          (!query.q || `${recipe.title} ${recipe.summary}`.toLowerCase().includes(query.q.toLowerCase())),
      );
      const offset = query.offset ?? 0;
      return HttpResponse.json({ items: matching.slice(offset, offset + (query.limit ?? 12)), total: matching.length });
    }),
  );
  return asked;
}

function recipeApi(recipes: Recipe[]) {
  server.use(
    get<RecipeAnswer>('/api/recipes/:slug', ({ params }) => {
      const recipe = recipes.find((candidate) => candidate.slug === params.slug);
      return recipe ? HttpResponse.json({ recipe }) : HttpResponse.json({ message: 'There is no published recipe with this address.', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
}

/** The page's schema.org data of `type` (the shell may add data of its own). */
function pageData(type: string): Record<string, unknown> | undefined {
  // eslint-disable-next-line testing-library/no-node-access -- the JSON-LD is for machines: it has no role to find it by
  const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')];
  return scripts.map((script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>).find((data) => data['@type'] === type);
}

const searchParam = (name: string) => new URLSearchParams(window.location.search).get(name);

beforeEach(() => {
  // Without Gut Start the offer's dialog stays shut, however long a test takes.
  server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
});

describe('the recipe list', () => {
  it('shows the recipes as cards with time, servings, diets and gut benefits', async () => {
    recipesApi();
    renderShop('/recipe-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipes' })).toBeInTheDocument();
    expect(await screen.findByTestId('recipes-status')).toHaveTextContent('3 recipes, newest first.');
    const [dosa, kadhi] = screen.getAllByTestId('recipe-card') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(dosa).getByRole('link', { name: 'Ragi dosa with coconut chutney' })).toHaveAttribute('href', '/recipe?slug=ragi-dosa');
    expect(within(dosa).getByText('A crisp, fermented dosa of finger millet & rice.')).toBeInTheDocument();
    expect(dosa).toHaveTextContent('Total 35 min · 4 servings');
    expect(within(within(dosa).getByRole('list', { name: 'Diet' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Vegetarian', 'Vegan']);
    expect(within(within(dosa).getByRole('list', { name: 'Good for the gut' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Fibre',
      'Fermented',
    ]);
    expect(kadhi).toHaveTextContent('Total 1 hr 10 min · 1 serving');
    expect(within(within(kadhi).getByRole('list', { name: 'Diet' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Vegetarian',
      'Gluten-free',
      'Jain',
    ]);
    expect(within(kadhi).getByTestId('content-cover-frame')).toBeInTheDocument();
  });

  it('filters by diet toggles, gut benefit, course and words, each kept in the address', async () => {
    const asked = recipesApi();
    const { user } = renderShop('/recipe-list');
    await screen.findByText('3 recipes, newest first.');
    const diets = screen.getByRole('group', { name: 'Diet' });
    const jain = within(diets).getByRole('button', { name: 'Jain' });
    expect(jain).toHaveAttribute('aria-pressed', 'false');
    await user.click(jain);
    expect(await screen.findByText('1 recipe for Jain.')).toBeInTheDocument();
    expect(jain).toHaveAttribute('aria-pressed', 'true');
    expect(searchParam('jain')).toBe('true');
    expect(asked.at(-1)).toEqual({ jain: true, limit: 12, offset: 0 });
    // Pressed again, the filter is off.
    await user.click(jain);
    expect(await screen.findByText('3 recipes, newest first.')).toBeInTheDocument();
    expect(searchParam('jain')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Gut benefit'), 'Fermented');
    expect(await screen.findByText('3 recipes for Fermented.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Course'), 'Drink');
    expect(await screen.findByText('1 recipe for Fermented, Drink.')).toBeInTheDocument();
    expect(searchParam('benefit')).toBe('fermented');
    expect(searchParam('course')).toBe('drink');
    expect(asked.at(-1)).toEqual({ benefit: 'fermented', course: 'drink', limit: 12, offset: 0 });
    expect(screen.getAllByTestId('recipe-card')).toHaveLength(1);

    await user.type(screen.getByRole('searchbox', { name: 'Search the recipes' }), 'lassi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByTestId('recipes-empty')).toHaveTextContent('No recipe matches these filters.');
    expect(searchParam('q')).toBe('lassi');
    await user.click(screen.getByRole('button', { name: 'Show all recipes' }));
    expect(await screen.findByText('3 recipes, newest first.')).toBeInTheDocument();
    expect(screen.getByLabelText('Course')).toHaveValue('');
  });

  it('opens with the filters and page of its address', async () => {
    const many = Array.from({ length: 14 }, (_, index) => ({ ...summaryOf(RAGI_DOSA), _id: `r${index}`, slug: `dosa-${index + 1}`, title: `Dosa ${index + 1}` }));
    const asked = recipesApi(many);
    const { user } = renderShop('/recipe-list?vegan=true&course=breakfast&benefit=fibre&page=2');
    expect(await screen.findByText('14 recipes for Vegan, Fibre, Breakfast, page 2 of 2.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ vegan: true, benefit: 'fibre', course: 'breakfast', limit: 12, offset: 12 });
    expect(within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Gut benefit')).toHaveValue('fibre');
    expect(screen.getAllByTestId('recipe-card')).toHaveLength(2);
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of recipes' })).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('14 recipes for Vegan, Fibre, Breakfast, page 1 of 2.')).toBeInTheDocument();
    expect(searchParam('page')).toBeNull();
    expect(asked.at(-1)).toMatchObject({ offset: 0 });
  });

  it('ignores filters the contract does not know', async () => {
    const asked = recipesApi();
    renderShop('/recipe-list?course=brunch&benefit=vitamins&vegan=yes');
    expect(await screen.findByText('3 recipes, newest first.')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ limit: 12, offset: 0 });
  });

  it('says when the recipes cannot be loaded, and tries again', async () => {
    let down = true;
    server.use(
      get<RecipeList>('/api/recipes', () =>
        down ? HttpResponse.error() : HttpResponse.json({ items: PUBLISHED, total: PUBLISHED.length }),
      ),
    );
    const { user } = renderShop('/recipe-list');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('We could not load the recipes. No connection: we could not reach the shop.');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 recipes, newest first.')).toBeInTheDocument();
  });
});

describe('a recipe', () => {
  it('shows the whole recipe: times, servings, badges, ingredients, steps, nutrition and why it helps the gut', async () => {
    recipeApi([RAGI_DOSA]);
    renderShop('/recipe?slug=ragi-dosa');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Ragi dosa with coconut chutney' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const article = screen.getByRole('article', { name: 'Ragi dosa with coconut chutney' });
    // eslint-disable-next-line testing-library/no-node-access -- the server finds the page's root by this mark
    expect(heading.closest('[data-article-root]')).toContainElement(article);
    expect(article).toHaveTextContent('Recipe by Meera Iyer, Nutritionist · 26 Nov 2026');
    expect(within(article).getByText('A crisp, fermented dosa of finger millet & rice.')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- the one element that holds the server's HTML
    expect(article.querySelector('[data-rich-text]')?.innerHTML).toBe(RAGI_DOSA.bodyHtml);
    const facts = Object.fromEntries(
      // eslint-disable-next-line testing-library/no-node-access -- a description list's terms and details, paired
      [...article.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Prep: '15 min', Cook: '20 min', Total: '35 min', Serves: '4', Course: 'Breakfast' });
    expect(within(within(article).getByRole('list', { name: 'Diet' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Vegetarian', 'Vegan']);

    const ingredients = within(screen.getByRole('region', { name: 'Ingredients' })).getAllByRole('listitem');
    expect(ingredients.map((item) => item.textContent)).toEqual(['1 katori ragi flour', '½ katori dosa rice, soaked', 'Salt to taste']);
    expect(within(ingredients[0] as HTMLElement).getByText('1 katori').tagName).toBe('STRONG');
    const steps = within(screen.getByRole('region', { name: 'Method' })).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getAllByRole('listitem').map((step) => step.textContent)).toEqual(RAGI_DOSA.steps);

    const table = within(screen.getByRole('region', { name: 'Nutrition per serving' })).getByRole('table');
    expect(within(table).getByText(/^Approximate values for one serving/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, within(row).getByRole('cell').textContent]);
    expect(rows).toEqual([
      ['Energy', '210 kcal'],
      ['Protein', '5.5 g'],
      ['Carbohydrates', '38 g'],
      ['Fat', '4 g'],
      ['Fibre', '4.2 g'],
    ]);
    expect(screen.getByRole('region', { name: 'Why it is good for your gut' })).toHaveTextContent(RAGI_DOSA.gutNote);
  });

  it('prints from its Print button, with the shop’s header and footer left off the paper', async () => {
    recipeApi([RAGI_DOSA]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderShop('/recipe?slug=ragi-dosa');
    await user.click(await screen.findByRole('button', { name: 'Print this recipe' }));
    expect(print).toHaveBeenCalledOnce();
    const printRules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText === 'print')
      .map((rule) => rule.cssText)
      .join('\n');
    expect(printRules).toMatch(/header:not\(main header\)[^{]*\{[^}]*display: none/);
    expect(screen.getByRole('button', { name: 'Print this recipe' })).toHaveAttribute('data-print-hidden');
  });

  it('tells search engines the recipe as schema.org Recipe', async () => {
    recipeApi([RAGI_DOSA]);
    renderShop('/recipe?slug=ragi-dosa');
    await screen.findByRole('heading', { level: 1, name: 'Ragi dosa with coconut chutney' });
    expect(document.title).toBe('Ragi dosa with coconut chutney | Gut360 Health');
    expect(pageData('Recipe')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Ragi dosa with coconut chutney',
      description: 'A crisp, fermented dosa of finger millet & rice.',
      datePublished: '2026-11-25T20:00:00.000Z',
      dateModified: '2026-11-26T06:00:00.000Z',
      author: { '@type': 'Person', name: 'Meera Iyer', jobTitle: 'Nutritionist' },
      publisher: { '@type': 'Organization', name: 'Gut360 Health' },
      image: '/api/content-images/img-2',
      mainEntityOfPage: { '@type': 'WebPage', '@id': '/recipe?slug=ragi-dosa' },
      prepTime: 'PT15M',
      cookTime: 'PT20M',
      totalTime: 'PT35M',
      recipeYield: '4 servings',
      recipeCategory: 'Breakfast',
      keywords: 'millets, breakfast',
      suitableForDiet: ['https://schema.org/VegetarianDiet', 'https://schema.org/VeganDiet'],
      recipeIngredient: ['1 katori ragi flour', '½ katori dosa rice, soaked', 'Salt to taste'],
      recipeInstructions: RAGI_DOSA.steps.map((text, index) => ({ '@type': 'HowToStep', position: index + 1, text })),
      nutrition: {
        '@type': 'NutritionInformation',
        servingSize: '1 serving',
        calories: '210 calories',
        proteinContent: '5.5 g',
        carbohydrateContent: '38 g',
        fatContent: '4 g',
        fiberContent: '4.2 g',
      },
    });
  });

  it('gives hours as ISO 8601 durations and a no-cook recipe no cooking time', async () => {
    recipeApi([KADHI, CHAAS]);
    renderShop('/recipe?slug=jain-kadhi');
    await screen.findByRole('heading', { level: 1, name: 'Jain kadhi' });
    expect(pageData('Recipe')).toMatchObject({ prepTime: 'PT10M', cookTime: 'PT1H', totalTime: 'PT1H10M', recipeYield: '1 serving', suitableForDiet: ['https://schema.org/VegetarianDiet', 'https://schema.org/GlutenFreeDiet'] });
  });

  it('says when no recipe has the address, with a way to the list', async () => {
    recipeApi([]);
    renderShop('/recipe?slug=no-such-recipe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipe not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all recipes' })).toHaveAttribute('href', '/recipe-list');
  });
});

describe('the cookbook', () => {
  const cookbook: Cookbook = {
    courses: [
      { course: 'breakfast', recipes: [RAGI_DOSA] },
      { course: 'main', recipes: [KADHI] },
      { course: 'drink', recipes: [CHAAS] },
    ],
  };

  it('holds every recipe in full by course, with contents and the PDF to download', async () => {
    server.use(get<Cookbook>('/api/cookbook', () => HttpResponse.json(cookbook)));
    renderShop('/cookbook');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookbook' })).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'Download the cookbook (PDF)' });
    expect(pdf).toHaveAttribute('href', '/api/cookbook.pdf');
    expect(pdf).toHaveAttribute('download');
    expect(await screen.findByText('3 recipes in 3 courses.')).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: 'Breakfast' })).toHaveAttribute('href', '#course-breakfast');
    expect(within(contents).getByRole('link', { name: 'Jain kadhi' })).toHaveAttribute('href', '#recipe-jain-kadhi');
    expect(screen.getAllByRole('heading', { level: 2 }).map((title) => title.textContent)).toEqual(['Contents', 'Breakfast', 'Main course', 'Drink']);

    const breakfast = screen.getByRole('region', { name: 'Breakfast' });
    expect(breakfast).toHaveAttribute('id', 'course-breakfast');
    const dosa = within(breakfast).getByRole('article', { name: 'Ragi dosa with coconut chutney' });
    expect(dosa).toHaveAttribute('id', 'recipe-ragi-dosa');
    expect(within(dosa).getAllByRole('heading', { level: 4 }).map((title) => title.textContent)).toEqual([
      'Ingredients',
      'Method',
      'Nutrition per serving',
      'Why it is good for your gut',
    ]);
    expect(within(dosa).getByText('1 katori').tagName).toBe('STRONG');
    expect(within(dosa).getAllByRole('listitem').map((item) => item.textContent)).toEqual(expect.arrayContaining(RAGI_DOSA.steps));
    expect(within(dosa).getByRole('table')).toHaveTextContent('210 kcal');
    expect(dosa).toHaveTextContent('Total35 min');
    const drink = screen.getByRole('article', { name: 'Masala chaas' });
    expect(drink).toHaveTextContent('CookNo cooking');
    expect(within(drink).getByRole('link', { name: 'Open this recipe on its own page: Masala chaas' })).toHaveAttribute('href', '/recipe?slug=masala-chaas');
  });

  it('shows its heading, the PDF and the recipes loading until the shop’s data code arrives, as prerendered', async () => {
    renderShop('/cookbook', { queryClient: new Promise<ShopQueryClient>(() => undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookbook' })).toBeInTheDocument();
    expect(screen.getByTestId('cookbook-status')).toHaveTextContent('Loading the recipes…');
    expect(screen.getByRole('link', { name: 'Download the cookbook (PDF)' })).toBeInTheDocument();
  });

  it('says when the cookbook cannot be loaded', async () => {
    server.use(get<Cookbook>('/api/cookbook', () => HttpResponse.json({ message: 'Too busy.' }, { status: 503 })));
    renderShop('/cookbook');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('We could not load the cookbook. The shop is busy right now.');
  });
});
