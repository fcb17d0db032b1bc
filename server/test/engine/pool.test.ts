/**
 * The engine pool with real worker threads and real tree-sitter: traps,
 * deadlines, a full queue, failing canaries, malformed messages and shutdown.
 * Nothing here asserts how long something took; each step waits for an event.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { explainRequestSchema, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';
import {
  AnalysisFailedError,
  AnalysisTimeoutError,
  EngineOverloadedError,
  EngineUnavailableError,
} from '../../src/engine/pool/errors.js';
import { createEnginePool, type EnginePool } from '../../src/engine/pool/pool.js';
import { createLogger, type Logger } from '../../src/logging.js';
import { runScript } from './support/script.js';

/** The reported input: tree-sitter's Java parser aborts its WebAssembly runtime on it after seconds. */
const TRAP = `${'x=>'.repeat(5000)}1`;
/**
 * Seconds of parsing (about 15 s on a 2-core machine) that end in a tree, not
 * a trap. With the parser's own timeout out of the way, only the pool's
 * deadline can stop it.
 */
const SLOW = `${'x=>'.repeat(2000)}1`;
/** Parses in about a second; the parser's own timeout stops it long before that when set low. */
const SLOWISH = `${'x=>'.repeat(1000)}1`;

const SAMPLES: readonly [LanguageId, string][] = [
  ['javascript', 'function add(a, b) {\n  if (a > b) return a - b;\n  return a + b;\n}\n'],
  ['typescript', 'export const twice = (n: number): number => n * 2;\n'],
  ['python', 'def total(xs):\n    s = 0\n    for x in xs:\n        s += x\n    return s\n'],
  ['java', 'class A {\n  int f(int x) {\n    return x > 0 ? x : -x;\n  }\n}\n'],
  ['go', 'package main\n\nfunc max(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n'],
  ['c', 'int sq(int x) { return x * x; }\n'],
  ['cpp', 'template <typename T> T id(T x) { return x; }\n'],
  ['rust', 'fn inc(x: i32) -> i32 { x + 1 }\n'],
  ['ruby', 'def hi(name)\n  "hi #{name}"\nend\n'],
  ['php', 'function f($a) { return $a * 2; }\n'],
];

const request = (code: string, language: LanguageId = 'javascript') =>
  explainRequestSchema.parse({ code, language });

/** A logger whose lines the test can read. */
function capturingLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { logger: createLogger('debug', sink), lines };
}

/** Checks the condition every 20 ms, at most `steps` times. */
async function until(what: string, condition: () => boolean, steps = 1500): Promise<void> {
  for (let step = 0; step < steps; step++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const MISBEHAVING = new URL('./support/misbehaving-worker.ts', import.meta.url);

describe('the engine pool (real worker threads, real tree-sitter)', function () {
  this.timeout(60_000);

  describe('when the parser traps', () => {
    const { logger, lines } = capturingLogger();
    let pool: EnginePool;
    // A deadline far beyond the trap, so the trap is what ends the analysis.
    before(() => (pool = createEnginePool({ workers: 2, timeoutMs: 300_000, logger })));
    after(() => pool.dispose());

    it('fails only that request (analysis_failed), replaces the worker, and 100 explains then succeed', async function () {
      this.timeout(300_000);
      await pool.ready();
      await assert.rejects(pool.explain(request(TRAP, 'java')), (error: unknown) => {
        assert.ok(error instanceof AnalysisFailedError, String(error));
        assert.equal(error.code, 'analysis_failed');
        assert.equal(error.reason, 'trap');
        assert.equal(error.retryAfterSeconds, undefined);
        assert.match(error.message, /^the parser crashed on this input; /);
        return true;
      });
      assert.equal(pool.stats().restarts, 1);
      assert.ok(
        lines.some((l) => l.msg === 'engine worker replaced' && l.reason === 'trap'),
        'the restart is logged with its reason',
      );
      // The replacement passes its canary and joins the other worker.
      await until('the replacement to be ready', () => pool.stats().ready === 2);

      const inProcess = createEngine();
      try {
        for (let batch = 0; batch < 10; batch++) {
          const requests = Array.from({ length: 10 }, (_, i) => {
            const [language, code] = SAMPLES[(batch * 10 + i) % SAMPLES.length]!;
            return request(code, language);
          });
          const responses = await Promise.all(requests.map((r) => pool.explain(r)));
          for (const [i, response] of responses.entries()) {
            assert.equal(response.metadata.language, requests[i]!.language);
          }
          if (batch === 0) {
            // The pool answers exactly what the engine answers in process.
            assert.deepEqual(responses[0], await inProcess.explain(requests[0]!));
          }
        }
      } finally {
        inProcess.dispose();
      }
      assert.equal(pool.stats().restarts, 1, 'no further restarts');
      assert.equal(await pool.health(), true);
    });
  });

  describe('the deadline and the queue', () => {
    let pool: EnginePool;
    before(() => {
      pool = createEnginePool({ workers: 1, timeoutMs: 1000, parseTimeoutMs: 600_000, maxQueue: 2 });
      return pool.ready();
    });
    after(() => pool.dispose());

    it('stops a worker past the deadline (analysis_timeout naming the limit), replaces it, and serves the next request', async () => {
      await assert.rejects(pool.explain(request(SLOW, 'java')), (error: unknown) => {
        assert.ok(error instanceof AnalysisTimeoutError, String(error));
        assert.equal(error.code, 'analysis_timeout');
        assert.equal(error.stage, 'deadline');
        assert.equal(error.limitMs, 1000);
        assert.match(error.message, /within 1000 ms .*smaller snippet/);
        return true;
      });
      assert.equal(pool.stats().restarts, 1);
      // The only worker was replaced: the old one would be parsing for seconds more.
      const response = await pool.explain(request(SAMPLES[3]![1], 'java'));
      assert.equal(response.metadata.language, 'java');
    });

    it('refuses work beyond maxQueue at once with overloaded and a whole-second Retry-After', async () => {
      await pool.ready();
      const slow = pool.explain(request(SLOW, 'java'));
      const queued = [pool.explain(request(SAMPLES[0]![1])), pool.explain(request(SAMPLES[2]![1], 'python'))];
      assert.deepEqual([pool.stats().busy, pool.stats().queued], [1, 2]);
      await assert.rejects(pool.explain(request(SAMPLES[0]![1])), (error: unknown) => {
        assert.ok(error instanceof EngineOverloadedError, String(error));
        assert.equal(error.code, 'overloaded');
        assert.equal(error.reason, 'queue_full');
        assert.ok(Number.isInteger(error.retryAfterSeconds) && error.retryAfterSeconds! >= 1);
        return true;
      });
      await assert.rejects(slow, AnalysisTimeoutError);
      // The queued work runs on the replacement.
      const responses = await Promise.all(queued);
      assert.deepEqual(
        responses.map((r) => r.metadata.language),
        ['javascript', 'python'],
      );
    });
  });

  describe('queue waits and health checks behind a busy worker', () => {
    let pool: EnginePool;
    before(() => {
      pool = createEnginePool({
        workers: 1,
        timeoutMs: 600_000,
        parseTimeoutMs: 600_000,
        maxQueueWaitMs: 100,
        healthFreshMs: 0,
        healthTimeoutMs: 100,
      });
      return pool.ready();
    });
    after(() => pool.dispose());

    it('answers health with a real parse when idle', async () => {
      assert.equal(await pool.health(), true);
    });

    it('refuses an analysis that waited longer than maxQueueWaitMs; health calls a busy engine up without waiting', async () => {
      const slow = pool.explain(request(SLOW, 'java'));
      slow.catch(() => undefined);
      await assert.rejects(pool.explain(request(SAMPLES[0]![1])), (error: unknown) => {
        assert.ok(error instanceof EngineOverloadedError, String(error));
        assert.equal(error.reason, 'queue_wait');
        assert.ok(error.retryAfterSeconds! >= 1);
        return true;
      });
      // The only worker stays busy for seconds under its deadline: saturated is not down, and
      // health answers at once instead of queueing a probe behind it.
      assert.equal(await pool.health(), true);
      assert.deepEqual([pool.stats().busy, pool.stats().queued], [1, 0]);
    });
  });

  describe('health while every worker restarts after overrunning its deadline', () => {
    const gate = join(mkdtempSync(join(tmpdir(), 'cex-gate-')), 'hold');
    let pool: EnginePool;
    before(() => {
      process.env.CEX_TEST_CANARY_GATE = gate;
      pool = createEnginePool({
        workers: 2,
        workerUrl: MISBEHAVING,
        timeoutMs: 300,
        parseTimeoutMs: 600_000,
        healthFreshMs: 0,
        healthTimeoutMs: 100,
      });
      return until('both workers to be ready', () => pool.stats().ready === 2);
    });
    after(async () => {
      delete process.env.CEX_TEST_CANARY_GATE;
      rmSync(gate, { force: true });
      await pool.dispose();
    });

    it('calls the engine up while both replacements start, and serves once they pass their canaries', async () => {
      // Both workers overrun together; their replacements then sit in their canaries until the gate opens.
      writeFileSync(gate, '');
      const overruns = [pool.explain(request(SLOW, 'java')), pool.explain(request(SLOW, 'java'))];
      for (const overrun of overruns) await assert.rejects(overrun, AnalysisTimeoutError);
      await until('both replacements to be starting', () => pool.stats().starting === 2);
      assert.equal(pool.stats().down, 0);
      // Restarting after deadlines is not down: a probe could only queue behind the canaries.
      assert.equal(await pool.health(), true);

      rmSync(gate);
      await until('both replacements to pass their canaries', () => pool.stats().ready === 2);
      assert.equal(await pool.health(), true);
      assert.equal((await pool.explain(request(SAMPLES[0]![1]))).metadata.language, 'javascript');
    });
  });

  describe('worker priority (Linux: each thread has its own nice value)', () => {
    /** The nice value of each of this process's threads, from /proc (field 19 of a task's stat). */
    const niceOfThreads = (): Map<number, number> =>
      new Map(
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          // The fields after the command name, which may hold spaces, start at field 3.
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [Number(tid), Number(fields[19 - 3])];
        }),
      );

    it('runs the workers at the nice value asked for, and leaves the main thread as it was', async function () {
      if (process.platform !== 'linux') this.skip();
      const before = niceOfThreads();
      const own = before.get(process.pid)!;
      const pool = createEnginePool({ workers: 2, workerNice: 10 });
      try {
        await until('both workers to be ready', () => pool.stats().ready === 2);
        const lowered = [...niceOfThreads()].filter(
          ([tid, nice]) => !before.has(tid) && nice === Math.min(19, own + 10),
        );
        assert.equal(lowered.length, 2, 'one lowered thread per worker');
        assert.equal(niceOfThreads().get(process.pid), own);
        // A lowered worker still analyses.
        assert.equal((await pool.explain(request(SAMPLES[2]![1], 'python'))).metadata.language, 'python');
      } finally {
        await pool.dispose();
      }
    });
  });

  describe("the parser's own timeout", () => {
    let pool: EnginePool;
    before(() => (pool = createEnginePool({ workers: 1, parseTimeoutMs: 50 })));
    after(() => pool.dispose());

    it('is analysis_timeout too, and needs no restart', async () => {
      await assert.rejects(pool.explain(request(SLOWISH, 'java')), (error: unknown) => {
        assert.ok(error instanceof AnalysisTimeoutError, String(error));
        assert.equal(error.code, 'analysis_timeout');
        assert.equal(error.stage, 'parser');
        assert.equal(error.limitMs, 50);
        return true;
      });
      assert.equal(pool.stats().restarts, 0);
      assert.equal((await pool.explain(request(SAMPLES[3]![1], 'java'))).metadata.language, 'java');
    });
  });

  describe('a worker that breaks the protocol or dies', () => {
    const { logger, lines } = capturingLogger();
    let pool: EnginePool;
    before(() => (pool = createEnginePool({ workers: 1, workerUrl: MISBEHAVING, logger })));
    after(() => pool.dispose());

    it('treats a malformed message as a crash: analysis_failed, the worker replaced, the next request served', async () => {
      await assert.rejects(pool.explain(request('SEND_GARBLED')), (error: unknown) => {
        assert.ok(error instanceof AnalysisFailedError, String(error));
        assert.equal(error.reason, 'protocol');
        return true;
      });
      assert.equal(pool.stats().restarts, 1);
      assert.ok(lines.some((l) => l.msg === 'engine worker sent an invalid message'));
      assert.equal((await pool.explain(request(SAMPLES[0]![1]))).metadata.language, 'javascript');
    });

    it('fails the request of a worker that exits mid-analysis, and replaces it', async () => {
      await assert.rejects(pool.explain(request('EXIT_NOW')), (error: unknown) => {
        assert.ok(error instanceof AnalysisFailedError, String(error));
        assert.equal(error.reason, 'exit');
        return true;
      });
      assert.equal(pool.stats().restarts, 2);
      assert.equal((await pool.explain(request(SAMPLES[0]![1]))).metadata.language, 'javascript');
    });

    it('refuses an answer that breaks the contract in the worker, before it reaches the main thread', async () => {
      await assert.rejects(pool.explain(request('SEND_MALFORMED')), (error: unknown) => {
        assert.ok(error instanceof AnalysisFailedError, String(error));
        assert.equal(error.reason, 'error');
        return true;
      });
      assert.equal(pool.stats().restarts, 3);
      const failed = lines.find((l) => l.msg === 'engine worker failed');
      assert.match(JSON.stringify(failed), /ContractViolation.*breaks the contract at explanation/);
      assert.equal((await pool.explain(request(SAMPLES[0]![1]))).metadata.language, 'javascript');
    });
  });

  describe('when canaries fail', () => {
    let pool: EnginePool | undefined;
    afterEach(async () => {
      delete process.env.CEX_TEST_FAIL_CANARY;
      await pool?.dispose();
    });

    it('reports the engine down and refuses with engine_unavailable and Retry-After, then recovers', async () => {
      // Worker threads copy the environment when they start: these fail their canary.
      process.env.CEX_TEST_FAIL_CANARY = '1';
      pool = createEnginePool({
        workers: 1,
        workerUrl: MISBEHAVING,
        restartBackoffMs: { initial: 100, max: 200 },
      });
      await assert.rejects(pool.ready(), EngineUnavailableError);
      assert.equal(pool.stats().down, 1);
      assert.equal(await pool.health(), false);
      await assert.rejects(pool.explain(request(SAMPLES[0]![1])), (error: unknown) => {
        assert.ok(error instanceof EngineUnavailableError, String(error));
        assert.equal(error.code, 'engine_unavailable');
        assert.ok(Number.isInteger(error.retryAfterSeconds) && error.retryAfterSeconds! >= 1);
        return true;
      });

      delete process.env.CEX_TEST_FAIL_CANARY;
      const started = pool;
      // A retry after this starts a worker without the variable, and its canary passes.
      await until('a worker to pass its canary', () => started.stats().ready === 1);
      assert.ok(pool.stats().canaryFailures >= 1);
      assert.equal(pool.stats().restarts, 0, 'a failed canary is not a restart');
      assert.equal(await pool.health(), true);
      assert.equal((await pool.explain(request(SAMPLES[0]![1]))).metadata.language, 'javascript');
    });
  });

  describe('dispose', () => {
    it('fails queued and running work with engine_unavailable, and refuses later work', async () => {
      const pool = createEnginePool({ workers: 1, parseTimeoutMs: 600_000 });
      await pool.ready();
      const running = assert.rejects(pool.explain(request(SLOW, 'java')), EngineUnavailableError);
      const waiting = assert.rejects(pool.explain(request(SAMPLES[0]![1])), EngineUnavailableError);
      assert.deepEqual([pool.stats().busy, pool.stats().queued], [1, 1]);
      await pool.dispose();
      await Promise.all([running, waiting]);
      const { ready, busy, starting, queued } = pool.stats();
      assert.deepEqual({ ready, busy, starting, queued }, { ready: 0, busy: 0, starting: 0, queued: 0 });
      await assert.rejects(pool.explain(request(SAMPLES[0]![1])), EngineUnavailableError);
      assert.equal(await pool.health(), false);
    });

    it('leaves nothing running: a process with an idle pool and a disposed busy one exits by itself', async () => {
      const { code, stdout, stderr } = await runScript(new URL('./support/pool-exit.ts', import.meta.url));
      assert.equal(code, 0, stderr);
      assert.deepEqual(JSON.parse(stdout.trim()), {
        language: 'java',
        busy: 1,
        outcome: 'EngineUnavailableError',
      });
    });
  });
});
