import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/recipe/approve')({
  component: RecipeApprovePage,
});

function RecipeApprovePage() {
  return <ComingSoon title="Approve recipes" />;
}
