/**
 * A post as its readers see it: its title, summary, byline, cover, text and tags. The public post page frames it
 * (head, schema.org data, related posts), and the authoring preview shows a draft with it, exactly as it will look.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link as RouterLink } from '@tanstack/react-router';
import { ContentCover } from '@/components/layout/ContentCover';
import { ArticleBody } from './ArticleBody';
import { ArticleHeading } from './ArticleHeading';
import type { ArticlePost } from './article-shapes';
import { PostByline } from './Byline';

function PostTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Box as="footer" mt="10" pt="6" borderTopWidth="1px" borderColor="gray.200">
      <Text as="h2" fontWeight="semibold" color="gray.900" mb="2" id="post-tags-title">
        Tags
      </Text>
      <Box as="ul" aria-labelledby="post-tags-title" listStyleType="none" display="flex" flexWrap="wrap" gap="2">
        {tags.map((tag) => (
          <li key={tag}>
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to="/blogs-list" search={{ tag }} aria-label={`Posts tagged ${tag}`}>
                {tag}
              </RouterLink>
            </Button>
          </li>
        ))}
      </Box>
    </Box>
  );
}

export function PostArticle({ post }: { post: ArticlePost }) {
  return (
    <article aria-labelledby="post-title">
      <Box as="header" mb="8">
        <ArticleHeading id="post-title">{post.title}</ArticleHeading>
        {post.summary ? (
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.700" mb="4">
            {post.summary}
          </Text>
        ) : null}
        <PostByline post={post} size="md" />
      </Box>
      <ContentCover cover={post.cover} variant="page" />
      <ArticleBody html={post.bodyHtml} />
      <PostTags tags={post.tags} />
    </article>
  );
}
