/**
 * The staff home's writing: every staff member's own posts and recipes with where each stands in its review, and for
 * admins the pieces waiting for review. Each piece opens on its edit page.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CONTENT_REVIEW_LABELS } from '../../../../../machines/content-review';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { formatCount } from '@/components/staff/ListControls';
import { AUTHOR_ROLE_LABEL } from '@/lib/content';
import { formatShopDateTime } from '@/lib/dates';
import { useOwnPieces, useWaitingForReview, type AuthoringSummary } from '../api/authoring-items';

const KIND_LABEL: Record<AuthoringSummary['kind'], string> = { post: 'Blog post', recipe: 'Recipe' };

/** A piece opens where its kind is edited: posts at /blog/edit, recipes at /recipe/create (src/features/authoring/paths.ts). */
function PieceLink({ piece, children }: { piece: AuthoringSummary; children: ReactNode }) {
  return piece.kind === 'post' ? (
    <Link to="/blog/edit" search={{ id: piece._id }}>
      {children}
    </Link>
  ) : (
    <Link to="/recipe/create" search={{ id: piece._id }}>
      {children}
    </Link>
  );
}

function PieceRow({ piece, detail }: { piece: AuthoringSummary; detail: ReactNode }) {
  return (
    <li>
      <Box asChild display="block" borderWidth="1px" borderColor="gray.200" rounded="lg" p="3" _hover={{ borderColor: 'brand.400', bg: 'brand.50' }}>
        <PieceLink piece={piece}>
          <Text as="span" display="block" fontWeight="semibold" overflowWrap="anywhere">
            {piece.title}
          </Text>
          <Flex as="span" columnGap="3" rowGap="1" wrap="wrap" align="center" mt="1" fontSize="sm" color="gray.700">
            {detail}
          </Flex>
        </PieceLink>
      </Box>
    </li>
  );
}

function PanelLink({ to, children }: { to: '/blogs/create' | '/recipe/create' | '/recipe/approve'; children: ReactNode }) {
  return (
    <ChakraLink asChild color="brand.700" textDecoration="underline" fontWeight="medium">
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}

/** The person's own pieces, most recently changed first. */
export function YourWriting() {
  const own = useOwnPieces();
  return (
    <Box as="section" aria-labelledby="your-writing-heading" mb="8" data-testid="your-writing">
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="3" mb="3">
        <Heading as="h2" id="your-writing-heading" size="lg">
          Your writing
        </Heading>
        <Flex gap="4" wrap="wrap">
          <PanelLink to="/blogs/create">Write a blog post</PanelLink>
          <PanelLink to="/recipe/create">Write a recipe</PanelLink>
        </Flex>
      </Flex>
      {own.isPending ? (
        <Text role="status" color="gray.700">
          Loading your writing…
        </Text>
      ) : own.isError ? (
        <DataLoadFailure what="your writing" error={own.error} onRetry={() => void own.refetch()} />
      ) : own.data.total === 0 ? (
        <Text color="gray.700">You have not started a post or recipe yet.</Text>
      ) : (
        <>
          {own.data.total > own.data.items.length ? (
            <Text color="gray.700" mb="3">
              The {own.data.items.length} changed most recently of your {formatCount(own.data.total)} pieces.
            </Text>
          ) : null}
          <Stack as="ul" listStyleType="none" gap="2">
            {own.data.items.map((piece) => (
              <PieceRow
                key={piece._id}
                piece={piece}
                detail={
                  <>
                    <Badge colorPalette={piece.state === 'changesRequested' ? 'orange' : piece.state === 'published' ? 'green' : 'gray'}>
                      {CONTENT_REVIEW_LABELS[piece.state]}
                    </Badge>
                    <Text as="span">{KIND_LABEL[piece.kind]}</Text>
                    <Text as="span">
                      changed <time dateTime={piece.updatedAt}>{formatShopDateTime(piece.updatedAt)}</time>
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}

/** For admins: how many pieces wait for review, and the oldest of them. */
export function WaitingForReview() {
  const waiting = useWaitingForReview();
  return (
    <Box as="section" aria-labelledby="waiting-for-review-heading" mb="8" data-testid="waiting-for-review">
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="3" mb="3">
        <Heading as="h2" id="waiting-for-review-heading" size="lg">
          Waiting for review
        </Heading>
        <PanelLink to="/recipe/approve">The review queue</PanelLink>
      </Flex>
      {waiting.isPending ? (
        <Text role="status" color="gray.700">
          Loading the pieces waiting for review…
        </Text>
      ) : waiting.isError ? (
        <DataLoadFailure what="the pieces waiting for review" error={waiting.error} onRetry={() => void waiting.refetch()} />
      ) : waiting.data.total === 0 ? (
        <Text color="gray.700">No post or recipe is waiting for review.</Text>
      ) : (
        <>
          <Text color="gray.700" mb="3" data-testid="waiting-count">
            {formatCount(waiting.data.total)} waiting for review
            {waiting.data.total > waiting.data.items.length ? '; the longest waiting:' : ', the longest waiting first.'}
          </Text>
          <Stack as="ul" listStyleType="none" gap="2">
            {waiting.data.items.map((piece) => (
              <PieceRow
                key={piece._id}
                piece={piece}
                detail={
                  <>
                    <Text as="span">{KIND_LABEL[piece.kind]}</Text>
                    <Text as="span">
                      by {piece.author.name}, {AUTHOR_ROLE_LABEL[piece.author.role]}
                    </Text>
                    <Text as="span">
                      submitted <time dateTime={piece.updatedAt}>{formatShopDateTime(piece.updatedAt)}</time>
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </>
      )}
    </Box>
  );
}
