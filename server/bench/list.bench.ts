/**
 * How long a history page takes at 100,000 saved records over 100 accounts
 * (1,000 each), on the embedded store and on each MongoDB-compatible server
 * given, through the store API (the HTTP layer adds the same few ms on
 * every backend). Prints a table of median and slowest times per case.
 *
 *   pnpm bench:list                                 embedded, and MONGODB_URI if set
 *   BENCH_MONGO_URIS="sqlite=mongodb://…,pg=mongodb://…" pnpm bench:list
 *   BENCH_RECORDS=20000 pnpm bench:list             a smaller fill
 *
 * The fill writes in bulk what saveExplanation writes (bench/support/fill-history.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { createEmbeddedStore } from '../src/store/embedded.js';
import { createMongoStore, listIndexFor, listQuery } from '../src/store/mongo.js';
import type { ListPosition, Store } from '../src/store/types.js';
import { fillEmbedded, fillMongo, type FillPlan } from './support/fill-history.js';

const ACCOUNTS = 100;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const LIMIT = 10;
/** Each case runs this many times, or for this long, whichever ends first (after one warm-up). */
const REPS = 20;
const CASE_BUDGET_MS = 20_000;

interface Backend {
  readonly label: string;
  readonly open: () => Promise<{
    store: Store;
    fill: (plan: FillPlan) => Promise<void>;
    /** The old way of counting: every matching record, each time. */
    countAll: (accountId: string) => Promise<number>;
    /** The server's explain of the page query, as one line. */
    explain: (accountId: string) => Promise<string>;
    dispose: () => Promise<void>;
  }>;
}

function embeddedBackend(): Backend {
  return {
    label: 'embedded (SQLite)',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'cex-bench-list-'));
      const store = await createEmbeddedStore({ dataDir: dir });
      const { default: Database } = await import('libsql');
      const peek = new Database(join(dir, 'code-explain.sqlite'), { readonly: true });
      return {
        store,
        fill: async (plan) => fillEmbedded(dir, plan),
        countAll: async (accountId) =>
          Number(
            (
              peek.prepare('SELECT count(*) AS n FROM explanations WHERE account_id = ?').get(accountId) as {
                n: number;
              }
            ).n,
          ),
        explain: async (accountId) =>
          (
            peek
              .prepare(
                `EXPLAIN QUERY PLAN SELECT rowid FROM explanations WHERE account_id = ? ORDER BY created_at DESC, id DESC LIMIT 11`,
              )
              .all(accountId) as { detail: string }[]
          )
            .map((row) => row.detail)
            .join('; '),
        async dispose() {
          peek.close();
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

function mongoBackend(label: string, uri: string): Backend {
  return {
    label,
    async open() {
      const dbName = `bench_list_${process.pid}_${Date.now()}`;
      const store = await createMongoStore({ uri, dbName, serverSelectionTimeoutMS: 5000 });
      const connection = await mongoose.createConnection(uri, { dbName }).asPromise();
      const explanations = connection.collection('explanations');
      return {
        store,
        fill: (plan) => fillMongo(uri, dbName, plan),
        countAll: (accountId) => explanations.countDocuments({ accountId, state: 'saved' }),
        async explain(accountId) {
          const plan = await explanations
            .find(listQuery(accountId, {}, {}), { sort: { createdAt: -1, _id: -1 }, hint: listIndexFor({}) })
            .limit(LIMIT + 1)
            .explain();
          // FerretDB reports what it pushed down to its backend; MongoDB, the winning plan's stages.
          const { queryPlanner, filterPushdown, sortPushdown, limitPushdown } = plan as Record<
            string,
            unknown
          >;
          if (filterPushdown !== undefined)
            return `filterPushdown ${String(filterPushdown)}, sortPushdown ${String(sortPushdown)}, limitPushdown ${String(limitPushdown)}; backend: ${JSON.stringify(queryPlanner).slice(0, 400)}`;
          return JSON.stringify((queryPlanner as { winningPlan?: unknown } | undefined)?.winningPlan).slice(
            0,
            400,
          );
        },
        async dispose() {
          await connection.dropDatabase().catch(() => undefined);
          await connection.close();
          await store.close();
        },
      };
    },
  };
}

function backends(): Backend[] {
  const list = [embeddedBackend()];
  const given = process.env.BENCH_MONGO_URIS;
  if (given) {
    for (const entry of given.split(',')) {
      const at = entry.indexOf('=');
      list.push(mongoBackend(`FerretDB/MongoDB ${entry.slice(0, at)}`, entry.slice(at + 1)));
    }
  } else if (process.env.MONGODB_URI) list.push(mongoBackend('MongoDB URI', process.env.MONGODB_URI));
  return list;
}

interface Timing {
  readonly median: number;
  readonly max: number;
  readonly runs: number;
}

async function time(task: () => Promise<unknown>): Promise<Timing> {
  await task();
  const samples: number[] = [];
  const started = performance.now();
  while (samples.length < REPS && performance.now() - started < CASE_BUDGET_MS) {
    const t0 = performance.now();
    await task();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return {
    median: samples[Math.floor(samples.length / 2)]!,
    max: samples[samples.length - 1]!,
    runs: samples.length,
  };
}

const ms = (t: Timing) => `${t.median.toFixed(1)} / ${t.max.toFixed(1)} (${t.runs})`;

async function run(backend: Backend): Promise<void> {
  const opened = await backend.open();
  try {
    const accounts = Array.from({ length: ACCOUNTS }, (_, i) => i.toString(16).padStart(24, 'a'));
    const plan: FillPlan = {
      accounts,
      perAccount: Math.floor(RECORDS / ACCOUNTS),
      start: new Date(Date.UTC(2026, 0, 1)),
      stepMs: 1000,
    };
    const fillStarted = performance.now();
    await opened.fill(plan);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const account = accounts[37]!;
    const store = opened.store;

    // The position at the end of the page before the deep one, found by walking there with cursors.
    const deep = Math.min(50, Math.floor(plan.perAccount / LIMIT));
    let after: ListPosition | undefined;
    for (let page = 1; page < deep; page++) {
      const { items } = await store.listExplanations(account, {}, { skip: 0, limit: LIMIT, after });
      const last = items[items.length - 1]!;
      after = { createdAt: last.createdAt, id: last.id };
    }

    const cases: [string, () => Promise<unknown>][] = [
      ['first page', () => store.listExplanations(account, {}, { skip: 0, limit: LIMIT + 1 })],
      [
        `page ${deep} by number`,
        () => store.listExplanations(account, {}, { skip: (deep - 1) * LIMIT, limit: LIMIT + 1 }),
      ],
      [
        `page ${deep} by cursor`,
        () => store.listExplanations(account, {}, { skip: 0, limit: LIMIT + 1, after }),
      ],
      [
        'first page, language',
        () => store.listExplanations(account, { language: 'python' }, { skip: 0, limit: LIMIT + 1 }),
      ],
      [
        'first page, language+mode',
        () =>
          store.listExplanations(
            account,
            { language: 'python', mode: 'detailed' },
            { skip: 0, limit: LIMIT + 1 },
          ),
      ],
      ['count every record (old total)', () => opened.countAll(account)],
    ];
    console.log(`\n${backend.label}: ${RECORDS} records filled in ${fillSeconds.toFixed(1)} s`);
    console.log(`  plan of the first page: ${await opened.explain(account)}`);
    console.log('  case                               median / slowest ms (runs)');
    for (const [name, task] of cases) console.log(`  ${name.padEnd(34)} ${ms(await time(task))}`);
  } finally {
    await opened.dispose();
  }
}

for (const backend of backends()) {
  try {
    await run(backend);
  } catch (error) {
    console.log(`\n${backend.label}: failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
