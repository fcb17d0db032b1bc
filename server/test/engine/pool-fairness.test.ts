/**
 * How the engine pool shares its workers among accounts, with real worker
 * threads: a test worker (support/misbehaving-worker.ts) holds an analysis
 * until the test removes a file, so each step waits for an event and the
 * order in which analyses end shows the order the pool handed out workers.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainRequestSchema } from '@code-explain/shared';
import type { EngineAccount } from '../../src/engine/engine.js';
import { AnalysisTimeoutError, EngineOverloadedError } from '../../src/engine/pool/errors.js';
import { createEnginePool, type EnginePool } from '../../src/engine/pool/pool.js';

const MISBEHAVING = new URL('./support/misbehaving-worker.ts', import.meta.url);
const folder = mkdtempSync(join(tmpdir(), 'cex-fair-'));

/** A file whose existence holds the analyses naming it. */
function gate(name: string): { readonly path: string; open(): void } {
  const path = join(folder, name);
  writeFileSync(path, '');
  return { path, open: () => rmSync(path, { force: true }) };
}

const code = (label: string, held?: { path: string }) =>
  explainRequestSchema.parse({
    code: `const ${label} = 1;\n${held ? `// HOLD_WHILE ${held.path}\n` : ''}`,
  });

const account = (id: string, concurrency = 8): EngineAccount => ({ id, concurrency });

/** Checks the condition every 20 ms, at most `steps` times. */
async function until(what: string, condition: () => boolean, steps = 1500): Promise<void> {
  for (let step = 0; step < steps; step++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('the engine pool shares its workers among accounts', function () {
  this.timeout(60_000);
  after(() => rmSync(folder, { recursive: true, force: true }));

  describe('with one worker', () => {
    let pool: EnginePool;
    before(() => {
      pool = createEnginePool({ workers: 1, workerUrl: MISBEHAVING, maxQueue: 4 });
      return pool.ready();
    });
    after(() => pool.dispose());

    it('gives the worker to the account served least recently: a newcomer goes before a backlog', async () => {
      const hold = gate('first');
      const ended: string[] = [];
      const run = (label: string, who: string, held?: { path: string }) =>
        pool.explain(code(label, held), { account: account(who) }).then(() => ended.push(label));
      const all = [run('a1', 'A', hold)];
      await until('a1 to run', () => pool.stats().busy === 1);
      all.push(run('a2', 'A'), run('a3', 'A'), run('b1', 'B'), run('c1', 'C'));
      hold.open();
      await Promise.all(all);
      assert.deepEqual(ended, ['a1', 'b1', 'c1', 'a2', 'a3']);
    });

    it('refuses the newest analysis of the account with the most waiting when the queue is full', async () => {
      const hold = gate('full');
      const outcome = (label: string, who: string, held?: { path: string }) =>
        pool.explain(code(label, held), { account: account(who) }).then(
          () => `${label} done`,
          (error: unknown) =>
            error instanceof EngineOverloadedError ? `${label} ${error.reason}` : `${label} ${String(error)}`,
        );
      const running = outcome('a1', 'A', hold);
      await until('a1 to run', () => pool.stats().busy === 1);
      const flood = ['a2', 'a3', 'a4', 'a5'].map((label) => outcome(label, 'A'));
      await until('the queue to fill', () => pool.stats().queued === 4);
      // B's analysis takes the place of A's newest, rather than being refused for A's flood.
      const b1 = outcome('b1', 'B');
      assert.equal(await flood[3], 'a5 queue_full');
      hold.open();
      assert.deepEqual(await Promise.all([running, ...flood.slice(0, 3), b1]), [
        'a1 done',
        'a2 done',
        'a3 done',
        'a4 done',
        'b1 done',
      ]);
    });
  });

  describe('with two workers', () => {
    const canaries = join(folder, 'canaries');
    let pool: EnginePool;
    before(() => {
      // Held only by the last test: replacements then wait in their canaries until it is removed.
      process.env.CEX_TEST_CANARY_GATE = canaries;
      pool = createEnginePool({ workers: 2, workerUrl: MISBEHAVING, timeoutMs: 400 });
      return until('both workers to be ready', () => pool.stats().ready === 2);
    });
    after(async () => {
      delete process.env.CEX_TEST_CANARY_GATE;
      rmSync(canaries, { force: true });
      await pool.dispose();
    });

    it('never gives one account every worker, whatever its concurrency: the other account is served at once', async () => {
      const hold = gate('two');
      const a = [1, 2, 3].map((i) => pool.explain(code(`a${i}`, hold), { account: account('A', 8) }));
      await until('a1 to run', () => pool.stats().busy === 1);
      assert.deepEqual([pool.stats().busy, pool.stats().queued], [1, 2]);
      // B is served while A's analyses hold or wait.
      await pool.explain(code('b1'), { account: account('B') });
      assert.deepEqual([pool.stats().busy, pool.stats().queued], [1, 2]);
      hold.open();
      await Promise.all(a);
    });

    it('counts a worker replaced after an account’s analysis overran against that account until the replacement is ready', async () => {
      writeFileSync(canaries, '');
      const hold = gate('overrun');
      const ended: string[] = [];
      const charged: number[] = [];
      const a1 = pool.explain(code('a1', hold), {
        account: account('A'),
        analysed: (ms) => charged.push(ms),
      });
      await until('a1 to run', () => pool.stats().busy === 1);
      const a2 = pool.explain(code('a2'), { account: account('A') }).then(() => ended.push('a2'));
      await assert.rejects(a1, AnalysisTimeoutError);
      // The deadline is what it cost: charged as such.
      assert.deepEqual(charged, [400]);
      await until('its replacement to be starting', () => pool.stats().starting === 1);
      // A's second analysis waits for A's own worker to come back, not for the other one.
      await pool.explain(code('b1'), { account: account('B') }).then(() => ended.push('b1'));
      assert.deepEqual([ended, pool.stats().queued], [['b1'], 1]);
      rmSync(canaries);
      hold.open();
      await a2;
      assert.deepEqual(ended, ['b1', 'a2']);
    });
  });
});
