/**
 * /blog/test?id=… and /recipe/test?id=…: the saved draft as readers will see it once it is published, marked as a
 * preview. The article is the public pages' own (src/components/content): the same heading, byline, cover, text and
 * recipe parts, with what a draft still lacks marked as to come. What only a published piece has stays with the public
 * pages: the head tags and schema.org data for search engines, and the links to related posts and more recipes.
 */
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CONTENT_REVIEW_LABELS } from '../../../../machines/content-review';
import type { ArticleRecipe } from '@/components/content/article-shapes';
import { PostArticle } from '@/components/content/PostArticle';
import { RecipeArticle } from '@/components/content/RecipeArticle';
import { site } from '@/lib/site';
import type { AuthoringItem, ContentKind } from '../api/authoring';
import { UNWRITTEN_RECIPE } from '../draft';
import { EDIT_ROUTE, PREVIEW_ROUTE } from '../paths';
import { AuthoringFrame, PieceNotFound, WithPiece } from './EditPiecePage';

const PREVIEW_TITLE: Record<ContentKind, string> = { post: 'Blog post preview', recipe: 'Recipe preview' };

function PreviewBanner({ item }: { item: AuthoringItem }) {
  return (
    <Flex
      role="note"
      aria-label="Preview"
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      bg="orange.50"
      borderWidth="1px"
      borderColor="orange.300"
      rounded="md"
      p="3"
      mb="8"
      data-testid="preview-banner"
    >
      <Box>
        <Text fontWeight="bold" color="orange.900">
          Preview — not published
        </Text>
        <Text fontSize="sm" color="gray.800">
          The saved draft, laid out as readers will see it once it is published. State: {CONTENT_REVIEW_LABELS[item.state]}.
        </Text>
      </Box>
      <Box asChild color="brand.800" textDecoration="underline" fontWeight="medium">
        <Link to={EDIT_ROUTE[item.kind]} search={{ id: item._id }}>
          Back to the {item.kind === 'post' ? 'post' : 'recipe'}
        </Link>
      </Box>
    </Flex>
  );
}

/** A recipe draft as its article takes a recipe: the piece's fields and its recipe parts, as far as it has them. */
function articleRecipeOf(item: AuthoringItem): ArticleRecipe {
  const { slug, title, summary, author, cover, bodyHtml, publishedAt } = item;
  return { slug, title, summary, author, cover, bodyHtml, publishedAt, ...(item.recipe ?? UNWRITTEN_RECIPE) };
}

function Preview({ item }: { item: AuthoringItem }) {
  useEffect(() => {
    document.title = `${PREVIEW_TITLE[item.kind]}: ${item.title} | ${site.brand}`;
  }, [item.kind, item.title]);
  return (
    <Box maxW="3xl" mx="auto">
      <PreviewBanner item={item} />
      {item.kind === 'recipe' ? <RecipeArticle recipe={articleRecipeOf(item)} /> : <PostArticle post={item} />}
    </Box>
  );
}

export function PreviewPage({ kind, id }: { kind: ContentKind; id: string | undefined }) {
  const title = PREVIEW_TITLE[kind];
  return (
    <AuthoringFrame>
      {id ? (
        <WithPiece kind={kind} id={id} title={title} routes={PREVIEW_ROUTE}>
          {(item) => <Preview item={item} />}
        </WithPiece>
      ) : (
        <PieceNotFound title={title} />
      )}
    </AuthoringFrame>
  );
}
