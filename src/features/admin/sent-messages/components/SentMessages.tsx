import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { notify } from '@/components/ui/notices';
import { formatShopDateTime } from '@/lib/dates';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/failure';
import { isPending, useResendMessage, useSentMessages, type MessagesOf, type StaffMessage } from '../api/sent-messages';
import { CHANNEL_LABEL, DELIVERY_LABEL, STATUS_BADGE, TEMPLATE_TITLE } from './labels';

// The confirmation arrives when it is first asked for, not with the page.
const ResendDialog = lazy(() => import('./ResendDialog'));

function MessageRow({ message, onResend }: { message: StaffMessage; onResend: () => void }) {
  const title = TEMPLATE_TITLE[message.template];
  const status = STATUS_BADGE[message.status];
  const at = message.sentAt ?? message.createdAt;
  return (
    <Box as="li" borderTopWidth="1px" borderColor="gray.100" pt="3" data-testid="sent-message">
      <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} gap="2">
        <Stack gap="1" minW="0">
          <Flex columnGap="2" rowGap="1" wrap="wrap" align="baseline">
            <Text fontWeight="semibold">{title}</Text>
            <Text color="gray.700">{CHANNEL_LABEL[message.channel]}</Text>
            {message.category === 'promotional' ? (
              <Badge colorPalette="blue" variant="outline">
                Promotional
              </Badge>
            ) : null}
          </Flex>
          <Text overflowWrap="anywhere">To {message.recipient}</Text>
          <Flex columnGap="2" rowGap="1" wrap="wrap" align="center" fontSize="sm" color="gray.700">
            <Badge colorPalette={status.color}>{status.label}</Badge>
            <time dateTime={at}>{formatShopDateTime(at)}</time>
            {message.attempts > 1 ? <span>· {message.attempts} attempts</span> : null}
            {message.delivery ? <span data-testid="whatsapp-delivery">· {DELIVERY_LABEL[message.delivery]}</span> : null}
          </Flex>
          {message.delivery === 'failed' ? (
            <Text fontSize="sm" color="red.700" overflowWrap="anywhere">
              Reason: {message.lastError ?? 'not recorded'}; one SMS of the same update was sent in its place where there is one.
            </Text>
          ) : null}
          {message.status === 'failed' ? (
            <Text fontSize="sm" color="red.700" overflowWrap="anywhere">
              Reason: {message.lastError ?? 'not recorded'}
            </Text>
          ) : null}
          {message.status === 'queued' && message.lastError ? (
            <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
              Will be tried again; the last try failed: {message.lastError}
            </Text>
          ) : null}
          {message.resend ? (
            <Text fontSize="sm" color="gray.700">
              Resent by {message.resend.by ?? 'a former team member'}
            </Text>
          ) : null}
        </Stack>
        {isPending(message) ? null : (
          <Box flexShrink={0}>
            <Button size="sm" variant="outline" aria-label={`Resend ${title} to ${message.recipient}`} onClick={onResend}>
              Resend
            </Button>
          </Box>
        )}
      </Flex>
    </Box>
  );
}

/**
 * The e-mails and SMS of an order or a customer, newest first, with how each fared, and a resend after a
 * confirmation. While one is still on its way the list reads itself again every few seconds.
 */

/** Why a resend failed: a new link that could not be made says that nothing was sent, in the server's words. */
function resendFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'LINK_NOT_MADE' && error.serverMessage) return error.serverMessage;
  return failureMessage(error) ?? 'The message could not be resent. Please try again.';
}
export function SentMessages({ of, id }: { of: MessagesOf; id: string }) {
  const headingId = useId();
  const messages = useSentMessages(of, id);
  const resend = useResendMessage();
  const [confirming, setConfirming] = useState<StaffMessage | null>(null);

  let body: ReactNode;
  if (messages.isPending)
    body = (
      <Text role="status" color="gray.700">
        Loading the messages…
      </Text>
    );
  else if (messages.isError) body = <DataLoadFailure what="the messages" error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (messages.data.length === 0) body = <Text color="gray.700">No messages yet.</Text>;
  else
    body = (
      <Stack as="ul" listStyleType="none" gap="3">
        {messages.data.map((message) => (
          <MessageRow
            key={message._id}
            message={message}
            onResend={() => {
              resend.reset();
              setConfirming(message);
            }}
          />
        ))}
      </Stack>
    );

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '5' }}
      data-testid="sent-messages"
    >
      <Heading as="h2" id={headingId} size="md" mb="3">
        Messages
      </Heading>
      {body}
      {confirming ? (
        <Suspense fallback={null}>
          <ResendDialog
            message={confirming}
            busy={resend.isPending}
            error={resend.isError ? resendFailure(resend.error) : null}
            onClose={() => setConfirming(null)}
            onConfirm={() =>
              resend.mutate(confirming, {
                onSuccess: () => {
                  notify.success(`${TEMPLATE_TITLE[confirming.template]} is queued to go again to ${confirming.recipient}.`);
                  setConfirming(null);
                },
              })
            }
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
