import type { components } from '../../../openapi/schema';
import type { KitJourneyState } from '../../../machines/kit-journey';
import type { Queryable } from '../../db';

type KitIntake = components['schemas']['KitIntake'];
type KitIntakeAnswers = components['schemas']['KitIntakeAnswers'];
type StaffKitIntake = components['schemas']['StaffKitIntake'];

interface IntakeRow extends Record<string, unknown> {
  kit_id: string;
  answers: KitIntakeAnswers | string;
  answered_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const answersOf = (value: KitIntakeAnswers | string): KitIntakeAnswers => (typeof value === 'string' ? (JSON.parse(value) as KitIntakeAnswers) : value);

export const intakeBody = (row: IntakeRow): KitIntake => ({
  kitId: row.kit_id,
  answers: answersOf(row.answers),
  answeredAt: iso(row.answered_at),
  updatedAt: iso(row.updated_at),
});

/** The intake can be answered or changed only while the kit is activated and its sample not yet at the lab. */
export const intakeEditable = (state: KitJourneyState) => state === 'activated';

/** States before activation: the intake is not asked for yet. */
export const BEFORE_ACTIVATION: ReadonlySet<KitJourneyState> = new Set(['ordered', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded']);

export async function intakeOfKit(db: Queryable, kitId: string): Promise<KitIntake | null> {
  const [row] = await db.query<IntakeRow>('SELECT kit_id, answers, answered_at, updated_at FROM kit_intakes WHERE kit_id = $1', [kitId]);
  return row ? intakeBody(row) : null;
}

/** Keeps the answers of a kit's intake: the first time answered, afterwards changed. Answers whether it was new. */
export async function saveIntake(tx: Queryable, kitId: string, answers: KitIntakeAnswers): Promise<{ intake: KitIntake; created: boolean }> {
  const [row] = await tx.query<IntakeRow & { created: boolean }>(
    `INSERT INTO kit_intakes (kit_id, answers) VALUES ($1, $2::jsonb)
     ON CONFLICT (kit_id) DO UPDATE SET answers = EXCLUDED.answers, updated_at = now()
     RETURNING kit_id, answers, answered_at, updated_at, (xmax = 0) AS created`,
    [kitId, JSON.stringify(answers)],
  );
  return { intake: intakeBody(row!), created: Boolean(row!.created) };
}

/** The intakes answered for the person's kits, the latest kit first. */
export async function intakesOfUser(db: Queryable, userId: string): Promise<KitIntake[]> {
  const rows = await db.query<IntakeRow>(
    `SELECT i.kit_id, i.answers, i.answered_at, i.updated_at FROM kit_intakes i JOIN kits k ON k.id = i.kit_id
      WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id`,
    [userId],
  );
  return rows.map(intakeBody);
}

/** The same for the care team, with the kit each belongs to. */
export async function staffIntakesOfUser(db: Queryable, userId: string): Promise<StaffKitIntake[]> {
  const rows = await db.query<IntakeRow & { kit_name: string; box_code: string; kit_state: KitJourneyState }>(
    `SELECT i.kit_id, i.answers, i.answered_at, i.updated_at, p.name AS kit_name, k.box_code, k.state AS kit_state
       FROM kit_intakes i JOIN kits k ON k.id = i.kit_id JOIN products p ON p.id = k.product_id
      WHERE k.user_id = $1 ORDER BY k.created_at DESC, k.id LIMIT 100`,
    [userId],
  );
  return rows.map((row) => ({ ...intakeBody(row), kitName: row.kit_name, boxCode: row.box_code, kitState: row.kit_state }));
}
