import { createFileRoute } from '@tanstack/react-router';
import { CreatePiecePage } from '@/features/authoring/components/CreatePiecePage';
import { EditPiecePage } from '@/features/authoring/components/EditPiecePage';
// The same `?id=` rule as the other staff pages about one record: the recipe's `_id`.
import { staffOrderSearch } from '../../../search';

/** Starts a recipe, then edits it at the same address with its `?id=` (src/features/authoring/paths.ts). */
export const Route = createFileRoute('/_staff/recipe/create')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('@/features/authoring/load')).loadPiece(context.queries, deps.id),
  component: RecipeCreatePage,
});

function RecipeCreatePage() {
  const { id } = Route.useSearch();
  return id ? <EditPiecePage kind="recipe" id={id} /> : <CreatePiecePage kind="recipe" />;
}
