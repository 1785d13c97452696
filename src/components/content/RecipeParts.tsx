/**
 * The parts of a whole recipe, on its own page and in its preview (headings h2) and in the cookbook (h4, under the
 * course and the recipe's title): times and servings, ingredients, method, nutrition and why it is good for the gut.
 * A draft in the preview may lack some of them yet: each says so in its place.
 */
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { formatGrams, formatMinutes, servingsText } from '@/lib/recipe-format';
import { COURSE_LABEL } from '@/lib/recipe-terms';
import type { ArticleRecipe } from './article-shapes';

type HeadingLevel = 'h2' | 'h4';

interface PartProps<Field extends keyof ArticleRecipe> {
  recipe: Pick<ArticleRecipe, 'slug' | Field>;
  headingAs: HeadingLevel;
}

/** Where a draft has not given a part yet. */
function ToCome({ children }: { children: ReactNode }) {
  return <Text color="gray.700">{children}</Text>;
}

const TO_COME = 'To come';

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

/** Prep, cook and total time, servings and course; a time or the servings a draft lacks are to come. */
export function RecipeFacts({ recipe }: { recipe: Pick<ArticleRecipe, 'prepMinutes' | 'cookMinutes' | 'servings' | 'course'> }) {
  const { prepMinutes, cookMinutes, servings } = recipe;
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' }} gap="2">
      <Fact label="Prep" value={prepMinutes === null ? TO_COME : formatMinutes(prepMinutes)} />
      <Fact label="Cook" value={cookMinutes === null ? TO_COME : cookMinutes === 0 ? 'No cooking' : formatMinutes(cookMinutes)} />
      <Fact label="Total" value={prepMinutes === null || cookMinutes === null ? TO_COME : formatMinutes(prepMinutes + cookMinutes)} />
      <Fact label="Serves" value={servings === null ? TO_COME : String(servings)} />
      <Fact label="Course" value={COURSE_LABEL[recipe.course]} />
    </Box>
  );
}

export function RecipeIngredients({ recipe, headingAs }: PartProps<'servings' | 'ingredients'>) {
  return (
    <Part id={`${recipe.slug}-ingredients`} title="Ingredients" headingAs={headingAs}>
      {recipe.servings === null ? null : (
        <Text color="gray.700" mb="3">
          For {servingsText(recipe.servings)}.
        </Text>
      )}
      {recipe.ingredients.length === 0 ? (
        <ToCome>Ingredients to come.</ToCome>
      ) : (
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
      )}
    </Part>
  );
}

export function RecipeMethod({ recipe, headingAs }: PartProps<'steps'>) {
  return (
    <Part id={`${recipe.slug}-method`} title="Method" headingAs={headingAs}>
      {recipe.steps.length === 0 ? (
        <ToCome>Steps to come.</ToCome>
      ) : (
        <Box as="ol" ps="6" listStyleType="decimal" display="grid" gap="3" color="gray.800" lineHeight="1.7">
          {recipe.steps.map((step, index) => (
            <Box as="li" key={index} ps="1">
              {step}
            </Box>
          ))}
        </Box>
      )}
    </Part>
  );
}

const cell = { borderBottomWidth: '1px', borderColor: 'gray.200', py: '2', px: '3', textAlign: 'start' } as const;

/** Per serving, as the author worked it out: a small table a screen reader can read row by row. */
export function RecipeNutrition({ recipe, headingAs }: PartProps<'nutrition'>) {
  const { nutrition } = recipe;
  if (nutrition === null) {
    return (
      <Part id={`${recipe.slug}-nutrition`} title="Nutrition per serving" headingAs={headingAs}>
        <ToCome>Nutrition to come.</ToCome>
      </Part>
    );
  }
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

export function GutNote({ recipe, headingAs }: PartProps<'gutNote'>) {
  return (
    <Part id={`${recipe.slug}-gut-note`} title="Why it is good for your gut" headingAs={headingAs}>
      {recipe.gutNote === '' ? (
        <ToCome>To come.</ToCome>
      ) : (
        <Box bg="brand.50" borderInlineStartWidth="4px" borderColor="brand.500" rounded="md" p="4">
          <Text color="gray.800" whiteSpace="pre-line">
            {recipe.gutNote}
          </Text>
        </Box>
      )}
    </Part>
  );
}
