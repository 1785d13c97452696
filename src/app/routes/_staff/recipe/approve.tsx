import { createFileRoute } from '@tanstack/react-router';
import { ReviewQueuePage } from '@/features/authoring/components/ReviewQueuePage';
import { roleOf } from '../../../../../machines/roles';
import { listSearch } from '../../../search';

/** The review queue of posts and recipes: admins only (the page tells the other staff so). `?kind=post|recipe`. */
export const Route = createFileRoute('/_staff/recipe/approve')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ kind: search.kind }),
  loader: async ({ context, deps }) =>
    (await import('@/features/authoring/load')).loadReviewQueue(context.queries, deps.kind, roleOf(context.user) === 'admin'),
  component: RecipeApprovePage,
});

function RecipeApprovePage() {
  return <ReviewQueuePage kind={Route.useSearch().kind} />;
}
