/** What the list of contact messages is asked for (operation `listContactMessages`), as its page keeps it in the address. */
import * as v from 'valibot';
import { CONTACT_TOPICS } from '@/lib/contact-topics';
import { isStaffPage } from '@/lib/staff-pages';
import type { components, operations } from '../../../../openapi/schema';

export type ContactTopic = components['schemas']['ContactTopic'];
export type ContactMessageStatus = components['schemas']['ContactMessageStatus'];
export type ContactMessageSort = NonNullable<NonNullable<operations['listContactMessages']['parameters']['query']>['sort']>;

/**
 * Which messages the page shows: it opens on those still to answer (`open`, left out of the address); `closed`, or
 * `all` for every message whatever its status, are written in the address.
 */
export type MessageStatusView = ContactMessageStatus | 'all';

export const MESSAGE_STATUS_VIEWS = ['open', 'closed', 'all'] as const satisfies readonly MessageStatusView[];
export const MESSAGE_SORTS = ['-receivedAt', 'receivedAt'] as const satisfies readonly ContactMessageSort[];
export const MESSAGE_TOPICS: readonly ContactTopic[] = CONTACT_TOPICS.map((topic) => topic.value);

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type MessageSearch = {
  q?: string | undefined;
  status?: MessageStatusView | undefined;
  topic?: ContactTopic | undefined;
  sort?: ContactMessageSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in. */
export interface MessageListParams {
  q: string | undefined;
  status: MessageStatusView;
  topic: ContactTopic | undefined;
  sort: ContactMessageSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const messageSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  status: optional(v.picklist(MESSAGE_STATUS_VIEWS)),
  topic: optional(v.picklist(MESSAGE_TOPICS)),
  sort: optional(v.picklist(MESSAGE_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function messageSearchFrom(raw: unknown): MessageSearch {
  return v.parse(messageSearchSchema, raw ?? {});
}

export function messageListParams(search: MessageSearch): MessageListParams {
  return {
    q: search.q,
    status: search.status ?? 'open',
    topic: search.topic,
    sort: search.sort ?? '-receivedAt',
    page: search.page ?? 1,
  };
}

/** The address's search for `params`, the defaults left out so that the plain address is the usual view. */
export function messageSearchFor(params: MessageListParams): MessageSearch {
  return {
    q: params.q,
    status: params.status === 'open' ? undefined : params.status,
    topic: params.topic,
    sort: params.sort === '-receivedAt' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}
