import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/recipe-list')({
  component: RecipeListPage,
});

function RecipeListPage() {
  return <ComingSoon title="Recipes" about="Gut-friendly recipes from our nutritionists." />;
}
