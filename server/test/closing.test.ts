import assert from 'node:assert/strict';
import { closeInSteps, closer } from '../src/closing.js';

const never = () => new Promise<void>(() => undefined);

describe('closing within a time limit (closeInSteps)', () => {
  it('runs the steps in order, each waiting for the one before', async () => {
    const events: string[] = [];
    const close = (name: string) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${name}`);
    };
    const unfinished = await closeInSteps(
      [
        [['usage', close('usage')]],
        [
          ['store', close('store')],
          ['engine', close('engine')],
        ],
      ],
      Date.now() + 60_000,
    );
    assert.deepEqual(unfinished, []);
    assert.deepEqual(events, [
      'start usage',
      'end usage',
      'start store',
      'start engine',
      'end store',
      'end engine',
    ]);
  });

  it('names what had not finished by the deadline, and still starts the steps after it', async () => {
    let engineClosed = false;
    const unfinished = await closeInSteps(
      [
        [
          ['usage', never],
          ['metrics', async () => undefined],
        ],
        [
          ['store', never],
          [
            'engine',
            async () => {
              engineClosed = true;
            },
          ],
        ],
      ],
      Date.now() + 20,
    );
    assert.deepEqual(unfinished, ['usage', 'store']);
    assert.equal(engineClosed, true);
  });

  it('counts a close that fails, or throws at once, as finished, and skips what was never opened', async () => {
    const unfinished = await closeInSteps(
      [
        [
          ['failed', () => Promise.reject(new Error('refused'))],
          [
            'threw',
            () => {
              throw new Error('at once');
            },
          ],
          ['never opened', closer(undefined, never)],
        ],
      ],
      Date.now() + 60_000,
    );
    assert.deepEqual(unfinished, []);
  });
});
