import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable, Row } from './db';

function queryableOf(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** The embedded database: a directory on disk, or `memory://` for a throwaway one. */
export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(inMemory ? 'memory://' : dataDir);
  return {
    kind: 'pglite',
    ...queryableOf(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(queryableOf(tx))),
    close: () => pglite.close(),
  };
}
