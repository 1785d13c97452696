/**
 * Taking a questionnaire (GAD-7 or PSQI at /questionaire/gad7 and /questionaire/psqi): the introduction, the
 * questions one step at a time (or all at once on a wide screen), a review of every answer, then the result. A
 * signed-in person's result is kept by the server (`save`, an actor the page provides); a visitor sees the result at
 * once and can keep it by signing in, since the page stores the draft (answers, step and stage) and gives it back as
 * `draft` after the sign-in or a reload. A failed save keeps every answer.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';

export const ANSWER_TO_GO_ON = 'Choose an answer to go on.';
export const ANSWER_EVERY_QUESTION = 'Please answer every question before you see your result.';
export const ANSWERS_KEPT = 'Your answers are kept.';
export const COULD_NOT_SAVE = 'Your result could not be saved. Your answers are kept; please try again.';

export type QuestionnaireStage = 'questions' | 'review' | 'result';

/** What the page keeps between visits: the answers, the step reached and the stage. */
export interface QuestionnaireDraft {
  answers: Record<string, unknown>;
  index: number;
  stage: QuestionnaireStage;
}

/** What the server answers once the result is kept. */
export interface SavedResult {
  _id: string;
  createdAt: string;
}

export interface SaveInput {
  answers: Record<string, unknown>;
  consent: boolean;
}

export interface QuestionnaireInput {
  /**
   * The steps in order, one question each on a phone; each step lists the answer keys it asks for, the first of which
   * must be answered to go on unless the step is optional.
   */
  steps: readonly QuestionnaireStep[];
  signedIn: boolean;
  /** Whether the person already agreed to keep their results (then saving asks nothing more). */
  consent?: boolean;
  draft?: QuestionnaireDraft | null;
}

export interface QuestionnaireStep {
  /** The answer keys this step asks for; the first is the step's own answer. */
  items: readonly string[];
  optional?: boolean;
}

export interface QuestionnaireContext {
  steps: readonly QuestionnaireStep[];
  answers: Record<string, unknown>;
  /** The step shown, 0-based. */
  index: number;
  signedIn: boolean;
  consent: boolean;
  saved: SavedResult | null;
  /** The required steps left unanswered when the person asked to review, by index. */
  unanswered: number[];
  error: string | null;
  /** The stage a draft was left at, read once when the machine starts. */
  resumeAt: QuestionnaireStage | null;
}

export type QuestionnaireEvent =
  | { type: 'questionnaire.start' }
  | { type: 'questionnaire.answer'; item: string; value: unknown }
  | { type: 'questionnaire.next' }
  | { type: 'questionnaire.back' }
  | { type: 'questionnaire.goTo'; index: number }
  | { type: 'questionnaire.review' }
  | { type: 'questionnaire.consent'; given: boolean }
  | { type: 'questionnaire.submit' }
  | { type: 'questionnaire.save' }
  | { type: 'questionnaire.restart' }
  | { type: 'questionnaire.session'; signedIn: boolean; consent?: boolean };

/** Whether an answer was given: not missing, not an empty text. */
export function isAnswered(value: unknown): boolean {
  return value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');
}

/** The indexes of the required steps whose own answer is missing. */
export function unansweredSteps(steps: readonly QuestionnaireStep[], answers: Record<string, unknown>): number[] {
  return steps.flatMap((step, index) => (step.optional || isAnswered(answers[step.items[0]!]) ? [] : [index]));
}

function clampIndex(steps: readonly QuestionnaireStep[], index: number): number {
  if (!Number.isInteger(index) || index < 0) return 0;
  return Math.min(index, Math.max(0, steps.length - 1));
}

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' && error.message) {
    return `${error.message} ${ANSWERS_KEPT}`;
  }
  return COULD_NOT_SAVE;
}

function isLastStep(context: QuestionnaireContext): boolean {
  return context.index >= context.steps.length - 1;
}

/** Whether the step shown has its own answer, or may be skipped. */
function currentAnswered(context: QuestionnaireContext): boolean {
  const step = context.steps[context.index];
  return !step || Boolean(step.optional) || isAnswered(context.answers[step.items[0]!]);
}

export const questionnaireMachine = setup({
  types: {} as {
    context: QuestionnaireContext;
    events: QuestionnaireEvent;
    input: QuestionnaireInput;
  },
  actors: {
    /** Keeps the answers as the signed-in person's result; the server scores them. Rejects with its reason. */
    save: fromPromise<SavedResult, SaveInput>(async () => {
      throw new Error('save not provided');
    }),
  },
  actions: {
    setAnswer: assign(({ context }, params: { item: string; value: unknown }) => {
      const answers = { ...context.answers };
      if (isAnswered(params.value)) answers[params.item] = params.value;
      else delete answers[params.item];
      // A step leaves the list once its own answer (its first item) is given, as `unansweredSteps` counts it.
      return {
        answers,
        error: null,
        unanswered: context.unanswered.filter((index) => !isAnswered(answers[context.steps[index]!.items[0]!])),
      };
    }),
    stepForward: assign({
      index: ({ context }) => context.index + 1,
      error: null,
    }),
    stepBack: assign({
      index: ({ context }) => context.index - 1,
      error: null,
    }),
    goToStep: assign(({ context }, params: { index: number }) => ({
      index: clampIndex(context.steps, params.index),
      error: null,
    })),
    goToLast: assign({
      index: ({ context }) => Math.max(0, context.steps.length - 1),
      error: null,
    }),
    askForAnswer: assign({ error: ANSWER_TO_GO_ON }),
    listUnanswered: assign(({ context }) => {
      const unanswered = unansweredSteps(context.steps, context.answers);
      return {
        unanswered,
        error: ANSWER_EVERY_QUESTION,
        index: unanswered[0] ?? context.index,
      };
    }),
    clearProblems: assign({ unanswered: [], error: null }),
    setConsent: assign((_, params: { given: boolean }) => ({
      consent: params.given,
    })),
    setSession: assign((_, params: { signedIn: boolean; consent?: boolean | undefined }) =>
      params.consent === undefined ? { signedIn: params.signedIn } : { signedIn: params.signedIn, consent: params.consent },
    ),
    keepSaved: assign((_, params: { saved: SavedResult }) => ({
      saved: params.saved,
      error: null,
      consent: true,
    })),
    showSaveError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error),
    })),
    startOver: assign({
      answers: {},
      index: 0,
      saved: null,
      unanswered: [],
      error: null,
    }),
  },
  guards: {
    currentAnswered: ({ context }) => currentAnswered(context),
    onLastStep: ({ context }) => isLastStep(context),
    lastStepAnswered: ({ context }) => isLastStep(context) && currentAnswered(context),
    lastStepWithEveryAnswer: ({ context }) =>
      isLastStep(context) && currentAnswered(context) && unansweredSteps(context.steps, context.answers).length === 0,
    onFirstStep: ({ context }) => context.index <= 0,
    allAnswered: ({ context }) => unansweredSteps(context.steps, context.answers).length === 0,
    /** Signed in and agreeing to keep results: the only case in which anything is sent. */
    keeps: ({ context }) => context.signedIn && context.consent,
    canSave: ({ context }) => context.signedIn && context.consent && context.saved === null,
    unsaved: ({ context }) => context.saved === null,
    draftAtResult: ({ context }, params: { stage: QuestionnaireStage | null }) =>
      params.stage === 'result' && unansweredSteps(context.steps, context.answers).length === 0,
    draftAtReview: ({ context }, params: { stage: QuestionnaireStage | null }) =>
      params.stage === 'review' && unansweredSteps(context.steps, context.answers).length === 0,
    draftInQuestions: ({ context }, params: { stage: QuestionnaireStage | null }) =>
      params.stage !== null && Object.keys(context.answers).length > 0,
  },
}).createMachine({
  id: 'questionnaire',
  description: 'A person takes the GAD-7 or the PSQI, reviews the answers, and sees (and, signed in, keeps) the result.',
  context: ({ input }) => ({
    steps: input.steps,
    answers: { ...(input.draft?.answers ?? {}) },
    index: clampIndex(input.steps, input.draft?.index ?? 0),
    signedIn: input.signedIn,
    consent: input.consent ?? false,
    saved: null,
    unanswered: [],
    error: null,
    resumeAt: input.draft?.stage ?? null,
  }),
  initial: 'restoring',
  on: {
    'questionnaire.session': {
      actions: {
        type: 'setSession',
        params: ({ event }) => ({
          signedIn: event.signedIn,
          consent: event.consent,
        }),
      },
      description: 'The person signs in or out while the questionnaire is open.',
    },
  },
  states: {
    restoring: {
      description: 'Picks up an unfinished questionnaire where it was left, after a reload or a sign-in.',
      always: [
        {
          guard: {
            type: 'draftAtResult',
            params: ({ context }) => ({ stage: context.resumeAt }),
          },
          target: 'result',
          description: 'The answers were complete and the result shown: show it again.',
        },
        {
          guard: {
            type: 'draftAtReview',
            params: ({ context }) => ({ stage: context.resumeAt }),
          },
          target: 'review',
          description: 'Every answer was given and the review open: open it again.',
        },
        {
          guard: {
            type: 'draftInQuestions',
            params: ({ context }) => ({ stage: context.resumeAt }),
          },
          target: 'questions',
          description: 'Some answers were given: go back to the step reached.',
        },
        {
          target: 'intro',
          description: 'Nothing was answered yet: start at the introduction.',
        },
      ],
    },
    intro: {
      description: 'What the questionnaire asks, how long it takes, its source and copyright.',
      on: {
        'questionnaire.start': {
          target: 'questions',
          actions: { type: 'goToStep', params: { index: 0 } },
          description: 'The person starts: the first question.',
        },
      },
    },
    questions: {
      description: 'One question at a time on a phone (progress bar); every question at once on a wide screen.',
      on: {
        'questionnaire.answer': {
          actions: {
            type: 'setAnswer',
            params: ({ event }) => ({ item: event.item, value: event.value }),
          },
          description: 'The person chooses or types an answer; an emptied answer counts as none.',
        },
        'questionnaire.next': [
          {
            guard: 'lastStepWithEveryAnswer',
            target: 'review',
            actions: 'clearProblems',
            description: 'Past the last question with every answer given: the review.',
          },
          {
            guard: 'lastStepAnswered',
            actions: 'listUnanswered',
            description: 'The last step, with an earlier question left (skipped or cleared): show which, as `review` does.',
          },
          {
            guard: 'currentAnswered',
            actions: 'stepForward',
            description: 'The question is answered (or may be skipped): the next one.',
          },
          {
            actions: 'askForAnswer',
            description: 'No answer yet: the person is asked for one.',
          },
        ],
        'questionnaire.back': [
          {
            guard: 'onFirstStep',
            target: 'intro',
            description: 'Back from the first question: the introduction.',
          },
          {
            actions: 'stepBack',
            description: 'The previous question, its answer kept.',
          },
        ],
        'questionnaire.goTo': {
          actions: {
            type: 'goToStep',
            params: ({ event }) => ({ index: event.index }),
          },
          description: 'Straight to a question (a wide screen shows them all).',
        },
        'questionnaire.review': [
          {
            guard: 'allAnswered',
            target: 'review',
            actions: 'clearProblems',
            description: 'Every required answer is given: the review.',
          },
          {
            actions: 'listUnanswered',
            description: 'Shows which questions are left and moves to the first of them.',
          },
        ],
      },
    },
    review: {
      description: 'Every answer on one page, each with a way to change it, and for a signed-in person the consent to keep it.',
      on: {
        'questionnaire.back': {
          target: 'questions',
          actions: 'goToLast',
          description: 'Back to the last question.',
        },
        'questionnaire.goTo': {
          target: 'questions',
          actions: {
            type: 'goToStep',
            params: ({ event }) => ({ index: event.index }),
          },
          description: 'The person changes one answer.',
        },
        'questionnaire.consent': {
          actions: {
            type: 'setConsent',
            params: ({ event }) => ({ given: event.given }),
          },
          description: 'The person ticks or clears the consent to keep results.',
        },
        'questionnaire.submit': [
          {
            guard: 'keeps',
            target: 'submitting',
            actions: 'clearProblems',
            description: 'Signed in and agreeing to keep it: the server scores and keeps the answers.',
          },
          {
            target: 'result',
            actions: 'clearProblems',
            description: 'A visitor, or a person who did not agree to keep it, sees the result at once; nothing is kept.',
          },
        ],
      },
    },
    submitting: {
      description: 'The server scores and keeps the answers.',
      invoke: {
        src: 'save',
        id: 'save',
        input: ({ context }) => ({
          answers: context.answers,
          consent: context.consent,
        }),
        onDone: {
          target: 'result',
          actions: {
            type: 'keepSaved',
            params: ({ event }) => ({ saved: event.output }),
          },
          description: 'Kept: the result, with where to find it.',
        },
        onError: {
          target: 'review',
          actions: {
            type: 'showSaveError',
            params: ({ event }) => ({ error: event.error }),
          },
          description: 'Nothing was kept; every answer stays for another try.',
        },
      },
    },
    result: {
      description: 'The score explained in plain words; a visitor is offered to sign in to keep it.',
      on: {
        'questionnaire.consent': {
          actions: {
            type: 'setConsent',
            params: ({ event }) => ({ given: event.given }),
          },
          description: 'The person ticks or clears the consent to keep results.',
        },
        'questionnaire.save': {
          guard: 'canSave',
          target: 'saving',
          description: 'Signed in since seeing the result: keep it now.',
        },
        'questionnaire.restart': {
          target: 'intro',
          actions: 'startOver',
          description: 'Take it again from the start, every answer cleared.',
        },
        'questionnaire.goTo': {
          guard: 'unsaved',
          target: 'questions',
          actions: {
            type: 'goToStep',
            params: ({ event }) => ({ index: event.index }),
          },
          description: 'Not kept yet: the person changes an answer.',
        },
      },
    },
    saving: {
      description: 'Keeping a result that was shown before the person signed in.',
      invoke: {
        src: 'save',
        id: 'save',
        input: ({ context }) => ({
          answers: context.answers,
          consent: context.consent,
        }),
        onDone: {
          target: 'result',
          actions: {
            type: 'keepSaved',
            params: ({ event }) => ({ saved: event.output }),
          },
          description: 'Kept in the person’s history.',
        },
        onError: {
          target: 'result',
          actions: {
            type: 'showSaveError',
            params: ({ event }) => ({ error: event.error }),
          },
          description: 'Not kept; the result and every answer stay for another try.',
        },
      },
    },
  },
});

export type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;
