/** The review's words on the authoring pages: each step as a button and as a line of the history, and why a piece cannot be changed. */
import { EDITABLE_STATES } from '../../../machines/content-review';
import type { AuthoringItem, ContentState, ReviewStep } from './api/authoring';

/** In the order the buttons are offered: the author's steps, then the reviewer's. */
export const STEP_ORDER: readonly ReviewStep[] = ['submit', 'withdraw', 'revise', 'approve', 'requestChanges', 'publish', 'unpublish'];

export const STEP_BUTTON: Record<ReviewStep, string> = {
  submit: 'Submit for review',
  withdraw: 'Withdraw',
  approve: 'Approve',
  requestChanges: 'Request changes',
  publish: 'Publish',
  unpublish: 'Unpublish',
  revise: 'Revise',
};

export const STEP_BUSY: Record<ReviewStep, string> = {
  submit: 'Submitting…',
  withdraw: 'Withdrawing…',
  approve: 'Approving…',
  requestChanges: 'Sending…',
  publish: 'Publishing…',
  unpublish: 'Unpublishing…',
  revise: 'Taking it back…',
};

export const STEP_DONE: Record<ReviewStep, string> = {
  submit: 'Submitted for review',
  withdraw: 'Withdrawn by its author',
  approve: 'Approved',
  requestChanges: 'Changes requested',
  publish: 'Published',
  unpublish: 'Unpublished',
  revise: 'Taken back to revise',
};

export function isEditableState(state: ContentState): boolean {
  return EDITABLE_STATES.includes(state);
}

/** Whether the person asking may change the text now: its author, while it is a draft or has changes requested. */
export function canEdit(item: Pick<AuthoringItem, 'isAuthor' | 'state'>): boolean {
  return item.isAuthor && isEditableState(item.state);
}

/** Why the text is shown read-only, and what would change that. */
export function readOnlyReason(item: Pick<AuthoringItem, 'isAuthor' | 'state' | 'author'>): string {
  if (!item.isAuthor) return `Only its author, ${item.author.name}, changes the text. You can read it here and take the review steps below.`;
  switch (item.state) {
    case 'submitted':
      return 'It is waiting for review, so the text cannot change now. Withdraw it to go on writing.';
    case 'approved':
      return 'It is approved and waiting to be published, so the text cannot change. An admin can still ask for changes.';
    case 'published':
      return 'It is published, so the text cannot change. An admin can unpublish it; you can then revise it for a new review.';
    case 'unpublished':
      return 'It is taken off the shop. Revise it to change the text; it then goes through review again.';
    default:
      return 'The text cannot change in this state.';
  }
}
