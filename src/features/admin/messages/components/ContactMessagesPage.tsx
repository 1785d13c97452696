import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Link as ChakraLink } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { FormAlert } from '@/components/ui/fields';
import { topicLabel } from '@/lib/contact-topics';
import { formatShopDateTime } from '@/lib/dates';
import { failureMessage } from '@/lib/failure';
import { STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import {
  isAlreadyClosed,
  useCloseMessage,
  useContactMessages,
  useReplyToMessage,
  type ContactMessage,
  type ContactMessageReply,
  type ContactReplyInput,
} from '../api/contact-messages';
import {
  MESSAGE_SORTS,
  MESSAGE_STATUS_VIEWS,
  MESSAGE_TOPICS,
  messageListParams,
  messageSearchFor,
  messageSearchFrom,
  type ContactMessageSort,
  type ContactTopic,
  type MessageListParams,
} from '../params';
import { firstLineOf, MESSAGE_SORT_LABEL, STATUS_COLOR, STATUS_LABEL, STATUS_VIEW_LABEL } from './labels';

/** The dialogs arrive when first asked for, keeping the list's own chunk small. */
const CloseMessageDialog = lazy(() => import('./CloseMessageDialog'));
const ReplyDialog = lazy(() => import('./ReplyDialog'));

/** What became of a reply's e-mail, in the outbox's words for staff. */
const DELIVERY: Record<NonNullable<ContactMessageReply['delivery']>, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Not delivered', color: 'red' },
};

/** The replies the shop sent, oldest first: who, when, whether the e-mail went, and the text, opened on request. */
function Replies({ message }: { message: ContactMessage }) {
  if (message.replies.length === 0) return null;
  return (
    <Box asChild mt="2" fontSize="sm">
      <details data-testid={`replies-${message.reference}`}>
        <Box as="summary" cursor="pointer" color="brand.700" fontWeight="medium" w="fit-content">
          {message.replies.length === 1 ? '1 reply sent' : `${message.replies.length} replies sent`}
        </Box>
        <Stack as="ol" listStyleType="none" gap="2" mt="2" aria-label={`Replies to ${message.reference}`}>
          {message.replies.map((reply) => (
            <Box as="li" key={reply._id} borderStartWidth="3px" borderColor="brand.200" ps="2">
              <Flex gap="2" wrap="wrap" align="center">
                <Text as="span" color="gray.700">
                  {reply.repliedBy ?? 'A former team member'}, <time dateTime={reply.repliedAt}>{formatShopDateTime(reply.repliedAt)}</time>
                </Text>
                {reply.delivery ? <Badge colorPalette={DELIVERY[reply.delivery].color}>{DELIVERY[reply.delivery].label}</Badge> : null}
              </Flex>
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {reply.subject}
              </Text>
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere" color="gray.800">
                {reply.body}
              </Text>
            </Box>
          ))}
        </Stack>
      </details>
    </Box>
  );
}

/** The sender's address as text, with a button that copies it. */
function CopyableEmail({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Flex gap="1" align="center" wrap="wrap">
      <Text as="span" overflowWrap="anywhere" userSelect="all">
        {email}
      </Text>
      <Button
        size="2xs"
        variant="ghost"
        px="1"
        aria-label={copied ? `Copied the address ${email}` : `Copy the address ${email}`}
        onClick={() => {
          void navigator.clipboard?.writeText(email).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <Text as="span" role="status" srOnly>
        {copied ? `${email} copied` : ''}
      </Text>
    </Flex>
  );
}

const ANY = 'any';
const TOPIC_LABEL = Object.fromEntries(MESSAGE_TOPICS.map((topic) => [topic, topicLabel(topic)])) as Record<ContactTopic, string>;

/** The message's text: its first line, and all of it on request; opened at once when it was searched for by its reference. */
function MessageText({ message, opened }: { message: ContactMessage; opened: boolean }) {
  const [expanded, setExpanded] = useState(opened);
  const textId = useId();
  const preview = firstLineOf(message.message);
  if (preview === message.message.trim()) return <Text whiteSpace="pre-wrap">{message.message}</Text>;
  return (
    <Stack gap="1" align="flex-start" maxW="md">
      <Text id={textId} whiteSpace={expanded ? 'pre-wrap' : undefined} overflowWrap="anywhere">
        {expanded ? message.message : preview}
      </Text>
      <Button
        size="xs"
        variant="ghost"
        px="1"
        aria-expanded={expanded}
        aria-controls={textId}
        aria-label={expanded ? `Show less of ${message.reference}` : `Show all of ${message.reference}`}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? 'Show less' : 'Show all'}
      </Button>
    </Stack>
  );
}

function Sender({ message }: { message: ContactMessage }) {
  return (
    <Stack gap="0.5" align="flex-start">
      <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
        {message.name}
      </Text>
      <CopyableEmail email={message.email} />
      {message.mobile ? (
        <ChakraLink href={`tel:${message.mobile}`} color="brand.700" textDecoration="underline" whiteSpace="nowrap">
          {message.mobile}
        </ChakraLink>
      ) : null}
    </Stack>
  );
}

function Status({ message }: { message: ContactMessage }) {
  return (
    <Stack gap="1" align="flex-start">
      <Badge colorPalette={STATUS_COLOR[message.status]}>{STATUS_LABEL[message.status]}</Badge>
      {message.closedAt ? (
        <Text as="span" fontSize="sm" color="gray.700">
          by {message.closedBy}, {formatShopDateTime(message.closedAt)}
        </Text>
      ) : null}
      {message.closingNote ? (
        <Text fontSize="sm" color="gray.800" whiteSpace="pre-wrap" overflowWrap="anywhere">
          Note: {message.closingNote}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The messages sent from the contact page: read, answered by e-mail from the shop (each reply kept with its message),
 * or closed with a note of what was done.
 */
export function ContactMessagesPage({ search }: { search: unknown }) {
  const params = messageListParams(messageSearchFrom(search));
  const messages = useContactMessages(params);
  const navigate = useNavigate();
  const closing = useCloseMessage();
  const [asking, setAsking] = useState<ContactMessage | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const replyCall = useReplyToMessage();
  const [replying, setReplying] = useState<ContactMessage | null>(null);
  const [replyError, setReplyError] = useState<string | null>(null);

  const show = (change: Partial<MessageListParams>) =>
    void navigate({ to: '/admin/contact-messages', search: messageSearchFor({ ...params, page: 1, ...change }) });
  const filtered = Boolean(params.q || params.topic || params.status !== 'open');
  const data = messages.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / STAFF_PAGE_SIZE)) : 1;
  const searchedReference = params.q?.trim().toUpperCase();

  const close = (message: ContactMessage, note: string) => {
    setDialogError(null);
    setOutcome(null);
    closing
      .mutateAsync({ message, note })
      .then(() => {
        setAsking(null);
        setOutcome({ tone: 'success', text: `${message.reference} is closed.` });
      })
      .catch((error: unknown) => {
        if (isAlreadyClosed(error)) {
          setAsking(null);
          setOutcome({ tone: 'error', text: `${message.reference} was already closed by someone else: its row now shows who closed it and their note.` });
        } else setDialogError(failureMessage(error) ?? 'The message could not be closed. Please try again.');
      });
  };

  const sendReply = (message: ContactMessage, reply: ContactReplyInput) => {
    setReplyError(null);
    setOutcome(null);
    replyCall
      .mutateAsync({ message, reply })
      .then(() => {
        setReplying(null);
        setOutcome({ tone: 'success', text: `Your reply to ${message.reference} is on its way to ${message.email}; the message is answered.` });
      })
      .catch((error: unknown) => setReplyError(failureMessage(error) ?? 'The reply could not be sent. Please try again.'));
  };

  const columns: StaffColumn<ContactMessage>[] = [
    {
      id: 'receivedAt',
      header: 'Received',
      sort: 'receivedAt',
      nowrap: true,
      cell: (message) => <time dateTime={message.receivedAt}>{formatShopDateTime(message.receivedAt)}</time>,
    },
    {
      id: 'reference',
      header: 'Reference',
      rowHeader: true,
      nowrap: true,
      cell: (message) => (
        <Text as="span" fontWeight="semibold">
          {message.reference}
        </Text>
      ),
    },
    { id: 'from', header: 'From', cell: (message) => <Sender message={message} /> },
    { id: 'topic', header: 'Topic', cell: (message) => topicLabel(message.topic) },
    {
      id: 'message',
      header: 'Message',
      cell: (message) => (
        <>
          <MessageText message={message} opened={searchedReference === message.reference} />
          <Replies message={message} />
        </>
      ),
    },
    { id: 'status', header: 'Status', cell: (message) => <Status message={message} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (message) => (
        <Flex gap="2" wrap="wrap">
          <Button
            size="xs"
            colorPalette="brand"
            aria-label={`Reply to ${message.reference}`}
            onClick={() => {
              setReplyError(null);
              setReplying(message);
            }}
          >
            Reply
          </Button>
          {message.status === 'open' ? (
            <Button
              size="xs"
              variant="outline"
              colorPalette="brand"
              aria-label={`Close ${message.reference}`}
              onClick={() => {
                setDialogError(null);
                setAsking(message);
              }}
            >
              Close
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Messages">
        What people sent from the contact page. Reply from the shop: the e-mail is kept with the message, which is then
        answered. A message answered another way (a call) is closed with a note of what was done.
      </PageTitle>
      {outcome ? (
        <Box mb="4" data-testid="message-outcome">
          <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>
        </Box>
      ) : null}
      <Flex gap="4" mb="3" wrap="wrap" align="flex-end">
        <SearchBox
          id="message-search"
          label="Search the messages"
          placeholder="Reference (CM-000042), name, e-mail or a word"
          value={params.q}
          onSearch={(q) => show({ q })}
        />
        <FilterSelect
          id="message-sort"
          label="Sort by"
          value={params.sort}
          values={MESSAGE_SORTS}
          labels={MESSAGE_SORT_LABEL}
          onChange={(sort) => show({ sort })}
        />
      </Flex>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <FilterSelect
          id="message-status"
          label="Status"
          value={params.status}
          values={MESSAGE_STATUS_VIEWS}
          labels={STATUS_VIEW_LABEL}
          onChange={(status) => show({ status })}
        />
        <FilterSelect<ContactTopic | typeof ANY>
          id="message-topic"
          label="Topic"
          value={params.topic ?? ANY}
          values={[ANY, ...MESSAGE_TOPICS]}
          labels={{ any: 'Any topic', ...TOPIC_LABEL }}
          onChange={(topic) => show({ topic: topic === ANY ? undefined : topic })}
        />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, topic: undefined, status: 'open' })}>
            Clear filters
          </Button>
        ) : null}
        <Text role="status" srOnly>
          {messages.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={messages}
        what="the messages"
        latestWhat="the latest list"
        testId="messages-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There is no message"
        filtered={Boolean(params.q || params.topic)}
        noMatch="No message matches these filters."
        noneYet={
          params.status === 'open'
            ? 'No message is waiting for an answer.'
            : params.status === 'closed'
              ? 'No message has been closed yet.'
              : 'No message has been sent yet.'
        }
      >
        {(data) => (
          <>
            <StaffTable
              columns={columns}
              rows={data.items}
              rowId={(message) => message._id}
              caption={`${STATUS_VIEW_LABEL[params.status]} messages, ${MESSAGE_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as ContactMessageSort })}
              updating={messages.isPlaceholderData}
              testId="contact-messages"
            />
            <Pager
              label="Pages of messages"
              page={params.page}
              pageSize={STAFF_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: '/admin/contact-messages', search: messageSearchFor({ ...params, page }) })}
            />
          </>
        )}
      </StaffListBody>
      {replying ? (
        <Suspense fallback={null}>
          <ReplyDialog
            message={replying}
            busy={replyCall.isPending}
            error={replyError}
            onClose={() => setReplying(null)}
            onSend={(reply) => sendReply(replying, reply)}
          />
        </Suspense>
      ) : null}
      {asking ? (
        <Suspense fallback={null}>
          <CloseMessageDialog
            message={asking}
            busy={closing.isPending}
            error={dialogError}
            onClose={() => setAsking(null)}
            onConfirm={(note) => close(asking, note)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
