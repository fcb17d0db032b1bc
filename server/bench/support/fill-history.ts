/**
 * Fills a store with many saved explanations fast, for the list benchmark and
 * the list-at-scale test. Saving 100,000 records one by one through the store
 * takes minutes (each save is a durable transaction, or three round trips on
 * MongoDB), so this writes what `saveExplanation` writes, in bulk, straight to
 * the database: the same encoding (records.ts), the same fields, ids made the
 * same way, and the same counters. The test that uses it checks a filled
 * record against one saved through the store, field by field.
 */
import { join } from 'node:path';
import { LANGUAGE_IDS, MODES, type LanguageId, type Mode } from '@code-explain/shared';
import Database from 'libsql';
import mongoose from 'mongoose';
import { DATABASE_FILE, newId } from '../../src/store/embedded.js';
import { encodeExplanation } from '../../src/store/records.js';
import type { NewExplanation } from '../../src/store/types.js';

export interface FillPlan {
  readonly accounts: readonly string[];
  readonly perAccount: number;
  /** The oldest record's time; each next record is `stepMs` later. */
  readonly start: Date;
  readonly stepMs: number;
}

/** The i-th record of the fill: accounts take turns, languages and modes cycle. */
export function filledRecord(plan: FillPlan, i: number): { accountId: string; record: NewExplanation } {
  const accountId = plan.accounts[i % plan.accounts.length]!;
  const n = Math.floor(i / plan.accounts.length);
  const language: LanguageId = LANGUAGE_IDS[n % 4]!;
  const mode: Mode = MODES[n % MODES.length]!;
  return {
    accountId,
    record: {
      language,
      mode,
      audience: 'intermediate',
      focus: ['readability'],
      code: `// record ${i}\nfunction handler${i}(request) {\n  return request.body?.items?.length ?? 0;\n}\n`,
      explanation: `Record ${i}: defines \`handler${i}\`, which counts the items of a request body. `.repeat(
        4,
      ),
      sections: [
        { title: 'Summary', content: 'Counts the items.' },
        { title: 'Details', content: 'Optional chaining keeps a missing body from throwing. '.repeat(3) },
      ],
      suggestions: [
        { type: 'readability', description: 'Name the magic default.', severity: 'low', line: 3 },
      ],
      metadata: {
        tokens: 24,
        complexity: { cognitive: 1, cyclomatic: 2, halstead: 30.5 },
        units: [
          {
            name: `handler${i}`,
            kind: 'function',
            startLine: 2,
            endLine: 4,
            complexity: { cognitive: 1, cyclomatic: 2, halstead: 30.5 },
          },
        ],
        lines: 4,
      },
      createdAt: new Date(plan.start.getTime() + i * plan.stepMs),
    },
  };
}

export const totalOf = (plan: FillPlan): number => plan.accounts.length * plan.perAccount;

/** Writes the plan's records into the embedded store's database in `dataDir` (the store made its schema). */
export function fillEmbedded(dataDir: string, plan: FillPlan): void {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const insert = db.prepare(
      'INSERT INTO explanations (id, account_id, created_at, language, mode, summary, detail) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const countUp = db.prepare(
      'INSERT INTO explanation_counts (account_id, language, mode, n) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1',
    );
    const total = totalOf(plan);
    const chunk = 10_000;
    for (let from = 0; from < total; from += chunk) {
      db.transaction(() => {
        for (let i = from; i < Math.min(total, from + chunk); i++) {
          const { accountId, record } = filledRecord(plan, i);
          const { summary, detail } = encodeExplanation(record);
          insert.run(
            newId(),
            accountId,
            record.createdAt!.getTime(),
            record.language,
            record.mode,
            summary,
            detail,
          );
          countUp.run(accountId, record.language, record.mode);
        }
      }).immediate();
    }
  } finally {
    db.close();
  }
}

/** Writes the plan's records into the MongoDB store's database (the store made its collections and indexes). */
export async function fillMongo(uri: string, dbName: string, plan: FillPlan): Promise<void> {
  const connection = await mongoose.createConnection(uri, { dbName }).asPromise();
  try {
    const explanations = connection.collection('explanations');
    const details = connection.collection('explanation_details');
    const counts = new Map<string, Record<string, number>>();
    const total = totalOf(plan);
    // FerretDB v1 writes in batches of 100 documents inside one transaction per insertMany.
    const chunk = 1000;
    for (let from = 0; from < total; from += chunk) {
      const records = [];
      const bodies = [];
      for (let i = from; i < Math.min(total, from + chunk); i++) {
        const { accountId, record } = filledRecord(plan, i);
        const { summary, detail } = encodeExplanation(record);
        const _id = new mongoose.Types.ObjectId();
        const createdAt = record.createdAt!;
        records.push({
          _id,
          accountId,
          createdAt,
          language: record.language,
          mode: record.mode,
          state: 'saved',
          summary,
        });
        bodies.push({ _id, createdAt, detail });
        const fields = counts.get(accountId) ?? {};
        for (const field of [
          'all',
          `l:${record.language}`,
          `m:${record.mode}`,
          `lm:${record.language}:${record.mode}`,
        ])
          fields[field] = (fields[field] ?? 0) + 1;
        counts.set(accountId, fields);
      }
      await details.insertMany(bodies, { ordered: false });
      await explanations.insertMany(records, { ordered: false });
    }
    for (const [accountId, inc] of counts)
      await connection
        .collection<{ _id: string }>('explanation_counts')
        .updateOne({ _id: accountId }, { $inc: inc }, { upsert: true });
  } finally {
    await connection.close();
  }
}
