/**
 * The two questionnaires word for word, as their authors published them, with their sources and copyright lines.
 * Each question is one step on a phone; `items` are the answer keys the scoring module (machines/questionnaire-scoring.ts)
 * and the contract read.
 */
import type { QuestionnaireStep } from '../../machines/questionnaire';
import type { components } from '../../openapi/schema';
import { MAX_SCORE, type Instrument } from '../../machines/questionnaire-scoring';

export interface Choice {
  value: number;
  label: string;
}

interface QuestionBase {
  /** The answer key. */
  id: string;
  /** The number printed on the form: "1", "5a". */
  number: string;
  prompt: string;
  /** A line printed under the prompt. */
  note?: string;
  /** Shown but not scored, or not needed to go on. */
  optional?: boolean;
  /** A heading the question sits under on the form (item 5's stem, item 10's stem). */
  group?: string;
}

export interface ChoiceQuestion extends QuestionBase {
  kind: 'choice';
  choices: readonly Choice[];
  /** A free-text description asked with the choice (5j, 10e). */
  describe?: { id: string; label: string };
}

export interface TimeQuestion extends QuestionBase {
  kind: 'time';
  label: string;
}

export interface AmountQuestion extends QuestionBase {
  kind: 'amount';
  label: string;
  unit: string;
  /** Examples of what may be typed. */
  hint: string;
}

export type Question = ChoiceQuestion | TimeQuestion | AmountQuestion;

export interface InstrumentText {
  instrument: Instrument;
  path: '/questionaire/gad7' | '/questionaire/psqi';
  name: string;
  title: string;
  shortName: string;
  description: string;
  /** The form's instructions, as printed. */
  instructions: string;
  minutes: number;
  questions: readonly Question[];
  source: string;
  doi: string;
  copyright: string;
}

const GAD7_FREQUENCY: readonly Choice[] = [
  { value: 0, label: 'Not at all' },
  { value: 1, label: 'Several days' },
  { value: 2, label: 'More than half the days' },
  { value: 3, label: 'Nearly every day' },
];

const GAD7_STEM = 'Over the last 2 weeks, how often have you been bothered by the following problems?';

export const GAD7: InstrumentText = {
  instrument: 'gad7',
  path: '/questionaire/gad7',
  name: 'GAD-7',
  shortName: 'GAD-7',
  title: 'GAD-7 anxiety questionnaire',
  description:
    'The GAD-7: seven questions about worry and nervousness over the last two weeks, scored from 0 to 21 as its authors published it. Free, about 2 minutes.',
  instructions: GAD7_STEM,
  minutes: 2,
  questions: [
    ...[
      'Feeling nervous, anxious, or on edge',
      'Not being able to stop or control worrying',
      'Worrying too much about different things',
      'Trouble relaxing',
      'Being so restless that it is hard to sit still',
      'Becoming easily annoyed or irritable',
      'Feeling afraid, as if something awful might happen',
    ].map(
      (prompt, index): ChoiceQuestion => ({
        id: `q${index + 1}`,
        number: String(index + 1),
        group: GAD7_STEM,
        prompt,
        kind: 'choice',
        choices: GAD7_FREQUENCY,
      }),
    ),
    {
      id: 'difficulty',
      number: '8',
      kind: 'choice',
      optional: true,
      prompt:
        'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
      note: 'Not scored; it tells your doctor how much the problems get in the way.',
      choices: [
        { value: 0, label: 'Not difficult at all' },
        { value: 1, label: 'Somewhat difficult' },
        { value: 2, label: 'Very difficult' },
        { value: 3, label: 'Extremely difficult' },
      ],
    },
  ],
  source:
    'Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder: the GAD-7. Archives of Internal Medicine. 2006;166(10):1092–1097.',
  doi: '10.1001/archinte.166.10.1092',
  copyright:
    'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.',
};

const PSQI_FREQUENCY: readonly Choice[] = [
  { value: 0, label: 'Not during the past month' },
  { value: 1, label: 'Less than once a week' },
  { value: 2, label: 'Once or twice a week' },
  { value: 3, label: 'Three or more times a week' },
];

const TROUBLE_STEM = 'During the past month, how often have you had trouble sleeping because you…';
const PARTNER_STEM = 'If you have a room mate or bed partner, ask him/her how often in the past month you have had…';
const PARTNER_NOTE = 'Shown as on the published form; not part of your score.';

export const PSQI: InstrumentText = {
  instrument: 'psqi',
  path: '/questionaire/psqi',
  name: 'Pittsburgh Sleep Quality Index (PSQI)',
  shortName: 'PSQI',
  title: 'PSQI sleep questionnaire',
  description:
    'The Pittsburgh Sleep Quality Index: your sleep over the past month in 19 questions, scored in seven parts and a global score from 0 to 21. About 5 to 10 minutes.',
  instructions:
    'The following questions relate to your usual sleep habits during the past month only. Your answers should indicate the most accurate reply for the majority of days and nights in the past month. Please answer all questions.',
  minutes: 8,
  questions: [
    { id: 'bedTime', number: '1', kind: 'time', label: 'Bed time', prompt: 'During the past month, what time have you usually gone to bed at night?' },
    {
      id: 'latency',
      number: '2',
      kind: 'amount',
      label: 'Number of minutes',
      unit: 'minutes',
      hint: 'For example 20, or a range such as 15-30.',
      prompt: 'During the past month, how long (in minutes) has it usually taken you to fall asleep each night?',
    },
    { id: 'wakeTime', number: '3', kind: 'time', label: 'Getting up time', prompt: 'During the past month, what time have you usually gotten up in the morning?' },
    {
      id: 'sleepHours',
      number: '4',
      kind: 'amount',
      label: 'Hours of sleep per night',
      unit: 'hours',
      hint: 'For example 6.5, or a range such as 6-7.',
      prompt: 'During the past month, how many hours of actual sleep did you get at night?',
      note: 'This may be different than the number of hours you spent in bed.',
    },
    ...(
      [
        ['a', 'Cannot get to sleep within 30 minutes'],
        ['b', 'Wake up in the middle of the night or early morning'],
        ['c', 'Have to get up to use the bathroom'],
        ['d', 'Cannot breathe comfortably'],
        ['e', 'Cough or snore loudly'],
        ['f', 'Feel too cold'],
        ['g', 'Feel too hot'],
        ['h', 'Had bad dreams'],
        ['i', 'Have pain'],
      ] as const
    ).map(
      ([letter, prompt]): ChoiceQuestion => ({
        id: `q5${letter}`,
        number: `5${letter}`,
        group: TROUBLE_STEM,
        prompt,
        kind: 'choice',
        choices: PSQI_FREQUENCY,
      }),
    ),
    {
      id: 'q5j',
      number: '5j',
      group: TROUBLE_STEM,
      kind: 'choice',
      optional: true,
      prompt: 'Other reason(s), please describe. How often during the past month have you had trouble sleeping because of this?',
      note: 'Leave it empty if there is no other reason.',
      describe: { id: 'q5jText', label: 'Other reason(s)' },
      choices: PSQI_FREQUENCY,
    },
    {
      id: 'q6',
      number: '6',
      kind: 'choice',
      prompt: 'During the past month, how would you rate your sleep quality overall?',
      choices: [
        { value: 0, label: 'Very good' },
        { value: 1, label: 'Fairly good' },
        { value: 2, label: 'Fairly bad' },
        { value: 3, label: 'Very bad' },
      ],
    },
    {
      id: 'q7',
      number: '7',
      kind: 'choice',
      prompt: 'During the past month, how often have you taken medicine to help you sleep (prescribed or “over the counter”)?',
      choices: PSQI_FREQUENCY,
    },
    {
      id: 'q8',
      number: '8',
      kind: 'choice',
      prompt: 'During the past month, how often have you had trouble staying awake while driving, eating meals, or engaging in social activity?',
      choices: PSQI_FREQUENCY,
    },
    {
      id: 'q9',
      number: '9',
      kind: 'choice',
      prompt: 'During the past month, how much of a problem has it been for you to keep up enough enthusiasm to get things done?',
      choices: [
        { value: 0, label: 'No problem at all' },
        { value: 1, label: 'Only a very slight problem' },
        { value: 2, label: 'Somewhat of a problem' },
        { value: 3, label: 'A very big problem' },
      ],
    },
    {
      id: 'q10',
      number: '10',
      kind: 'choice',
      optional: true,
      prompt: 'Do you have a bed partner or room mate?',
      note: PARTNER_NOTE,
      choices: [
        { value: 0, label: 'No bed partner or room mate' },
        { value: 1, label: 'Partner/room mate in other room' },
        { value: 2, label: 'Partner in same room, but not same bed' },
        { value: 3, label: 'Partner in same bed' },
      ],
    },
    ...(
      [
        ['a', 'Loud snoring'],
        ['b', 'Long pauses between breaths while asleep'],
        ['c', 'Legs twitching or jerking while you sleep'],
        ['d', 'Episodes of disorientation or confusion during sleep'],
      ] as const
    ).map(
      ([letter, prompt]): ChoiceQuestion => ({
        id: `q10${letter}`,
        number: `10${letter}`,
        group: PARTNER_STEM,
        prompt,
        kind: 'choice',
        optional: true,
        note: PARTNER_NOTE,
        choices: PSQI_FREQUENCY,
      }),
    ),
    {
      id: 'q10e',
      number: '10e',
      group: PARTNER_STEM,
      kind: 'choice',
      optional: true,
      prompt: 'Other restlessness while you sleep; please describe',
      note: PARTNER_NOTE,
      describe: { id: 'q10eText', label: 'Other restlessness' },
      choices: PSQI_FREQUENCY,
    },
  ],
  source:
    'Buysse DJ, Reynolds CF, Monk TH, Berman SR, Kupfer DJ. The Pittsburgh Sleep Quality Index: a new instrument for psychiatric practice and research. Psychiatry Research. 1989;28(2):193–213.',
  doi: '10.1016/0165-1781(89)90047-4',
  copyright:
    '© 1989, University of Pittsburgh. All rights reserved. Developed by Buysse DJ, Reynolds CF, Monk TH, Berman SR and Kupfer DJ of the University of Pittsburgh using National Institute of Mental Health funding. Used with the permission of the University of Pittsburgh.',
};

export const INSTRUMENT_TEXTS: Record<Instrument, InstrumentText> = { gad7: GAD7, psqi: PSQI };

/** The machine's steps: one per question, with the answer keys it asks for. */
export function stepsOf(text: InstrumentText): QuestionnaireStep[] {
  return text.questions.map((question) => ({
    items: question.kind === 'choice' && question.describe ? [question.id, question.describe.id] : [question.id],
    optional: Boolean(question.optional),
  }));
}

/** "question 5b", for a message about an answer. */
export function questionLabel(text: InstrumentText, id: string): string {
  const question = text.questions.find((q) => q.id === id);
  return question ? `question ${question.number}` : id;
}

export const GAD7_BAND_LABELS = {
  minimal: 'Minimal anxiety',
  mild: 'Mild anxiety',
  moderate: 'Moderate anxiety',
  severe: 'Severe anxiety',
} as const;

export const PSQI_COMPONENT_LABELS = {
  quality: 'Subjective sleep quality',
  latency: 'Sleep latency (time to fall asleep)',
  duration: 'Sleep duration',
  efficiency: 'Habitual sleep efficiency',
  disturbances: 'Sleep disturbances',
  medication: 'Use of sleeping medication',
  daytime: 'Daytime dysfunction',
} as const;

/** The headline of a result in a few words: "12 of 21 · Moderate anxiety". */
export function resultSummary(result: components['schemas']['QuestionnaireScore']): string {
  if (result.instrument === 'gad7') {
    return result.total == null || !result.band ? 'Not scored' : `${result.total} of ${MAX_SCORE} · ${GAD7_BAND_LABELS[result.band]}`;
  }
  if (result.global == null) return 'Not scored';
  return `${result.global} of ${MAX_SCORE} · ${result.poorSleeper ? 'Poor sleep quality' : 'Good sleep quality'}`;
}

/** An answer as the review lists it. */
export function answerText(question: Question, answers: Record<string, unknown>): string {
  const value = answers[question.id];
  if (value === undefined || value === null || value === '') return 'Not answered';
  if (question.kind === 'choice') {
    const label = question.choices.find((choice) => choice.value === value)?.label ?? String(value);
    const described = question.describe ? answers[question.describe.id] : undefined;
    return typeof described === 'string' && described.trim() ? `${label} (${described.trim()})` : label;
  }
  if (question.kind === 'amount') return `${String(value)} ${question.unit}`;
  return String(value);
}
