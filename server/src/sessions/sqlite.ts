/**
 * The dashboard's expiring state (kv.ts) in the data folder, for the embedded
 * defaults: `sessions.sqlite` beside the store's database, through libsql as
 * the embedded store does, so `pnpm start` keeps people signed in across a
 * restart. A file of its own, not a table in the store's database: this is
 * short-lived state with its own expiry, and the store's schema (and the admin
 * command that shares it) need not know about it.
 *
 * Expired rows are invisible to every read (each compares with the injected
 * clock) and are deleted now and then by writes.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'libsql';
import type { Counter, ExpiringStore } from './kv.js';

export const SESSIONS_FILE = 'sessions.sqlite';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS members (
    set_key TEXT NOT NULL, member TEXT NOT NULL, expires INTEGER NOT NULL, PRIMARY KEY (set_key, member)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS entries_by_expiry ON entries (expires);
  CREATE INDEX IF NOT EXISTS members_by_expiry ON members (expires);
`;

/** One write in this many also deletes expired rows. */
const SWEEP_EVERY = 200;

export function createSqliteStore(options: {
  readonly dataDir: string;
  readonly now?: () => number;
}): ExpiringStore {
  const now = options.now ?? Date.now;
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, SESSIONS_FILE));
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA);
  const statements = {
    get: db.prepare('SELECT value, expires FROM entries WHERE key = ? AND expires > ?'),
    put: db.prepare(
      'INSERT INTO entries (key, value, expires) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires = excluded.expires',
    ),
    remove: db.prepare('DELETE FROM entries WHERE key = ?'),
    removeSet: db.prepare('DELETE FROM members WHERE set_key = ?'),
    bump: db.prepare('UPDATE entries SET value = CAST(value AS INTEGER) + ? WHERE key = ? AND expires > ?'),
    drop: db.prepare(
      'UPDATE entries SET value = max(CAST(value AS INTEGER) - 1, 0) WHERE key = ? AND expires > ?',
    ),
    addMember: db.prepare(
      'INSERT INTO members (set_key, member, expires) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET expires = excluded.expires',
    ),
    // The set lives until `ttl` after its last addition, as in Redis: every member's expiry moves with it.
    touchSet: db.prepare('UPDATE members SET expires = ? WHERE set_key = ?'),
    members: db.prepare('SELECT member FROM members WHERE set_key = ? AND expires > ?'),
    removeMember: db.prepare('DELETE FROM members WHERE set_key = ? AND member = ?'),
    sweepEntries: db.prepare('DELETE FROM entries WHERE expires <= ?'),
    sweepMembers: db.prepare('DELETE FROM members WHERE expires <= ?'),
  };
  let writes = 0;
  let closed = false;

  const sweep = () => {
    if (++writes % SWEEP_EVERY !== 0) return;
    const at = now();
    statements.sweepEntries.run(at);
    statements.sweepMembers.run(at);
  };
  const counterOf = (key: string): Counter | null => {
    const at = now();
    const row = statements.get.get(key, at) as { value: string; expires: number } | undefined;
    return row ? { count: Number(row.value), resetInMs: row.expires - at } : null;
  };
  /** Runs synchronous SQLite work as a promise, so a failure is a rejection like Redis's. */
  const run = <T>(task: () => T): Promise<T> => {
    try {
      if (closed) throw new Error('the sessions database is closed');
      return Promise.resolve(task());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    kind: 'sqlite',
    get: (key) => run(() => (statements.get.get(key, now()) as { value: string } | undefined)?.value ?? null),
    put: (key, value, ttlMs) =>
      run(() => {
        sweep();
        statements.put.run(key, value, now() + ttlMs);
      }),
    remove: (keys) =>
      run(() =>
        db.transaction(() => {
          for (const key of keys) {
            statements.remove.run(key);
            statements.removeSet.run(key);
          }
        })(),
      ),
    increment: (key, windowMs) =>
      run(() =>
        db
          .transaction(() => {
            const at = now();
            if (statements.bump.run(1, key, at).changes === 0) {
              sweep();
              statements.put.run(key, '1', at + windowMs);
            }
            return counterOf(key)!;
          })
          .immediate(),
      ),
    counter: (key) => run(() => counterOf(key)),
    decrement: (key) =>
      run(() => {
        statements.drop.run(key, now());
      }),
    addMember: (key, member, ttlMs) =>
      run(() =>
        db.transaction(() => {
          sweep();
          const expires = now() + ttlMs;
          statements.addMember.run(key, member, expires);
          statements.touchSet.run(expires, key);
        })(),
      ),
    members: (key) =>
      run(() => (statements.members.all(key, now()) as { member: string }[]).map((row) => row.member)),
    removeMember: (key, member) =>
      run(() => {
        statements.removeMember.run(key, member);
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
