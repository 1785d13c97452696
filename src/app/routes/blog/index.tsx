import { createFileRoute } from '@tanstack/react-router';
import { prefetchPost } from '@/features/blog/api/get-post';
import { PostPage } from '@/features/blog/components/PostPage';
import { slugOf } from '@/lib/content-search';
import { slugSearch } from '../../search';

export const Route = createFileRoute('/blog/')({
  validateSearch: slugSearch,
  loaderDeps: ({ search }) => ({ slug: search.slug }),
  // Start the post's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchPost(context.queries, slugOf(deps.slug)),
  component: BlogPage,
});

function BlogPage() {
  const slug = slugOf(Route.useSearch().slug);
  return <PostPage slug={slug} heading="Blog" />;
}
