/**
 * The usage part of the store contract, which both backends pass: counts add
 * up exactly, also from two store instances on one database writing the same
 * buckets at once; reads are per account, per hour range, optionally per
 * key; buckets past the retention are deleted.
 */
import assert from 'node:assert/strict';
import { USAGE_RETENTION_DAYS } from '@code-explain/shared';
import type { Store, UsageIncrement, UsageRow } from '../../src/store/types.js';

/** Opens stores on one database (or data folder), and removes it. */
export interface SharedStorage {
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

const HOUR = 3_600_000;
const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
const hour = (offset: number) => new Date(thisHour + offset * HOUR);

const increment = (overrides: Partial<UsageIncrement> = {}): UsageIncrement => ({
  accountId: 'acct-usage-1',
  keyId: 'key1',
  hour: hour(0),
  route: 'POST /api/explain',
  counters: { o_2xx: 1, t_5: 1, l_python: 1, m_standard: 1 },
  ...overrides,
});

/** Rows summed per hour and route, for comparing regardless of how a backend splits them. */
function summed(rows: UsageRow[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const row of rows) {
    const key = `${row.hour.toISOString()} ${row.route}`;
    const into = (out[key] ??= {});
    for (const [name, n] of Object.entries(row.counters)) into[name] = (into[name] ?? 0) + n;
  }
  return out;
}

export function describeUsageContract(label: string, prepare: () => Promise<SharedStorage>): void {
  describe(`Store contract, usage: ${label}`, function () {
    this.timeout(60_000);
    let storage: SharedStorage;
    let store: Store;

    before(async () => {
      storage = await prepare();
      store = await storage.open();
    });

    after(async () => {
      await store?.close();
      await storage?.dispose();
    });

    // First: a store deletes old buckets on its first write after opening, then at most hourly.
    it(`deletes buckets older than ${USAGE_RETENTION_DAYS} days`, async () => {
      const old = increment({ accountId: 'acct-retention', hour: hour(-(USAGE_RETENTION_DAYS * 24 + 2)) });
      const kept = increment({ accountId: 'acct-retention', hour: hour(-(USAGE_RETENTION_DAYS * 24 - 2)) });
      await store.addUsage([old, kept]);
      const rows = await store.readUsage('acct-retention', { from: hour(-500 * 24), to: hour(1) });
      assert.deepEqual(
        rows.map((r) => r.hour.toISOString()),
        [kept.hour.toISOString()],
      );
    });

    it('adds counts per hour and route, and reads them per account, range and key', async () => {
      await store.addUsage([
        increment(),
        increment({ keyId: 'key2', counters: { o_429: 1, t_1: 1 } }),
        increment({ route: 'GET /api/usage', counters: { o_2xx: 1, t_2: 1 } }),
        increment({ hour: hour(-1), counters: { o_5xx: 2, t_inf: 2 } }),
        increment({ hour: hour(-30), counters: { o_2xx: 1 } }),
        increment({ accountId: 'acct-usage-2', counters: { o_4xx: 7 } }),
      ]);
      await store.addUsage([increment({ counters: { o_2xx: 2, t_5: 1, t_6: 1, l_go: 2, m_quick: 2 } })]);

      const range = { from: hour(-2), to: hour(1) };
      assert.deepEqual(summed(await store.readUsage('acct-usage-1', range)), {
        [`${hour(0).toISOString()} POST /api/explain`]: {
          o_2xx: 3,
          o_429: 1,
          t_1: 1,
          t_5: 2,
          t_6: 1,
          l_python: 1,
          l_go: 2,
          m_standard: 1,
          m_quick: 2,
        },
        [`${hour(0).toISOString()} GET /api/usage`]: { o_2xx: 1, t_2: 1 },
        [`${hour(-1).toISOString()} POST /api/explain`]: { o_5xx: 2, t_inf: 2 },
      });
      assert.deepEqual(summed(await store.readUsage('acct-usage-1', { ...range, keyId: 'key2' })), {
        [`${hour(0).toISOString()} POST /api/explain`]: { o_429: 1, t_1: 1 },
      });
      assert.deepEqual(await store.readUsage('acct-usage-1', { ...range, keyId: 'nokey' }), []);
      // Rows name their key, so counts can be summed per key.
      const perKey: Record<string, number> = {};
      for (const row of await store.readUsage('acct-usage-1', range)) {
        perKey[row.keyId] = (perKey[row.keyId] ?? 0) + (row.counters.o_2xx ?? 0) + (row.counters.o_429 ?? 0);
      }
      assert.deepEqual(perKey, { key1: 4, key2: 1 });
      // The range's end is exclusive, its start inclusive.
      assert.deepEqual(
        Object.keys(summed(await store.readUsage('acct-usage-1', { from: hour(-1), to: hour(0) }))),
        [`${hour(-1).toISOString()} POST /api/explain`],
      );
      assert.deepEqual(summed(await store.readUsage('acct-usage-2', range)), {
        [`${hour(0).toISOString()} POST /api/explain`]: { o_4xx: 7 },
      });
      assert.deepEqual(await store.readUsage('acct-nobody', range), []);
    });

    it('loses no increment when two store instances add to the same new buckets at once', async () => {
      const second = await storage.open();
      try {
        const batches = Array.from({ length: 40 }, (_, i) => [
          increment({ accountId: 'acct-race', counters: { o_2xx: 1, t_3: 1 } }),
          increment({ accountId: 'acct-race', route: `GET /api/r${i % 3}`, counters: { o_4xx: 1 } }),
        ]);
        await Promise.all(batches.map((batch, i) => (i % 2 === 0 ? store : second).addUsage(batch)));
        const totals = summed(await store.readUsage('acct-race', { from: hour(0), to: hour(1) }));
        const at = hour(0).toISOString();
        assert.deepEqual(totals, {
          [`${at} POST /api/explain`]: { o_2xx: 40, t_3: 40 },
          [`${at} GET /api/r0`]: { o_4xx: 14 },
          [`${at} GET /api/r1`]: { o_4xx: 13 },
          [`${at} GET /api/r2`]: { o_4xx: 13 },
        });
      } finally {
        await second.close();
      }
    });
  });
}
