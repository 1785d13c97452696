/**
 * One post: /blog?slug=…, the prerendered /blogs/ibs, /blogs/las-vegas and /blogs/sleep-stress, and a post from
 * Ghost at /blogs/ghost/$slug. Prerendered, it shows its heading and the post loading; the post is fetched in the
 * browser. The page's outermost element carries `data-article-root` and the article (PostArticle, shared with the
 * authoring preview) is plain semantic markup, for the server to put a published post's text into the HTML it sends.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ArticleHeading } from '@/components/content/ArticleHeading';
import { PostArticle } from '@/components/content/PostArticle';
import { PageMeta } from '@/components/layout/PageMeta';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { slugOf } from '@/lib/content-search';
import { useRetryQuery } from '@/lib/public-queries';
import { ghostPostQueryOptions, useGhostPost } from '../api/get-ghost-post';
import { postQueryOptions, usePost, type Post } from '../api/get-post';
import type { PostSummary } from '../api/list-posts';
import { articleJsonLd } from '../article-json-ld';
import { postPath } from '../post-paths';
import { PostCard } from './PostCard';

/** What the head says of a post still loading, or one that could not be loaded. */
const LOADING_DESCRIPTION = 'An article on gut health from the nutritionists and doctors of Gut360 Health.';

const linkStyle = {
  color: 'brand.800',
  textDecoration: 'underline',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' },
} as const;

function PostFrame({ children }: { children: ReactNode }) {
  return (
    <Box data-article-root="" maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      {children}
    </Box>
  );
}

function BackToList() {
  return (
    <Text mt="10">
      <Link asChild {...linkStyle}>
        <RouterLink to="/blogs-list">See all posts</RouterLink>
      </Link>
    </Text>
  );
}

/** Before the post has arrived: the heading the address stands for, and the post loading. */
function PostLoading({ heading, path }: { heading: string; path: string }) {
  return (
    <PostFrame>
      <PageMeta title={heading} description={LOADING_DESCRIPTION} path={path} type="article" />
      <ArticleHeading>{heading}</ArticleHeading>
      <Text role="status" aria-live="polite" color="gray.700">
        Loading the post…
      </Text>
      <Flex justify="center" py="16" aria-hidden="true">
        <Spinner size="lg" color="brand.600" />
      </Flex>
    </PostFrame>
  );
}

function PostFailure({ heading, path, error, onRetry }: { heading: string; path: string; error: unknown; onRetry: () => void }) {
  return (
    <PostFrame>
      <PageMeta title={heading} description={LOADING_DESCRIPTION} path={path} type="article" />
      <ArticleHeading>{heading}</ArticleHeading>
      <DataLoadFailure what="this post" error={error} onRetry={onRetry} />
      <BackToList />
    </PostFrame>
  );
}

/** No published post has this address (or the address names none). */
function PostNotFound({ path }: { path: string }) {
  return (
    <PostFrame>
      <Box data-testid="post-not-found">
        <PageMeta title="Post not found" description="We could not find this post. Every published post is in the blog's list." path={path} />
        <ArticleHeading>Post not found</ArticleHeading>
        <Text color="gray.700" fontSize="lg" mb="6">
          We could not find a post at this address. It may have been taken down or renamed, or the link may be mistyped.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/blogs-list">See all posts</RouterLink>
        </Button>
      </Box>
    </PostFrame>
  );
}

function RelatedPosts({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="related-posts-title" mt="14">
      <Heading as="h2" id="related-posts-title" size="xl" mb="5">
        Related posts
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="8">
        {posts.map((post) => (
          <li key={post._id}>
            <PostCard post={post} headingLevel="h3" />
          </li>
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The post, its head (title, summary, cover), its schema.org `Article` and the posts related to it. */
function PublishedPost({ post, path, related }: { post: Post; path: string; related: PostSummary[] }) {
  return (
    <PostFrame>
      <PageMeta
        title={post.title}
        description={post.summary}
        path={path}
        type="article"
        {...(post.cover ? { image: post.cover.url } : {})}
        jsonLd={articleJsonLd(post, path)}
      />
      <PostArticle post={post} />
      <RelatedPosts posts={related} />
      <BackToList />
    </PostFrame>
  );
}

interface StorePostPageProps {
  slug: string;
  /** The heading while the post loads: the prerendered posts' own titles, "Blog" for the others. */
  heading: string;
}

function StorePostPage({ slug, heading }: StorePostPageProps) {
  const query = usePost(slug);
  const retry = useRetryQuery(postQueryOptions(slug).queryKey);
  const path = postPath(slug);
  if (query.isError) return <PostFailure heading={heading} path={path} error={query.error} onRetry={retry} />;
  if (query.isPending) return <PostLoading heading={heading} path={path} />;
  if (!query.data) return <PostNotFound path={path} />;
  return <PublishedPost post={query.data.post} path={path} related={query.data.related} />;
}

/** A post of our own store by its slug; an address without one is answered as an unknown post. */
export function PostPage({ slug, heading }: { slug: string | undefined; heading: string }) {
  return slug ? <StorePostPage slug={slug} heading={heading} /> : <PostNotFound path="/blog" />;
}

const GHOST_HEADING = 'Blog';

function GhostPost({ slug }: { slug: string }) {
  const query = useGhostPost(slug);
  const retry = useRetryQuery(ghostPostQueryOptions(slug).queryKey);
  const path = `/blogs/ghost/${slug}`;
  if (query.isError) return <PostFailure heading={GHOST_HEADING} path={path} error={query.error} onRetry={retry} />;
  if (query.isPending) return <PostLoading heading={GHOST_HEADING} path={path} />;
  if (!query.data) return <PostNotFound path={path} />;
  return <PublishedPost post={query.data.post} path={path} related={[]} />;
}

/** A post from Ghost: the same page, without related posts (Ghost's answer has none). */
export function GhostPostPage({ slug }: { slug: string }) {
  // Not a slug at all: no post has this address, and the server would refuse to look.
  return slugOf(slug) ? <GhostPost slug={slug} /> : <PostNotFound path={`/blogs/ghost/${slug}`} />;
}
