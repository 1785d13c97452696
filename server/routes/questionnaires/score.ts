/**
 * A questionnaire result as the contract answers it (QuestionnaireResult): the stored row, and its `result` computed
 * afresh with the shared scoring module from the stored answers alone. Every answer that carries a result is made
 * here (the person's own, the staff's, the copy of the person's data), so that all of them score the same way.
 */
import type { components } from '../../../openapi/schema';
import { scoreQuestionnaire, type Instrument, type QuestionnaireAnswers } from '../../../machines/questionnaire-scoring';
import { iso } from '../orders/queries';

export type QuestionnaireResult = components['schemas']['QuestionnaireResult'];
export type QuestionnaireScore = components['schemas']['QuestionnaireScore'];

export interface QuestionnaireRow extends Record<string, unknown> {
  id: string;
  instrument: Instrument;
  score: number;
  answers: unknown;
  created_at: Date | string;
}

/** The columns a QuestionnaireRow is read from, of `questionnaire_responses` aliased as `alias`. */
export const questionnaireColumns = (alias: string) =>
  ['id', 'instrument', 'score', 'answers', 'created_at'].map((column) => `${alias}.${column}`).join(', ');

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Answers as stored: an object keyed by item; anything else (never written by this server) counts as no answers. */
export function answersOf(value: unknown): Record<string, unknown> {
  return isObject(value) ? value : {};
}

/** The shared module's result in the contract's shape: the PSQI's per-item problems are for the form, not kept. */
export function questionnaireScore(instrument: Instrument, answers: Record<string, unknown>): QuestionnaireScore {
  const result = scoreQuestionnaire(instrument, answers as QuestionnaireAnswers);
  if (result.instrument === 'gad7') return { instrument: 'gad7', total: result.total, band: result.band, missing: [...result.missing] };
  return {
    instrument: 'psqi',
    components: { ...result.components },
    global: result.global,
    poorSleeper: result.poorSleeper,
    hoursInBed: result.hoursInBed,
    efficiency: result.efficiency,
    sleepExceedsBed: result.sleepExceedsBed,
    missing: [...result.missing],
  };
}

export function questionnaireResultBody(row: QuestionnaireRow): QuestionnaireResult {
  const answers = answersOf(row.answers);
  return {
    _id: row.id,
    instrument: row.instrument,
    score: row.score,
    answers,
    createdAt: iso(row.created_at),
    result: questionnaireScore(row.instrument, answers),
  };
}
