import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { DIET_LABEL, dietsOf, GUT_BENEFIT_LABEL, type Diets, type GutBenefit } from '@/lib/recipe-terms';

/** The diets a recipe suits (Vegetarian, Vegan, Gluten-free, Jain) and what it brings the gut (Fibre, Fermented…). */
export function RecipeBadges({ diets, benefits }: { diets: Diets; benefits: GutBenefit[] }) {
  const suited = dietsOf(diets);
  return (
    <Box display="flex" flexWrap="wrap" gap="1.5">
      {suited.length > 0 ? (
        <Box as="ul" aria-label="Diet" listStyleType="none" display="flex" flexWrap="wrap" gap="1.5">
          {suited.map((diet) => (
            <li key={diet}>
              <Badge colorPalette="brand" variant="subtle">
                {DIET_LABEL[diet]}
              </Badge>
            </li>
          ))}
        </Box>
      ) : null}
      {benefits.length > 0 ? (
        <Box as="ul" aria-label="Good for the gut" listStyleType="none" display="flex" flexWrap="wrap" gap="1.5">
          {benefits.map((benefit) => (
            <li key={benefit}>
              <Badge colorPalette="blue" variant="subtle">
                {GUT_BENEFIT_LABEL[benefit]}
              </Badge>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
