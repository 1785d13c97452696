import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';

export const Route = createFileRoute('/blogs/sleep-stress')({
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context }) => prefetchPost(context.queries, 'sleep-stress'),
  component: BlogsSleepStressPage,
});

function BlogsSleepStressPage() {
  return <PostPage slug="sleep-stress" heading="Sleep, stress and your gut" />;
}
