/**
 * The worker side of the protocol (messages.ts): answers each task with the
 * engine it is given. Kept apart from the worker's entry point so a test
 * worker can serve the same protocol through a port of its own.
 */
import { explainResponseSchema } from '@code-explain/shared';
import type { Engine, RuleFailureReport } from '../engine.js';
import { ParseTimeoutError } from '../parsing/parser.js';
import { taskMessageSchema, type Crash, type WorkerMessage } from './messages.js';

/** The part of a MessagePort (or `parentPort`) this needs. */
export interface ReplyPort {
  on(event: 'message', listener: (value: unknown) => void): unknown;
  postMessage(message: WorkerMessage): void;
}

/**
 * Emscripten's abort() throws a WebAssembly.RuntimeError whose message starts
 * "Aborted("; a trap (out-of-bounds access, unreachable) is a RuntimeError too.
 */
function isTrap(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const runtimeError = (globalThis as { WebAssembly?: { RuntimeError?: new () => Error } }).WebAssembly
    ?.RuntimeError;
  return (runtimeError !== undefined && error instanceof runtimeError) || /\bAborted\(/.test(error.message);
}

export function describeCrash(error: unknown): Crash {
  return error instanceof Error
    ? { name: error.name, message: error.message, trap: isTrap(error) }
    : { name: 'Error', message: String(error), trap: false };
}

async function answer(engine: Engine, raw: unknown): Promise<WorkerMessage> {
  const task = taskMessageSchema.parse(raw);
  if (task.type === 'probe') return { type: 'probed', id: task.id, ok: await engine.health() };
  try {
    const ruleFailures: RuleFailureReport[] = [];
    const response = await engine.explain(task.request, { ruleFailed: (f) => ruleFailures.push(f) });
    // The answer is held to the contract here, in this thread, rather than on the main thread's event
    // loop, where checking a large answer cost a millisecond or more per request (server/README.md, Speed).
    const checked = explainResponseSchema.safeParse(response);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const message = `the engine's answer breaks the contract at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`;
      return { type: 'crashed', id: task.id, error: { name: 'ContractViolation', message, trap: false } };
    }
    return {
      type: 'explained',
      id: task.id,
      response,
      ...(ruleFailures.length > 0 ? { ruleFailures } : {}),
    };
  } catch (error) {
    if (error instanceof ParseTimeoutError)
      return { type: 'parse-timeout', id: task.id, limitMs: error.limitMs };
    return { type: 'crashed', id: task.id, error: describeCrash(error) };
  }
}

export function serve(port: ReplyPort, engine: Engine): void {
  port.on('message', (raw) => {
    answer(engine, raw).then(
      (reply) => port.postMessage(reply),
      (error: unknown) => {
        // Only a malformed task gets here, a bug on the main thread: ending this
        // worker with an uncaught exception is what the pool handles as a crash.
        setImmediate(() => {
          throw error;
        });
      },
    );
  });
}
