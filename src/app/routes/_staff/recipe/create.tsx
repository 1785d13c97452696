import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/recipe/create')({
  component: RecipeCreatePage,
});

function RecipeCreatePage() {
  return <ComingSoon title="Write a recipe" />;
}
