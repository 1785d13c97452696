import { readdir, readFile } from 'node:fs/promises';
import type { Db } from './db';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the SQL files of `migrations/` in name order, each once. Everything runs in one transaction under an
 * advisory lock, so two processes starting together neither race nor see a half-migrated schema.
 * Returns the names applied by this call. `through` stops after that file, for the tests of a migration's data.
 */
export async function migrate(db: Db, { through }: { through?: string } = {}): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((name) => name.endsWith('.sql') && (through === undefined || name <= through))
    .sort();
  const scripts = await Promise.all(
    files.map(async (name) => ({ name, sql: await readFile(new URL(name, MIGRATIONS_DIR), 'utf8') })),
  );
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('gut-shop:migrations'))`);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: string }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = scripts.filter((script) => !applied.has(script.name));
    for (const script of pending) {
      await tx.exec(script.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [script.name]);
    }
    return pending.map((script) => script.name);
  });
}
