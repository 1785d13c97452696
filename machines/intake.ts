/**
 * The food and lifestyle intake of one activated kit, on its card of the dashboard: the invitation until it is
 * answered, a few short steps (food, medicines, bowel habits, health), a review of every answer, the save, and the
 * answers kept, which can be changed until the lab receives the sample.
 *
 * The answers' rules live beside the questions (machines/intake-answers.ts, shared with the server): the page checks
 * a step with them and sends what it found with `intake.next`, so that this machine stays a picture of the flow. A
 * failed save keeps every answer; answers the server refuses bring the person back to the first step with a reason;
 * a kit whose sample reached the lab meanwhile closes the intake.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const COULD_NOT_SAVE_INTAKE = 'Your answers could not be saved. They are kept here; please try again.';
export const FIX_TO_GO_ON = 'Please check the answers marked below.';

/** What the server answers once the intake is kept: the answers as kept, and whether they can still be changed. */
export interface SavedIntake {
  answers: Record<string, unknown>;
  editable: boolean;
}

export interface IntakeInput {
  /** The answer fields each step asks for, in order. */
  steps: readonly (readonly string[])[];
  /** The answers kept for the kit, or null when it has none yet. */
  saved: Record<string, unknown> | null;
  /** Whether the kit is activated and its sample not yet at the lab. */
  editable: boolean;
}

export interface IntakeContext {
  steps: readonly (readonly string[])[];
  answers: Record<string, unknown>;
  saved: Record<string, unknown> | null;
  editable: boolean;
  /** The step shown, 0-based. */
  index: number;
  /** Field → what is wrong with its answer, for the fields of the step shown (or from the server). */
  problems: Record<string, string>;
  error: string | null;
  /** The answers were kept by this visit, for the "Saved" message. */
  justSaved: boolean;
}

export type IntakeEvent =
  | { type: 'intake.start' }
  | { type: 'intake.answer'; field: string; value: unknown }
  | { type: 'intake.next'; problems: Record<string, string> }
  | { type: 'intake.back' }
  | { type: 'intake.goTo'; index: number }
  | { type: 'intake.submit' }
  | { type: 'intake.edit' }
  | { type: 'intake.cancel' };

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value === '') && !(Array.isArray(value) && value.length === 0);
}

function errorOf(error: unknown): { message: string | null; code: string | null; fields: Record<string, string> } {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const fields = typeof record.fields === 'object' && record.fields !== null ? (record.fields as Record<string, unknown>) : {};
  return {
    message: typeof record.message === 'string' && record.message !== '' ? record.message : null,
    code: typeof record.code === 'string' ? record.code : null,
    // The server names an answer `answers.<field>`; the page knows it as `<field>`.
    fields: Object.fromEntries(
      Object.entries(fields)
        .filter(([, reason]) => typeof reason === 'string')
        .map(([field, reason]) => [field.replace(/^answers\./, ''), reason as string]),
    ),
  };
}

export const intakeMachine = setup({
  types: {} as {
    context: IntakeContext;
    events: IntakeEvent;
    input: IntakeInput;
  },
  actors: {
    /** Keeps the answers for the kit (PUT /api/kits/{id}/intake). Rejects with the server's reason. */
    save: fromPromise<SavedIntake, { answers: Record<string, unknown> }>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    setAnswer: assign(({ context }, params: { field: string; value: unknown }) => {
      const answers = { ...context.answers };
      if (isGiven(params.value)) answers[params.field] = params.value;
      else delete answers[params.field];
      const problems = { ...context.problems };
      delete problems[params.field];
      return { answers, problems, error: null };
    }),
    showProblems: assign((_, params: { problems: Record<string, string> }) => ({
      problems: params.problems,
      error: FIX_TO_GO_ON,
    })),
    stepForward: assign({
      index: ({ context }) => context.index + 1,
      problems: {},
      error: null,
    }),
    stepBack: assign({
      index: ({ context }) => context.index - 1,
      problems: {},
      error: null,
    }),
    goToStep: assign(({ context }, params: { index: number }) => ({
      index: Number.isInteger(params.index) ? Math.min(Math.max(params.index, 0), Math.max(context.steps.length - 1, 0)) : 0,
      problems: {},
      error: null,
    })),
    goToLast: assign({
      index: ({ context }) => Math.max(context.steps.length - 1, 0),
      problems: {},
      error: null,
    }),
    beginEditing: assign({
      answers: ({ context }) => ({ ...(context.saved ?? {}) }),
      index: 0,
      problems: {},
      error: null,
      justSaved: false,
    }),
    dropChanges: assign({
      answers: ({ context }) => ({ ...(context.saved ?? {}) }),
      index: 0,
      problems: {},
      error: null,
    }),
    clearProblems: assign({ problems: {}, error: null }),
    keepSaved: assign((_, params: { saved: SavedIntake }) => ({
      saved: params.saved.answers,
      answers: { ...params.saved.answers },
      editable: params.saved.editable,
      problems: {},
      error: null,
      justSaved: true,
      index: 0,
    })),
    showServerProblems: assign(({ context }, params: { error: unknown }) => {
      const { message, fields } = errorOf(params.error);
      const first = context.steps.findIndex((fieldsOfStep) => fieldsOfStep.some((field) => field in fields));
      return { problems: fields, error: message ?? FIX_TO_GO_ON, index: first < 0 ? 0 : first };
    }),
    showSaveError: assign((_, params: { error: unknown }) => {
      const { message } = errorOf(params.error);
      return { error: message ? `${message} Your answers are kept here.` : COULD_NOT_SAVE_INTAKE };
    }),
    closeIntake: assign(({ context }, params: { error: unknown }) => ({
      editable: false,
      error: errorOf(params.error).message,
      answers: { ...(context.saved ?? {}) },
      problems: {},
    })),
  },
  guards: {
    hasSaved: ({ context }) => context.saved !== null,
    editable: ({ context }) => context.editable,
    hasProblems: (_, params: { problems: Record<string, string> }) => Object.keys(params.problems).length > 0,
    onLastStep: ({ context }) => context.index >= context.steps.length - 1,
    onFirstStep: ({ context }) => context.index <= 0,
    intakeClosed: (_, params: { error: unknown }) => {
      const { code } = errorOf(params.error);
      return code === 'INTAKE_CLOSED' || code === 'INTAKE_NOT_ACTIVATED';
    },
    answersRefused: (_, params: { error: unknown }) => Object.keys(errorOf(params.error).fields).length > 0,
  },
}).createMachine({
  id: 'intake',
  description: 'The owner of an activated kit answers its food and lifestyle intake, reviews it, saves it, and may change it until the lab has the sample.',
  context: ({ input }) => ({
    steps: input.steps,
    answers: { ...(input.saved ?? {}) },
    saved: input.saved,
    editable: input.editable,
    index: 0,
    problems: {},
    error: null,
    justSaved: false,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Decides what the kit card shows from what the server holds.',
      always: [
        {
          guard: 'hasSaved',
          target: 'answered',
          description: 'The intake was answered before: its answers, with a way to change them while that is allowed.',
        },
        {
          guard: 'editable',
          target: 'invite',
          description: 'Activated and not answered: the call to answer it.',
        },
        {
          target: 'closed',
          description: 'Not answered and no longer (or not yet) open to answers.',
        },
      ],
    },
    invite: {
      description: 'The kit card asks for the intake: what it is for and how long it takes, with a button to start.',
      on: {
        'intake.start': {
          target: 'questions',
          actions: { type: 'goToStep', params: { index: 0 } },
          description: 'The person starts: the first step.',
        },
      },
    },
    questions: {
      description: 'One short step at a time, with a progress line and the reasons beside any answer to fix.',
      on: {
        'intake.answer': {
          actions: {
            type: 'setAnswer',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
          description: 'The person chooses or types an answer; an emptied one counts as none, and its reason goes.',
        },
        'intake.next': [
          {
            guard: {
              type: 'hasProblems',
              params: ({ event }) => ({ problems: event.problems }),
            },
            actions: {
              type: 'showProblems',
              params: ({ event }) => ({ problems: event.problems }),
            },
            description: 'The page found answers missing or wrong on this step: the person is told which and why.',
          },
          {
            guard: 'onLastStep',
            target: 'review',
            actions: 'clearProblems',
            description: 'The last step holds: every answer on one page to check.',
          },
          {
            actions: 'stepForward',
            description: 'The step holds: the next one.',
          },
        ],
        'intake.back': [
          {
            guard: 'onFirstStep',
            actions: 'clearProblems',
            description: 'Already on the first step: nothing before it; the step stays.',
          },
          {
            actions: 'stepBack',
            description: 'The previous step, its answers kept.',
          },
        ],
        'intake.cancel': [
          {
            guard: 'hasSaved',
            target: 'answered',
            actions: 'dropChanges',
            description: 'The person stops changing the answers: the kept ones stay as they were.',
          },
          {
            target: 'invite',
            actions: 'dropChanges',
            description: 'The person stops before saving anything: the call to answer stays on the card.',
          },
        ],
      },
    },
    review: {
      description: 'Every answer in plain words, each step with a way to change it, and the button to save.',
      on: {
        'intake.goTo': {
          target: 'questions',
          actions: {
            type: 'goToStep',
            params: ({ event }) => ({ index: event.index }),
          },
          description: 'The person changes the answers of one step.',
        },
        'intake.back': {
          target: 'questions',
          actions: 'goToLast',
          description: 'Back to the last step.',
        },
        'intake.submit': {
          target: 'submitting',
          actions: 'clearProblems',
          description: 'The person saves: the server checks and keeps the answers.',
        },
        'intake.cancel': [
          {
            guard: 'hasSaved',
            target: 'answered',
            actions: 'dropChanges',
            description: 'The person leaves without saving: the kept answers stay as they were.',
          },
          {
            target: 'invite',
            actions: 'dropChanges',
            description: 'The person leaves without saving the first answers: the call to answer stays.',
          },
        ],
      },
    },
    submitting: {
      description: 'The server checks and keeps the answers.',
      invoke: {
        src: 'save',
        id: 'save',
        input: ({ context }) => ({ answers: context.answers }),
        onDone: {
          target: 'answered',
          actions: {
            type: 'keepSaved',
            params: ({ event }) => ({ saved: event.output }),
          },
          description: 'Kept: the card says so and shows the answers.',
        },
        onError: [
          {
            guard: {
              type: 'intakeClosed',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'closed',
            actions: {
              type: 'closeIntake',
              params: ({ event }) => ({ error: event.error }),
            },
            description: 'The lab received the sample meanwhile (or the kit is not activated): the answers can no longer be saved.',
          },
          {
            guard: {
              type: 'answersRefused',
              params: ({ event }) => ({ error: event.error }),
            },
            target: 'questions',
            actions: {
              type: 'showServerProblems',
              params: ({ event }) => ({ error: event.error }),
            },
            description: 'The server refused some answers: the first step with one, each with its reason.',
          },
          {
            target: 'failed',
            actions: {
              type: 'showSaveError',
              params: ({ event }) => ({ error: event.error }),
            },
            description: 'Nothing was kept (offline, server busy): every answer stays for another try.',
          },
        ],
      },
    },
    failed: {
      description: 'The save failed; the review stays with the reason and a way to try again.',
      on: {
        'intake.submit': {
          target: 'submitting',
          actions: 'clearProblems',
          description: 'The person tries again.',
        },
        'intake.goTo': {
          target: 'questions',
          actions: {
            type: 'goToStep',
            params: ({ event }) => ({ index: event.index }),
          },
          description: 'The person changes the answers of one step first.',
        },
      },
    },
    answered: {
      description: 'The answers kept, in plain words, and while the lab has not received the sample a way to change them.',
      on: {
        'intake.edit': {
          guard: 'editable',
          target: 'questions',
          actions: 'beginEditing',
          description: 'The person changes the answers, starting from those kept.',
        },
      },
    },
    closed: {
      description: 'Not answered, and the kit no longer takes answers (its sample is at the lab, or its journey ended).',
    },
  },
});

export type IntakeSnapshot = SnapshotFrom<typeof intakeMachine>;
