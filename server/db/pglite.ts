import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { timed, type Db, type ObserverSlot, type Queryable, type Row } from './db';

function queryableOf(target: PGlite | Transaction, slot: ObserverSlot): Queryable {
  return {
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await timed(slot, () => target.query<T>(sql, params as unknown[]));
      return result.rows;
    },
    async exec(sql: string) {
      await timed(slot, () => target.exec(sql));
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: a second server on the same directory would corrupt it. A lock file beside
 * the directory holds the owner's pid; one left behind by a crashed process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${resolve(dataDir)}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `The embedded database in ${resolve(dataDir)} is in use by process ${owner}. ` +
            'Stop that server, or give this one its own PGLITE_DATA_DIR.',
          { cause: error },
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database in ${resolve(dataDir)}.`);
}

export interface PgliteDb extends Db {
  /** The whole data directory as a tar archive, which `openPglite`'s `loadDataDir` starts a copy from. */
  dump(): Promise<Blob>;
}

/**
 * The embedded database: a directory on disk, or `memory://` for a throwaway one; with `loadDataDir`, a copy of a
 * database dumped before (the tests start each app from one migrated and seeded once).
 */
export async function openPglite(dataDir: string, { loadDataDir }: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const inMemory = dataDir.startsWith('memory://');
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(inMemory ? 'memory://' : dataDir, loadDataDir ? { loadDataDir } : {});
  } catch (error) {
    unlock();
    throw error;
  }
  // One connection in this process, so no pool to report on: only the statements' times.
  const slot: ObserverSlot = {};
  return {
    kind: 'pglite',
    ...queryableOf(pglite, slot),
    dump: () => pglite.dumpDataDir('none'),
    transaction: (fn) => pglite.transaction((tx) => fn(queryableOf(tx, slot))),
    exclusive: (_key, fn) => fn(),
    observe(observer) {
      slot.observer = observer;
    },
    close: async () => {
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}
