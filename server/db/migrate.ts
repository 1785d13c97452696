import { readdir, readFile } from 'node:fs/promises';
import type { Db, Queryable } from './db';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/** The names of the migrations this build knows, in order. */
export async function knownMigrations(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
}

/** Those of `knownMigrations` the database has not applied (every one, before the first migration). */
export async function pendingMigrations(db: Queryable, known: readonly string[]): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!table?.present) return [...known];
  const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations WHERE version = ANY($1::text[])', [known]);
  const applied = new Set(rows.map((row) => row.version));
  return known.filter((name) => !applied.has(name));
}

/**
 * Applies the SQL files of `migrations/` in name order, each once. Everything runs in one transaction under an
 * advisory lock, so two processes starting together neither race nor see a half-migrated schema.
 * Returns the names applied by this call. `through` stops after that file, for the tests of a migration's data.
 */
export async function migrate(db: Db, { through }: { through?: string } = {}): Promise<string[]> {
  const files = (await knownMigrations()).filter((name) => through === undefined || name <= through);
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
