import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';

export const Route = createFileRoute('/blogs/las-vegas')({
  // Start the post's request with the route; prerendered, the page shows this heading and the post loading.
  loader: ({ context }) => prefetchPost(context.queries, 'las-vegas'),
  component: BlogsLasVegasPage,
});

function BlogsLasVegasPage() {
  return <PostPage slug="las-vegas" heading="From our conference trip to Las Vegas" />;
}
