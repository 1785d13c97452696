import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { backends, createTestSchema } from './setup/app';

const MIGRATIONS = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((name) => name.endsWith('.sql'));

describe.each(backends)('migrations on %s', (backend) => {
  it('apply each file once, even when two processes start together', async () => {
    const schema = backend === 'postgres' ? await createTestSchema() : undefined;
    const dbs: Db[] = [];
    try {
      if (schema) {
        // Two pools stand for two server processes sharing one database.
        dbs.push(await openDb({ databaseUrl: schema.databaseUrl, pgliteDataDir: '' }));
        dbs.push(await openDb({ databaseUrl: schema.databaseUrl, pgliteDataDir: '' }));
      } else {
        const db = await openDb({ databaseUrl: undefined, pgliteDataDir: 'memory://' });
        dbs.push(db, db);
      }
      const [first, second] = await Promise.all(dbs.map((db) => migrate(db)));
      expect([...first!, ...second!].sort()).toEqual(MIGRATIONS.sort());
      expect(await migrate(dbs[0]!)).toEqual([]);
      const rows = await dbs[0]!.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.sort());
    } finally {
      for (const db of new Set(dbs)) await db.close();
      await schema?.drop();
    }
  });
});
