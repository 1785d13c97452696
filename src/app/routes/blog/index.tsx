import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';
import { postSearch } from '@/features/blog/search';

export const Route = createFileRoute('/blog/')({
  validateSearch: postSearch,
  loaderDeps: ({ search }) => ({ slug: search.slug }),
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchPost(context.queries, deps.slug),
  component: BlogPage,
});

function BlogPage() {
  const { slug } = Route.useSearch();
  return <PostPage slug={slug} heading="Blog" />;
}
