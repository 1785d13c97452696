import { createFileRoute } from '@tanstack/react-router';
import { prefetchPublications } from '@/features/publications/api/publications';
import { PublicationsPage } from '@/features/publications/components/PublicationsPage';
import { publicationsSearch, type PublicationsSearch } from '@/features/publications/search';
import { useMounted } from '@/lib/use-mounted';
import { listSearch } from '../search';

const NO_FILTER: PublicationsSearch = {};

export const Route = createFileRoute('/publications')({
  // Read as it arrives: the page's own rules come with its code (src/app/search.ts).
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  // Start the list's request with the route; the page shows its own loading and error states.
  loader: ({ context, deps }) => prefetchPublications(context.queries, publicationsSearch(deps)),
  component: Publications,
});

function Publications() {
  const search = publicationsSearch(Route.useSearch());
  // The page is prerendered without filters, the address unknown at build time: the takeover renders that same
  // page, and only then applies the topic, year and words the address asks for.
  const mounted = useMounted();
  return <PublicationsPage search={mounted ? search : NO_FILTER} />;
}
