import { createFileRoute } from '@tanstack/react-router';
import { prefetchPosts } from '@/features/blog/api/list-posts';
import { BlogListPage } from '@/features/blog/components/BlogListPage';
import { blogListSearch, type BlogListSearch } from '@/features/blog/search';
import { useMounted } from '@/lib/use-mounted';
import { listSearch } from '../search';

const NO_FILTER: BlogListSearch = {};

export const Route = createFileRoute('/blogs-list')({
  // Read as it arrives: the page's own rules come with its code (src/app/search.ts).
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // Start the list's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchPosts(context.queries, blogListSearch(deps)),
  component: BlogsListPage,
});

function BlogsListPage() {
  const search = blogListSearch(Route.useSearch());
  // The page is prerendered without a search, the address unknown at build time: the takeover renders that same
  // page, and only then applies the words, tag and page the address asks for.
  const mounted = useMounted();
  return <BlogListPage search={mounted ? search : NO_FILTER} />;
}
