import { createFileRoute } from '@tanstack/react-router';
import { PreviewPage } from '@/features/authoring/components/PreviewPage';
// The same `?id=` rule as the other staff pages about one record: the post's `_id`.
import { staffOrderSearch } from '../../../search';

export const Route = createFileRoute('/_staff/blog/test')({
  validateSearch: staffOrderSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => (await import('@/features/authoring/load')).loadPiece(context.queries, deps.id),
  component: BlogTestPage,
});

function BlogTestPage() {
  return <PreviewPage kind="post" id={Route.useSearch().id} />;
}
