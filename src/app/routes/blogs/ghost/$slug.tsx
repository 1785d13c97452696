import { createFileRoute } from '@tanstack/react-router';
import { prefetchGhostPost } from '@/features/blog/api/get-ghost-post';
import { GhostPostPage } from '@/features/blog/components/PostPage';

export const Route = createFileRoute('/blogs/ghost/$slug')({
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context, params }) => prefetchGhostPost(context.queries, params.slug),
  component: BlogsGhostSlugPage,
});

function BlogsGhostSlugPage() {
  const { slug } = Route.useParams();
  return <GhostPostPage slug={slug} />;
}
