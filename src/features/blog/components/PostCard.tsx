import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { Link } from '@chakra-ui/react/link';
import { Text } from '@chakra-ui/react/text';
import { PostByline } from '@/components/content/Byline';
import { ContentCover } from '@/components/layout/ContentCover';
import type { PostSummary } from '../api/list-posts';
import { PostLink } from './PostLink';

/** A post in a list: its cover, title (the link), summary, who wrote it and when, and its tags. */
export function PostCard({ post, headingLevel }: { post: PostSummary; headingLevel: 'h2' | 'h3' }) {
  return (
    <Box as="article" display="flex" flexDirection="column" gap="3" data-testid="post-card">
      <ContentCover cover={post.cover} variant="card" />
      <Heading as={headingLevel} size="lg" lineHeight="short">
        <Link asChild color="gray.900" _hover={{ color: 'brand.800' }} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}>
          <PostLink slug={post.slug}>{post.title}</PostLink>
        </Link>
      </Heading>
      <Text color="gray.700">{post.summary}</Text>
      <PostByline post={post} />
      {post.tags.length > 0 ? (
        <Box as="ul" aria-label="Tags" listStyleType="none" display="flex" flexWrap="wrap" gap="1.5">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Badge colorPalette="brand" variant="subtle">
                {tag}
              </Badge>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
