import { Text } from '@chakra-ui/react/text';
import { authorLine } from '@/lib/content';
import { formatShopDate } from '@/lib/dates';
import type { PostSummary } from '../api/list-posts';

/** Who wrote a post, the day it was published in India, and how long it takes to read. */
export function PostByline({ post, size = 'sm' }: { post: Pick<PostSummary, 'author' | 'publishedAt' | 'readingMinutes'>; size?: 'sm' | 'md' }) {
  return (
    <Text fontSize={size} color="gray.700">
      {authorLine(post.author)} · <time dateTime={post.publishedAt}>{formatShopDate(post.publishedAt)}</time> · {post.readingMinutes} min read
    </Text>
  );
}
