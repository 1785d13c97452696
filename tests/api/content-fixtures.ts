/**
 * What the content and authoring tests share: complete posts and recipes to save, and the calls that write, review
 * and publish them, exactly as the authoring pages make them.
 */
import type { FastifyInstance } from 'fastify';
import type { components } from '../../openapi/schema';
import { expectContract } from './contract';
import type { Customer } from './orders-fixtures';

export type AuthoringItem = components['schemas']['AuthoringItem'];
export type AuthoringItemSave = components['schemas']['AuthoringItemSave'];
export type RecipeDetails = components['schemas']['RecipeDetails'];
type ContentKind = components['schemas']['ContentKind'];
type ContentReviewStep = components['schemas']['ContentReviewStep'];

/** Plain words, well over the 300 characters a post needs to go to review. */
export const POST_TEXT =
  'Fibre feeds the bacteria of the large intestine, which ferment it into short-chain fatty acids. ' +
  'A plate with dal, a vegetable sabzi, a katori of curd and a whole-grain roti or millet brings several kinds of fibre at once. ' +
  'Add variety over the week rather than a large amount of one food, and increase fibre slowly with enough water, so that the gut has time to adjust.';

export const RECIPE_PARTS: RecipeDetails = {
  course: 'side',
  diets: { vegetarian: true, vegan: true, glutenFree: true, jain: true },
  benefits: ['fibre'],
  prepMinutes: 10,
  cookMinutes: 15,
  servings: 2,
  ingredients: [
    { quantity: '1 katori', item: 'chopped lauki' },
    { quantity: '1 tsp', item: 'jeera' },
  ],
  steps: ['Temper the jeera in oil.', 'Add the lauki and cook covered until soft.'],
  nutrition: { calories: 90, proteinGrams: 2, carbsGrams: 10, fatGrams: 5, fibreGrams: 3 },
  gutNote: 'Soft, easily digested fibre. Nutrition figures are approximate.',
};

/** A save that passes every check of a submission, for `item` as it was created. */
export function completeSave(item: Pick<AuthoringItem, 'kind' | 'title' | 'slug'>, change: Partial<AuthoringItemSave> = {}): AuthoringItemSave {
  return {
    title: item.title,
    slug: item.slug,
    summary: `A short summary of ${item.title}.`,
    bodyHtml: `<p>${POST_TEXT}</p>`,
    tags: ['fibre'],
    coverImageId: null,
    recipe: item.kind === 'recipe' ? RECIPE_PARTS : null,
    ...change,
  };
}

export function createItem(app: FastifyInstance, who: Customer, kind: ContentKind, title: string) {
  return app.inject({ method: 'POST', url: '/api/authoring/items', headers: who.auth, payload: { kind, title } });
}

export async function newItem(app: FastifyInstance, who: Customer, kind: ContentKind, title: string): Promise<AuthoringItem> {
  return expectContract<{ item: AuthoringItem }>(await createItem(app, who, kind, title), 'createAuthoringItem', 201).item;
}

export function saveItem(app: FastifyInstance, who: Customer, id: string, payload: AuthoringItemSave) {
  return app.inject({ method: 'PUT', url: `/api/authoring/items/${id}`, headers: who.auth, payload });
}

export function reviewItem(app: FastifyInstance, who: Customer, id: string, step: ContentReviewStep, comment?: string) {
  return app.inject({ method: 'POST', url: `/api/authoring/items/${id}/review`, headers: who.auth, payload: { step, ...(comment !== undefined && { comment }) } });
}

export async function stepItem(app: FastifyInstance, who: Customer, id: string, step: ContentReviewStep, comment?: string): Promise<AuthoringItem> {
  return expectContract<{ item: AuthoringItem }>(await reviewItem(app, who, id, step, comment), 'reviewAuthoringItem', 200).item;
}

/** A piece of `author`'s taken through review to the shop by `admin`. */
export async function publishedItem(
  app: FastifyInstance,
  author: Customer,
  admin: Customer,
  kind: ContentKind,
  title: string,
  change: Partial<AuthoringItemSave> = {},
): Promise<AuthoringItem> {
  const item = await newItem(app, author, kind, title);
  expectContract(await saveItem(app, author, item._id, completeSave(item, change)), 'saveAuthoringItem', 200);
  await stepItem(app, author, item._id, 'submit');
  await stepItem(app, admin, item._id, 'approve');
  return stepItem(app, admin, item._id, 'publish');
}
