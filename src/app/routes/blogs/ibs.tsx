import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';

export const Route = createFileRoute('/blogs/ibs')({
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context }) => prefetchPost(context.queries, 'ibs'),
  component: BlogsIbsPage,
});

function BlogsIbsPage() {
  return <PostPage slug="ibs" heading="Living with IBS" />;
}
