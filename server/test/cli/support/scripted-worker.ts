/**
 * A command-line analysis worker that does what the task's text says:
 * `crash` ends the thread, `hang` never answers, anything else is answered
 * with that text as a failure message (so the test sees which worker ran).
 */
import { parentPort, threadId } from 'node:worker_threads';
import type { OutcomeMessage, TaskMessage } from '../../../src/cli/messages.js';

parentPort!.on('message', ({ id, task }: TaskMessage) => {
  const text = 'text' in task.source ? task.source.text : task.source.path;
  if (text === 'crash') process.exit(7);
  if (text === 'hang') return;
  parentPort!.postMessage({
    id,
    outcome: { ok: false, message: `${text} by ${threadId}` },
  } satisfies OutcomeMessage);
});
