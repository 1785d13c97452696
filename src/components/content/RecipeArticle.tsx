/**
 * A recipe as its readers see it: title, summary, byline, badges, cover, times, the Print button, its introduction
 * and its parts. The public recipe page frames it (head, schema.org data, links to more recipes), and the authoring
 * preview shows a draft with it, exactly as it will look, with what the draft lacks marked as to come.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { ContentCover } from '@/components/layout/ContentCover';
import { ArticleBody } from './ArticleBody';
import { ArticleHeading } from './ArticleHeading';
import type { ArticleRecipe } from './article-shapes';
import { RecipeByline } from './Byline';
import { PrintStyles } from './PrintStyles';
import { RecipeBadges } from './RecipeBadges';
import { GutNote, RecipeFacts, RecipeIngredients, RecipeMethod, RecipeNutrition } from './RecipeParts';

export function RecipeArticle({ recipe }: { recipe: ArticleRecipe }) {
  return (
    <>
      {/* What the Print button below puts on paper: the recipe alone. */}
      <PrintStyles />
      <article aria-labelledby="recipe-title">
        <Box as="header" mb="6">
          <ArticleHeading id="recipe-title">{recipe.title}</ArticleHeading>
          {recipe.summary ? (
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.700" mb="3">
              {recipe.summary}
            </Text>
          ) : null}
          <RecipeByline recipe={recipe} />
          <RecipeBadges diets={recipe.diets} benefits={recipe.benefits} />
        </Box>
        <ContentCover cover={recipe.cover} variant="page" />
        <Box mt="6">
          <RecipeFacts recipe={recipe} />
        </Box>
        <Button mt="4" variant="outline" colorPalette="brand" size="sm" onClick={() => window.print()} data-print-hidden="">
          Print this recipe
        </Button>
        <ArticleBody html={recipe.bodyHtml} />
        <RecipeIngredients recipe={recipe} headingAs="h2" />
        <RecipeMethod recipe={recipe} headingAs="h2" />
        <RecipeNutrition recipe={recipe} headingAs="h2" />
        <GutNote recipe={recipe} headingAs="h2" />
      </article>
    </>
  );
}
