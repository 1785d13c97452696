/**
 * The words for a recipe's diets, gut benefits and course (the contract's `Diets`, `GutBenefit`, `RecipeCourse`), for
 * the public recipe pages and the authoring pages alike.
 */
import { DIETS, type Diet, type Diets, type GutBenefit, type RecipeCourse } from './content-values';

export { COURSES, DIETS, GUT_BENEFITS, isGutBenefit, isRecipeCourse, type Diet, type Diets, type GutBenefit, type RecipeCourse } from './content-values';

export const DIET_LABEL: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  glutenFree: 'Gluten-free',
  jain: 'Jain',
};

export const GUT_BENEFIT_LABEL: Record<GutBenefit, string> = {
  fibre: 'Fibre',
  fermented: 'Fermented',
  prebiotic: 'Prebiotic',
  polyphenols: 'Polyphenols',
  protein: 'Protein',
};

export const COURSE_LABEL: Record<RecipeCourse, string> = {
  breakfast: 'Breakfast',
  main: 'Main course',
  side: 'Side dish',
  snack: 'Snack',
  drink: 'Drink',
  dessert: 'Dessert',
};

/** The diets a recipe suits, in the pages' order. */
export function dietsOf(diets: Diets): Diet[] {
  return DIETS.filter((diet) => diets[diet]);
}
