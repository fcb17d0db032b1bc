/**
 * One server per data folder. The embedded defaults count rate limits and
 * keep dashboard sessions in the process, so a second server on the same
 * folder would serve the same accounts with quotas of its own: it refuses to
 * start instead, naming the process that holds the folder.
 *
 * The lock is SQLite's own (an exclusive transaction on `server.lock`, held
 * for the life of the process): the kernel releases it the moment its
 * process ends, however it ends, so a restart after a crash or SIGKILL never
 * waits for a stale lock to age. The admin command takes no lock: it runs
 * beside the server, through the store's own transactions.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';

export const LOCK_FILE = 'server.lock';
/** Beside the lock, for the message a second server gives: the lock itself cannot be read while held. */
export const PID_FILE = 'server.pid';

export interface FolderLock {
  release(): void;
}

/** Thrown when another process holds the folder. */
export class FolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number | undefined,
  ) {
    super(
      `the data folder ${dataDir} is in use by another code-explain server${holder === undefined ? '' : ` (pid ${holder})`}: ` +
        'one server per data folder (its quotas and sessions live in its process); give this one a DATA_DIR of its own, ' +
        'or set MONGODB_URI and REDIS_URL to run several',
    );
    this.name = 'FolderInUseError';
  }
}

function holderOf(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, PID_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const isBusy = (error: unknown) =>
  /SQLITE_BUSY|database is locked/i.test(String((error as Error)?.message ?? error));

/** Takes the folder for this process (making it if need be), or throws FolderInUseError. */
export function lockDataFolder(dataDir: string): FolderLock {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, LOCK_FILE));
  try {
    // No waiting: a held lock is an answer, not a delay.
    db.exec('PRAGMA busy_timeout = 0');
    // Exclusive locking mode keeps the lock after the write, until the connection closes.
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER)');
    db.exec('COMMIT');
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new FolderInUseError(dataDir, holderOf(dataDir));
    throw error;
  }
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
  return {
    release() {
      if (db.open) db.close();
    },
  };
}
