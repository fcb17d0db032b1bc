/**
 * The command line's worker threads: `jobs` workers, each with its own
 * engine, running tasks one at a time in the order sent. Each busy worker
 * also holds the next task, so it starts it without waiting for the main
 * thread to hear of the last one (that round trip left it idle 5% of a
 * long run); an idle worker is always served before a busy one gets a
 * second. Results come back in whatever order they finish; callers keep
 * their own order. A worker whose runtime trapped, that crashed, or that ran
 * past the deadline is terminated and its task fails; the task it held next
 * goes back to the front of the queue, and a new worker takes it.
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
  /** The task the worker is running: its deadline is running. */
  current: Pending | undefined;
  /** The task sent to the worker to start when `current` ends. */
  next: Pending | undefined;
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
    next: undefined,
    timer: undefined,
  }));
  const queue: Pending[] = [];
  let nextId = 0;

  /** Starts the deadline of the slot's current task and tells its caller it started. */
  function begin(slot: Slot): void {
    const pending = slot.current;
    if (pending === undefined) return;
    slot.timer = setTimeout(() => {
      retire(slot);
      finish(slot, {
        ok: false,
        message: `the analysis took longer than ${deadlineMs / 1000} s and was stopped`,
      });
      dispatch();
    }, deadlineMs);
    pending.started?.();
  }

  /** Answers the current task; the worker has gone on to the next one it holds, if any. */
  function finish(slot: Slot, outcome: TaskOutcome): void {
    const pending = slot.current;
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.current = slot.next;
    slot.next = undefined;
    begin(slot);
    pending?.resolve(outcome);
  }

  /** Gives up on the slot's worker; the task it held next goes back to the queue's front. */
  function retire(slot: Slot): void {
    if (slot.next) queue.unshift(slot.next);
    slot.next = undefined;
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
    // Idle workers first, then a second task for each busy one.
    for (const slot of slots) {
      if (slot.current !== undefined) continue;
      const pending = queue.shift();
      if (pending === undefined) return;
      slot.current = pending;
      workerFor(slot).postMessage(pending.message);
      begin(slot);
    }
    for (const slot of slots) {
      if (slot.next !== undefined || slot.current === undefined) continue;
      const pending = queue.shift();
      if (pending === undefined) return;
      slot.next = pending;
      workerFor(slot).postMessage(pending.message);
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
        slot.next = undefined;
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
