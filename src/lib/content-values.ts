/**
 * The values of a recipe's diets, gut benefits and course and of a publication's topic (the contract's enums), with
 * their checks: what the reading pages' addresses are read with (their routes' search rules, in the code every page
 * runs first). Their words for people are in recipe-terms.ts and publication-topics.ts, which only the pages load.
 */
import type { components } from '../../openapi/schema';

export type Diets = components['schemas']['Diets'];
export type Diet = keyof Diets;
export type GutBenefit = components['schemas']['GutBenefit'];
export type RecipeCourse = components['schemas']['RecipeCourse'];
export type PublicationTopic = components['schemas']['PublicationTopic'];

/** In the order the pages show them. */
export const DIETS = ['vegetarian', 'vegan', 'glutenFree', 'jain'] as const satisfies readonly Diet[];
export const GUT_BENEFITS = ['fibre', 'fermented', 'prebiotic', 'polyphenols', 'protein'] as const satisfies readonly GutBenefit[];
/** In the order a meal is served, the cookbook's order. */
export const COURSES = ['breakfast', 'main', 'side', 'snack', 'drink', 'dessert'] as const satisfies readonly RecipeCourse[];
export const PUBLICATION_TOPICS = [
  'gut-microbiome',
  'diet-and-nutrition',
  'gut-brain-and-sleep',
  'ibs-and-digestive-health',
  'methods-and-sequencing',
  'questionnaires',
] as const satisfies readonly PublicationTopic[];

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);

export const isGutBenefit = oneOf<GutBenefit>(GUT_BENEFITS);
export const isRecipeCourse = oneOf<RecipeCourse>(COURSES);
export const isPublicationTopic = oneOf<PublicationTopic>(PUBLICATION_TOPICS);
