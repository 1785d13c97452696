import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';

export type StaffMessage = components['schemas']['StaffMessage'];
export type MessageTemplate = components['schemas']['MessageTemplate'];

/** Whose messages a list holds: one order's, or everything sent to one customer. */
export type MessagesOf = 'order' | 'customer';

export const SENT_MESSAGES_KEY = ['admin', 'sent-messages'] as const;

/** How often a list with a message still on its way is read again, so that staff see it go out or fail. */
export const PENDING_POLL_MS = 4000;

/** Still on its way: waiting for its turn (or another try), or being handed to the mail server or SMS provider. */
export const isPending = (message: StaffMessage) => message.status === 'queued' || message.status === 'sending';

async function listMessages(of: MessagesOf, id: string, signal: AbortSignal): Promise<StaffMessage[]> {
  const params = { path: { id } };
  const list =
    of === 'order'
      ? dataOf(await api.GET('/api/admin/orders/{id}/messages', { params, signal }))
      : dataOf(await api.GET('/api/admin/customers/{id}/messages', { params, signal }));
  return list.items;
}

/** The messages of an order (`listOrderMessages`) or a customer (`listCustomerMessages`), newest first as the server sends them. */
export const sentMessagesQueryOptions = (of: MessagesOf, id: string) =>
  queryOptions({
    queryKey: [...SENT_MESSAGES_KEY, of, id],
    queryFn: ({ signal }) => listMessages(of, id, signal),
    refetchInterval: (query) => (query.state.data?.some(isPending) ? PENDING_POLL_MS : false),
    retryOnMount: false,
  });

export function useSentMessages(of: MessagesOf, id: string) {
  return useQuery(sentMessagesQueryOptions(of, id));
}

/**
 * Sends a message again as it was written (operation `resendMessage`). The resend is a message of its own: every
 * list on hand is read again (an order's and its customer's both show it), and the mutation ends once they have been,
 * so the new message is on screen when the confirmation closes. A refusal (still on its way, no consent any more)
 * means the list may have moved on, so it is read again too.
 */
export function useResendMessage() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: SENT_MESSAGES_KEY });
  return useMutation({
    mutationFn: async (message: StaffMessage): Promise<StaffMessage> =>
      dataOf(await api.POST('/api/admin/messages/{id}/resend', { params: { path: { id: message._id } } })).message,
    onSuccess: () => refresh(),
    onError: () => void refresh(),
  });
}
