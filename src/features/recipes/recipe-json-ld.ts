import { contentJsonLd } from '@/lib/content';
import { COURSE_LABEL, type Diet } from '@/lib/recipe-terms';
import type { Recipe } from './api/get-recipe';
import { formatGrams, ingredientLine, isoDuration, servingsText } from '@/lib/recipe-format';

/** The diets schema.org names (RestrictedDiet); it has none for Jain food. */
const SCHEMA_DIETS: readonly (readonly [Diet, string])[] = [
  ['vegetarian', 'https://schema.org/VegetarianDiet'],
  ['vegan', 'https://schema.org/VeganDiet'],
  ['glutenFree', 'https://schema.org/GlutenFreeDiet'],
];

/** The recipe for search engines: schema.org `Recipe`. */
export function recipeJsonLd(recipe: Recipe, path: string) {
  const diets = SCHEMA_DIETS.filter(([diet]) => recipe.diets[diet]).map(([, schemaDiet]) => schemaDiet);
  const { nutrition } = recipe;
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.summary,
    datePublished: recipe.publishedAt,
    dateModified: recipe.updatedAt,
    ...contentJsonLd({ author: recipe.author, cover: recipe.cover, path }),
    prepTime: isoDuration(recipe.prepMinutes),
    cookTime: isoDuration(recipe.cookMinutes),
    totalTime: isoDuration(recipe.prepMinutes + recipe.cookMinutes),
    recipeYield: servingsText(recipe.servings),
    recipeCategory: COURSE_LABEL[recipe.course],
    ...(recipe.tags.length > 0 ? { keywords: recipe.tags.join(', ') } : {}),
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    recipeIngredient: recipe.ingredients.map(ingredientLine),
    recipeInstructions: recipe.steps.map((text, index) => ({ '@type': 'HowToStep', position: index + 1, text })),
    nutrition: {
      '@type': 'NutritionInformation',
      servingSize: '1 serving',
      calories: `${nutrition.calories} calories`,
      proteinContent: formatGrams(nutrition.proteinGrams),
      carbohydrateContent: formatGrams(nutrition.carbsGrams),
      fatContent: formatGrams(nutrition.fatGrams),
      fiberContent: formatGrams(nutrition.fibreGrams),
    },
  };
}
