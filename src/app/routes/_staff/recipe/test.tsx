import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/recipe/test')({
  component: RecipeTestPage,
});

function RecipeTestPage() {
  return <ComingSoon title="Recipe preview" />;
}
