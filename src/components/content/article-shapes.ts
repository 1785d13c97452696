/**
 * What a post's and a recipe's article show, typed from the contract: a published `Post` or `Recipe` is one as it
 * is, and so is a draft (`AuthoringItem`) in the preview, whose date and recipe parts may not be given yet.
 */
import type { components } from '../../../openapi/schema';

type Schemas = components['schemas'];

/** The day it was published; null for a draft not yet published. */
interface Publication {
  publishedAt: string | null;
}

export type ArticlePost = Pick<Schemas['Post'], 'title' | 'summary' | 'author' | 'readingMinutes' | 'cover' | 'bodyHtml' | 'tags'> & Publication;

/** A `Recipe`'s parts are a draft's `RecipeDetails` made complete: times, servings and nutrition given. */
export type ArticleRecipe = Pick<Schemas['Recipe'], 'slug' | 'title' | 'summary' | 'author' | 'cover' | 'bodyHtml'> & Schemas['RecipeDetails'] & Publication;
