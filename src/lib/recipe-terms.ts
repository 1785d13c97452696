/**
 * The words for a recipe's diets, gut benefits and course (the contract's `Diets`, `GutBenefit`, `RecipeCourse`), for
 * the public recipe pages and the authoring pages alike.
 */
import type { components } from '../../openapi/schema';

export type Diets = components['schemas']['Diets'];
export type Diet = keyof Diets;
export type GutBenefit = components['schemas']['GutBenefit'];
export type RecipeCourse = components['schemas']['RecipeCourse'];

/** In the order the pages show them. */
export const DIET_LABEL: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  glutenFree: 'Gluten-free',
  jain: 'Jain',
};

export const DIETS = Object.keys(DIET_LABEL) as Diet[];

export const GUT_BENEFIT_LABEL: Record<GutBenefit, string> = {
  fibre: 'Fibre',
  fermented: 'Fermented',
  prebiotic: 'Prebiotic',
  polyphenols: 'Polyphenols',
  protein: 'Protein',
};

export const GUT_BENEFITS = Object.keys(GUT_BENEFIT_LABEL) as GutBenefit[];

/** In the order a meal is served, the cookbook's order. */
export const COURSE_LABEL: Record<RecipeCourse, string> = {
  breakfast: 'Breakfast',
  main: 'Main course',
  side: 'Side dish',
  snack: 'Snack',
  drink: 'Drink',
  dessert: 'Dessert',
};

export const COURSES = Object.keys(COURSE_LABEL) as RecipeCourse[];

export function isGutBenefit(value: unknown): value is GutBenefit {
  return typeof value === 'string' && Object.hasOwn(GUT_BENEFIT_LABEL, value);
}

export function isRecipeCourse(value: unknown): value is RecipeCourse {
  return typeof value === 'string' && Object.hasOwn(COURSE_LABEL, value);
}

/** The diets a recipe suits, in the pages' order. */
export function dietsOf(diets: Diets): Diet[] {
  return DIETS.filter((diet) => diets[diet]);
}
