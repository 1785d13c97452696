/**
 * The recipe list's address (words, diets, gut benefit, course and page), as the page reads what its route kept
 * (src/app/search.ts `listSearch`). A value that does not fit is dropped, and the page opens as it would without it.
 */
import { onlyWhenTrue, pageOf, wordsOf } from '@/lib/content-search';
import { isGutBenefit, isRecipeCourse, type Diet, type GutBenefit, type RecipeCourse } from '@/lib/content-values';

/** A diet filter is only ever on (`?vegan=true`): off is the address without it. */
export type DietFilters = { [diet in Diet]?: true | undefined };

export interface RecipeListSearch extends DietFilters {
  q?: string | undefined;
  benefit?: GutBenefit | undefined;
  course?: RecipeCourse | undefined;
  page?: number | undefined;
}

export function recipeListSearch(search: Record<string, unknown>): RecipeListSearch {
  return {
    q: wordsOf(search.q),
    vegetarian: onlyWhenTrue(search.vegetarian),
    vegan: onlyWhenTrue(search.vegan),
    glutenFree: onlyWhenTrue(search.glutenFree),
    jain: onlyWhenTrue(search.jain),
    benefit: isGutBenefit(search.benefit) ? search.benefit : undefined,
    course: isRecipeCourse(search.course) ? search.course : undefined,
    page: pageOf(search.page),
  };
}
