/**
 * List pages stay within their byte budget however large the saved records
 * are: 100 records as large as the service saves (100,000 characters of code,
 * long sections, 500 units, an explanation of characters JSON escapes), then
 * ten maximum-size pages requested at once, on both backends.
 */
import assert from 'node:assert/strict';
import { listResponseSchema, MAX_LIMIT } from '@code-explain/shared';
import { MAX_SUMMARY_BYTES } from '../../src/store/records.js';
import type { NewExplanation } from '../../src/store/types.js';
import {
  BACKENDS,
  call,
  createKeyedAccount,
  openTestLimiter,
  openTestStore,
  startServer,
  type KeyedAccount,
  type StoreHandle,
  type TestServer,
} from './support/harness.js';

/** A page: MAX_LIMIT summaries of at most MAX_SUMMARY_BYTES, plus the envelope. */
const PAGE_BUDGET_BYTES = MAX_LIMIT * (MAX_SUMMARY_BYTES + 1024);

function largestRecord(i: number): NewExplanation {
  const unit = (n: number) => ({
    name: `handler_${n}_${'n'.repeat(60)}`,
    kind: 'function',
    startLine: n + 1,
    endLine: n + 2,
    complexity: { cognitive: 3, cyclomatic: 4, halstead: 120.5 },
    halstead: { n1: 5, n2: 7, N1: 20, N2: 25 },
  });
  return {
    language: 'javascript',
    mode: 'detailed',
    audience: 'beginner',
    focus: ['security', 'performance'],
    code: `// record ${i}\n${'x'.repeat(99_980)}`,
    explanation: '\u0001'.repeat(6000),
    sections: Array.from({ length: 9 }, (_, s) => ({ title: `Section ${s}`, content: 's'.repeat(8000) })),
    suggestions: Array.from({ length: 50 }, (_, s) => ({
      type: 'security' as const,
      description: 'd'.repeat(1500),
      severity: 'high' as const,
      line: s + 1,
      rule: 'sql-injection',
    })),
    metadata: {
      tokens: 50_000,
      complexity: { cognitive: 900, cyclomatic: 700, halstead: 90_000 },
      units: Array.from({ length: 500 }, (_, n) => unit(n)),
      unitsOmitted: 1200,
      lines: 2,
    },
    createdAt: new Date(Date.UTC(2026, 10, 1) + i * 1000),
  };
}

for (const backend of BACKENDS) {
  describe(`list pages within their byte budget (${backend})`, function () {
    this.timeout(180_000);
    let handle: StoreHandle;
    let server: TestServer;
    let owner: KeyedAccount;

    before(async () => {
      handle = await openTestStore(backend === 'mongo+redis' ? 'mongo' : 'embedded', 'listbudget');
      server = await startServer({
        store: handle.store,
        limiter: await openTestLimiter(backend === 'mongo+redis' ? 'redis' : 'memory'),
      });
      owner = await createKeyedAccount(handle.store, 'enterprise');
      // One at a time: FerretDB's SQLite backend writes one document at a time anyway.
      for (let i = 0; i < MAX_LIMIT; i++)
        await handle.store.saveExplanation(owner.accountId, largestRecord(i));
    });

    after(async () => {
      await server?.close();
      await server?.limiter.close();
      await handle?.dispose();
    });

    it(`serves ten maximum-size pages at once, each within ${PAGE_BUDGET_BYTES / 1024} KB`, async () => {
      const rssBefore = process.memoryUsage().rss;
      const pages = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(`${server.url}/api/explanations?limit=${MAX_LIMIT}`, owner.key),
        ),
      );
      for (const response of pages) {
        assert.equal(response.status, 200);
        const text = await response.text();
        const bytes = Buffer.byteLength(text);
        assert.ok(bytes <= PAGE_BUDGET_BYTES, `a page of ${bytes} bytes`);
        const body = listResponseSchema.parse(JSON.parse(text));
        assert.equal(body.items.length, MAX_LIMIT);
        assert.equal(body.total, MAX_LIMIT);
        for (const item of body.items) {
          assert.ok(
            Buffer.byteLength(JSON.stringify(item)) <= MAX_SUMMARY_BYTES + 512,
            'an item within its budget',
          );
          assert.equal(item.explanationClipped, true);
          assert.equal(item.codeLines, 2);
          assert.equal(item.suggestionCount, 50);
          assert.equal('units' in item.metadata, false);
        }
      }
      // Ten pages that once took 340 MB each now hold a few MB between them.
      const grown = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
      assert.ok(grown < 256, `the process grew by ${Math.round(grown)} MB serving ten pages`);

      // The record itself still has everything.
      const first = listResponseSchema.parse(
        await (await call(`${server.url}/api/explanations?limit=1`, owner.key)).json(),
      );
      const record = (await (
        await call(`${server.url}/api/explanations/${first.items[0]!.id}`, owner.key)
      ).json()) as {
        explanation: string;
        code: string;
        metadata: { units: unknown[] };
      };
      assert.equal(record.explanation, '\u0001'.repeat(6000));
      assert.equal(record.code, largestRecord(MAX_LIMIT - 1).code);
      assert.equal(record.metadata.units.length, 500);
    });
  });
}
