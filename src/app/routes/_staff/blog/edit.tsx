import { createFileRoute } from '@tanstack/react-router';
import { EditPiecePage } from '@/features/authoring/components/EditPiecePage';
// The same `?id=` rule as the other staff pages about one record: the post's `_id`.
import { staffOrderSearch } from '../../../search';

export const Route = createFileRoute('/_staff/blog/edit')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('@/features/authoring/load')).loadPiece(context.queries, deps.id),
  component: BlogEditPage,
});

function BlogEditPage() {
  return <EditPiecePage kind="post" id={Route.useSearch().id} />;
}
