import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { RecipeBadges } from '@/components/content/RecipeBadges';
import { ContentCover } from '@/components/layout/ContentCover';
import { formatMinutes, servingsText } from '@/lib/recipe-format';
import type { RecipeSummary } from '../api/list-recipes';

/** A recipe in the list: its cover, title (the link), summary, total time, servings and badges. */
export function RecipeCard({ recipe }: { recipe: RecipeSummary }) {
  return (
    <Box as="article" display="flex" flexDirection="column" gap="3" data-testid="recipe-card">
      <ContentCover cover={recipe.cover} variant="card" />
      <Heading as="h2" size="lg" lineHeight="short">
        <Link asChild color="gray.900" _hover={{ color: 'brand.800' }} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}>
          <RouterLink to="/recipe" search={{ slug: recipe.slug }}>
            {recipe.title}
          </RouterLink>
        </Link>
      </Heading>
      <Text color="gray.700">{recipe.summary}</Text>
      <Text fontSize="sm" color="gray.700">
        Total {formatMinutes(recipe.prepMinutes + recipe.cookMinutes)} · {servingsText(recipe.servings)}
      </Text>
      <RecipeBadges diets={recipe.diets} benefits={recipe.benefits} />
    </Box>
  );
}
