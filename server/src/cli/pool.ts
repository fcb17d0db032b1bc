/**
 * The command line's worker threads: `jobs` workers, each with its own
 * engine, taking queued tasks one at a time. Results come back in whatever
 * order they finish; callers keep their own order. A worker whose runtime
 * trapped, that crashed, or that ran past the deadline is terminated and its
 * task fails; a new worker takes the next task.
 */
import type { Worker } from 'node:worker_threads';
import { siblingModule, startThread } from '../engine/pool/thread.js';
import type { AnalysisTask, OutcomeMessage, TaskMessage, TaskOutcome } from './messages.js';

/** Longest one file may take; only a runaway analysis gets near it (a 2 MB file takes seconds). */
export const TASK_DEADLINE_MS = 300_000;

export interface AnalysisPool {
  /** `started` is called when a worker takes the task. */
  run(task: AnalysisTask, started?: () => void): Promise<TaskOutcome>;
  /** Stops every worker; call once nothing is pending. */
  close(): Promise<void>;
}

interface Pending {
  readonly message: TaskMessage;
  readonly started: (() => void) | undefined;
  readonly resolve: (outcome: TaskOutcome) => void;
}

interface Slot {
  worker: Worker | undefined;
  current: Pending | undefined;
  timer: NodeJS.Timeout | undefined;
}

export interface AnalysisPoolOptions {
  readonly jobs: number;
  /** Longest one task may run (default TASK_DEADLINE_MS). */
  readonly deadlineMs?: number;
  /** For tests: a worker module speaking the same protocol (default: ./worker). */
  readonly workerUrl?: URL;
}

export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  const { jobs, deadlineMs = TASK_DEADLINE_MS } = options;
  const workerUrl = options.workerUrl ?? siblingModule('worker', import.meta.url);
  const slots: Slot[] = Array.from({ length: Math.max(1, jobs) }, () => ({
    worker: undefined,
    current: undefined,
    timer: undefined,
  }));
  const queue: Pending[] = [];
  let nextId = 0;

  function finish(slot: Slot, outcome: TaskOutcome): void {
    const pending = slot.current;
    clearTimeout(slot.timer);
    slot.current = undefined;
    slot.timer = undefined;
    pending?.resolve(outcome);
  }

  /** Gives up on the slot's worker; the next task starts a fresh one. */
  function retire(slot: Slot): void {
    const worker = slot.worker;
    slot.worker = undefined;
    if (!worker) return;
    worker.removeAllListeners();
    // A late 'error' from a terminated worker must not become an unhandled 'error' event.
    worker.on('error', () => undefined);
    void worker.terminate();
  }

  function workerFor(slot: Slot): Worker {
    if (slot.worker) return slot.worker;
    const worker = startThread(workerUrl, {});
    worker.on('message', (message: OutcomeMessage) => {
      if (message.id !== slot.current?.message.id) return;
      if (!message.outcome.ok && message.outcome.broken) retire(slot);
      finish(slot, message.outcome);
      dispatch();
    });
    const fail = (why: string) => {
      retire(slot);
      finish(slot, { ok: false, message: `the analysis worker ${why}` });
      dispatch();
    };
    worker.on('error', (error: Error) => fail(`crashed: ${error.message}`));
    worker.on('exit', (code: number) => fail(`exited (code ${code})`));
    slot.worker = worker;
    return worker;
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.current !== undefined) continue;
      const pending = queue.shift();
      if (pending === undefined) return;
      slot.current = pending;
      slot.timer = setTimeout(() => {
        retire(slot);
        finish(slot, {
          ok: false,
          message: `the analysis took longer than ${deadlineMs / 1000} s and was stopped`,
        });
        dispatch();
      }, deadlineMs);
      workerFor(slot).postMessage(pending.message);
      pending.started?.();
    }
  }

  return {
    run(task, started) {
      return new Promise((resolve) => {
        queue.push({ message: { id: nextId++, task }, started, resolve });
        dispatch();
      });
    },
    async close() {
      const workers = slots.flatMap((slot) => (slot.worker ? [slot.worker] : []));
      for (const slot of slots) {
        clearTimeout(slot.timer);
        slot.worker = undefined;
      }
      await Promise.all(
        workers.map((worker) => {
          worker.removeAllListeners();
          return worker.terminate();
        }),
      );
    },
  };
}
