/** The words staff read for a message's status, the list's views and orders, and the helpers its rows share. */
import type { ContactMessageSort, ContactMessageStatus, MessageStatusView } from '../params';

export const STATUS_LABEL: Record<ContactMessageStatus, string> = {
  open: 'Open',
  closed: 'Closed',
};

export const STATUS_COLOR: Record<ContactMessageStatus, string> = {
  open: 'orange',
  closed: 'green',
};

export const STATUS_VIEW_LABEL: Record<MessageStatusView, string> = {
  ...STATUS_LABEL,
  all: 'Open and closed',
};

export const MESSAGE_SORT_LABEL: Record<ContactMessageSort, string> = {
  '-receivedAt': 'Newest first',
  receivedAt: 'Oldest first',
};

const PREVIEW_LENGTH = 120;

/** The message's first line that says something, cut to a preview's length. */
export function firstLineOf(text: string): string {
  const line = text.split('\n').find((candidate) => candidate.trim() !== '')?.trim() ?? '';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : line;
}

/** The reply's subject quotes the reference, which the sender was given when they wrote. */
export const replySubject = (reference: string) => `Re: your message ${reference}`;

/** The contract's longest reply and subject. */
export const REPLY_BODY_MAX = 5000;
export const REPLY_SUBJECT_MAX = 140;

/** Letters and marks of any script, apostrophes, hyphens and dots: what the e-mail's greeting writes out of a name. */
const NAME_CHARACTERS = /^(?:[\p{L}\p{M}'’.-]|\u200C|\u200D)+$/u;
const LINK_LIKE = /www\.|https?|\.[\p{L}\p{N}]{2,}/iu;
const GREETING_NAME_MAX = 40;

/**
 * The greeting's line as the reply's e-mail writes it: the first name, or no name at all when it holds anything but
 * the characters of names or reads as a link ("Hello Meera," or "Hello,").
 */
export function greetingOf(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  if (!first || !NAME_CHARACTERS.test(first) || LINK_LIKE.test(first)) return 'Hello,';
  const characters = Array.from(first);
  return `Hello ${characters.length > GREETING_NAME_MAX ? characters.slice(0, GREETING_NAME_MAX).join('') : first},`;
}

const relative = new Intl.RelativeTimeFormat('en-IN', { numeric: 'always' });
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How long before `now` the message came: "just now", "25 minutes ago", "3 hours ago", "12 days ago". */
export function receivedAgo(receivedAt: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(receivedAt).getTime());
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return relative.format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative.format(-Math.floor(elapsed / HOUR_MS), 'hour');
  return relative.format(-Math.floor(elapsed / DAY_MS), 'day');
}
