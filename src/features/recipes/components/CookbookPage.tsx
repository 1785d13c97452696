/**
 * /cookbook: every published recipe, whole, by course in the order a meal is served, with a contents list and the
 * same cookbook as a PDF. Prerendered with its heading, the PDF link and the recipes loading; the recipes are fetched
 * in the browser.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PrintStyles } from '@/components/content/PrintStyles';
import { RecipeBadges } from '@/components/content/RecipeBadges';
import { GutNote, RecipeFacts, RecipeIngredients, RecipeMethod, RecipeNutrition } from '@/components/content/RecipeParts';
import { ContentPage, Section } from '@/components/layout/Prose';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { authorLine } from '@/lib/content';
import { env } from '@/lib/env';
import { useRetryQuery } from '@/lib/public-queries';
import { COURSE_LABEL, type RecipeCourse } from '@/lib/recipe-terms';
import type { Recipe } from '../api/get-recipe';
import { cookbookQueryOptions, useCookbook, type CookbookCourse } from '../api/get-cookbook';

const courseId = (course: RecipeCourse) => `course-${course}`;
const recipeId = (recipe: Pick<Recipe, 'slug'>) => `recipe-${recipe.slug}`;

const linkStyle = {
  color: 'brand.800',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const;

function AnchorLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} {...linkStyle}>
      {children}
    </Link>
  );
}

const recipes = (count: number) => (count === 1 ? '1 recipe' : `${count} recipes`);

function Contents({ courses }: { courses: CookbookCourse[] }) {
  return (
    <Box as="nav" aria-labelledby="cookbook-contents-title" bg="gray.50" borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" id="cookbook-contents-title" size="lg" mb="3">
        Contents
      </Heading>
      <Box as="ol" ps="6" listStyleType="decimal" display="grid" gap="3">
        {courses.map(({ course, recipes: inCourse }) => (
          <li key={course}>
            <AnchorLink href={`#${courseId(course)}`}>{COURSE_LABEL[course]}</AnchorLink>
            <Box as="ul" ps="5" mt="1" listStyleType="disc" display="grid" gap="1">
              {inCourse.map((recipe) => (
                <li key={recipe._id}>
                  <AnchorLink href={`#${recipeId(recipe)}`}>{recipe.title}</AnchorLink>
                </li>
              ))}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** A recipe in full: what it is, who wrote it, its times, ingredients, method, nutrition and gut note. */
function CookbookRecipe({ recipe }: { recipe: Recipe }) {
  const titleId = `${recipeId(recipe)}-title`;
  return (
    <Box as="article" id={recipeId(recipe)} aria-labelledby={titleId} scrollMarginTop="6" borderTopWidth="1px" borderColor="gray.200" pt="8" mt="8">
      <Heading as="h3" id={titleId} size="xl" color="gray.900" mb="2">
        {recipe.title}
      </Heading>
      <Text color="gray.700" mb="2">
        {recipe.summary}
      </Text>
      <Text fontSize="sm" color="gray.700" mb="3">
        Recipe by {authorLine(recipe.author)}
      </Text>
      <RecipeBadges diets={recipe.diets} benefits={recipe.benefits} />
      <Box mt="4">
        <RecipeFacts recipe={recipe} />
      </Box>
      <RecipeIngredients recipe={recipe} headingAs="h4" />
      <RecipeMethod recipe={recipe} headingAs="h4" />
      <RecipeNutrition recipe={recipe} headingAs="h4" />
      <GutNote recipe={recipe} headingAs="h4" />
      <Text mt="4" data-print-hidden="">
        <Link asChild {...linkStyle}>
          <RouterLink to="/recipe" search={{ slug: recipe.slug }} aria-label={`Open this recipe on its own page: ${recipe.title}`}>
            Open this recipe on its own page
          </RouterLink>
        </Link>
      </Text>
    </Box>
  );
}

export function CookbookPage() {
  const query = useCookbook();
  const retry = useRetryQuery(cookbookQueryOptions.queryKey);
  const courses = query.data?.courses.filter((entry) => entry.recipes.length > 0);
  const count = courses?.reduce((sum, entry) => sum + entry.recipes.length, 0) ?? 0;

  return (
    <ContentPage
      title="Cookbook"
      description="Every recipe from our nutritionists in one cookbook, by course: ingredients in Indian measures, steps, times and nutrition, with a PDF."
      path="/cookbook"
      lead="Every recipe we have published, whole, grouped by course in the order a meal is served."
    >
      <PrintStyles />
      <Flex gap="4" align="center" wrap="wrap" mb="6" data-print-hidden="">
        <Button asChild colorPalette="brand">
          <a href={`${env.apiBaseUrl}/api/cookbook.pdf`} download="gut360-health-cookbook.pdf">
            Download the cookbook (PDF)
          </a>
        </Button>
        <Text fontSize="sm" color="gray.700">
          A4, a recipe to a page, made from the recipes below.
        </Text>
      </Flex>
      <Text role="status" aria-live="polite" color="gray.700" mb="4" data-testid="cookbook-status">
        {query.isError ? '' : !courses ? 'Loading the recipes…' : courses.length === 0 ? '' : `${recipes(count)} in ${courses.length === 1 ? '1 course' : `${courses.length} courses`}.`}
      </Text>
      {query.isError ? (
        <DataLoadFailure what="the cookbook" error={query.error} onRetry={retry} />
      ) : !courses ? (
        <Flex justify="center" py="12" aria-hidden="true">
          <Spinner size="lg" color="brand.600" />
        </Flex>
      ) : courses.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid="cookbook-empty">
          <Text>No recipes are published yet, so the cookbook is empty for now. Please come back soon.</Text>
        </Box>
      ) : (
        <>
          <Contents courses={courses} />
          {courses.map(({ course, recipes: inCourse }) => (
            <Section key={course} id={courseId(course)} title={COURSE_LABEL[course]}>
              {inCourse.map((recipe) => (
                <CookbookRecipe key={recipe._id} recipe={recipe} />
              ))}
            </Section>
          ))}
        </>
      )}
    </ContentPage>
  );
}
