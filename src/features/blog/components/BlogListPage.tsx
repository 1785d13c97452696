/**
 * /blogs-list: the published posts, newest first, twelve to a page, searched by words and filtered by a tag, all of
 * it in the address. Prerendered with its heading, search box and the list loading; the server sends it with the
 * first page of the list in place and its answer beside it (server/plugins/list-page.ts), which the page renders
 * from at once. Any other search is fetched in the browser.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { ContentList } from '@/components/content/ContentList';
import { ContentPage } from '@/components/layout/Prose';
import { SearchBox } from '@/components/staff/ListControls';
import { CONTENT_PAGE_SIZE } from '@/lib/content-search';
import { useLastData, useRetryQuery } from '@/lib/public-queries';
import { postsQueryOptions, usePosts, type PostList } from '../api/list-posts';
import type { BlogListSearch } from '../search';
import { PostCard } from './PostCard';

const posts = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

interface TagFilterProps {
  /** Every tag of the published posts with its count; undefined until the list has arrived. */
  tags: PostList['tags'] | undefined;
  active: string | undefined;
  onChange: (tag: string | undefined) => void;
}

/** One chip a tag, pressed when it filters the list; "All posts" clears it. */
function TagFilter({ tags = [], active, onChange }: TagFilterProps) {
  // A tag in the address that no published post has any more stays a chip, pressed, so it can be cleared.
  const shown = active && !tags.some((entry) => entry.tag === active) ? [...tags, { tag: active, count: 0 }] : tags;
  return (
    <Box role="group" aria-labelledby="tag-filter-title" mt="5">
      <Text id="tag-filter-title" fontWeight="medium" color="gray.800" mb="2">
        Topics
      </Text>
      {/* One row that scrolls sideways, the same height before and after the tags arrive: the list below never moves. */}
      <Flex as="ul" listStyleType="none" wrap="nowrap" gap="2" overflowX="auto" py="1" px="0.5" css={{ '& > li': { flexShrink: 0 } }}>
        <li>
          <Button size="sm" rounded="full" variant={active ? 'outline' : 'solid'} colorPalette="brand" aria-pressed={!active} onClick={() => onChange(undefined)}>
            All posts
          </Button>
        </li>
        {shown.map(({ tag, count }) => (
          <li key={tag}>
            <Button size="sm" rounded="full" variant={tag === active ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={tag === active} onClick={() => onChange(tag)}>
              {tag}
              {count > 0 ? (
                <>
                  <Box as="span" aria-hidden="true" fontWeight="normal">
                    {count}
                  </Box>
                  <Box as="span" srOnly>
                    ({posts(count)})
                  </Box>
                </>
              ) : null}
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}

/** What the list shows, in words, for screen readers as it changes. */
function statusOf(search: BlogListSearch, list: PostList | undefined, updating: boolean, failed: boolean): string {
  if (failed) return '';
  if (!list) return 'Loading the posts…';
  if (updating) return 'Updating the list…';
  const filters = [search.tag ? `tagged “${search.tag}”` : '', search.q ? `matching “${search.q}”` : ''].filter(Boolean).join(' and ');
  const pageCount = Math.ceil(list.total / CONTENT_PAGE_SIZE);
  const where = pageCount > 1 ? `, page ${Math.min(search.page ?? 1, pageCount)} of ${pageCount}` : '';
  return filters ? `${posts(list.total)} ${filters}${where}.` : `${posts(list.total)}, newest first${where}.`;
}

export function BlogListPage({ search }: { search: BlogListSearch }) {
  const navigate = useNavigate();
  const query = usePosts(search);
  const retry = useRetryQuery(postsQueryOptions(search).queryKey);
  // While another page's or filter's list is on its way, the last one stays on screen, marked as updating.
  const kept = useLastData(query.data);
  const list = query.isError ? undefined : kept;
  const updating = query.isPending && list !== undefined;
  const filtered = Boolean(search.q || search.tag);
  // A new search or tag starts at the first page and keeps the reader where they are; a new page starts at its top.
  const filter = (change: Pick<BlogListSearch, 'q' | 'tag'>) =>
    void navigate({ to: '/blogs-list', search: { ...search, ...change, page: undefined }, resetScroll: false });
  const showPage = (page: number) => void navigate({ to: '/blogs-list', search: { ...search, page: page > 1 ? page : undefined } });
  const clear = () => void navigate({ to: '/blogs-list', search: {}, resetScroll: false });

  return (
    <ContentPage
      title="Blogs"
      description="Articles on gut health from the nutritionists and doctors of Gut360 Health: the gut microbiome, food, digestion, sleep and stress."
      path="/blogs-list"
      lead="Articles on gut health from our nutritionists and doctors: the gut microbiome, food, digestion, sleep and stress, in plain words."
    >
      <Box bg="gray.50" rounded="lg" p={{ base: '4', md: '5' }} mb="6">
        <SearchBox id="blog-search" label="Search the blog" placeholder="e.g. fibre, bloating, sleep" value={search.q} onSearch={(q) => filter({ q })} />
        <TagFilter tags={list?.tags} active={search.tag} onChange={(tag) => filter({ tag })} />
      </Box>
      <Text role="status" aria-live="polite" color="gray.700" mb="4" data-testid="posts-status">
        {statusOf(search, list, updating, query.isError)}
      </Text>
      <ContentList
        name="posts"
        label="Posts"
        list={list}
        error={query.isError ? query.error : null}
        onRetry={retry}
        updating={updating}
        page={search.page ?? 1}
        onPage={showPage}
        filtered={filtered}
        onClear={clear}
        noMatch="No post matches this search. Try other words or another topic, or see every post."
        showAll="Show all posts"
        clearLabel="Clear the search"
        nothingYet={
          <Text>
            No posts are published yet. Please come back soon; meanwhile,{' '}
            <Link asChild color="brand.800" textDecoration="underline">
              <RouterLink to="/science/our-science">Our science</RouterLink>
            </Link>{' '}
            explains how the gut microbiome works.
          </Text>
        }
      >
        {(post) => <PostCard post={post} headingLevel="h2" />}
      </ContentList>
    </ContentPage>
  );
}
