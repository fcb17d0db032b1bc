import assert from 'node:assert/strict';
import { createAnalysisPool } from '../../src/cli/pool.js';
import type { AnalysisTask, TaskOutcome } from '../../src/cli/messages.js';

const task = (text: string): AnalysisTask => ({
  source: { text },
  language: 'javascript',
  settings: { mode: 'quick', audience: 'intermediate', focus: [] },
});
const message = (outcome: TaskOutcome) => (outcome.ok ? 'ok' : outcome.message);
const SCRIPTED = new URL('./support/scripted-worker.ts', import.meta.url);

describe('the command line’s worker pool', () => {
  it('fails the task of a worker that crashed, and goes on with a new worker', async () => {
    // The default deadline: a worker slow to start on a loaded machine is not the point here.
    const pool = createAnalysisPool({ jobs: 1, workerUrl: SCRIPTED });
    try {
      const first = message(await pool.run(task('a')));
      assert.match(first, /^a by \d+$/);
      assert.equal(message(await pool.run(task('crash'))), 'the analysis worker exited (code 7)');
      const afterCrash = message(await pool.run(task('b')));
      assert.match(afterCrash, /^b by \d+$/);
      assert.notEqual(afterCrash.split(' by ')[1], first.split(' by ')[1], 'a new worker');
    } finally {
      await pool.close();
    }
  });

  it('fails the task of a worker that overran the deadline, and goes on with a new worker', async () => {
    // Long enough for a worker to start from TypeScript sources on a loaded machine; `hang` never answers.
    const pool = createAnalysisPool({ jobs: 1, deadlineMs: 5_000, workerUrl: SCRIPTED });
    try {
      assert.equal(
        message(await pool.run(task('hang'))),
        'the analysis took longer than 5 s and was stopped',
      );
      assert.match(message(await pool.run(task('c'))), /^c by \d+$/);
    } finally {
      await pool.close();
    }
  });

  it('runs tasks on as many workers as it has, each task answered once', async () => {
    const pool = createAnalysisPool({
      jobs: 2,
      workerUrl: SCRIPTED,
    });
    try {
      const outcomes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => pool.run(task(t))));
      assert.deepEqual(
        outcomes.map((o) => message(o).split(' by ')[0]),
        ['a', 'b', 'c', 'd', 'e'],
      );
      assert.equal(new Set(outcomes.map((o) => message(o).split(' by ')[1])).size, 2);
    } finally {
      await pool.close();
    }
  });

  it('sends a busy worker its next task before the current one ends, and only when no worker is idle', async () => {
    const one = createAnalysisPool({ jobs: 1, workerUrl: SCRIPTED });
    try {
      const [slow, next] = await Promise.all([one.run(task('slow')), one.run(task('after'))]);
      assert.match(message(slow), /^slow by \d+ having been sent 2$/);
      assert.match(message(next), /^after by \d+$/);
    } finally {
      await one.close();
    }
    const two = createAnalysisPool({ jobs: 2, workerUrl: SCRIPTED });
    try {
      // Two tasks, two workers: each takes one, neither waits behind the other.
      const [a, b] = await Promise.all([two.run(task('slow')), two.run(task('slow'))]);
      assert.match(message(a), /having been sent 1$/);
      assert.match(message(b), /having been sent 1$/);
      assert.notEqual(message(a).split(' ')[2], message(b).split(' ')[2]);
    } finally {
      await two.close();
    }
  });

  it('gives the task a failed worker held next to a new worker, once', async () => {
    const pool = createAnalysisPool({ jobs: 1, deadlineMs: 5_000, workerUrl: SCRIPTED });
    try {
      const started: string[] = [];
      const run = (text: string) => pool.run(task(text), () => started.push(text));
      const [crash, afterCrash] = await Promise.all([run('crash'), run('d')]);
      assert.equal(message(crash), 'the analysis worker exited (code 7)');
      assert.match(message(afterCrash), /^d by \d+$/);
      const [hang, afterHang] = await Promise.all([run('hang'), run('e')]);
      assert.equal(message(hang), 'the analysis took longer than 5 s and was stopped');
      assert.match(message(afterHang), /^e by \d+$/);
      assert.notEqual(message(afterCrash).split(' by ')[1], message(afterHang).split(' by ')[1]);
      // Each task is said to start once, when its worker starts it.
      assert.deepEqual(started, ['crash', 'd', 'hang', 'e']);
    } finally {
      await pool.close();
    }
  });
});
