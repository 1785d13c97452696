import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/recipe/')({
  component: RecipePage,
});

function RecipePage() {
  return <ComingSoon title="Recipe" />;
}
