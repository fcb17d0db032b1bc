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
 * - analyses wait in one line per account and take turns: a free worker goes
 *   to the account served least recently (one never served first) among
 *   those holding fewer workers than their `concurrency`; with two or more
 *   workers no account holds them all, so one account's slow inputs never
 *   make another's wait behind them. Health probes go first.
 * - at most `maxQueue` analyses wait, each at most `maxQueueWaitMs`: beyond
 *   that, `overloaded`; when the queue is full, the newest analysis of the
 *   account with the most waiting is the one refused, so an account that
 *   floods the queue cannot crowd the others out of it.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { ExplainRequest, ExplainResponse } from '@code-explain/shared';
import { createLogger, type Logger } from '../../logging.js';
import type { Engine, EngineAccount, ExplainContext } from '../engine.js';
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
  /** The account's line an analysis waits in; a probe has none. */
  readonly lane?: Lane;
  /** Called once, when the task ends or is given up. */
  settle(outcome: Outcome): void;
  /** Gives up an analysis still queued after maxQueueWaitMs; cleared when a worker takes it. */
  queueTimer?: NodeJS.Timeout;
  /** When a worker took it (Date.now()), for the engine time it is charged. */
  startedAt?: number;
}

/** One account's analyses: those waiting, oldest first, and how many workers it holds. */
interface Lane {
  readonly id: string;
  /** The most workers it may hold at once: the account's, at most one fewer than the pool has. */
  concurrency: number;
  /**
   * Workers it holds: running its analyses, or starting again after one of
   * them broke the worker (deadline, trap), until the new one passes its
   * canary. An account whose input cost a restart does not get the other
   * worker meanwhile.
   */
  running: number;
  readonly waiting: Task[];
  /** When it was last given a worker, as a count of dispatches (0: never). */
  servedAt: number;
}

/** The line of analyses given without an account: one turn among the accounts', any number running. */
const ANONYMOUS = '';

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
  /** The account holding this worker (see Lane.running). */
  lane?: Lane;
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
  /** Accounts with analyses waiting or workers held. */
  const lanes = new Map<string, Lane>();
  /** Dispatches so far: the clock of Lane.servedAt. */
  let dispatches = 0;
  /** Health probes, served before any account's analyses. */
  const probes: Task[] = [];
  let waiting = 0;
  /** With two or more workers, one is always left for the other accounts. */
  const accountCap = Math.max(1, size - 1);
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
    const waited =
      waiting > 0 ||
      probes.length > 0 ||
      readyWaiters.length > 0 ||
      slots.some((slot) => slot.state === 'busy');
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
          release(slot);
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
    release(slot);
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
    // The failed analysis's account may have another waiting that its cap held back.
    dispatch();
  }

  function canaryFailed(slot: Slot, reason: DiscardReason): void {
    release(slot);
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
      for (const task of allWaiting()) task.settle({ kind: 'refused', error });
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

  /**
   * The next analysis to run: the oldest waiting of the account served least
   * recently among those under their cap (ties: the account that came first).
   */
  function nextTask(): Task | undefined {
    let next: Lane | undefined;
    for (const lane of lanes.values()) {
      if (lane.waiting.length === 0 || lane.running >= lane.concurrency) continue;
      if (next === undefined || lane.servedAt < next.servedAt) next = lane;
    }
    if (next === undefined) return undefined;
    next.servedAt = ++dispatches;
    waiting--;
    return next.waiting.shift();
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.state !== 'idle') continue;
      const task = probes.shift() ?? nextTask();
      if (task === undefined) break;
      // From here the deadline applies instead of the queue wait.
      clearTimeout(task.queueTimer);
      task.startedAt = Date.now();
      slot.state = 'busy';
      slot.task = task;
      slot.lane = task.lane;
      if (task.lane) task.lane.running++;
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

  /** Every analysis and probe waiting, to be refused: probes are taken out here, analyses leave their lines as they settle. */
  function allWaiting(): Task[] {
    const tasks = probes.splice(0);
    for (const lane of lanes.values()) tasks.push(...lane.waiting);
    return tasks;
  }

  function unqueueProbe(task: Task): void {
    const index = probes.indexOf(task);
    if (index >= 0) probes.splice(index, 1);
    updateRefs();
  }

  /** An analysis's account line: made on its first analysis, gone once it has none waiting or running. */
  function laneOf(account: EngineAccount | undefined): Lane {
    const id = account?.id ?? ANONYMOUS;
    const concurrency = account === undefined ? size : Math.min(accountCap, Math.max(1, account.concurrency));
    const lane = lanes.get(id) ?? { id, concurrency, running: 0, waiting: [], servedAt: 0 };
    // A plan change takes effect from the account's next analysis.
    lane.concurrency = concurrency;
    if (!lanes.has(id)) lanes.set(id, lane);
    return lane;
  }

  /** An account line with nothing waiting and no worker held is forgotten. */
  function forgetIfIdle(lane: Lane): void {
    if (lane.running === 0 && lane.waiting.length === 0 && lanes.get(lane.id) === lane) lanes.delete(lane.id);
  }

  /** A task of `lane` has ended: if it was still waiting, its line lets it go (a running one's worker is released apart). */
  function leave(lane: Lane, task: Task): void {
    const index = lane.waiting.indexOf(task);
    if (index >= 0) {
      lane.waiting.splice(index, 1);
      waiting--;
    }
    forgetIfIdle(lane);
  }

  /** The slot's worker is free again (its analysis answered, or its replacement is ready or down): its account lets it go. */
  function release(slot: Slot): void {
    const lane = slot.lane;
    if (lane === undefined) return;
    slot.lane = undefined;
    lane.running--;
    forgetIfIdle(lane);
  }

  /**
   * Over the queue limit: the newest analysis of the account with the most
   * waiting is refused (ties go against the account just added to).
   */
  function shed(added: Lane): void {
    while (waiting > maxQueue) {
      let longest = added;
      for (const lane of lanes.values()) if (lane.waiting.length > longest.waiting.length) longest = lane;
      const task = longest.waiting.at(-1);
      if (task === undefined) return;
      task.settle({ kind: 'refused', error: overloaded('queue_full') });
    }
  }

  function explain(request: ExplainRequest, context?: ExplainContext): Promise<ExplainResponse> {
    return new Promise((resolve, reject) => {
      if (stopping || allDown()) {
        reject(unavailable());
        return;
      }
      const lane = laneOf(context?.account);
      const task: Task = {
        message: { type: 'explain', id: nextId++, request },
        lane,
        settle(outcome) {
          clearTimeout(task.queueTimer);
          const ranMs =
            task.startedAt === undefined
              ? undefined
              : outcome.kind === 'failed' && outcome.reason === 'deadline'
                ? timeoutMs
                : Math.min(timeoutMs, Date.now() - task.startedAt);
          leave(lane, task);
          if (ranMs !== undefined) context?.analysed?.(ranMs);
          if (outcome.kind === 'refused') reject(outcome.error);
          else if (outcome.kind === 'failed') {
            reject(
              outcome.reason === 'deadline'
                ? new AnalysisTimeoutError(timeoutMs, 'deadline')
                : new AnalysisFailedError(outcome.reason),
            );
          } else if (outcome.message.type === 'explained') {
            for (const failure of outcome.message.ruleFailures ?? []) context?.ruleFailed?.(failure);
            resolve(outcome.message.response);
          } else if (outcome.message.type === 'parse-timeout') {
            reject(new AnalysisTimeoutError(outcome.message.limitMs, 'parser'));
          }
          // onMessage lets no other reply reach an explain task.
          else reject(new AnalysisFailedError('protocol'));
        },
      };
      task.queueTimer = setTimeout(() => {
        task.settle({ kind: 'refused', error: overloaded('queue_wait') });
        updateRefs();
      }, maxQueueWaitMs);
      lane.waiting.push(task);
      waiting++;
      dispatch();
      shed(lane);
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
        unqueueProbe(task);
        resolve(false);
      }, healthTimeoutMs);
      probes.push(task);
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
        queued: waiting + probes.length,
        restarts,
        canaryFailures,
      };
    },

    dispose() {
      if (disposal) return disposal;
      stopping = true;
      const error = unavailable();
      for (const waiter of readyWaiters.splice(0)) waiter.reject(error);
      const tasks = [...allWaiting(), ...slots.flatMap((slot) => (slot.task ? [slot.task] : []))];
      const stopped: Promise<number>[] = [];
      for (const slot of slots) {
        clearTimeout(slot.timer);
        clearTimeout(slot.retryTimer);
        if (slot.worker) stopped.push(stop(slot.worker));
        release(slot);
        Object.assign(slot, { state: 'stopped', worker: undefined, task: undefined, timer: undefined });
      }
      for (const task of tasks) task.settle({ kind: 'refused', error });
      disposal = Promise.all(stopped).then(() => undefined);
      return disposal;
    },
  };
}
