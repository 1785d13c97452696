/** Who wrote a post or recipe, and the day it was published in India. */
import { Text } from '@chakra-ui/react/text';
import { authorLine } from '@/lib/content';
import { formatShopDate } from '@/lib/dates';
import type { ArticlePost, ArticleRecipe } from './article-shapes';

/** The day, or what a draft has in its place: it gets its day when it is published. */
function PublishedOn({ publishedAt }: { publishedAt: string | null }) {
  return publishedAt ? <time dateTime={publishedAt}>{formatShopDate(publishedAt)}</time> : <>Not published yet</>;
}

/** "Meera Iyer, Nutritionist · 26 Nov 2026 · 6 min read", in a list (sm) or on the post's own page (md). */
export function PostByline({ post, size = 'sm' }: { post: Pick<ArticlePost, 'author' | 'publishedAt' | 'readingMinutes'>; size?: 'sm' | 'md' }) {
  return (
    <Text fontSize={size} color="gray.700">
      {authorLine(post.author)} · <PublishedOn publishedAt={post.publishedAt} /> · {post.readingMinutes} min read
    </Text>
  );
}

/** "Recipe by Meera Iyer, Nutritionist · 26 Nov 2026". */
export function RecipeByline({ recipe }: { recipe: Pick<ArticleRecipe, 'author' | 'publishedAt'> }) {
  return (
    <Text fontSize="md" color="gray.700" mb="3">
      Recipe by {authorLine(recipe.author)} · <PublishedOn publishedAt={recipe.publishedAt} />
    </Text>
  );
}
