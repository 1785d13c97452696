/**
 * Scoring of the two validated questionnaires, GAD-7 and the PSQI, exactly as published. The SPA shows its result
 * with these functions and the API server recomputes every saved result with them from the answers alone; a score
 * sent by a client is never read.
 *
 * - GAD-7: Spitzer RL, Kroenke K, Williams JBW, Löwe B. A brief measure for assessing generalized anxiety disorder:
 *   the GAD-7. Arch Intern Med. 2006;166(10):1092-1097.
 * - PSQI: Buysse DJ, Reynolds CF, Monk TH, Berman SR, Kupfer DJ. The Pittsburgh Sleep Quality Index: a new
 *   instrument for psychiatric practice and research. Psychiatry Res. 1989;28(2):193-213.
 *
 * Where published implementations disagree (exactly 7 hours of sleep, exactly 85% efficiency, exactly 15 minutes to
 * fall asleep), the bands below are the ones used, and the result page says so.
 */

/** A four-step frequency or severity answer, scored 0 to 3. */
export type Rating = 0 | 1 | 2 | 3;

export const INSTRUMENTS = ['gad7', 'psqi'] as const;
export type Instrument = (typeof INSTRUMENTS)[number];

export function isInstrument(value: unknown): value is Instrument {
  return typeof value === 'string' && (INSTRUMENTS as readonly string[]).includes(value);
}

export function isRating(value: unknown): value is Rating {
  return value === 0 || value === 1 || value === 2 || value === 3;
}

// ---------------------------------------------------------------------------------------------------------------
// GAD-7
// ---------------------------------------------------------------------------------------------------------------

export const GAD7_ITEMS = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] as const;
export type Gad7Item = (typeof GAD7_ITEMS)[number];

/** The seven scored items and the unscored difficulty question; any may be missing while the form is filled. */
export type Gad7Answers = Partial<Record<Gad7Item | 'difficulty', Rating>>;

export type Gad7Band = 'minimal' | 'mild' | 'moderate' | 'severe';

export interface Gad7Result {
  instrument: 'gad7';
  /** 0 to 21, or `null` while any of the seven items is unanswered. */
  total: number | null;
  band: Gad7Band | null;
  /** The unanswered scored items, in order. */
  missing: Gad7Item[];
}

/** The band of a GAD-7 total: 0–4 minimal, 5–9 mild, 10–14 moderate, 15–21 severe. */
export function gad7Band(total: number): Gad7Band {
  if (total <= 4) return 'minimal';
  if (total <= 9) return 'mild';
  if (total <= 14) return 'moderate';
  return 'severe';
}

/** A total of 10 or more suggests an assessment by a health professional. */
export const GAD7_ASSESSMENT_THRESHOLD = 10;

export function scoreGad7(answers: Gad7Answers): Gad7Result {
  const missing = GAD7_ITEMS.filter((item) => !isRating(answers[item]));
  if (missing.length > 0) return { instrument: 'gad7', total: null, band: null, missing };
  const total = GAD7_ITEMS.reduce((sum, item) => sum + (answers[item] as Rating), 0);
  return { instrument: 'gad7', total, band: gad7Band(total), missing };
}

// ---------------------------------------------------------------------------------------------------------------
// PSQI
// ---------------------------------------------------------------------------------------------------------------

/** The disturbance items "Cannot get to sleep within 30 minutes" (5a) to "Other reason(s)" (5j). */
export const PSQI_DISTURBANCES = ['q5a', 'q5b', 'q5c', 'q5d', 'q5e', 'q5f', 'q5g', 'q5h', 'q5i', 'q5j'] as const;
export type PsqiDisturbance = (typeof PSQI_DISTURBANCES)[number];

/** The bed partner's observations (10a–10e), shown on the form but never scored. */
export const PSQI_PARTNER_ITEMS = ['q10a', 'q10b', 'q10c', 'q10d', 'q10e'] as const;
export type PsqiPartnerItem = (typeof PSQI_PARTNER_ITEMS)[number];

export interface PsqiAnswers extends Partial<Record<PsqiDisturbance | 'q6' | 'q7' | 'q8' | 'q9' | 'q10' | PsqiPartnerItem, Rating>> {
  /** Item 1, the usual bed time, "HH:MM" on a 24-hour clock. */
  bedTime?: string;
  /** Item 2, minutes to fall asleep: a number, a decimal, or a range such as "15-30" (read as its midpoint). */
  latency?: string | number;
  /** Item 3, the usual getting-up time, "HH:MM". */
  wakeTime?: string;
  /** Item 4, hours of actual sleep: a number, a decimal or a range. */
  sleepHours?: string | number;
  /** Item 5j's description of the other reason. */
  q5jText?: string;
  /** Item 10e's description of other restlessness. */
  q10eText?: string;
}

/** The items the seven components are computed from, in the form's order. 5j counts 0 when left unanswered. */
export const PSQI_SCORED_ITEMS = [
  'bedTime',
  'latency',
  'wakeTime',
  'sleepHours',
  'q5a',
  'q5b',
  'q5c',
  'q5d',
  'q5e',
  'q5f',
  'q5g',
  'q5h',
  'q5i',
  'q6',
  'q7',
  'q8',
  'q9',
] as const;
export type PsqiScoredItem = (typeof PSQI_SCORED_ITEMS)[number];

export const PSQI_COMPONENTS = ['quality', 'latency', 'duration', 'efficiency', 'disturbances', 'medication', 'daytime'] as const;
export type PsqiComponent = (typeof PSQI_COMPONENTS)[number];

/** Why an answer cannot be scored, beyond being left empty. */
export type PsqiProblem = 'latency-unreadable' | 'hours-unreadable' | 'time-unreadable' | 'no-time-in-bed';

export interface PsqiResult {
  instrument: 'psqi';
  /** C1 to C7, each 0 to 3, or `null` when an answer it needs is missing or unreadable. */
  components: Record<PsqiComponent, Rating | null>;
  /** 0 to 21, or `null` unless all seven components are known. */
  global: number | null;
  /** A global score above 5 marks a poor sleeper. */
  poorSleeper: boolean | null;
  /** Hours in bed, from bed time to getting-up time (across midnight when needed). */
  hoursInBed: number | null;
  /** Hours asleep ÷ hours in bed × 100, unrounded; capped at 100 when more hours asleep than in bed are given. */
  efficiency: number | null;
  /** More hours asleep were given than hours in bed; the efficiency was taken as 100%. */
  sleepExceedsBed: boolean;
  /** The unanswered or unreadable scored items, in the form's order. */
  missing: PsqiScoredItem[];
  problems: Partial<Record<PsqiScoredItem, PsqiProblem>>;
}

/** A poor sleeper has a global score above this. */
export const PSQI_POOR_SLEEPER_ABOVE = 5;

const AMOUNT = /^\s*(\d{1,4}(?:[.,]\d{1,3})?)\s*(?:(?:-|–|—|to)\s*(\d{1,4}(?:[.,]\d{1,3})?)\s*)?$/i;

/**
 * Reads an amount as people write it: "20", "6.5" or "6,5", or a range "15-30" / "15 to 30", which is read as its
 * midpoint. Returns `undefined` for anything else (words, negative numbers, an empty answer).
 */
export function parseAmount(value: string | number | undefined | null): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = AMOUNT.exec(value);
  if (!match) return undefined;
  const low = Number(match[1]!.replace(',', '.'));
  if (match[2] === undefined) return low;
  const high = Number(match[2].replace(',', '.'));
  if (high < low) return undefined;
  return (low + high) / 2;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of a "HH:MM" time (24-hour clock), or `undefined`. */
export function minutesOfDay(value: string | undefined | null): number | undefined {
  const match = typeof value === 'string' ? CLOCK.exec(value) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Hours from bed time to getting-up time; a getting-up time earlier on the clock than the bed time is the next day. */
export function hoursInBed(bedTime: string | undefined, wakeTime: string | undefined): number | undefined {
  const bed = minutesOfDay(bedTime);
  const wake = minutesOfDay(wakeTime);
  if (bed === undefined || wake === undefined) return undefined;
  const minutes = (wake - bed + 24 * 60) % (24 * 60);
  return minutes / 60;
}

/** The most minutes to fall asleep and hours of sleep an answer may give. */
export const PSQI_MAX_LATENCY_MINUTES = 720;
export const PSQI_MAX_SLEEP_HOURS = 24;

/** Item 2's minutes as a 0–3 score: 15 or fewer 0, over 15 to 30 1, over 30 to 60 2, over 60 3. */
export function latencyScore(minutes: number): Rating {
  if (minutes <= 15) return 0;
  if (minutes <= 30) return 1;
  if (minutes <= 60) return 2;
  return 3;
}

/** Item 4 as the published form bands it: more than 7 h 0, 6 to 7 h inclusive 1, 5 to under 6 h 2, under 5 h 3. */
export function durationScore(hours: number): Rating {
  if (hours > 7) return 0;
  if (hours >= 6) return 1;
  if (hours >= 5) return 2;
  return 3;
}

/** Habitual efficiency (percent, unrounded): 85 or more 0, 75 to under 85 1, 65 to under 75 2, under 65 3. */
export function efficiencyScore(percent: number): Rating {
  if (percent >= 85) return 0;
  if (percent >= 75) return 1;
  if (percent >= 65) return 2;
  return 3;
}

/** A sum of two 0–3 items as a component: 0 → 0, 1–2 → 1, 3–4 → 2, 5–6 → 3 (latency and daytime dysfunction). */
export function pairScore(sum: number): Rating {
  if (sum <= 0) return 0;
  if (sum <= 2) return 1;
  if (sum <= 4) return 2;
  return 3;
}

/** The sum of 5b–5j as a component: 0 → 0, 1–9 → 1, 10–18 → 2, 19–27 → 3. */
export function disturbanceScore(sum: number): Rating {
  if (sum <= 0) return 0;
  if (sum <= 9) return 1;
  if (sum <= 18) return 2;
  return 3;
}

export function scorePsqi(answers: PsqiAnswers): PsqiResult {
  const problems: Partial<Record<PsqiScoredItem, PsqiProblem>> = {};
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';

  const latencyMinutes = parseAmount(answers.latency);
  if (given(answers.latency) && (latencyMinutes === undefined || latencyMinutes > PSQI_MAX_LATENCY_MINUTES)) {
    problems.latency = 'latency-unreadable';
  }
  const sleep = parseAmount(answers.sleepHours);
  if (given(answers.sleepHours) && (sleep === undefined || sleep > PSQI_MAX_SLEEP_HOURS)) problems.sleepHours = 'hours-unreadable';
  if (given(answers.bedTime) && minutesOfDay(answers.bedTime) === undefined) problems.bedTime = 'time-unreadable';
  if (given(answers.wakeTime) && minutesOfDay(answers.wakeTime) === undefined) problems.wakeTime = 'time-unreadable';
  const inBed = hoursInBed(answers.bedTime, answers.wakeTime);
  if (inBed === 0) problems.wakeTime = 'no-time-in-bed';

  const readable = {
    bedTime: !problems.bedTime && minutesOfDay(answers.bedTime) !== undefined,
    latency: !problems.latency && latencyMinutes !== undefined,
    wakeTime: !problems.wakeTime && minutesOfDay(answers.wakeTime) !== undefined,
    sleepHours: !problems.sleepHours && sleep !== undefined,
  };
  const missing = PSQI_SCORED_ITEMS.filter((item) =>
    item in readable ? !readable[item as keyof typeof readable] : !isRating(answers[item as keyof PsqiAnswers]),
  );
  const rating = (item: keyof PsqiAnswers): Rating | undefined => {
    const value = answers[item];
    return isRating(value) ? value : undefined;
  };

  const q5a = rating('q5a');
  const q6 = rating('q6');
  const q7 = rating('q7');
  const q8 = rating('q8');
  const q9 = rating('q9');
  const others = PSQI_DISTURBANCES.slice(1).map((item) => (item === 'q5j' ? (rating(item) ?? 0) : rating(item)));

  let efficiency: number | null = null;
  let sleepExceedsBed = false;
  if (readable.sleepHours && readable.bedTime && readable.wakeTime && inBed !== undefined && inBed > 0) {
    sleepExceedsBed = sleep! > inBed;
    // Unrounded, except for the binary floating-point error that would put 5.85 h of 9 h (exactly 65%) at 64.999…%.
    efficiency = Math.min(100, Math.round(((sleep! * 100) / inBed) * 1e9) / 1e9);
  }

  const components: Record<PsqiComponent, Rating | null> = {
    quality: q6 ?? null,
    latency: readable.latency && q5a !== undefined ? pairScore(latencyScore(latencyMinutes!) + q5a) : null,
    duration: readable.sleepHours ? durationScore(sleep!) : null,
    efficiency: efficiency === null ? null : efficiencyScore(efficiency),
    disturbances: others.every((value) => value !== undefined) ? disturbanceScore(others.reduce<number>((sum, v) => sum + v!, 0)) : null,
    medication: q7 ?? null,
    daytime: q8 !== undefined && q9 !== undefined ? pairScore(q8 + q9) : null,
  };
  const known = PSQI_COMPONENTS.map((component) => components[component]);
  const global = known.every((value) => value !== null) ? known.reduce<number>((sum, value) => sum + value!, 0) : null;
  return {
    instrument: 'psqi',
    components,
    global,
    poorSleeper: global === null ? null : global > PSQI_POOR_SLEEPER_ABOVE,
    hoursInBed: inBed ?? null,
    efficiency,
    sleepExceedsBed,
    missing,
    problems,
  };
}

export type QuestionnaireAnswers = Gad7Answers | PsqiAnswers;
export type QuestionnaireResult = Gad7Result | PsqiResult;

/** Scores answers to either instrument. */
export function scoreQuestionnaire(instrument: 'gad7', answers: Gad7Answers): Gad7Result;
export function scoreQuestionnaire(instrument: 'psqi', answers: PsqiAnswers): PsqiResult;
export function scoreQuestionnaire(instrument: Instrument, answers: QuestionnaireAnswers): QuestionnaireResult;
export function scoreQuestionnaire(instrument: Instrument, answers: QuestionnaireAnswers): QuestionnaireResult {
  return instrument === 'gad7' ? scoreGad7(answers as Gad7Answers) : scorePsqi(answers as PsqiAnswers);
}

/** The single number a result is listed and charted by: the GAD-7 total or the PSQI global score. */
export function headlineScore(result: QuestionnaireResult): number | null {
  return result.instrument === 'gad7' ? result.total : result.global;
}

/** The highest possible headline score of both instruments. */
export const MAX_SCORE = 21;
