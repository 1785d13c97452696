/**
 * A piece as its edit page holds it (numbers as typed, rows with keys of their own) and as the save call takes it
 * (`AuthoringItemSave`): the conversions both ways, and the contract's rules checked before anything is sent.
 */
import type { Diets, GutBenefit, RecipeCourse } from '@/lib/recipe-terms';
import type { AuthoringItem, AuthoringSave, ContentImage, RecipeDetails } from './api/authoring';

export interface IngredientRow {
  key: number;
  quantity: string;
  item: string;
}

export interface StepRow {
  key: number;
  text: string;
}

export const NUTRIENTS = ['calories', 'proteinGrams', 'carbsGrams', 'fatGrams', 'fibreGrams'] as const;
export type Nutrient = (typeof NUTRIENTS)[number];

export interface RecipeValues {
  course: RecipeCourse;
  diets: Diets;
  benefits: GutBenefit[];
  prepMinutes: string;
  cookMinutes: string;
  servings: string;
  ingredients: IngredientRow[];
  steps: StepRow[];
  nutrition: Record<Nutrient, string>;
  gutNote: string;
}

export interface DraftValues {
  title: string;
  slug: string;
  summary: string;
  bodyHtml: string;
  tags: string[];
  cover: ContentImage | null;
  /** Null for a post. */
  recipe: RecipeValues | null;
}

/** Where a problem is shown: a field of the page. */
export type DraftField =
  | 'title'
  | 'slug'
  | 'summary'
  | 'bodyHtml'
  | 'tags'
  | 'cover'
  | 'course'
  | 'diets'
  | 'benefits'
  | 'prepMinutes'
  | 'cookMinutes'
  | 'servings'
  | 'ingredients'
  | 'steps'
  | 'nutrition'
  | 'gutNote';

export type DraftProblems = Partial<Record<DraftField, string>>;

/** The contract's limits (AuthoringItemSave, RecipeDetails). */
export const LIMITS = {
  title: 160,
  slug: 100,
  summary: 300,
  tags: 10,
  tag: 40,
  ingredients: 60,
  quantity: 40,
  item: 120,
  steps: 40,
  step: 1000,
  gutNote: 1000,
} as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAG = /^[a-z0-9]+(?:[ -][a-z0-9]+)*$/;

let lastRowKey = 0;
/** A key for a new row, so that React keeps each row's inputs with it when rows move. */
export const rowKey = () => ++lastRowKey;

const EMPTY_NUTRITION: Record<Nutrient, string> = { calories: '', proteinGrams: '', carbsGrams: '', fatGrams: '', fibreGrams: '' };

function numberText(value: number | null): string {
  return value === null ? '' : String(value);
}

/** The parts of a recipe the server has none for yet (the contract allows it): a main course, nothing else given. */
export const UNWRITTEN_RECIPE: RecipeDetails = {
  course: 'main',
  diets: { vegetarian: false, vegan: false, glutenFree: false, jain: false },
  benefits: [],
  prepMinutes: null,
  cookMinutes: null,
  servings: null,
  ingredients: [],
  steps: [],
  nutrition: null,
  gutNote: '',
};

/** A recipe's parts as the page holds them. */
export function recipeValuesOf(details: RecipeDetails | null): RecipeValues {
  const parts = details ?? UNWRITTEN_RECIPE;
  return {
    course: parts.course,
    diets: parts.diets,
    benefits: parts.benefits,
    prepMinutes: numberText(parts.prepMinutes),
    cookMinutes: numberText(parts.cookMinutes),
    servings: numberText(parts.servings),
    ingredients: parts.ingredients.map((ingredient) => ({ key: rowKey(), ...ingredient })),
    steps: parts.steps.map((text) => ({ key: rowKey(), text })),
    nutrition: parts.nutrition
      ? {
          calories: numberText(parts.nutrition.calories),
          proteinGrams: numberText(parts.nutrition.proteinGrams),
          carbsGrams: numberText(parts.nutrition.carbsGrams),
          fatGrams: numberText(parts.nutrition.fatGrams),
          fibreGrams: numberText(parts.nutrition.fibreGrams),
        }
      : EMPTY_NUTRITION,
    gutNote: parts.gutNote,
  };
}

export function draftValuesOf(item: AuthoringItem): DraftValues {
  return {
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    bodyHtml: item.bodyHtml,
    tags: item.tags,
    cover: item.cover,
    recipe: item.kind === 'recipe' ? recipeValuesOf(item.recipe) : null,
  };
}

/** The values without the rows' keys: two drafts that would save the same compare equal. */
export function comparable(values: DraftValues): string {
  return JSON.stringify(values, (name, value: unknown) => (name === 'key' ? undefined : value));
}

/** A tag as the contract keeps it: lower-case words joined by single spaces or dashes. */
export function normaliseTag(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

export function tagProblem(tag: string): string | undefined {
  if (tag.length > LIMITS.tag) return `“${tag}” is longer than ${LIMITS.tag} characters.`;
  return TAG.test(tag) ? undefined : `“${tag}” may hold only letters, digits, and single spaces or dashes between words.`;
}

/** A slug made from a title, as one would type it: `Ragi Dosa (Fermented)` → `ragi-dosa-fermented`. */
export function slugFrom(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.slug)
    .replace(/-+$/, '');
}

/** A whole number from `min` to `max` as typed, null when empty, undefined when it is not one. */
function wholeNumber(text: string, min: number, max: number): number | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d+$/.test(typed)) return undefined;
  const value = Number(typed);
  return value >= min && value <= max ? value : undefined;
}

function decimalNumber(text: string, max: number): number | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d+(?:\.\d+)?$/.test(typed)) return undefined;
  const value = Number(typed);
  return value <= max ? value : undefined;
}

const NUTRIENT_RULES: Record<Nutrient, { label: string; max: number; whole: boolean }> = {
  calories: { label: 'Energy (kcal)', max: 5000, whole: true },
  proteinGrams: { label: 'Protein (g)', max: 500, whole: false },
  carbsGrams: { label: 'Carbohydrates (g)', max: 500, whole: false },
  fatGrams: { label: 'Fat (g)', max: 500, whole: false },
  fibreGrams: { label: 'Fibre (g)', max: 500, whole: false },
};

export const nutrientLabel = (nutrient: Nutrient) => NUTRIENT_RULES[nutrient].label;

function recipeDetailsOf(recipe: RecipeValues, problems: DraftProblems): RecipeDetails {
  const minutes = (field: 'prepMinutes' | 'cookMinutes') => {
    const value = wholeNumber(recipe[field], 0, 1440);
    if (value === undefined) problems[field] = 'Enter whole minutes, from 0 to 1440 (a day).';
    return value ?? null;
  };
  const prepMinutes = minutes('prepMinutes');
  const cookMinutes = minutes('cookMinutes');
  const servings = wholeNumber(recipe.servings, 1, 50);
  if (servings === undefined) problems.servings = 'Enter how many it serves, from 1 to 50.';

  const ingredients: RecipeDetails['ingredients'] = [];
  recipe.ingredients.forEach((row, index) => {
    const quantity = row.quantity.trim();
    const item = row.item.trim();
    if (quantity === '' && item === '') return;
    if (item === '') problems.ingredients ??= `Ingredient ${index + 1} has a quantity but no item: name the ingredient, or remove the row.`;
    else ingredients.push({ quantity, item });
  });

  const steps = recipe.steps.map((row) => row.text.trim()).filter((text) => text !== '');

  const figures = NUTRIENTS.map((nutrient) => {
    const { max, whole } = NUTRIENT_RULES[nutrient];
    return [nutrient, whole ? wholeNumber(recipe.nutrition[nutrient], 0, max) : decimalNumber(recipe.nutrition[nutrient], max)] as const;
  });
  const wrong = figures.find(([, value]) => value === undefined);
  const typed = figures.filter(([, value]) => value !== null);
  let nutrition: RecipeDetails['nutrition'] = null;
  if (wrong) {
    const { label, max, whole } = NUTRIENT_RULES[wrong[0]];
    problems.nutrition = `${label}: enter ${whole ? 'a whole number' : 'a number'} from 0 to ${max}.`;
  } else if (typed.length === NUTRIENTS.length) {
    nutrition = Object.fromEntries(typed) as NonNullable<RecipeDetails['nutrition']>;
  } else if (typed.length > 0) {
    problems.nutrition = 'Enter all five figures per serving, or leave them all empty for now.';
  }

  return {
    course: recipe.course,
    diets: recipe.diets,
    benefits: recipe.benefits,
    prepMinutes,
    cookMinutes,
    servings: servings ?? null,
    ingredients,
    steps,
    nutrition,
    gutNote: recipe.gutNote.trim(),
  };
}

/**
 * What the save call is sent, or the problems that keep it from being sent: the contract's rules, so that a draft
 * the server would refuse is held back with the reason at its field. Empty rows are left out rather than refused.
 */
export function saveBodyOf(values: DraftValues): { body: AuthoringSave; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const title = values.title.trim();
  if (title === '') problems.title = 'Enter a title.';
  const slug = values.slug.trim();
  if (!SLUG.test(slug)) problems.slug = 'Use lower-case letters and digits, with single dashes between words (e.g. ragi-dosa).';
  if (values.summary.length > LIMITS.summary) problems.summary = `Keep the summary to ${LIMITS.summary} characters.`;
  if (values.tags.length > LIMITS.tags) problems.tags = `At most ${LIMITS.tags} tags.`;
  const body: AuthoringSave = {
    title,
    slug,
    summary: values.summary.trim(),
    bodyHtml: values.bodyHtml,
    tags: values.tags,
    coverImageId: values.cover?._id ?? null,
    recipe: values.recipe ? recipeDetailsOf(values.recipe, problems) : null,
  };
  return { body, problems };
}

/** The page's field for a field the server named (`recipe.ingredients.2.item` → ingredients). */
export function draftFieldOf(serverField: string): DraftField | undefined {
  const [head, second] = serverField.split('.');
  if (head === 'coverImageId' || head === 'cover') return 'cover';
  const name = head === 'recipe' ? second : head;
  const fields: readonly DraftField[] = [
    'title',
    'slug',
    'summary',
    'bodyHtml',
    'tags',
    'course',
    'diets',
    'benefits',
    'prepMinutes',
    'cookMinutes',
    'servings',
    'ingredients',
    'steps',
    'nutrition',
    'gutNote',
  ];
  return fields.find((field) => field === name);
}

/** The server's field messages at the page's fields; those the page has no field for are returned apart. */
export function problemsFromServer(fields: Record<string, string> | undefined): { problems: DraftProblems; unplaced: string[] } {
  const problems: DraftProblems = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fields ?? {})) {
    const text = message.charAt(0).toUpperCase() + message.slice(1);
    const at = draftFieldOf(field);
    if (at) problems[at] ??= text;
    else unplaced.push(`${field}: ${message}`);
  }
  return { problems, unplaced };
}

/** Moves the row at `index` one place earlier (-1) or later (+1). */
export function moved<Row>(rows: readonly Row[], index: number, by: -1 | 1): Row[] {
  const target = index + by;
  if (target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
