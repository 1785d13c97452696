import { keepPreviousData, queryOptions, useMutation, useQueryClient, useQuery, type QueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, ApiError, dataOf } from '@/lib/api-client';
import { STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { MessageListParams } from '../params';

export type ContactMessage = components['schemas']['ContactMessage'];
type MessagesQuery = NonNullable<operations['listContactMessages']['parameters']['query']>;
type MessagesPage = operations['listContactMessages']['responses'][200]['content']['application/json'];

export const MESSAGES_KEY = ['admin', 'contact-messages'] as const;

/** How many of the oldest open messages the staff home shows. */
export const MESSAGES_TO_ANSWER = 5;

async function listMessages(query: MessagesQuery, signal?: AbortSignal): Promise<MessagesPage> {
  return dataOf(await api.GET('/api/admin/contact-messages', { params: { query }, signal }));
}

export const contactMessagesQueryOptions = (params: MessageListParams) =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, 'list', params],
    queryFn: async ({ signal }) =>
      listMessages(
        {
          ...(params.q ? { q: params.q } : {}),
          ...(params.status === 'all' ? {} : { status: params.status }),
          ...(params.topic ? { topic: params.topic } : {}),
          sort: params.sort,
          limit: STAFF_PAGE_SIZE,
          offset: (params.page - 1) * STAFF_PAGE_SIZE,
        },
        signal,
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useContactMessages(params: MessageListParams) {
  return useQuery(contactMessagesQueryOptions(params));
}

/** The oldest messages still open, those waiting longest for an answer, and how many are open in all. */
export const messagesToAnswerQueryOptions = queryOptions({
  queryKey: [...MESSAGES_KEY, 'to-answer'],
  queryFn: async ({ signal }) => listMessages({ status: 'open', sort: 'receivedAt', limit: MESSAGES_TO_ANSWER }, signal),
  // As with the staff home's queues, coming back to the page shows them afresh.
  staleTime: 0,
  retryOnMount: false,
});

export function useMessagesToAnswer() {
  return useQuery(messagesToAnswerQueryOptions);
}

export type ContactMessageReply = components['schemas']['ContactMessageReply'];
export type ContactReplyInput = components['schemas']['ContactReplyInput'];

export const isAlreadyClosed = (error: unknown) => error instanceof ApiError && error.code === 'CONTACT_MESSAGE_CLOSED';

/**
 * Puts the message as it now is in every list on hand, and marks the lists to be read again when next shown rather
 * than at once: a message just closed stays in the Open view, showing who closed it, until the list is next read.
 */
function keepMessage(client: QueryClient, message: ContactMessage) {
  client.setQueriesData<MessagesPage>({ queryKey: MESSAGES_KEY }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item._id === message._id ? message : item)) } : page,
  );
  void client.invalidateQueries({ queryKey: MESSAGES_KEY, refetchType: 'none' });
}

/** Closes a message with an optional note (operation `closeContactMessage`). */
export function useCloseMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, note }: { message: ContactMessage; note: string }): Promise<ContactMessage> => {
      const kept = note.trim();
      const answer = dataOf(
        await api.POST('/api/admin/contact-messages/{id}/close', {
          params: { path: { id: message._id } },
          body: kept ? { note: kept } : {},
        }),
      );
      return answer.message;
    },
    onSuccess: (closed) => keepMessage(client, closed),
    // Someone else closed it first: its row is read again, by its reference, to show who did and their note.
    onError: async (error, { message }) => {
      if (!isAlreadyClosed(error)) return;
      const found = await listMessages({ q: message.reference, limit: 1 }).catch(() => undefined);
      const current = found?.items.find((item) => item._id === message._id);
      if (current) keepMessage(client, current);
      else await client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}

/**
 * Sends a reply by e-mail from the shop (operation `replyToContactMessage`): the message comes back answered, with
 * the reply in its history, and takes its place in every list on hand.
 */
export function useReplyToMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ message, reply }: { message: ContactMessage; reply: ContactReplyInput }): Promise<ContactMessage> =>
      dataOf(
        await api.POST('/api/admin/contact-messages/{id}/replies', {
          params: { path: { id: message._id } },
          body: reply,
        }),
      ).message,
    onSuccess: (answered) => keepMessage(client, answered),
  });
}
