/**
 * The GAD-7 and PSQI results people keep for their care team. The server scores every result itself with the shared
 * scoring module (a score sent by the client is never read) and keeps it only under the person's `questionnaires`
 * consent, which withdrawing erases them with (see `setConsent`). The staff list results across customers and read
 * one customer's history; each such reading is written to the audit log.
 */
import type { components, operations } from '../../../openapi/schema';
import {
  GAD7_ITEMS,
  headlineScore,
  PSQI_PARTNER_ITEMS,
  PSQI_SCORED_ITEMS,
  scoreQuestionnaire,
  type Instrument,
  type PsqiProblem,
  type QuestionnaireAnswers,
} from '../../../machines/questionnaire-scoring';
import type { Queryable } from '../../db';
import { badRequest, HttpError, type FieldErrors } from '../../errors';
import { writeAudit, type AuditActor } from '../../services/audit';
import { iso } from '../orders/queries';
import { setConsent } from '../privacy/queries';
import { answersOf, questionnaireColumns, questionnaireResultBody, questionnaireScore, type QuestionnaireResult, type QuestionnaireRow } from './score';

type Gad7Answers = components['schemas']['Gad7Answers'];
type PsqiAnswers = components['schemas']['PsqiAnswers'];
type QuestionnaireSubmission = components['schemas']['QuestionnaireSubmission'];
type StaffQuestionnaireResult = components['schemas']['StaffQuestionnaireResult'];
export type StaffQuestionnaireQuery = Required<Omit<NonNullable<operations['listStaffQuestionnaireResults']['parameters']['query']>, 'q' | 'instrument'>> &
  Pick<NonNullable<operations['listStaffQuestionnaireResults']['parameters']['query']>, 'q' | 'instrument'>;

/** The most results a person's or a customer's history shows (the contract's maxItems). */
export const HISTORY_LIMIT = 100;

export const INSTRUMENT_NAMES: Record<Instrument, string> = { gad7: 'GAD-7', psqi: 'PSQI' };

/** Every answer each instrument's form has (the contract's Gad7Answers and PsqiAnswers), scored or not. */
export const ANSWER_KEYS = {
  gad7: [...GAD7_ITEMS, 'difficulty'] as const satisfies readonly (keyof Gad7Answers)[],
  psqi: [...PSQI_SCORED_ITEMS, 'q5j', 'q5jText', 'q10', ...PSQI_PARTNER_ITEMS, 'q10eText'] as const satisfies readonly (keyof PsqiAnswers)[],
} satisfies Record<Instrument, readonly string[]>;

/** An item as the person sees it on the form: GAD-7 q3 is question 3, PSQI q5a is question 5a and wakeTime question 3. */
export function questionNumber(instrument: Instrument, item: string): string {
  if (instrument === 'psqi') {
    const numbered: Record<string, string> = { bedTime: '1', latency: '2', wakeTime: '3', sleepHours: '4' };
    if (numbered[item]) return numbered[item];
  }
  return item.replace(/^q/, '');
}

/** Why a PSQI answer cannot be scored, beside its field. */
export const PROBLEM_REASONS: Record<PsqiProblem, string> = {
  'latency-unreadable': 'Write the minutes as a number, such as 20, or a range such as 15-30, up to 720 minutes.',
  'hours-unreadable': 'Write the hours as a number, such as 6.5, or a range such as 6-7, up to 24 hours.',
  'time-unreadable': 'Write the time on a 24-hour clock, such as 23:00 or 06:30.',
  'no-time-in-bed': 'Your bed time and getting-up time are the same.',
};

export const UNANSWERED_REASON = 'Answer this question.';
export const PSQI_NOT_OFFERED = 'The PSQI is not offered at present.';
export const RESULT_NOT_FOUND = 'There is no such questionnaire result.';
export const CUSTOMER_NOT_FOUND = 'There is no such customer.';
export const CONSENT_REQUIRED =
  'We keep questionnaire results only with your agreement. Agree to keeping your results for your care team, then save again.';

/** Refuses answers that are not the instrument's own (the contract's anyOf lets either form's answers through). */
function refuseForeignAnswers(instrument: Instrument, answers: Record<string, unknown>): void {
  const own: readonly string[] = ANSWER_KEYS[instrument];
  const foreign = Object.keys(answers).filter((key) => !own.includes(key));
  if (foreign.length === 0) return;
  const name = INSTRUMENT_NAMES[instrument];
  throw badRequest(
    `${foreign.length === 1 ? 'This answer is' : 'These answers are'} not part of the ${name}: ${foreign.join(', ')}.`,
    Object.fromEntries(foreign.map((key) => [key, `is not a question of the ${name}`])),
  );
}

/**
 * Scores the answers, or refuses them naming each scored item that is unanswered ("Answer every question before
 * saving: question 3, question 5.") or unreadable, with a reason beside each item's field.
 */
export function scoreAnswers(instrument: Instrument, answers: Record<string, unknown>): { score: number } {
  refuseForeignAnswers(instrument, answers);
  const result = scoreQuestionnaire(instrument, answers as QuestionnaireAnswers);
  const problems: Partial<Record<string, PsqiProblem>> = result.instrument === 'psqi' ? result.problems : {};
  const missing: readonly string[] = result.missing;
  if (missing.length > 0) {
    const unanswered = missing.filter((item) => !problems[item]);
    const unreadable = missing.filter((item) => problems[item]);
    const fields: FieldErrors = {};
    for (const item of missing) fields[item] = problems[item] ? PROBLEM_REASONS[problems[item]] : UNANSWERED_REASON;
    const sentences = [
      ...(unanswered.length > 0
        ? [`Answer every question before saving: ${unanswered.map((item) => `question ${questionNumber(instrument, item)}`).join(', ')}.`]
        : []),
      ...unreadable.map((item) => `Question ${questionNumber(instrument, item)}: ${fields[item]}`),
    ];
    throw badRequest(sentences.join(' '), fields);
  }
  const score = headlineScore(result);
  // Every scored item answered and readable always gives a headline score; this guards the shared module's contract.
  if (score === null) throw new Error(`a complete ${instrument} result has no score`);
  return { score };
}

/**
 * Whether the person has given the `questionnaires` consent; locks it until the transaction ends, so that a
 * withdrawal made meanwhile waits, then erases this result too.
 */
async function questionnaireConsentGiven(tx: Queryable, userId: string): Promise<boolean> {
  const [row] = await tx.query<{ granted: boolean }>(
    `SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'questionnaires' FOR SHARE`,
    [userId],
  );
  return row?.granted ?? false;
}

export async function questionnaireConsent(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ granted: boolean }>(`SELECT granted FROM consents WHERE user_id = $1 AND purpose = 'questionnaires'`, [userId]);
  return row?.granted ?? false;
}

/**
 * Keeps one result, in one transaction: the consent given with it (audited by `setConsent`), or the consent given
 * before; the row, scored from the answers alone; and an audit row naming the instrument (never the score or the
 * answers, since audit rows outlive results erased with a withdrawn consent).
 */
export async function saveQuestionnaireResult(
  tx: Queryable,
  actor: AuditActor,
  userId: string,
  instrument: Instrument,
  submission: QuestionnaireSubmission,
): Promise<QuestionnaireResult> {
  const answers = answersOf(submission.answers);
  const { score } = scoreAnswers(instrument, answers);
  if (submission.consent === true) await setConsent(tx, actor, userId, 'questionnaires', true);
  else if (!(await questionnaireConsentGiven(tx, userId))) {
    throw new HttpError(400, CONSENT_REQUIRED, 'CONSENT_REQUIRED', { consent: 'Agree to keeping your questionnaire results so that we can save them.' });
  }
  const [row] = await tx.query<QuestionnaireRow>(
    `INSERT INTO questionnaire_responses (user_id, instrument, score, answers) VALUES ($1, $2, $3, $4::jsonb)
     RETURNING ${questionnaireColumns('questionnaire_responses')}`,
    [userId, instrument, score, JSON.stringify(answers)],
  );
  if (!row) throw new Error('the questionnaire result was not stored');
  await writeAudit(tx, {
    actor,
    action: 'questionnaire.saved',
    entity: 'questionnaire_response',
    entityId: row.id,
    subject: userId,
    after: { instrument },
  });
  return questionnaireResultBody(row);
}

export async function questionnaireResultOf(db: Queryable, userId: string, id: string): Promise<QuestionnaireResult | undefined> {
  const [row] = await db.query<QuestionnaireRow>(
    `SELECT ${questionnaireColumns('q')} FROM questionnaire_responses q WHERE q.id = $1 AND q.user_id = $2`,
    [id, userId],
  );
  return row && questionnaireResultBody(row);
}

interface StaffRow extends QuestionnaireRow {
  user_id: string;
  fullname: string;
  email: string | null;
}

/** The contract's sorts, each with the id last in the same direction, so that pages never overlap. */
const SORTS: Record<StaffQuestionnaireQuery['sort'], string> = {
  '-createdAt': 'q.created_at DESC, q.id DESC',
  createdAt: 'q.created_at ASC, q.id ASC',
  '-score': 'q.score DESC, q.created_at DESC, q.id DESC',
  score: 'q.score ASC, q.created_at ASC, q.id ASC',
};

/** `%` and `_` typed by staff are letters to find, not wildcards. */
const containsPattern = (text: string) => `%${text.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function staffResultBody(row: StaffRow): StaffQuestionnaireResult {
  const answers = answersOf(row.answers);
  return {
    _id: row.id,
    instrument: row.instrument,
    score: row.score,
    createdAt: iso(row.created_at),
    customer: { _id: row.user_id, fullname: row.fullname, email: row.email },
    result: questionnaireScore(row.instrument, answers),
  };
}

/** One page of the results of people whose profiles are not erased, with how many match in all. */
export async function listStaffQuestionnaireResults(
  db: Queryable,
  query: StaffQuestionnaireQuery,
): Promise<{ items: StaffQuestionnaireResult[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['u.erased_at IS NULL'];
  const q = query.q?.trim();
  if (q) {
    const pattern = param(containsPattern(q));
    where.push(`(lower(u.fullname) LIKE ${pattern} OR lower(u.email) LIKE ${pattern})`);
  }
  if (query.instrument) where.push(`q.instrument = ${param(query.instrument)}`);
  const from = `FROM questionnaire_responses q JOIN users u ON u.id = q.user_id WHERE ${where.join(' AND ')}`;
  const counted = [...params];
  const [rows, [count]] = await Promise.all([
    db.query<StaffRow>(
      `SELECT ${questionnaireColumns('q')}, u.id AS user_id, u.fullname, u.email ${from}
        ORDER BY ${SORTS[query.sort]} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
      params,
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, counted),
  ]);
  return { items: rows.map(staffResultBody), total: count?.total ?? 0 };
}

export interface StaffCustomerRef {
  _id: string;
  fullname: string;
  email: string | null;
}

/** A profile that is not erased, as the staff's questionnaire pages name it. */
export async function questionnaireCustomer(db: Queryable, id: string): Promise<StaffCustomerRef | undefined> {
  const [row] = await db.query<{ id: string; fullname: string; email: string | null }>(
    'SELECT id, fullname, email FROM users WHERE id = $1 AND erased_at IS NULL',
    [id],
  );
  return row && { _id: row.id, fullname: row.fullname, email: row.email };
}

/** Writes down which customers' results a page of the staff's list showed, and how it was asked for. */
export async function auditQuestionnaireListing(
  db: Queryable,
  actor: AuditActor,
  query: StaffQuestionnaireQuery,
  items: readonly StaffQuestionnaireResult[],
): Promise<void> {
  if (items.length === 0) return;
  await writeAudit(db, {
    actor,
    action: 'questionnaire_results.listed',
    entity: 'questionnaire_response',
    after: {
      query: { q: query.q ?? null, instrument: query.instrument ?? null, sort: query.sort, limit: query.limit, offset: query.offset },
      results: items.map((item) => item._id),
      customers: [...new Set(items.map((item) => item.customer._id))],
    },
  });
}

/** Writes down that a staff member read a customer's questionnaire results, and how many. */
export async function auditQuestionnaireReading(db: Queryable, actor: AuditActor, customerId: string, results: number): Promise<void> {
  await writeAudit(db, {
    actor,
    action: 'questionnaire_results.viewed',
    entity: 'user',
    entityId: customerId,
    subject: customerId,
    after: { results },
  });
}
