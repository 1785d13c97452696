/**
 * The parts of a whole recipe, on its own page (headings h2) and in the cookbook (h4, under the course and the
 * recipe's title): times and servings, ingredients, method, nutrition and why it is good for the gut.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { COURSE_LABEL } from '@/lib/recipe-terms';
import type { Recipe } from '../api/get-recipe';
import { formatGrams, formatMinutes, servingsText } from '../recipe-format';

type HeadingLevel = 'h2' | 'h4';

interface PartProps {
  recipe: Recipe;
  headingAs: HeadingLevel;
}

/** A titled part of the recipe; `id` is unique on the page (the cookbook holds every recipe). */
function Part({ id, title, headingAs, children }: { id: string; title: string; headingAs: HeadingLevel; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} mt={headingAs === 'h2' ? '10' : '6'} data-print-avoid-break="">
      <Heading as={headingAs} id={id} size={headingAs === 'h2' ? 'xl' : 'md'} color="gray.900" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box bg="gray.50" rounded="md" px="3" py="2">
      <Text as="dt" fontSize="sm" color="gray.700">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" color="gray.900">
        {value}
      </Text>
    </Box>
  );
}

/** Prep, cook and total time, servings and course. */
export function RecipeFacts({ recipe }: { recipe: Pick<Recipe, 'prepMinutes' | 'cookMinutes' | 'servings' | 'course'> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' }} gap="2">
      <Fact label="Prep" value={formatMinutes(recipe.prepMinutes)} />
      <Fact label="Cook" value={recipe.cookMinutes === 0 ? 'No cooking' : formatMinutes(recipe.cookMinutes)} />
      <Fact label="Total" value={formatMinutes(recipe.prepMinutes + recipe.cookMinutes)} />
      <Fact label="Serves" value={String(recipe.servings)} />
      <Fact label="Course" value={COURSE_LABEL[recipe.course]} />
    </Box>
  );
}

export function RecipeIngredients({ recipe, headingAs }: PartProps) {
  return (
    <Part id={`${recipe.slug}-ingredients`} title="Ingredients" headingAs={headingAs}>
      <Text color="gray.700" mb="3">
        For {servingsText(recipe.servings)}.
      </Text>
      <Box as="ul" ps="5" listStyleType="disc" display="grid" gap="1.5" color="gray.800">
        {recipe.ingredients.map((ingredient, index) => (
          <li key={index}>
            {ingredient.quantity ? (
              <>
                <Box as="strong" fontWeight="bold" color="gray.900">
                  {ingredient.quantity}
                </Box>{' '}
              </>
            ) : null}
            {ingredient.item}
          </li>
        ))}
      </Box>
    </Part>
  );
}

export function RecipeMethod({ recipe, headingAs }: PartProps) {
  return (
    <Part id={`${recipe.slug}-method`} title="Method" headingAs={headingAs}>
      <Box as="ol" ps="6" listStyleType="decimal" display="grid" gap="3" color="gray.800" lineHeight="1.7">
        {recipe.steps.map((step, index) => (
          <Box as="li" key={index} ps="1">
            {step}
          </Box>
        ))}
      </Box>
    </Part>
  );
}

const cell = { borderBottomWidth: '1px', borderColor: 'gray.200', py: '2', px: '3', textAlign: 'start' } as const;

/** Per serving, as the author worked it out: a small table a screen reader can read row by row. */
export function RecipeNutrition({ recipe, headingAs }: PartProps) {
  const { nutrition } = recipe;
  const rows: [string, string][] = [
    ['Energy', `${nutrition.calories} kcal`],
    ['Protein', formatGrams(nutrition.proteinGrams)],
    ['Carbohydrates', formatGrams(nutrition.carbsGrams)],
    ['Fat', formatGrams(nutrition.fatGrams)],
    ['Fibre', formatGrams(nutrition.fibreGrams)],
  ];
  return (
    <Part id={`${recipe.slug}-nutrition`} title="Nutrition per serving" headingAs={headingAs}>
      <Box as="table" w="full" maxW="sm" borderCollapse="collapse" fontSize="md">
        <Box as="caption" textAlign="start" color="gray.700" fontSize="sm" mb="2" captionSide="top">
          Approximate values for one serving, as worked out by the recipe’s author; they change with the ingredients and
          portion you use.
        </Box>
        <thead>
          <tr>
            <Box asChild {...cell} fontWeight="semibold">
              <th scope="col">Nutrient</th>
            </Box>
            <Box asChild {...cell} fontWeight="semibold" textAlign="end">
              <th scope="col">Per serving (approx.)</th>
            </Box>
          </tr>
        </thead>
        <tbody>
          {rows.map(([name, amount]) => (
            <tr key={name}>
              <Box asChild {...cell} fontWeight="normal">
                <th scope="row">{name}</th>
              </Box>
              <Box as="td" {...cell} textAlign="end" fontVariantNumeric="tabular-nums">
                {amount}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Part>
  );
}

export function GutNote({ recipe, headingAs }: PartProps) {
  return (
    <Part id={`${recipe.slug}-gut-note`} title="Why it is good for your gut" headingAs={headingAs}>
      <Box bg="brand.50" borderInlineStartWidth="4px" borderColor="brand.500" rounded="md" p="4">
        <Text color="gray.800" whiteSpace="pre-line">
          {recipe.gutNote}
        </Text>
      </Box>
    </Part>
  );
}
