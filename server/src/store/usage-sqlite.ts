/**
 * Usage counts in the embedded store: one row per (account, hour, key,
 * route, counter), added to with `INSERT … ON CONFLICT DO UPDATE SET n = n +
 * excluded.n` inside one write transaction per batch, so concurrent writers
 * (several processes on one data folder included: SQLite locks the file)
 * never lose an increment, and a batch is applied whole or not at all.
 *
 * The table is created when missing rather than through a schema version: it
 * is independent of the other tables, and a version that does not know it
 * simply leaves it alone. Rows older than the retention are deleted by the
 * first batch after opening and then at most once an hour.
 */
import { USAGE_RETENTION_DAYS } from '@code-explain/shared';
import type Database from 'libsql';
import type { UsageIncrement, UsageRange, UsageRow } from './types.js';

type Db = InstanceType<typeof Database>;

const USAGE_SCHEMA = `
  CREATE TABLE IF NOT EXISTS usage_counts (
    account_id TEXT NOT NULL,
    hour INTEGER NOT NULL,
    key_id TEXT NOT NULL,
    route TEXT NOT NULL,
    counter TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (account_id, hour, key_id, route, counter)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS usage_counts_by_hour ON usage_counts (hour);
`;

const DAY_MS = 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

interface CountRow {
  hour: number;
  key_id: string;
  route: string;
  counter: string;
  n: number;
}

export interface SqliteUsage {
  add(increments: readonly UsageIncrement[], now: number): void;
  read(accountId: string, range: UsageRange): UsageRow[];
}

export function openSqliteUsage(db: Db): SqliteUsage {
  db.exec(USAGE_SCHEMA);
  const upsert = db.prepare(
    'INSERT INTO usage_counts (account_id, hour, key_id, route, counter, n) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET n = n + excluded.n',
  );
  const prune = db.prepare('DELETE FROM usage_counts WHERE hour < ?');
  const all = db.prepare(
    'SELECT hour, key_id, route, counter, n FROM usage_counts WHERE account_id = ? AND hour >= ? AND hour < ?',
  );
  const ofKey = db.prepare(
    'SELECT hour, key_id, route, counter, n FROM usage_counts WHERE account_id = ? AND hour >= ? AND hour < ? AND key_id = ?',
  );
  let prunedAt = -Infinity;

  return {
    add(increments, now) {
      db.transaction(() => {
        for (const inc of increments) {
          for (const [counter, n] of Object.entries(inc.counters)) {
            upsert.run(
              String(inc.accountId),
              inc.hour.getTime(),
              String(inc.keyId),
              String(inc.route),
              counter,
              Math.trunc(n),
            );
          }
        }
        if (now - prunedAt >= PRUNE_EVERY_MS) {
          prune.run(now - USAGE_RETENTION_DAYS * DAY_MS);
          prunedAt = now;
        }
      }).immediate();
    },
    read(accountId, range) {
      const params = [String(accountId), range.from.getTime(), range.to.getTime()];
      const rows = (
        range.keyId === undefined ? all.all(...params) : ofKey.all(...params, String(range.keyId))
      ) as CountRow[];
      // One row per (hour, key, route), its counters gathered (the primary key makes each counter's row unique).
      const byBucket = new Map<
        string,
        { hour: number; keyId: string; route: string; counters: Record<string, number> }
      >();
      for (const row of rows) {
        const key = JSON.stringify([row.hour, row.key_id, row.route]);
        let bucket = byBucket.get(key);
        if (!bucket) {
          bucket = { hour: row.hour, keyId: row.key_id, route: row.route, counters: {} };
          byBucket.set(key, bucket);
        }
        bucket.counters[row.counter] = Number(row.n);
      }
      return [...byBucket.values()].map((b) => ({
        hour: new Date(b.hour),
        keyId: b.keyId,
        route: b.route,
        counters: b.counters,
      }));
    },
  };
}
