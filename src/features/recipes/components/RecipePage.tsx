/**
 * /recipe?slug=…: one recipe, whole, with a Print button and its schema.org `Recipe`. The page's outermost element
 * carries `data-article-root` and the article (RecipeArticle, shared with the authoring preview) is plain semantic
 * markup, for the server to put a published recipe into the HTML it sends.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Link } from '@chakra-ui/react/link';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArticleHeading } from '@/components/content/ArticleHeading';
import { RecipeArticle } from '@/components/content/RecipeArticle';
import { PageMeta } from '@/components/layout/PageMeta';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { useRetryQuery } from '@/lib/public-queries';
import { recipeQueryOptions, useRecipe, type Recipe } from '../api/get-recipe';
import { recipeJsonLd } from '../recipe-json-ld';

const HEADING = 'Recipe';
const LOADING_DESCRIPTION = 'A gut-friendly recipe from the nutritionists of Gut360 Health.';

const linkStyle = {
  color: 'brand.800',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const;

const recipePath = (slug: string) => `/recipe?slug=${slug}`;

function RecipeFrame({ children }: { children: ReactNode }) {
  return (
    <Box data-article-root="" maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      {children}
    </Box>
  );
}

function MoreRecipes() {
  return (
    <Flex as="nav" aria-label="More recipes" gap="6" wrap="wrap" mt="12" data-print-hidden="">
      <Link asChild {...linkStyle}>
        <RouterLink to="/recipe-list">See all recipes</RouterLink>
      </Link>
      <Link asChild {...linkStyle}>
        <RouterLink to="/cookbook">The cookbook</RouterLink>
      </Link>
    </Flex>
  );
}

function RecipeLoading({ path }: { path: string }) {
  return (
    <RecipeFrame>
      <PageMeta title={HEADING} description={LOADING_DESCRIPTION} path={path} type="article" />
      <ArticleHeading>{HEADING}</ArticleHeading>
      <Text role="status" aria-live="polite" color="gray.700">
        Loading the recipe…
      </Text>
      <Flex justify="center" py="16" aria-hidden="true">
        <Spinner size="lg" color="brand.600" />
      </Flex>
    </RecipeFrame>
  );
}

function RecipeNotFound({ path }: { path: string }) {
  return (
    <RecipeFrame>
      <Box data-testid="recipe-not-found">
        <PageMeta title="Recipe not found" description="We could not find this recipe. Every published recipe is in the recipe list." path={path} />
        <ArticleHeading>Recipe not found</ArticleHeading>
        <Text color="gray.700" fontSize="lg" mb="6">
          We could not find a recipe at this address. It may have been taken down or renamed, or the link may be mistyped.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/recipe-list">See all recipes</RouterLink>
        </Button>
      </Box>
    </RecipeFrame>
  );
}

/** The recipe, its head (title, summary, cover), its schema.org `Recipe` and the ways to more recipes. */
function PublishedRecipeArticle({ recipe }: { recipe: Recipe }) {
  const path = recipePath(recipe.slug);
  return (
    <RecipeFrame>
      <PageMeta
        title={recipe.title}
        description={recipe.summary}
        path={path}
        type="article"
        {...(recipe.cover ? { image: recipe.cover.url } : {})}
        jsonLd={recipeJsonLd(recipe, path)}
      />
      <RecipeArticle recipe={recipe} />
      <MoreRecipes />
    </RecipeFrame>
  );
}

function PublishedRecipe({ slug }: { slug: string }) {
  const query = useRecipe(slug);
  const retry = useRetryQuery(recipeQueryOptions(slug).queryKey);
  const path = recipePath(slug);
  if (query.isError) {
    return (
      <RecipeFrame>
        <PageMeta title={HEADING} description={LOADING_DESCRIPTION} path={path} type="article" />
        <ArticleHeading>{HEADING}</ArticleHeading>
        <DataLoadFailure what="this recipe" error={query.error} onRetry={retry} />
        <MoreRecipes />
      </RecipeFrame>
    );
  }
  if (query.isPending) return <RecipeLoading path={path} />;
  if (!query.data) return <RecipeNotFound path={path} />;
  return <PublishedRecipeArticle recipe={query.data} />;
}

/** A published recipe by its slug; an address without one is answered as an unknown recipe. */
export function RecipePage({ slug }: { slug: string | undefined }) {
  return slug ? <PublishedRecipe slug={slug} /> : <RecipeNotFound path="/recipe" />;
}
