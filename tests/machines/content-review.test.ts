import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  allowedReviewSteps,
  CONTENT_REVIEW_EVENTS,
  CONTENT_REVIEW_STATES,
  contentReviewMachine,
  nextReviewState,
  reviewStepRefusal,
  type Reviewer,
} from '../../machines/content-review';
import { PendingCalls, itCoversEveryTransition, walk } from './harness';

const author: Reviewer = { role: 'nutritionist', isAuthor: true };
const otherAuthor: Reviewer = { role: 'doctor', isAuthor: false };
const admin: Reviewer = { role: 'admin', isAuthor: false };
const adminAuthor: Reviewer = { role: 'admin', isAuthor: true };
const customer: Reviewer = { role: 'customer', isAuthor: false };

describe('content-review machine: every transition walked on a live actor', () => {
  let result: Awaited<ReturnType<typeof walk>>;

  beforeAll(async () => {
    // Every step offered by each kind of person, with and without a comment, in every state.
    const people = [author, otherAuthor, admin, customer];
    result = await walk(contentReviewMachine, {
      calls: new PendingCalls(),
      events: CONTENT_REVIEW_EVENTS.flatMap((type) => people.flatMap((by) => [{ type, by }, { type, by, comment: 'Please cite the study.' }])),
      check: (snapshot: AnyMachineSnapshot) => {
        expect(CONTENT_REVIEW_STATES).toContain(snapshot.value);
      },
    });
  }, 60_000);

  itCoversEveryTransition(contentReviewMachine, () => result, 10);
});

describe('content-review machine: the rules the server applies', () => {
  it('takes a piece from draft to published through an admin’s review, with a round of changes', () => {
    const steps = [
      { type: 'review.submit', by: author },
      { type: 'review.requestChanges', by: admin, comment: 'Add the cooking time.' },
      { type: 'review.submit', by: author },
      { type: 'review.approve', by: admin },
      { type: 'review.publish', by: admin },
    ] as const;
    let state: (typeof CONTENT_REVIEW_STATES)[number] = 'draft';
    const seen: string[] = [];
    for (const step of steps) {
      const next = nextReviewState(state, step);
      expect(next, `${state} + ${step.type}`).not.toBeNull();
      state = next!;
      seen.push(state);
    }
    expect(seen).toEqual(['submitted', 'changesRequested', 'submitted', 'approved', 'published']);
  });

  it('lets only an admin approve, ask for changes, publish and unpublish, whether or not they wrote the piece', () => {
    expect(reviewStepRefusal('submitted', { type: 'review.approve', by: author })).toBe('role');
    expect(reviewStepRefusal('submitted', { type: 'review.approve', by: otherAuthor })).toBe('role');
    expect(reviewStepRefusal('approved', { type: 'review.publish', by: author })).toBe('role');
    expect(reviewStepRefusal('published', { type: 'review.unpublish', by: author })).toBe('role');
    expect(reviewStepRefusal('submitted', { type: 'review.approve', by: admin })).toBeNull();
    expect(reviewStepRefusal('submitted', { type: 'review.approve', by: adminAuthor })).toBeNull();
  });

  it('lets only the author submit, withdraw and revise their piece; a customer never', () => {
    expect(reviewStepRefusal('draft', { type: 'review.submit', by: otherAuthor })).toBe('role');
    expect(reviewStepRefusal('draft', { type: 'review.submit', by: admin })).toBe('role');
    expect(reviewStepRefusal('draft', { type: 'review.submit', by: { role: 'customer', isAuthor: true } })).toBe('role');
    expect(reviewStepRefusal('submitted', { type: 'review.withdraw', by: author })).toBeNull();
    expect(reviewStepRefusal('unpublished', { type: 'review.revise', by: author })).toBeNull();
    expect(reviewStepRefusal('unpublished', { type: 'review.revise', by: otherAuthor })).toBe('role');
  });

  it('refuses a request for changes that does not say what to change', () => {
    expect(reviewStepRefusal('submitted', { type: 'review.requestChanges', by: admin })).toBe('comment');
    expect(reviewStepRefusal('submitted', { type: 'review.requestChanges', by: admin, comment: '   ' })).toBe('comment');
    expect(nextReviewState('submitted', { type: 'review.requestChanges', by: admin, comment: 'Shorter title, please.' })).toBe('changesRequested');
  });

  it('refuses steps out of order as the state’s, whoever asks', () => {
    expect(reviewStepRefusal('draft', { type: 'review.publish', by: admin })).toBe('state');
    expect(reviewStepRefusal('draft', { type: 'review.approve', by: admin })).toBe('state');
    expect(reviewStepRefusal('published', { type: 'review.submit', by: author })).toBe('state');
    expect(reviewStepRefusal('changesRequested', { type: 'review.approve', by: admin })).toBe('state');
    expect(reviewStepRefusal('published', { type: 'review.publish', by: admin })).toBe('state');
  });

  it('offers each person the steps they may take', () => {
    expect(allowedReviewSteps('draft', author)).toEqual(['review.submit']);
    expect(allowedReviewSteps('draft', admin)).toEqual([]);
    expect(allowedReviewSteps('submitted', admin).sort()).toEqual(['review.approve', 'review.requestChanges']);
    expect(allowedReviewSteps('submitted', author)).toEqual(['review.withdraw']);
    expect(allowedReviewSteps('approved', admin).sort()).toEqual(['review.publish', 'review.requestChanges']);
    expect(allowedReviewSteps('unpublished', adminAuthor).sort()).toEqual(['review.publish', 'review.revise']);
    expect(allowedReviewSteps('published', customer)).toEqual([]);
  });
});
