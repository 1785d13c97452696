import type { Db } from '../../db';

export async function databaseAnswers(db: Db): Promise<void> {
  await db.query('SELECT 1');
}
