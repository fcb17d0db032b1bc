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
});
