import { createFileRoute } from '@tanstack/react-router';
import { PreviewPage } from '@/features/authoring/components/PreviewPage';
// The same `?id=` rule as the other staff pages about one record: the recipe's `_id`.
import { staffOrderSearch } from '../../../search';

export const Route = createFileRoute('/_staff/recipe/test')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('@/features/authoring/load')).loadPiece(context.queries, deps.id),
  component: RecipeTestPage,
});

function RecipeTestPage() {
  return <PreviewPage kind="recipe" id={Route.useSearch().id} />;
}
