/**
 * The review of one blog post or recipe (DESIGN §7, §8b): its author writes a draft and submits it; an admin
 * approves it or asks for changes with a comment the author reads; an approved piece is published, and a published
 * one can be taken down (unpublished) and published again, or sent back to its author to revise.
 *
 * Who may take each step is part of the machine (its guards), so that QA sees it in Stately: the author submits,
 * withdraws and revises their own piece; only an admin approves, asks for changes, publishes and unpublishes.
 *
 * Pure and shared: the authoring pages offer only the steps it allows, and the server asks it before writing a
 * step (`reviewStepRefusal`), so an illegal step is refused in one place for both.
 */
import { setup, transition, type SnapshotFrom } from 'xstate';

export const CONTENT_REVIEW_STATES = ['draft', 'submitted', 'changesRequested', 'approved', 'published', 'unpublished'] as const;
export type ContentReviewState = (typeof CONTENT_REVIEW_STATES)[number];

export const CONTENT_REVIEW_EVENTS = [
  'review.submit',
  'review.withdraw',
  'review.approve',
  'review.requestChanges',
  'review.publish',
  'review.unpublish',
  'review.revise',
] as const;
export type ContentReviewEventType = (typeof CONTENT_REVIEW_EVENTS)[number];

/** Who asks for a step: their role, and whether they wrote the piece. */
export interface Reviewer {
  role: 'admin' | 'doctor' | 'nutritionist' | 'customer';
  isAuthor: boolean;
}

export type ContentReviewEvent = { type: ContentReviewEventType; by: Reviewer; comment?: string };

/** Words the authoring pages and the review queue show for each state. */
export const CONTENT_REVIEW_LABELS: Record<ContentReviewState, string> = {
  draft: 'Draft',
  submitted: 'Waiting for review',
  changesRequested: 'Changes requested',
  approved: 'Approved',
  published: 'Published',
  unpublished: 'Unpublished',
};

/** The pieces whose text their author may still change. */
export const EDITABLE_STATES: readonly ContentReviewState[] = ['draft', 'changesRequested'];

/** Requests for changes must say what to change. */
export const COMMENT_MAX = 2000;

export const contentReviewMachine = setup({
  types: {} as {
    events: ContentReviewEvent;
  },
  guards: {
    byAuthor: ({ event }) => event.by.isAuthor && event.by.role !== 'customer',
    byAdmin: ({ event }) => event.by.role === 'admin',
    byAdminWithComment: ({ event }) => event.by.role === 'admin' && (event.comment?.trim() ?? '') !== '',
  },
}).createMachine({
  id: 'contentReview',
  description: 'One blog post or recipe from its first draft to the shop, reviewed by an admin before anything is published.',
  initial: 'draft',
  states: {
    draft: {
      description: 'Being written by its author, who alone may change it; nobody else reads it yet.',
      on: {
        'review.submit': { target: 'submitted', guard: 'byAuthor', description: 'The author sends it for review.' },
      },
    },
    submitted: {
      description: 'In the review queue: an admin reads it and approves it or asks for changes; the author may take it back.',
      on: {
        'review.approve': { target: 'approved', guard: 'byAdmin', description: 'An admin approves it as it is.' },
        'review.requestChanges': {
          target: 'changesRequested',
          guard: 'byAdminWithComment',
          description: 'An admin sends it back to its author with a comment saying what to change.',
        },
        'review.withdraw': { target: 'draft', guard: 'byAuthor', description: 'The author takes it back to go on writing.' },
      },
    },
    changesRequested: {
      description: 'Back with its author, with the reviewer’s comment; the author edits it and submits it again.',
      on: {
        'review.submit': { target: 'submitted', guard: 'byAuthor', description: 'The author sends the changed piece for review again.' },
      },
    },
    approved: {
      description: 'Approved by an admin and ready to go out; an admin publishes it, or asks for more changes.',
      on: {
        'review.publish': { target: 'published', guard: 'byAdmin', description: 'An admin puts it on the shop.' },
        'review.requestChanges': {
          target: 'changesRequested',
          guard: 'byAdminWithComment',
          description: 'An admin sends it back after all, with a comment saying what to change.',
        },
      },
    },
    published: {
      description: 'On the shop for everyone, in the lists, the sitemap and search results.',
      on: {
        'review.unpublish': { target: 'unpublished', guard: 'byAdmin', description: 'An admin takes it off the shop.' },
      },
    },
    unpublished: {
      description: 'Taken off the shop by an admin; it can go back up as it was, or return to its author to be revised.',
      on: {
        'review.publish': { target: 'published', guard: 'byAdmin', description: 'An admin puts it back on the shop as it was.' },
        'review.revise': { target: 'draft', guard: 'byAuthor', description: 'The author takes it back to revise it, for a new review.' },
      },
    },
  },
});

export type ContentReviewSnapshot = SnapshotFrom<typeof contentReviewMachine>;

export function isContentReviewState(value: string): value is ContentReviewState {
  return (CONTENT_REVIEW_STATES as readonly string[]).includes(value);
}

function snapshotAt(state: ContentReviewState): ContentReviewSnapshot {
  return contentReviewMachine.resolveState({ value: state, context: undefined as never });
}

/**
 * Why `event` cannot be taken from `from`: `state` when that state has no such step (409 for the server), `role`
 * when the person may not take it (403), `comment` when a request for changes says nothing (400); null when it can.
 */
export function reviewStepRefusal(from: ContentReviewState, event: ContentReviewEvent): 'state' | 'role' | 'comment' | null {
  if (snapshotAt(from).can(event)) return null;
  if (contentReviewMachine.states[from]?.on[event.type] === undefined) return 'state';
  if (event.type === 'review.requestChanges' && event.by.role === 'admin') return 'comment';
  return 'role';
}

/** The state `event` leads to from `from`, or null when the machine refuses it. */
export function nextReviewState(from: ContentReviewState, event: ContentReviewEvent): ContentReviewState | null {
  const snapshot = snapshotAt(from);
  if (!snapshot.can(event)) return null;
  const [next] = transition(contentReviewMachine, snapshot, event);
  return next.value as ContentReviewState;
}

/** The steps `by` may take from `from` (a comment assumed where one is needed): what the authoring pages offer. */
export function allowedReviewSteps(from: ContentReviewState, by: Reviewer): ContentReviewEventType[] {
  return CONTENT_REVIEW_EVENTS.filter((type) => nextReviewState(from, { type, by, comment: 'comment' }) !== null);
}
