/**
 * What the public and the authoring calls share about a post or recipe (a "piece", `content_items`): who wrote it,
 * its cover picture, and the recipe's parts as the database keeps them.
 */
import type { components } from '../../../openapi/schema';
import type { ContentReviewEventType } from '../../../machines/content-review';

export type ContentAuthor = components['schemas']['ContentAuthor'];
export type ContentImage = components['schemas']['ContentImage'];
export type ContentKind = components['schemas']['ContentKind'];
export type ContentReviewStep = components['schemas']['ContentReviewStep'];
export type RecipeCourse = components['schemas']['RecipeCourse'];
export type RecipeDetails = components['schemas']['RecipeDetails'];
/** The roles that write and review pieces (the authoring calls' x-roles). */
export type StaffRole = 'admin' | 'doctor' | 'nutritionist';

/** The contract's review steps, in the machine's order of its events. */
export const REVIEW_STEPS: readonly ContentReviewStep[] = ['submit', 'withdraw', 'approve', 'requestChanges', 'publish', 'unpublish', 'revise'];

/** The machine's event each review step is. */
export const STEP_EVENTS = {
  submit: 'review.submit',
  withdraw: 'review.withdraw',
  approve: 'review.approve',
  requestChanges: 'review.requestChanges',
  publish: 'review.publish',
  unpublish: 'review.unpublish',
  revise: 'review.revise',
} as const satisfies Record<ContentReviewStep, ContentReviewEventType>;

export const RECIPE_COURSES: readonly RecipeCourse[] = ['breakfast', 'main', 'side', 'snack', 'drink', 'dessert'];

export const contentImageUrl = (id: string) => `/api/content-images/${id}`;

/** The columns `authorOf` and `coverOf` read, from `content_items c JOIN users u LEFT JOIN content_images i`. */
export const AUTHOR_AND_COVER_COLUMNS = `c.author_role, u.fullname AS author_name,
  i.id AS cover_id, i.width AS cover_width, i.height AS cover_height`;
export const AUTHOR_AND_COVER_JOINS = `JOIN users u ON u.id = c.author_id LEFT JOIN content_images i ON i.id = c.cover_image_id`;

export interface AuthorAndCoverRow {
  author_role: StaffRole;
  author_name: string;
  cover_id: string | null;
  cover_width: number | null;
  cover_height: number | null;
}

/** A person named as they are on the team; an erased profile keeps no name. */
export function authorOf(name: string, role: StaffRole): ContentAuthor {
  return { name: name.trim() || 'A former team member', role };
}

export function coverOf(row: AuthorAndCoverRow): ContentImage | null {
  if (!row.cover_id || !row.cover_width || !row.cover_height) return null;
  return { _id: row.cover_id, url: contentImageUrl(row.cover_id), width: row.cover_width, height: row.cover_height };
}

/** A recipe's parts before anything is written: every list empty, every number unknown. */
export function emptyRecipe(): RecipeDetails {
  return {
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
}

/** A post or recipe the demo data publishes (services/content/seed.ts). */
export interface SeedPiece {
  kind: ContentKind;
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  /** Which demo account wrote it. */
  author: 'doctor' | 'nutritionist';
  /** How long ago it was published, so that the lists have an order. */
  daysAgo: number;
  bodyHtml: string;
  recipe?: RecipeDetails;
}
