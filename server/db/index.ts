import type { Config } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Db, DbObserver, PoolUse, Queryable, Row } from './db';
export { isConnectionError, sqlState, UNIQUE_VIOLATION } from './db';

export function openDb(config: Pick<Config, 'databaseUrl' | 'pgliteDataDir'>): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.pgliteDataDir);
}
