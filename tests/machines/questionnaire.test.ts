import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import {
  ANSWER_EVERY_QUESTION,
  ANSWER_TO_GO_ON,
  ANSWERS_KEPT,
  COULD_NOT_SAVE,
  isAnswered,
  questionnaireMachine,
  unansweredSteps,
  type QuestionnaireDraft,
  type QuestionnaireInput,
  type QuestionnaireSnapshot,
  type QuestionnaireStep,
  type SavedResult,
  type SaveInput,
} from '../../machines/questionnaire';
import { PendingCalls, flush, itCoversEveryTransition, walkFromInputs } from './harness';

/** Three steps: a required one, an optional one, and a required one whose step also asks for a note. */
const STEPS: readonly QuestionnaireStep[] = [{ items: ['a'] }, { items: ['b'], optional: true }, { items: ['c', 'cNote'] }];
const COMPLETE = { a: 0, c: 2 };
const SAVED: SavedResult = { _id: 'result-1', createdAt: '2026-01-01T00:00:00.000Z' };

function provideQuestionnaire() {
  const calls = new PendingCalls();
  const machine = questionnaireMachine.provide({ actors: { save: calls.actor<SavedResult, SaveInput>('save') } });
  return { calls, machine };
}

function started(input: Partial<QuestionnaireInput> = {}) {
  const { calls, machine } = provideQuestionnaire();
  const actor = createActor(machine, { input: { steps: STEPS, signedIn: false, ...input } }).start();
  const snapshot = () => actor.getSnapshot();
  return { actor, calls, snapshot };
}

/** Every required question answered, then the review. */
function atReview(input: Partial<QuestionnaireInput> = {}) {
  const run = started(input);
  run.actor.send({ type: 'questionnaire.start' });
  run.actor.send({ type: 'questionnaire.answer', item: 'a', value: 0 });
  run.actor.send({ type: 'questionnaire.answer', item: 'c', value: 2 });
  run.actor.send({ type: 'questionnaire.review' });
  expect(run.snapshot().value).toBe('review');
  return run;
}

/**
 * Which snapshots count as the same vertex: the state, what the guards read, and the list of questions left. The
 * message shown is read by no guard, so it would only multiply the vertices; every edge that sets it is still walked
 * and compared with the model.
 */
function vertexOf(snapshot: AnyMachineSnapshot): string {
  const { answers, index, signedIn, consent, saved, unanswered } = (snapshot as QuestionnaireSnapshot).context;
  return JSON.stringify({ value: snapshot.value, answers, index, signedIn, consent, saved, unanswered });
}

function checkInvariants(snapshot: AnyMachineSnapshot): void {
  const questionnaire = snapshot as QuestionnaireSnapshot;
  const { context } = questionnaire;
  const missing = unansweredSteps(STEPS, context.answers);
  expect(context.index).toBeGreaterThanOrEqual(0);
  expect(context.index).toBeLessThan(STEPS.length);
  // The list only ever names steps still unanswered.
  expect(context.unanswered.filter((index) => !missing.includes(index))).toEqual([]);
  // Past the questions, every required question is answered and nothing is left to list.
  if (!questionnaire.matches('intro') && !questionnaire.matches('questions')) {
    expect(missing).toEqual([]);
    expect(context.unanswered).toEqual([]);
  }
  if (context.saved !== null) expect(questionnaire.value).toBe('result');
}

describe('questionnaire machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideQuestionnaire();
  const events = [
    { type: 'questionnaire.start' },
    { type: 'questionnaire.answer', item: 'a', value: 0 },
    { type: 'questionnaire.answer', item: 'c', value: 2 },
    { type: 'questionnaire.next' },
    { type: 'questionnaire.back' },
    { type: 'questionnaire.goTo', index: 2 },
    { type: 'questionnaire.review' },
    { type: 'questionnaire.consent', given: true },
    { type: 'questionnaire.consent', given: false },
    { type: 'questionnaire.submit' },
    { type: 'questionnaire.save' },
    { type: 'questionnaire.restart' },
    { type: 'questionnaire.session', signedIn: true },
    { type: 'questionnaire.session', signedIn: false },
    { type: 'xstate.done.actor.save', output: SAVED },
    { type: 'xstate.error.actor.save', error: { message: 'The server is busy.' } },
  ];
  /** A draft left at each stage; from each but the first, only the first step is walked (the rest is the same graph). */
  const drafts: Array<QuestionnaireDraft | null> = [
    null,
    { answers: COMPLETE, index: 2, stage: 'result' },
    { answers: COMPLETE, index: 2, stage: 'review' },
    { answers: { a: 1 }, index: 1, stage: 'result' },
  ];
  let result: { paths: unknown[]; snapshots: AnyMachineSnapshot[]; taken: Set<string> };

  beforeAll(async () => {
    result = await walkFromInputs(
      machine,
      drafts.map((draft) => ({ steps: STEPS, signedIn: false, draft })),
      { calls, events, serializeState: vertexOf, check: checkInvariants, walkWhole: (input) => input.draft === null },
    );
  }, 60_000);

  itCoversEveryTransition(questionnaireMachine, () => result, 30);
});

describe('questionnaire machine: the questions', () => {
  it('starts at the first question and asks for an answer before going on', () => {
    const { actor, snapshot } = started();
    expect(snapshot().value).toBe('intro');
    actor.send({ type: 'questionnaire.start' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.index).toBe(0);
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ index: 0, error: ANSWER_TO_GO_ON });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: 0 });
    expect(snapshot().context).toMatchObject({ answers: { a: 0 }, error: null });
  });

  it('moves forward and back one step at a time, passes the optional step unanswered, and returns to the introduction', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'questionnaire.start' });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: 3 });
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().context).toMatchObject({ index: 2, error: null, answers: { a: 3 } });
    actor.send({ type: 'questionnaire.back' });
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'questionnaire.back' });
    expect(snapshot().context.index).toBe(0);
    actor.send({ type: 'questionnaire.back' });
    expect(snapshot().value).toBe('intro');
    expect(snapshot().context.answers).toEqual({ a: 3 });
  });

  it('goes to the review from the last step once it is answered', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'questionnaire.start' });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: 1 });
    actor.send({ type: 'questionnaire.next' });
    actor.send({ type: 'questionnaire.answer', item: 'b', value: 'seldom' });
    actor.send({ type: 'questionnaire.next' });
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.error).toBe(ANSWER_TO_GO_ON);
    actor.send({ type: 'questionnaire.answer', item: 'c', value: 2 });
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().value).toBe('review');
    expect(snapshot().context).toMatchObject({ answers: { a: 1, b: 'seldom', c: 2 }, unanswered: [], error: null });
  });

  it('lists the required questions left when asked to review, moves to the first, and drops each once answered', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'questionnaire.start' });
    actor.send({ type: 'questionnaire.goTo', index: 1 });
    actor.send({ type: 'questionnaire.review' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ unanswered: [0, 2], index: 0, error: ANSWER_EVERY_QUESTION });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: 0 });
    expect(snapshot().context).toMatchObject({ unanswered: [2], error: null });
    // The step's note is not its answer, and an empty text answers nothing.
    actor.send({ type: 'questionnaire.answer', item: 'cNote', value: 'woke at 4' });
    actor.send({ type: 'questionnaire.answer', item: 'c', value: '  ' });
    expect(snapshot().context.unanswered).toEqual([2]);
    expect(snapshot().context.answers).toEqual({ a: 0, cNote: 'woke at 4' });
    actor.send({ type: 'questionnaire.review' });
    expect(snapshot().context).toMatchObject({ unanswered: [2], index: 2 });
    actor.send({ type: 'questionnaire.answer', item: 'c', value: 1 });
    expect(snapshot().context.unanswered).toEqual([]);
    actor.send({ type: 'questionnaire.review' });
    expect(snapshot().value).toBe('review');
  });

  it('does not review from the last step while an earlier question is left: it lists them as `review` does', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'questionnaire.start' });
    actor.send({ type: 'questionnaire.goTo', index: 2 });
    actor.send({ type: 'questionnaire.answer', item: 'c', value: 2 });
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ unanswered: [0], index: 0, error: ANSWER_EVERY_QUESTION });
  });

  it('clears an answer given as an empty text, and counts 0 as an answer', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'questionnaire.start' });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: 0 });
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'questionnaire.back' });
    actor.send({ type: 'questionnaire.answer', item: 'a', value: '' });
    expect(snapshot().context.answers).toEqual({});
    actor.send({ type: 'questionnaire.next' });
    expect(snapshot().context).toMatchObject({ index: 0, error: ANSWER_TO_GO_ON });
  });
});

describe('questionnaire machine: the review', () => {
  it('goes back to a chosen question (kept within the steps) or to the last one', () => {
    const { actor, snapshot } = atReview();
    actor.send({ type: 'questionnaire.goTo', index: 1 });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'questionnaire.review' });
    actor.send({ type: 'questionnaire.goTo', index: 99 });
    expect(snapshot().context.index).toBe(2);
    actor.send({ type: 'questionnaire.review' });
    actor.send({ type: 'questionnaire.goTo', index: -1 });
    expect(snapshot().context.index).toBe(0);
    actor.send({ type: 'questionnaire.review' });
    actor.send({ type: 'questionnaire.back' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.index).toBe(2);
    expect(snapshot().context.answers).toEqual(COMPLETE);
  });

  it('toggles the consent', () => {
    const { actor, snapshot } = atReview();
    expect(snapshot().context.consent).toBe(false);
    actor.send({ type: 'questionnaire.consent', given: true });
    expect(snapshot().context.consent).toBe(true);
    actor.send({ type: 'questionnaire.consent', given: false });
    expect(snapshot().context.consent).toBe(false);
  });

  it('shows a visitor the result at once and keeps nothing', () => {
    const { actor, calls, snapshot } = atReview();
    actor.send({ type: 'questionnaire.submit' });
    expect(snapshot().value).toBe('result');
    expect(snapshot().context).toMatchObject({ saved: null, error: null, answers: COMPLETE });
    expect(calls.started).toEqual([]);
  });

  it('keeps a signed-in person’s answers and shows the result kept', async () => {
    const { actor, calls, snapshot } = atReview({ signedIn: true });
    actor.send({ type: 'questionnaire.consent', given: true });
    actor.send({ type: 'questionnaire.submit' });
    expect(snapshot().value).toBe('submitting');
    expect(calls.lastInput('save')).toEqual({ answers: COMPLETE, consent: true });
    calls.resolve('save', SAVED);
    await flush();
    expect(snapshot().value).toBe('result');
    expect(snapshot().context).toMatchObject({ saved: SAVED, consent: true, error: null, answers: COMPLETE });
  });

  it('keeps the result at once when the consent was given before', async () => {
    const { actor, calls, snapshot } = atReview({ signedIn: true, consent: true });
    actor.send({ type: 'questionnaire.submit' });
    expect(calls.lastInput('save')).toEqual({ answers: COMPLETE, consent: true });
    calls.resolve('save', SAVED);
    await flush();
    expect(snapshot().context).toMatchObject({ saved: SAVED, consent: true });
  });

  it('shows a signed-in person who did not agree the result at once, keeps nothing, and keeps it once they agree', async () => {
    const { actor, calls, snapshot } = atReview({ signedIn: true });
    actor.send({ type: 'questionnaire.submit' });
    expect(snapshot().value).toBe('result');
    expect(calls.started).toEqual([]);
    actor.send({ type: 'questionnaire.save' });
    expect(snapshot().value).toBe('result');
    actor.send({ type: 'questionnaire.consent', given: true });
    actor.send({ type: 'questionnaire.save' });
    expect(snapshot().value).toBe('saving');
    expect(calls.lastInput('save')).toEqual({ answers: COMPLETE, consent: true });
    calls.resolve('save', SAVED);
    await flush();
    expect(snapshot().context).toMatchObject({ saved: SAVED });
  });

  it('returns to the review with the reason when saving fails, every answer kept', async () => {
    const { actor, calls, snapshot } = atReview({ signedIn: true, consent: true });
    actor.send({ type: 'questionnaire.submit' });
    calls.reject('save', { message: 'The server is busy.' });
    await flush();
    expect(snapshot().value).toBe('review');
    expect(snapshot().context).toMatchObject({ error: `The server is busy. ${ANSWERS_KEPT}`, answers: COMPLETE, saved: null });
    for (const reason of [new Error(''), {}, 'offline', null]) {
      actor.send({ type: 'questionnaire.submit' });
      expect(snapshot().context.error).toBeNull();
      calls.reject('save', reason);
      await flush();
      expect(snapshot().value).toBe('review');
      expect(snapshot().context).toMatchObject({ error: COULD_NOT_SAVE, answers: COMPLETE });
    }
  });
});

describe('questionnaire machine: the result', () => {
  async function visitorAtResult() {
    const run = atReview();
    run.actor.send({ type: 'questionnaire.submit' });
    await flush();
    expect(run.snapshot().value).toBe('result');
    return run;
  }

  it('lets a visitor who signs in keep the result, after a failed try', async () => {
    const { actor, calls, snapshot } = await visitorAtResult();
    actor.send({ type: 'questionnaire.save' });
    expect(snapshot().value).toBe('result');
    expect(calls.started).toEqual([]);
    actor.send({ type: 'questionnaire.session', signedIn: true, consent: true });
    expect(snapshot().context).toMatchObject({ signedIn: true, consent: true });
    actor.send({ type: 'questionnaire.save' });
    expect(snapshot().value).toBe('saving');
    expect(calls.lastInput('save')).toEqual({ answers: COMPLETE, consent: true });
    calls.reject('save', new Error('The server is busy.'));
    await flush();
    expect(snapshot().value).toBe('result');
    expect(snapshot().context).toMatchObject({ error: `The server is busy. ${ANSWERS_KEPT}`, saved: null, answers: COMPLETE });
    actor.send({ type: 'questionnaire.save' });
    calls.resolve('save', SAVED);
    await flush();
    expect(snapshot().value).toBe('result');
    expect(snapshot().context).toMatchObject({ saved: SAVED, error: null, answers: COMPLETE });
    // Kept once: neither saved again nor changed from the questions.
    actor.send({ type: 'questionnaire.save' });
    actor.send({ type: 'questionnaire.goTo', index: 0 });
    expect(snapshot().value).toBe('result');
    expect(calls.started).toHaveLength(2);
  });

  it('keeps the session without touching the consent when the event does not say', async () => {
    const { actor, snapshot } = await visitorAtResult();
    actor.send({ type: 'questionnaire.consent', given: true });
    actor.send({ type: 'questionnaire.session', signedIn: true });
    expect(snapshot().context).toMatchObject({ signedIn: true, consent: true });
    actor.send({ type: 'questionnaire.session', signedIn: false });
    expect(snapshot().context).toMatchObject({ signedIn: false, consent: true });
  });

  it('goes back to a question from a result not kept', async () => {
    const { actor, snapshot } = await visitorAtResult();
    actor.send({ type: 'questionnaire.goTo', index: 1 });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ index: 1, answers: COMPLETE });
  });

  it('starts over from the introduction with nothing kept', async () => {
    const { actor, calls, snapshot } = atReview({ signedIn: true, consent: true });
    actor.send({ type: 'questionnaire.submit' });
    calls.resolve('save', SAVED);
    await flush();
    actor.send({ type: 'questionnaire.restart' });
    expect(snapshot().value).toBe('intro');
    expect(snapshot().context).toMatchObject({ answers: {}, index: 0, saved: null, unanswered: [], error: null });
  });
});

describe('questionnaire machine: picking up a draft', () => {
  const at = (draft: QuestionnaireDraft | null | undefined) => started(draft === undefined ? {} : { draft }).snapshot();

  it('shows the result again when the answers were complete and the result shown', () => {
    const snapshot = at({ answers: COMPLETE, index: 2, stage: 'result' });
    expect(snapshot.value).toBe('result');
    expect(snapshot.context).toMatchObject({ answers: COMPLETE, saved: null, resumeAt: 'result' });
  });

  it('shows the review again when the answers were complete and reviewed', () => {
    expect(at({ answers: COMPLETE, index: 2, stage: 'review' }).value).toBe('review');
  });

  it('goes back to the step reached when the answers are not complete', () => {
    const snapshot = at({ answers: { a: 1 }, index: 1, stage: 'result' });
    expect(snapshot.value).toBe('questions');
    expect(snapshot.context).toMatchObject({ index: 1, answers: { a: 1 } });
    expect(at({ answers: { a: 1 }, index: 1, stage: 'review' }).value).toBe('questions');
    expect(at({ answers: { a: 1 }, index: 0, stage: 'questions' }).value).toBe('questions');
  });

  it('keeps the step within the steps', () => {
    expect(at({ answers: { a: 1 }, index: 7, stage: 'questions' }).context.index).toBe(2);
    expect(at({ answers: { a: 1 }, index: -3, stage: 'questions' }).context.index).toBe(0);
    expect(at({ answers: { a: 1 }, index: 1.5, stage: 'questions' }).context.index).toBe(0);
  });

  it('starts at the introduction without a draft or without answers', () => {
    expect(at(undefined).value).toBe('intro');
    expect(at(null).value).toBe('intro');
    expect(at({ answers: {}, index: 2, stage: 'questions' }).value).toBe('intro');
    expect(at({ answers: {}, index: 2, stage: 'result' }).value).toBe('intro');
  });

  it('does not keep the draft’s answers object itself', () => {
    const answers = { a: 1 };
    const { actor } = started({ draft: { answers, index: 0, stage: 'questions' } });
    actor.send({ type: 'questionnaire.answer', item: 'c', value: 2 });
    expect(answers).toEqual({ a: 1 });
  });
});

describe('questionnaire helpers', () => {
  it('counts 0 and false as answers, not a missing value or an empty text', () => {
    expect(isAnswered(0)).toBe(true);
    expect(isAnswered(false)).toBe(true);
    expect(isAnswered('often')).toBe(true);
    expect(isAnswered('')).toBe(false);
    expect(isAnswered('   ')).toBe(false);
    expect(isAnswered(undefined)).toBe(false);
    expect(isAnswered(null)).toBe(false);
  });

  it('lists the required steps whose own answer is missing', () => {
    expect(unansweredSteps(STEPS, {})).toEqual([0, 2]);
    expect(unansweredSteps(STEPS, { a: 0 })).toEqual([2]);
    expect(unansweredSteps(STEPS, { a: 0, cNote: 'a note' })).toEqual([2]);
    expect(unansweredSteps(STEPS, { a: ' ', c: 0 })).toEqual([0]);
    expect(unansweredSteps(STEPS, COMPLETE)).toEqual([]);
    expect(unansweredSteps([], {})).toEqual([]);
  });
});
