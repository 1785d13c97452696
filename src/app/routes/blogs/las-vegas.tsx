import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';

export const Route = createFileRoute('/blogs/las-vegas')({
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context }) => prefetchPost(context.queries, 'las-vegas'),
  component: BlogsLasVegasPage,
});

function BlogsLasVegasPage() {
  return <PostPage slug="las-vegas" heading="From our conference trip to Las Vegas" />;
}
