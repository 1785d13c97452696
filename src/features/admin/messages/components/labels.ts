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

/** A mailto address for `email`, with a subject when given; each part of the address encoded as RFC 6068 asks. */
export function mailtoHref(email: string, subject?: string): string {
  const address = email.split('@').map(encodeURIComponent).join('@');
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** The reply's subject quotes the reference, which the sender was given when they wrote. */
export const replySubject = (reference: string) => `Re: your message ${reference}`;

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
