import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { formatCount } from '@/components/staff/ListControls';
import { topicLabel } from '@/lib/contact-topics';
import { formatShopDateTime } from '@/lib/dates';
import { useMessagesToAnswer } from '../api/contact-messages';
import type { MessageSearch } from '../params';
import { firstLineOf, receivedAgo } from './labels';

/**
 * The admin's staff home: the open messages waiting longest for an answer, each opening on the messages page, and
 * how many are open in all. Admins only: the list's call refuses every other role.
 */
export function MessagesToAnswer() {
  const toAnswer = useMessagesToAnswer();
  return (
    <Box as="section" aria-labelledby="messages-heading" mb="8" data-testid="messages-to-answer">
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="2" mb="3">
        <Heading as="h2" id="messages-heading" size="lg">
          Messages to answer
        </Heading>
        <ChakraLink asChild color="brand.700" textDecoration="underline" fontWeight="medium">
          <Link to="/admin/contact-messages">All messages</Link>
        </ChakraLink>
      </Flex>
      {toAnswer.isPending ? (
        <Text role="status" color="gray.700">
          Loading the messages…
        </Text>
      ) : toAnswer.isError ? (
        <DataLoadFailure what="the messages to answer" error={toAnswer.error} onRetry={() => void toAnswer.refetch()} />
      ) : toAnswer.data.total === 0 ? (
        <Text color="gray.700">No message is waiting for an answer.</Text>
      ) : (
        <>
          <Text color="gray.700" mb="3" data-testid="open-messages-count">
            {formatCount(toAnswer.data.total)} open {toAnswer.data.total === 1 ? 'message' : 'messages'}, the oldest first.
          </Text>
          <Stack as="ul" listStyleType="none" gap="2">
            {toAnswer.data.items.map((message) => {
              // Searching by its reference, whatever its status by then, opens the message on the list.
              const search: MessageSearch = { q: message.reference, status: 'all' };
              return (
                <li key={message._id}>
                  <Box
                    asChild
                    display="block"
                    borderWidth="1px"
                    borderColor="gray.200"
                    rounded="lg"
                    p="3"
                    _hover={{ borderColor: 'brand.400', bg: 'brand.50' }}
                  >
                    <Link to="/admin/contact-messages" search={search}>
                      <Flex as="span" columnGap="3" rowGap="0.5" wrap="wrap">
                        <Text as="span" fontWeight="semibold">
                          {message.reference}
                        </Text>
                        <Text as="span" fontWeight="medium" overflowWrap="anywhere">
                          {message.name}
                        </Text>
                        <Text as="span" color="gray.700">
                          {topicLabel(message.topic)}
                        </Text>
                        <Text as="span" color="gray.700">
                          received{' '}
                          <time dateTime={message.receivedAt} title={formatShopDateTime(message.receivedAt)}>
                            {receivedAgo(message.receivedAt, toAnswer.dataUpdatedAt)}
                          </time>
                        </Text>
                      </Flex>
                      <Text as="span" display="block" mt="1" color="gray.800" truncate>
                        {firstLineOf(message.message)}
                      </Text>
                    </Link>
                  </Box>
                </li>
              );
            })}
          </Stack>
        </>
      )}
    </Box>
  );
}
