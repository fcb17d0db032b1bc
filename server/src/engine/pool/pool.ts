/**
 * The engine in a pool of worker threads, behind the `Engine` interface.
 *
 * tree-sitter's WebAssembly runtime is one per JS realm, and an input that
 * makes it abort or trap leaves it broken for every later parse. Here each
 * worker has its own runtime; the main thread keeps only I/O and bookkeeping:
 *
 * - a worker whose runtime traps (or that crashes, exits, or breaks the
 *   protocol) is terminated and replaced at once; its request fails with
 *   `analysis_failed`;
 * - an analysis running longer than `timeoutMs` (from the moment a worker
 *   takes it) terminates and replaces its worker: `analysis_timeout`; the
 *   parser's own timeout is `analysis_timeout` too, without a restart;
 * - a new worker takes no work before a canary parse succeeds on it; a failed
 *   canary is retried with exponential backoff, and while no worker can run,
 *   requests fail with `engine_unavailable`;
 * - at most `maxQueue` analyses wait, each at most `maxQueueWaitMs`: beyond
 *   that, `overloaded`.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ExplainRequest, ExplainResponse } from '@code-explain/shared';
import { createLogger, type Logger } from '../../logging.js';
import type { Engine, ExplainObserver } from '../engine.js';
import {
  AnalysisFailedError,
  AnalysisTimeoutError,
  EngineOverloadedError,
  EngineUnavailableError,
  type EngineError,
  type FailureReason,
} from './errors.js';
import { workerMessageSchema, type TaskMessage, type WorkerMessage, type WorkerOptions } from './messages.js';
import { siblingModule, startThread } from './thread.js';

export interface EnginePoolOptions {
  /** Worker threads (default: the machine's available parallelism). */
  readonly workers?: number;
  /** Longest one analysis may run in a worker before the worker is replaced (default 5000 ms). */
  readonly timeoutMs?: number;
  /** Most analyses that may wait for a worker (default 64); more are refused as overloaded. */
  readonly maxQueue?: number;
  /** Longest an analysis may wait for a worker (default 10 s); longer is refused as overloaded. */
  readonly maxQueueWaitMs?: number;
  /** The parser's own timeout inside each worker (default: SourceParser's, 1500 ms). */
  readonly parseTimeoutMs?: number;
  /**
   * Added to the workers' nice value, 0–19 (default 0: the process's priority):
   * more lets the main thread, which answers requests, run first when the cores are busy.
   */
  readonly workerNice?: number;
  /** Longest a new worker may take to start and pass its canary parse (default 30 s). */
  readonly canaryTimeoutMs?: number;
  /** First and longest wait before a failed canary is retried (default 250 ms doubling to 30 s). */
  readonly restartBackoffMs?: { readonly initial: number; readonly max: number };
  /** `health()` answers at once if a parse succeeded this recently and no worker is down (default 5 s). */
  readonly healthFreshMs?: number;
  /** Longest `health()` waits for its probe parse, queueing included (default 2 s). */
  readonly healthTimeoutMs?: number;
  /** Where restarts and failed canaries are logged (default: nowhere). */
  readonly logger?: Logger;
  /** For tests: a worker module speaking the same protocol (default: ./worker). */
  readonly workerUrl?: URL;
}

export interface PoolStats {
  /** Worker slots, whatever their state. */
  readonly workers: number;
  /** Workers that passed their canary: idle or busy. */
  readonly ready: number;
  readonly busy: number;
  /** Workers starting or running their canary. */
  readonly starting: number;
  /** Slots whose canary failed, waiting to retry. */
  readonly down: number;
  /** Analyses waiting for a worker. */
  readonly queued: number;
  /** Workers replaced after a trap, crash, deadline or protocol error. */
  readonly restarts: number;
  readonly canaryFailures: number;
}

export interface EnginePool extends Engine {
  /** Resolves once a worker can take work; rejects (EngineUnavailableError) if every worker's canary failed. */
  ready(): Promise<void>;
  stats(): PoolStats;
  /** Terminates every worker; what is queued or running fails with EngineUnavailableError. */
  dispose(): Promise<void>;
}

/** What ended a task, as the task's owner sees it. */
type Outcome =
  | { readonly kind: 'reply'; readonly message: WorkerMessage }
  /** Its worker was given up on while running it. */
  | { readonly kind: 'failed'; readonly reason: FailureReason | 'deadline' }
  /** It was never run to the end for a reason of the pool's: overload, outage, shutdown. */
  | { readonly kind: 'refused'; readonly error: EngineError };

interface Task {
  readonly message: TaskMessage;
  /** Called once, when the task ends or is given up. */
  settle(outcome: Outcome): void;
  /** Gives up an analysis still queued after maxQueueWaitMs; cleared when a worker takes it. */
  queueTimer?: NodeJS.Timeout;
}

type SlotState = 'starting' | 'idle' | 'busy' | 'down' | 'stopped';

interface Slot {
  state: SlotState;
  worker?: Worker;
  task?: Task;
  /** The deadline of the running task, or the canary's limit while starting. */
  timer?: NodeJS.Timeout;
  /** Consecutive failed canaries, for the backoff. */
  failures: number;
  retryTimer?: NodeJS.Timeout;
  retryAt?: number;
}

/** Why a worker is given up on: what a running task can fail with, or a failed canary. */
type DiscardReason = FailureReason | 'deadline' | 'canary';

const DEFAULTS = {
  timeoutMs: 5000,
  maxQueue: 64,
  maxQueueWaitMs: 10_000,
  canaryTimeoutMs: 30_000,
  restartBackoffMs: { initial: 250, max: 30_000 },
  healthFreshMs: 5000,
  healthTimeoutMs: 2000,
} as const;

const isProbeOk = (outcome: Outcome) =>
  outcome.kind === 'reply' && outcome.message.type === 'probed' && outcome.message.ok;

export function createEnginePool(options: EnginePoolOptions = {}): EnginePool {
  const size = Math.max(1, Math.floor(options.workers ?? availableParallelism()));
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxQueue = Math.max(0, options.maxQueue ?? DEFAULTS.maxQueue);
  const maxQueueWaitMs = options.maxQueueWaitMs ?? DEFAULTS.maxQueueWaitMs;
  const canaryTimeoutMs = options.canaryTimeoutMs ?? DEFAULTS.canaryTimeoutMs;
  const backoff = options.restartBackoffMs ?? DEFAULTS.restartBackoffMs;
  const healthFreshMs = options.healthFreshMs ?? DEFAULTS.healthFreshMs;
  const healthTimeoutMs = options.healthTimeoutMs ?? DEFAULTS.healthTimeoutMs;
  const logger = options.logger ?? createLogger('silent');
  const workerUrl = options.workerUrl ?? siblingModule('worker');
  const workerOptions: WorkerOptions = {
    ...(options.parseTimeoutMs === undefined ? {} : { parseTimeoutMs: options.parseTimeoutMs }),
    ...(options.workerNice ? { nice: options.workerNice } : {}),
  };

  const slots: Slot[] = Array.from({ length: size }, () => ({ state: 'starting', failures: 0 }));
  const queue: Task[] = [];
  const readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  let nextId = 0;
  let restarts = 0;
  let canaryFailures = 0;
  let lastSuccessAt: number | undefined;
  let healthProbe: Promise<boolean> | undefined;
  let stopping = false;
  let disposal: Promise<void> | undefined;

  const isReady = (slot: Slot) => slot.state === 'idle' || slot.state === 'busy';
  const allDown = () => slots.every((slot) => slot.state === 'down');

  /** A busy worker finishes or is stopped within the deadline, so that is when to come back. */
  const overloaded = (reason: 'queue_full' | 'queue_wait') =>
    new EngineOverloadedError(reason, timeoutMs / 1000);

  function unavailable(): EngineUnavailableError {
    if (stopping) return new EngineUnavailableError('the engine is shutting down', 1);
    const now = Date.now();
    const nextRetry = Math.min(...slots.map((slot) => slot.retryAt ?? now));
    return new EngineUnavailableError(
      'no engine worker can run analyses right now (their canary parse is failing); retry later',
      (nextRetry - now) / 1000,
    );
  }

  /** Workers are ref'd only while someone waits for one, so they never hold an idle process open. */
  function updateRefs(): void {
    const waited = queue.length > 0 || readyWaiters.length > 0 || slots.some((slot) => slot.state === 'busy');
    for (const slot of slots) {
      if (waited) slot.worker?.ref();
      else slot.worker?.unref();
    }
  }

  // ---- Worker lifecycle ----

  function spawn(slot: Slot): void {
    slot.state = 'starting';
    slot.retryAt = undefined;
    let worker: Worker;
    try {
      worker = startThread(workerUrl, workerOptions);
    } catch (error) {
      logger.error({ err: error }, 'cannot start an engine worker');
      canaryFailed(slot, 'exit');
      return;
    }
    slot.worker = worker;
    const { threadId } = worker;
    worker.on('message', (raw: unknown) => onMessage(slot, raw));
    worker.on('error', (error: Error) => {
      logger.warn({ worker: threadId, err: error }, 'engine worker threw');
      discard(slot, 'exit');
    });
    worker.on('exit', (exitCode: number) => {
      logger.warn({ worker: threadId, exitCode }, 'engine worker exited');
      discard(slot, 'exit');
    });

    // The canary: a real parse proves the runtime works before the worker takes work.
    const canary: Task = {
      message: { type: 'probe', id: nextId++ },
      settle(outcome) {
        if (isProbeOk(outcome)) {
          slot.failures = 0;
          slot.state = 'idle';
          logger.debug({ worker: threadId }, 'engine worker ready');
          for (const waiter of readyWaiters.splice(0)) waiter.resolve();
          dispatch();
        } else if (outcome.kind === 'reply') {
          discard(slot, 'canary');
        }
        // 'failed' and 'refused' come from discard() or dispose(), which see to the slot.
      },
    };
    slot.task = canary;
    slot.timer = setTimeout(() => {
      logger.error({ worker: threadId, canaryTimeoutMs }, 'engine worker did not pass its canary in time');
      discard(slot, 'canary');
    }, canaryTimeoutMs);
    // A starting worker alone must not keep the process alive.
    slot.timer.unref();
    worker.postMessage(canary.message);
    updateRefs();
  }

  function onMessage(slot: Slot, raw: unknown): void {
    const parsed = workerMessageSchema.safeParse(raw);
    const task = slot.task;
    if (!parsed.success || task === undefined || parsed.data.id !== task.message.id) {
      logger.error(
        {
          worker: slot.worker?.threadId,
          problem: parsed.success ? 'no task with this id is running' : parsed.error.issues.slice(0, 5),
        },
        'engine worker sent an invalid message',
      );
      discard(slot, 'protocol');
      return;
    }
    const message = parsed.data;
    if ((task.message.type === 'probe') !== (message.type === 'probed')) {
      logger.error(
        { worker: slot.worker?.threadId, type: message.type },
        'engine worker answered the wrong task',
      );
      discard(slot, 'protocol');
      return;
    }
    if (message.type === 'crashed') {
      logger.warn(
        { worker: slot.worker?.threadId, error: message.error },
        message.error.trap ? 'engine worker runtime trapped' : 'engine worker failed',
      );
      discard(slot, message.error.trap ? 'trap' : 'error');
      return;
    }
    if (message.type === 'probed' && !message.ok && slot.state === 'busy') {
      // A health probe that cannot parse: this worker's runtime is broken.
      discard(slot, 'error');
      return;
    }
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    if (message.type === 'explained' || isProbeOk({ kind: 'reply', message })) lastSuccessAt = Date.now();
    if (slot.state === 'busy') slot.state = 'idle';
    task.settle({ kind: 'reply', message });
    dispatch();
  }

  /** Gives up on the slot's worker: terminates it, fails its task, and replaces it (or backs off after a failed canary). */
  function discard(slot: Slot, reason: DiscardReason): void {
    const { worker, task } = slot;
    const wasStarting = slot.state === 'starting';
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    slot.worker = undefined;
    if (worker) stop(worker);
    task?.settle({ kind: 'failed', reason: reason === 'canary' ? 'error' : reason });
    if (stopping) return;
    if (wasStarting) {
      canaryFailed(slot, reason);
      return;
    }
    restarts++;
    logger.warn({ worker: worker?.threadId, reason, restarts }, 'engine worker replaced');
    spawn(slot);
  }

  function canaryFailed(slot: Slot, reason: DiscardReason): void {
    canaryFailures++;
    slot.failures++;
    const delay = Math.min(backoff.max, backoff.initial * 2 ** (slot.failures - 1));
    slot.state = 'down';
    slot.retryAt = Date.now() + delay;
    logger.error(
      { reason, failures: slot.failures, retryInMs: delay },
      'engine worker failed its canary parse; retrying',
    );
    slot.retryTimer = setTimeout(() => {
      slot.retryTimer = undefined;
      if (!stopping) spawn(slot);
    }, delay);
    // Retrying alone must not keep the process alive.
    slot.retryTimer.unref();
    if (allDown()) {
      // Nothing can take queued work before the next retry: answer now rather than at the queue-wait limit.
      const error = unavailable();
      for (const task of queue.splice(0)) task.settle({ kind: 'refused', error });
      for (const waiter of readyWaiters.splice(0)) waiter.reject(error);
    }
    updateRefs();
  }

  function stop(worker: Worker): Promise<number> {
    worker.removeAllListeners();
    // A late 'error' from a terminated worker must not become an unhandled 'error' event.
    worker.on('error', () => undefined);
    return worker.terminate();
  }

  // ---- Work ----

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.state !== 'idle') continue;
      const task = queue.shift();
      if (task === undefined) break;
      // From here the deadline applies instead of the queue wait.
      clearTimeout(task.queueTimer);
      slot.state = 'busy';
      slot.task = task;
      slot.timer = setTimeout(() => {
        logger.warn(
          { worker: slot.worker?.threadId, timeoutMs },
          'engine worker exceeded the analysis deadline',
        );
        discard(slot, 'deadline');
      }, timeoutMs);
      slot.worker?.postMessage(task.message);
    }
    updateRefs();
  }

  function unqueue(task: Task): void {
    const index = queue.indexOf(task);
    if (index >= 0) queue.splice(index, 1);
    updateRefs();
  }

  function explain(request: ExplainRequest, observer?: ExplainObserver): Promise<ExplainResponse> {
    return new Promise((resolve, reject) => {
      if (stopping || allDown()) {
        reject(unavailable());
        return;
      }
      if (!slots.some((slot) => slot.state === 'idle') && queue.length >= maxQueue) {
        reject(overloaded('queue_full'));
        return;
      }
      const task: Task = {
        message: { type: 'explain', id: nextId++, request },
        settle(outcome) {
          clearTimeout(task.queueTimer);
          if (outcome.kind === 'refused') reject(outcome.error);
          else if (outcome.kind === 'failed') {
            reject(
              outcome.reason === 'deadline'
                ? new AnalysisTimeoutError(timeoutMs, 'deadline')
                : new AnalysisFailedError(outcome.reason),
            );
          } else if (outcome.message.type === 'explained') {
            for (const failure of outcome.message.ruleFailures ?? []) observer?.ruleFailed?.(failure);
            resolve(outcome.message.response);
          } else if (outcome.message.type === 'parse-timeout') {
            reject(new AnalysisTimeoutError(outcome.message.limitMs, 'parser'));
          }
          // onMessage lets no other reply reach an explain task.
          else reject(new AnalysisFailedError('protocol'));
        },
      };
      task.queueTimer = setTimeout(() => {
        unqueue(task);
        reject(overloaded('queue_wait'));
      }, maxQueueWaitMs);
      queue.push(task);
      dispatch();
    });
  }

  /** One probe parse in a worker, ahead of queued analyses; false if it fails or takes longer than healthTimeoutMs. */
  function probe(): Promise<boolean> {
    return new Promise((resolve) => {
      const task: Task = {
        message: { type: 'probe', id: nextId++ },
        settle(outcome) {
          clearTimeout(timer);
          resolve(isProbeOk(outcome));
        },
      };
      // Unlike an analysis's queue wait, this limit covers the parse too. If the probe is
      // running when time is up it stays on its worker under the usual deadline; only
      // the answer is given up.
      const timer = setTimeout(() => {
        unqueue(task);
        resolve(false);
      }, healthTimeoutMs);
      queue.unshift(task);
      dispatch();
    });
  }

  for (const slot of slots) spawn(slot);

  return {
    explain,

    health() {
      if (stopping || allDown()) return Promise.resolve(false);
      const anyDown = slots.some((slot) => slot.state === 'down');
      const fresh = lastSuccessAt !== undefined && Date.now() - lastSuccessAt <= healthFreshMs;
      if (fresh && !anyDown) return Promise.resolve(true);
      // Saturated, not broken: every worker is busy under its deadline or starting after one (all of
      // them at once when several analyses overran together), so a probe could only queue behind
      // them and would report a busy or restarting engine as a dead one. A replacement whose canary
      // fails is marked down, and then this no longer holds.
      const saturated = slots.every((slot) => slot.state === 'busy' || slot.state === 'starting');
      if (saturated && !anyDown) return Promise.resolve(true);
      // Concurrent checks share one probe, so health checks never crowd the queue.
      healthProbe ??= probe().finally(() => {
        healthProbe = undefined;
      });
      return healthProbe;
    },

    ready() {
      if (slots.some(isReady)) return Promise.resolve();
      if (stopping || allDown()) return Promise.reject(unavailable());
      return new Promise((resolve, reject) => {
        readyWaiters.push({ resolve, reject });
        updateRefs();
      });
    },

    stats() {
      const count = (state: SlotState) => slots.filter((slot) => slot.state === state).length;
      return {
        workers: size,
        ready: slots.filter(isReady).length,
        busy: count('busy'),
        starting: count('starting'),
        down: count('down'),
        queued: queue.length,
        restarts,
        canaryFailures,
      };
    },

    dispose() {
      if (disposal) return disposal;
      stopping = true;
      const error = unavailable();
      for (const waiter of readyWaiters.splice(0)) waiter.reject(error);
      const tasks = [...queue.splice(0), ...slots.flatMap((slot) => (slot.task ? [slot.task] : []))];
      const stopped: Promise<number>[] = [];
      for (const slot of slots) {
        clearTimeout(slot.timer);
        clearTimeout(slot.retryTimer);
        if (slot.worker) stopped.push(stop(slot.worker));
        Object.assign(slot, { state: 'stopped', worker: undefined, task: undefined, timer: undefined });
      }
      for (const task of tasks) task.settle({ kind: 'refused', error });
      disposal = Promise.all(stopped).then(() => undefined);
      return disposal;
    },
  };
}
