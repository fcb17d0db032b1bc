/**
 * A command-line analysis worker that does what the task's text says:
 * `crash` ends the thread, `hang` never answers, `slow` answers after 300 ms
 * with how many tasks this worker had been sent by then, anything else is
 * answered with that text as a failure message (so the test sees which
 * worker ran). Like the real worker, it runs the tasks it is sent one at a
 * time, in order.
 */
import { parentPort, threadId } from 'node:worker_threads';
import type { OutcomeMessage, TaskMessage } from '../../../src/cli/messages.js';

let received = 0;
let running: Promise<void> = Promise.resolve();

function answer(id: number, text: string): Promise<void> {
  if (text === 'crash') process.exit(7);
  // Never settles: every later task waits behind it, as behind a runaway analysis.
  if (text === 'hang') return new Promise(() => undefined);
  const reply = (message: string) =>
    parentPort!.postMessage({ id, outcome: { ok: false, message } } satisfies OutcomeMessage);
  if (text !== 'slow') {
    reply(`${text} by ${threadId}`);
    return Promise.resolve();
  }
  return new Promise((done) =>
    setTimeout(() => {
      reply(`slow by ${threadId} having been sent ${received}`);
      done();
    }, 300),
  );
}

parentPort!.on('message', ({ id, task }: TaskMessage) => {
  received++;
  const text = 'text' in task.source ? task.source.text : task.source.path;
  running = running.then(() => answer(id, text));
});
