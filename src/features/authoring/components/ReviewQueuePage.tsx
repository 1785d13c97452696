/**
 * /recipe/approve: the review queue, posts and recipes waiting for review, those waiting longest first, each
 * opening its edit page where the admin approves it or asks for changes. Admins only: the other staff are told so.
 */
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { formatCount } from '@/components/staff/ListControls';
import { useAuthState } from '@/lib/actors-context';
import { AUTHOR_ROLE_LABEL } from '@/lib/content';
import { formatShopDateTime } from '@/lib/dates';
import { QUEUE_MAX, useReviewQueue, type ContentKind } from '../api/authoring';
import { EDIT_ROUTE, KIND_LABEL, kindOf } from '../paths';
import { AuthoringFrame } from './EditPiecePage';

const TITLE = 'Review queue';

const FILTERS: { label: string; kind: ContentKind | undefined }[] = [
  { label: 'Everything', kind: undefined },
  { label: 'Blog posts', kind: 'post' },
  { label: 'Recipes', kind: 'recipe' },
];

function KindFilter({ kind }: { kind: ContentKind | undefined }) {
  return (
    <Flex as="nav" aria-label="Show" gap="2" wrap="wrap" mb="5">
      {FILTERS.map((filter) => {
        const current = filter.kind === kind;
        return (
          <Box
            key={filter.label}
            asChild
            px="3"
            py="1.5"
            rounded="full"
            borderWidth="1px"
            borderColor={current ? 'brand.600' : 'gray.300'}
            bg={current ? 'brand.600' : 'white'}
            color={current ? 'white' : 'gray.800'}
            fontWeight="medium"
            _hover={{ borderColor: 'brand.500' }}
          >
            <Link to="/recipe/approve" search={filter.kind ? { kind: filter.kind } : {}} aria-current={current ? 'page' : undefined}>
              {filter.label}
            </Link>
          </Box>
        );
      })}
    </Flex>
  );
}

function Queue({ kind }: { kind: ContentKind | undefined }) {
  const queue = useReviewQueue(kind);
  if (queue.isPending) return <PageSpinner label="Loading the queue…" />;
  if (queue.isError) return <DataLoadFailure what="the review queue" error={queue.error} onRetry={() => void queue.refetch()} />;
  const { items, total } = queue.data;
  if (total === 0) return <Text color="gray.700">Nothing is waiting for review.</Text>;
  return (
    <>
      <Text color="gray.700" mb="3" data-testid="queue-count">
        {formatCount(total)} waiting for review, the longest waiting first
        {total > QUEUE_MAX ? `; these are the ${QUEUE_MAX} waiting longest` : ''}.
      </Text>
      <Stack as="ol" listStyleType="none" gap="2" data-testid="review-queue">
        {items.map((item) => (
          <li key={item._id}>
            <Box
              asChild
              display="block"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="3"
              _hover={{ borderColor: 'brand.400', bg: 'brand.50' }}
            >
              <Link to={EDIT_ROUTE[item.kind]} search={{ id: item._id }}>
                <Text as="span" display="block" fontWeight="semibold" color="brand.800" textDecoration="underline" overflowWrap="anywhere">
                  {item.title}
                </Text>
                <Flex as="span" columnGap="3" rowGap="0.5" wrap="wrap" mt="1" color="gray.700" fontSize="sm">
                  <Text as="span">{KIND_LABEL[item.kind]}</Text>
                  <Text as="span">
                    by {item.author.name}, {AUTHOR_ROLE_LABEL[item.author.role]}
                  </Text>
                  <Text as="span">
                    submitted <time dateTime={item.updatedAt}>{formatShopDateTime(item.updatedAt)}</time>
                  </Text>
                </Flex>
              </Link>
            </Box>
          </li>
        ))}
      </Stack>
    </>
  );
}

/** The queue for the address's `?kind=` (post or recipe; both when it names neither). */
export function ReviewQueuePage({ kind: kindAsked }: { kind: unknown }) {
  const { role } = useAuthState();
  const kind = kindOf(kindAsked);
  return (
    <AuthoringFrame>
      {role === 'admin' ? (
        <>
          <PageTitle title={TITLE}>
            Posts and recipes their authors have submitted. Open one to read it, then approve it or ask for changes.
          </PageTitle>
          <KindFilter kind={kind} />
          <Queue kind={kind} />
        </>
      ) : (
        <>
          <PageTitle title={TITLE} />
          <Box role="note" bg="blue.50" borderWidth="1px" borderColor="blue.200" rounded="md" p="4" data-testid="admins-only">
            <Text color="gray.900">
              Only admins review posts and recipes. Submit yours for review from its edit page; your staff home shows where each of your pieces
              stands.
            </Text>
          </Box>
        </>
      )}
    </AuthoringFrame>
  );
}
