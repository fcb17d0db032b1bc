/**
 * A command-line analysis worker: its own engine (so its own tree-sitter
 * runtime), answering the main thread's tasks one at a time.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { createEngine } from '../engine/engine.js';
import { ParseTimeoutError, SourceParser } from '../engine/parsing/parser.js';
import { describeCrash } from '../engine/pool/serve.js';
import { analyzeText } from './analysis.js';
import { PARSE_TIMEOUT_MS, type OutcomeMessage, type TaskMessage, type TaskOutcome } from './messages.js';

if (!parentPort) throw new Error('the analysis worker must run in a worker thread');
const port = parentPort;
const engine = createEngine({ parser: new SourceParser({ timeoutMs: PARSE_TIMEOUT_MS }) });

async function run({ task }: TaskMessage): Promise<TaskOutcome> {
  let text: string;
  try {
    // Synchronous: this thread has nothing else to do meanwhile, and the async
    // read's four trips through libuv's thread pool left it idle between files.
    text = 'path' in task.source ? readFileSync(task.source.path, 'utf8') : task.source.text;
  } catch (error) {
    return {
      ok: false,
      message: `cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    };
  }
  try {
    return {
      ok: true,
      analysis: await analyzeText(engine, text, task.language, task.settings, {
        purposes: task.purposes === true,
      }),
    };
  } catch (error) {
    if (error instanceof ParseTimeoutError) return { ok: false, message: error.message };
    const crash = describeCrash(error);
    return { ok: false, message: `the analysis failed: ${crash.name}: ${crash.message}`, broken: crash.trap };
  }
}

// One task at a time, in the order sent: the pool sends the next task before this one ends.
let running: Promise<void> = Promise.resolve();
port.on('message', (message: TaskMessage) => {
  running = running.then(async () => {
    const outcome = await run(message);
    port.postMessage({ id: message.id, outcome } satisfies OutcomeMessage);
  });
});
