import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { cleanIntake, INTAKE_STEPS, intakeProblems, intakeSummary, type IntakeAnswers } from '../../machines/intake-answers';
import {
  COULD_NOT_SAVE_INTAKE,
  FIX_TO_GO_ON,
  intakeMachine,
  type IntakeInput,
  type IntakeSnapshot,
  type SavedIntake,
} from '../../machines/intake';
import { PendingCalls, flush, itCoversEveryTransition, walkFromInputs } from './harness';

/** Two steps: one answer, then an answer with a note. */
const STEPS = [['a'], ['b', 'bNote']] as const;
const KEPT = { a: 1, b: 'x' };
const SAVED: SavedIntake = { answers: KEPT, editable: true };

function provideIntake() {
  const calls = new PendingCalls();
  const machine = intakeMachine.provide({ actors: { save: calls.actor<SavedIntake, { answers: Record<string, unknown> }>('save') } });
  return { calls, machine };
}

function started(input: Partial<IntakeInput> = {}) {
  const { calls, machine } = provideIntake();
  const actor = createActor(machine, { input: { steps: STEPS, saved: null, editable: true, ...input } }).start();
  return { actor, calls, snapshot: () => actor.getSnapshot() };
}

function atReview(input: Partial<IntakeInput> = {}) {
  const run = started(input);
  if (run.snapshot().value === 'invite') run.actor.send({ type: 'intake.start' });
  else run.actor.send({ type: 'intake.edit' });
  run.actor.send({ type: 'intake.answer', field: 'a', value: 2 });
  run.actor.send({ type: 'intake.next', problems: {} });
  run.actor.send({ type: 'intake.answer', field: 'b', value: 'y' });
  run.actor.send({ type: 'intake.next', problems: {} });
  expect(run.snapshot().value).toBe('review');
  return run;
}

/** The state and what guards and the page read; the message shown is left out (no guard reads it). */
function vertexOf(snapshot: AnyMachineSnapshot): string {
  const { answers, saved, editable, index, problems, justSaved } = (snapshot as IntakeSnapshot).context;
  return JSON.stringify({ value: snapshot.value, answers, saved, editable, index, problems, justSaved });
}

function checkInvariants(snapshot: AnyMachineSnapshot): void {
  const intake = snapshot as IntakeSnapshot;
  const { context } = intake;
  expect(context.index).toBeGreaterThanOrEqual(0);
  expect(context.index).toBeLessThan(STEPS.length);
  // Kept answers are shown as kept: nothing half-changed stays on the card.
  if (intake.matches('answered')) {
    expect(context.saved).not.toBeNull();
    expect(context.answers).toEqual(context.saved);
  }
  if (intake.matches('invite')) expect(context.saved).toBeNull();
  if (intake.matches('closed')) expect(context.editable).toBe(false);
  if (context.justSaved) expect(intake.value).toBe('answered');
  if (!intake.matches('questions')) expect(context.problems).toEqual({});
}

describe('intake machine: every transition walked on a live actor', () => {
  const { machine, calls } = provideIntake();
  const events = [
    { type: 'intake.start' },
    { type: 'intake.answer', field: 'a', value: 1 },
    { type: 'intake.answer', field: 'a', value: '' },
    { type: 'intake.next', problems: {} },
    { type: 'intake.next', problems: { a: 'Choose a.' } },
    { type: 'intake.back' },
    { type: 'intake.goTo', index: 1 },
    { type: 'intake.submit' },
    { type: 'intake.edit' },
    { type: 'intake.cancel' },
    { type: 'xstate.done.actor.save', output: SAVED },
    { type: 'xstate.error.actor.save', error: { message: 'The server is busy.' } },
    { type: 'xstate.error.actor.save', error: { code: 'INTAKE_CLOSED', message: 'The lab has received this sample.' } },
    { type: 'xstate.error.actor.save', error: { code: 'INTAKE_INVALID', message: 'Choose b.', fields: { 'answers.b': 'Choose b.' } } },
  ];
  const inputs: IntakeInput[] = [
    { steps: STEPS, saved: null, editable: true },
    { steps: STEPS, saved: KEPT, editable: true },
    { steps: STEPS, saved: KEPT, editable: false },
    { steps: STEPS, saved: null, editable: false },
  ];
  let result: { paths: unknown[]; snapshots: AnyMachineSnapshot[]; taken: Set<string> };

  beforeAll(async () => {
    result = await walkFromInputs(machine, inputs, {
      calls,
      events,
      serializeState: vertexOf,
      check: checkInvariants,
      // The first two inputs walk the whole graph; the others only their first steps (the rest is the same graph).
      walkWhole: (input) => input === inputs[0] || input === inputs[1],
    });
  }, 120_000);

  itCoversEveryTransition(intakeMachine, () => result, 30);
});

describe('intake machine: the card before and after', () => {
  it('invites the owner of an activated kit, shows kept answers, and is closed without answers once not editable', () => {
    expect(started().snapshot().value).toBe('invite');
    expect(started({ saved: KEPT }).snapshot().value).toBe('answered');
    expect(started({ saved: KEPT, editable: false }).snapshot().value).toBe('answered');
    expect(started({ editable: false }).snapshot().value).toBe('closed');
  });

  it('lets kept answers be changed only while editable, starting from them', () => {
    const locked = started({ saved: KEPT, editable: false });
    locked.actor.send({ type: 'intake.edit' });
    expect(locked.snapshot().value).toBe('answered');
    const open = started({ saved: KEPT });
    open.actor.send({ type: 'intake.edit' });
    expect(open.snapshot().value).toBe('questions');
    expect(open.snapshot().context).toMatchObject({ answers: KEPT, index: 0 });
  });

  it('drops unsaved changes on cancel, back to the kept answers or to the invitation', () => {
    const open = started({ saved: KEPT });
    open.actor.send({ type: 'intake.edit' });
    open.actor.send({ type: 'intake.answer', field: 'a', value: 9 });
    open.actor.send({ type: 'intake.cancel' });
    expect(open.snapshot().value).toBe('answered');
    expect(open.snapshot().context.answers).toEqual(KEPT);
    const fresh = started();
    fresh.actor.send({ type: 'intake.start' });
    fresh.actor.send({ type: 'intake.answer', field: 'a', value: 9 });
    fresh.actor.send({ type: 'intake.cancel' });
    expect(fresh.snapshot().value).toBe('invite');
    expect(fresh.snapshot().context.answers).toEqual({});
  });
});

describe('intake machine: the steps', () => {
  it('stays on a step with the reasons the page found, and drops a reason once its answer changes', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'intake.start' });
    actor.send({ type: 'intake.next', problems: { a: 'Choose a.' } });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ index: 0, problems: { a: 'Choose a.' }, error: FIX_TO_GO_ON });
    actor.send({ type: 'intake.answer', field: 'a', value: 0 });
    expect(snapshot().context).toMatchObject({ answers: { a: 0 }, problems: {}, error: null });
    actor.send({ type: 'intake.next', problems: {} });
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'intake.back' });
    expect(snapshot().context.index).toBe(0);
    actor.send({ type: 'intake.back' });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.index).toBe(0);
  });

  it('counts an emptied text or list as no answer', () => {
    const { actor, snapshot } = started();
    actor.send({ type: 'intake.start' });
    actor.send({ type: 'intake.answer', field: 'a', value: ['x'] });
    actor.send({ type: 'intake.answer', field: 'b', value: 'y' });
    actor.send({ type: 'intake.answer', field: 'a', value: [] });
    actor.send({ type: 'intake.answer', field: 'b', value: '' });
    expect(snapshot().context.answers).toEqual({});
  });

  it('goes from the review to a chosen step, kept within the steps, or back to the last', () => {
    const { actor, snapshot } = atReview();
    actor.send({ type: 'intake.goTo', index: 9 });
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context.index).toBe(1);
    actor.send({ type: 'intake.next', problems: {} });
    actor.send({ type: 'intake.goTo', index: -2 });
    expect(snapshot().context.index).toBe(0);
    actor.send({ type: 'intake.next', problems: {} });
    actor.send({ type: 'intake.next', problems: {} });
    actor.send({ type: 'intake.back' });
    expect(snapshot().context.index).toBe(1);
  });
});

describe('intake machine: saving', () => {
  it('saves the answers and shows them as kept', async () => {
    const { actor, calls, snapshot } = atReview();
    actor.send({ type: 'intake.submit' });
    expect(snapshot().value).toBe('submitting');
    expect(calls.lastInput('save')).toEqual({ answers: { a: 2, b: 'y' } });
    calls.resolve('save', { answers: { a: 2, b: 'y' }, editable: true });
    await flush();
    expect(snapshot().value).toBe('answered');
    expect(snapshot().context).toMatchObject({ saved: { a: 2, b: 'y' }, justSaved: true, editable: true });
    actor.send({ type: 'intake.edit' });
    expect(snapshot().context.justSaved).toBe(false);
  });

  it('keeps every answer when the save fails, and tries again', async () => {
    const { actor, calls, snapshot } = atReview({ saved: KEPT });
    actor.send({ type: 'intake.submit' });
    calls.reject('save', { message: 'The server is busy.' });
    await flush();
    expect(snapshot().value).toBe('failed');
    expect(snapshot().context).toMatchObject({ error: 'The server is busy. Your answers are kept here.', answers: { a: 2, b: 'y' }, saved: KEPT });
    actor.send({ type: 'intake.submit' });
    calls.reject('save', new Error(''));
    await flush();
    expect(snapshot().context.error).toBe(COULD_NOT_SAVE_INTAKE);
    actor.send({ type: 'intake.submit' });
    calls.resolve('save', { answers: { a: 2, b: 'y' }, editable: true });
    await flush();
    expect(snapshot().value).toBe('answered');
  });

  it('brings the person to the first step with an answer the server refused, with its reason', async () => {
    const { actor, calls, snapshot } = atReview();
    actor.send({ type: 'intake.submit' });
    calls.reject('save', { code: 'INTAKE_INVALID', message: 'Say which antibiotic.', fields: { 'answers.b': 'Say which antibiotic.', other: 1 } });
    await flush();
    expect(snapshot().value).toBe('questions');
    expect(snapshot().context).toMatchObject({ index: 1, problems: { b: 'Say which antibiotic.' }, error: 'Say which antibiotic.' });
  });

  it('closes when the lab received the sample meanwhile, the kept answers still shown', async () => {
    const { actor, calls, snapshot } = atReview({ saved: KEPT });
    actor.send({ type: 'intake.submit' });
    calls.reject('save', { code: 'INTAKE_CLOSED', message: 'The lab has received this sample.' });
    await flush();
    expect(snapshot().value).toBe('closed');
    expect(snapshot().context).toMatchObject({ editable: false, answers: KEPT, saved: KEPT, error: 'The lab has received this sample.' });
  });
});

const ANSWERS: IntakeAnswers = {
  diet: 'jain',
  fermentedFoods: 'weekly',
  antibiotics: 'no',
  probiotics: 'yes',
  bristolType: 3,
  bowelFrequency: '1PerDay',
  conditions: ['none'],
};

describe('intake answers: the rules the page and the server share', () => {
  it('asks for every required answer, step by step', () => {
    expect(Object.keys(intakeProblems({}, INTAKE_STEPS[0].fields))).toEqual(['diet', 'fermentedFoods']);
    expect(Object.keys(intakeProblems({}, INTAKE_STEPS[2].fields))).toEqual(['bristolType', 'bowelFrequency']);
    expect(intakeProblems({ conditions: [] }, ['conditions'])).toEqual({ conditions: 'Choose the conditions diagnosed, or "None of these".' });
    expect(intakeProblems(ANSWERS)).toEqual({});
  });

  it('asks which antibiotic when one was taken, and which other condition, and keeps "None" alone', () => {
    expect(intakeProblems({ ...ANSWERS, antibiotics: 'yes' })).toEqual({ antibioticsWhich: 'Say which antibiotic you took, or what it was for.' });
    expect(intakeProblems({ ...ANSWERS, antibiotics: 'yes', antibioticsWhich: '  ' })).toHaveProperty('antibioticsWhich');
    expect(intakeProblems({ ...ANSWERS, antibiotics: 'yes', antibioticsWhich: 'Cefixime' })).toEqual({});
    expect(intakeProblems({ ...ANSWERS, conditions: ['none', 'ibs'] })).toEqual({ conditions: '"None of these" cannot go with a condition.' });
    expect(intakeProblems({ ...ANSWERS, conditions: ['ibs', 'other'] })).toEqual({ otherConditions: 'Say which other condition.' });
  });

  it('takes height and weight only within reason, and texts within their limits', () => {
    expect(intakeProblems({ ...ANSWERS, heightCm: 170, weightKg: 61.5 })).toEqual({});
    expect(Object.keys(intakeProblems({ ...ANSWERS, heightCm: 17, weightKg: 400 }))).toEqual(['heightCm', 'weightKg']);
    expect(Object.keys(intakeProblems({ ...ANSWERS, heightCm: 170.5 }))).toEqual(['heightCm']);
    expect(Object.keys(intakeProblems({ ...ANSWERS, otherMedicines: 'x'.repeat(501) }))).toEqual(['otherMedicines']);
  });

  it('keeps only what applies, trimmed', () => {
    expect(cleanIntake({ ...ANSWERS, antibioticsWhich: 'not asked', otherConditions: 'not asked', otherMedicines: ' Metformin ' })).toEqual({
      ...ANSWERS,
      otherMedicines: 'Metformin',
    });
  });

  it('reads every answer back in plain words, in the order of the steps', () => {
    const rows = intakeSummary({ ...ANSWERS, antibiotics: 'yes', antibioticsWhich: 'Cefixime', conditions: ['ibs', 'other'], otherConditions: 'Migraine', heightCm: 160 });
    expect(rows.map((row) => row.answer)).toEqual([
      'Jain (vegetarian, no onion, garlic or root vegetables)',
      'A few times a week',
      'Yes',
      'Cefixime',
      'Yes',
      'Type 3: Like a sausage, with cracks on its surface',
      'Once a day',
      'Irritable bowel syndrome (IBS), Other',
      'Migraine',
      '160 cm',
    ]);
  });
});
