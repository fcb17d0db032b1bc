/**
 * The history list at 100,000 saved records over 100 accounts, on both
 * stores: the page queries use their index (the query plan says so), the
 * totals come from counters, and a walk by cursor returns every record once,
 * in order, while new records arrive. Nothing here is timed; the figures are
 * `pnpm bench:list`'s (server/README.md, Storage).
 *
 * The records are written in bulk (bench/support/fill-history.ts); the first
 * test checks that a filled record reads back exactly as one saved through
 * the store.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import mongoose from 'mongoose';
import { fillEmbedded, filledRecord, fillMongo, type FillPlan } from '../../bench/support/fill-history.js';
import { createEmbeddedStore, DATABASE_FILE, pageSql } from '../../src/store/embedded.js';
import { createMongoStore, listIndexFor, listQuery } from '../../src/store/mongo.js';
import type { ExplanationFilter, ListPosition, Store } from '../../src/store/types.js';
import { dropDatabase } from '../http/support/harness.js';
import { serviceUrls, testNamespace } from '../http/support/environment.js';

const ACCOUNTS = 100;
const PER_ACCOUNT = 1000;
const PAGE = 100;

const plan: FillPlan = {
  accounts: Array.from({ length: ACCOUNTS }, (_, i) => i.toString(16).padStart(24, 'c')),
  perAccount: PER_ACCOUNT,
  start: new Date(Date.UTC(2026, 0, 1)),
  stepMs: 1000,
};

const FILTERS: readonly ExplanationFilter[] = [
  {},
  { language: 'python' },
  { mode: 'detailed' },
  { language: 'python', mode: 'detailed' },
];

/** The fill's record number, from the first line of its code preview. */
const recordNumber = (codePreview: string) => Number(/^\/\/ record (\d+)/.exec(codePreview)?.[1]);

/** How many of an account's filled records match a filter (languages cycle by 4, modes by 3). */
function filledCount(filter: ExplanationFilter): number {
  let n = 0;
  for (let k = 0; k < PER_ACCOUNT; k++) {
    const { record } = filledRecord(plan, k * ACCOUNTS);
    if (filter.language !== undefined && record.language !== filter.language) continue;
    if (filter.mode !== undefined && record.mode !== filter.mode) continue;
    n++;
  }
  return n;
}

interface Fixture {
  readonly store: Store;
  /** Asserts that the page query for this filter (from the start, or after a position) uses its index. */
  readonly assertIndexed: (
    accountId: string,
    filter: ExplanationFilter,
    after?: ListPosition,
  ) => Promise<void>;
  readonly dispose: () => Promise<void>;
}

function describeListAtScale(label: string, open: () => Promise<Fixture>): void {
  describe(`the list at ${ACCOUNTS * PER_ACCOUNT} records: ${label}`, function () {
    // The fill (about 10 s embedded, 30 to 60 s on FerretDB), not any list, is what takes time.
    this.timeout(600_000);
    let fixture: Fixture;

    before(async () => {
      fixture = await open();
    });

    after(async () => {
      await fixture?.dispose();
    });

    it('reads a filled record back exactly as one saved through the store', async () => {
      const { store } = fixture;
      const { accountId, record } = filledRecord(plan, 0);
      const saved = await store.saveExplanation('fresh-owner', record);
      const oldest = (await store.listExplanations(accountId, {}, { skip: PER_ACCOUNT - 1, limit: 1 }))
        .items[0]!;
      assert.equal(recordNumber(oldest.codePreview), 0);
      const filled = await store.getExplanation(accountId, oldest.id);
      const again = await store.getExplanation('fresh-owner', saved.id);
      assert.deepEqual({ ...filled, id: '', accountId: '' }, { ...again, id: '', accountId: '' });
      assert.ok(await store.deleteExplanation('fresh-owner', saved.id));
    });

    it('answers every filter from its index, from the start and after a position', async () => {
      const accountId = plan.accounts[3]!;
      for (const filter of FILTERS) {
        await fixture.assertIndexed(accountId, filter);
        const page = await fixture.store.listExplanations(accountId, filter, { skip: 0, limit: 300 });
        const last = page.items[page.items.length - 1]!;
        await fixture.assertIndexed(accountId, filter, { createdAt: last.createdAt, id: last.id });
      }
    });

    it('counts the totals of every filter', async () => {
      for (const filter of FILTERS) {
        const page = await fixture.store.listExplanations(plan.accounts[7]!, filter, { skip: 0, limit: 1 });
        assert.equal(page.total, filledCount(filter), JSON.stringify(filter));
      }
    });

    it('walks an account by cursor: every record once, newest first, while new ones arrive', async () => {
      const { store } = fixture;
      const owner = 11;
      const accountId = plan.accounts[owner]!;
      for (const filter of [{}, { language: 'python' as const }]) {
        const expected: number[] = [];
        for (let k = PER_ACCOUNT - 1; k >= 0; k--) {
          const i = owner + k * ACCOUNTS;
          if (filter.language === undefined || filledRecord(plan, i).record.language === filter.language)
            expected.push(i);
        }
        const seen: number[] = [];
        let after: ListPosition | undefined;
        let added = 0;
        for (;;) {
          const page = await store.listExplanations(accountId, filter, { skip: 0, limit: PAGE, after });
          for (const item of page.items) {
            assert.equal(item.accountId, accountId);
            // Added records are newer than the walk's position: it never meets them.
            assert.ok(Number.isInteger(recordNumber(item.codePreview)), 'a record added during the walk');
            seen.push(recordNumber(item.codePreview));
          }
          assert.ok(page.total >= expected.length, `total ${page.total}`);
          if (page.items.length < PAGE) break;
          const last = page.items[page.items.length - 1]!;
          after = { createdAt: last.createdAt, id: last.id };
          // Someone keeps explaining meanwhile.
          for (let n = 0; n < 3; n++, added++)
            await store.saveExplanation(accountId, {
              ...filledRecord(plan, owner).record,
              code: `// new ${added}\n`,
              createdAt: new Date(),
            });
        }
        assert.equal(new Set(seen).size, seen.length, 'a record listed twice');
        assert.deepEqual(seen, expected);
        const first = await store.listExplanations(accountId, {}, { skip: 0, limit: 1 });
        assert.ok(first.items[0]!.codePreview.startsWith('// new '), 'the newest record is the last added');
      }
    });
  });
}

describeListAtScale('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cex-list-scale-'));
  const store = await createEmbeddedStore({ dataDir: dir });
  fillEmbedded(dir, plan);
  const peek = new Database(join(dir, DATABASE_FILE), { readonly: true });
  return {
    store,
    async assertIndexed(accountId, filter, after) {
      const params = {
        account: accountId,
        ...(filter.language !== undefined ? { language: filter.language } : {}),
        ...(filter.mode !== undefined ? { mode: filter.mode } : {}),
        ...(after ? { afterCreatedAt: after.createdAt.getTime(), afterId: after.id } : {}),
        limit: PAGE,
        skip: 0,
      };
      const steps = (
        peek.prepare(`EXPLAIN QUERY PLAN ${pageSql(filter, after !== undefined)}`).all(params) as {
          detail: string;
        }[]
      ).map((row) => row.detail);
      const plan = steps.join('; ');
      // The rows are picked by a search of the filter's index, by rowid for the page itself…
      assert.match(
        plan,
        /SEARCH explanations USING COVERING INDEX explanations_by_\w+ \(account_id=\?/,
        plan,
      );
      assert.match(plan, /SEARCH explanations USING INTEGER PRIMARY KEY \(rowid=\?\)/, plan);
      // …with no scan of the table and no sort of the account's rows (the outer
      // ORDER BY sorts only the page it picked).
      assert.ok(!steps.some((step) => /^SCAN explanations/.test(step)), plan);
      assert.equal(steps.filter((step) => step.includes('TEMP B-TREE')).length, 1, plan);
      // After a position, the search starts at it rather than counting its way there.
      if (after) assert.match(plan, /\(created_at,id\)<\(\?,\?\)/, plan);
    },
    async dispose() {
      peek.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeListAtScale('MongoDB (mongoose on FerretDB)', async () => {
  const { mongoUri } = serviceUrls();
  const { dbName } = testNamespace('listscale');
  const store = await createMongoStore({ uri: mongoUri, dbName });
  await fillMongo(mongoUri, dbName, plan);
  const connection = await mongoose.createConnection(mongoUri, { dbName }).asPromise();
  return {
    store,
    async assertIndexed(accountId, filter, after) {
      const explained = (await connection
        .collection('explanations')
        .find(listQuery(accountId, filter, { after }), {
          sort: { createdAt: -1, _id: -1 },
          hint: listIndexFor(filter),
          limit: PAGE,
        })
        .explain('executionStats')) as Record<string, unknown>;
      const text = JSON.stringify(explained);
      if ('filterPushdown' in explained) {
        // FerretDB v1 pushes no sort down (server/README.md, Storage); its
        // PostgreSQL backend runs the equality filters in the database, so only
        // the account's records reach FerretDB.
        const backend = JSON.stringify(explained.queryPlanner);
        if (backend.includes('"Plan"')) {
          assert.equal(explained.filterPushdown, true, text);
          assert.match(backend, /'accountId'::text\) @> '\\"[0-9a-f]{24}\\"'::jsonb/, backend);
          assert.match(backend, /'state'::text\) @> '\\"saved\\"'::jsonb/, backend);
        } else {
          // The SQLite backend: only a lone _id equality is pushed down.
          assert.equal(explained.filterPushdown, false, text);
        }
        return;
      }
      // MongoDB: the hinted index holds the filter and the order, so the plan
      // reads keys in order and stops at the page.
      assert.match(text, /"stage":"IXSCAN"/, text);
      assert.doesNotMatch(text, /"stage":"SORT"/, text);
      const stats = explained.executionStats as { totalKeysExamined: number; totalDocsExamined: number };
      assert.ok(stats.totalDocsExamined <= PAGE + 1, text);
      assert.ok(stats.totalKeysExamined <= PAGE + 2, text);
    },
    async dispose() {
      await connection.close();
      await store.close();
      await dropDatabase(mongoUri, dbName);
    },
  };
});
