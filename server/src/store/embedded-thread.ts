/**
 * The embedded store run in a thread of its own (embedded-worker.ts), for
 * the service: libsql's calls are synchronous, so in the serving thread every
 * insert, query and commit (with its fsync) held the event loop, and with it
 * every other request. Here the serving thread only encodes a save and
 * decodes what comes back; what SQLite does happens beside it.
 *
 * The same guarantees as the store in this thread (embedded.ts), which runs
 * unchanged over there:
 * - A save is answered after its batch's commit, so an answered save is on disk.
 * - A save whose caller gives up (its signal aborts) before its batch begins
 *   is never written: the two threads race for its claim (thread-protocol.ts)
 *   and only one wins. One whose batch had already begun is written and then
 *   deleted once the commit is reported, as the MongoDB store undoes a save
 *   whose confirmation was in flight.
 * - If the thread stops (a crash in the database library), every call waiting
 *   for it fails with StoreUnavailableError (503), and the next call starts a
 *   new thread on the same database: SQLite's commits are atomic, so a batch
 *   that was cut short left nothing behind.
 */
import type { Plan } from '@code-explain/shared';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import { siblingModule, startThread } from '../engine/pool/thread.js';
import type { Logger } from '../logging.js';
import { createEmbeddedStore, encodeSave, withdrawnSave } from './embedded.js';
import { savedRecord } from './records.js';
import {
  CLAIM,
  fromWire,
  storeThreadMessageSchema,
  type StoreCall,
  type StoreOp,
  type StoreThreadMessage,
} from './thread-protocol.js';
import {
  StoreUnavailableError,
  type AccountRecord,
  type ApiKeyRecord,
  type ExplanationFilter,
  type ExplanationRecord,
  type ExplanationSummary,
  type NewAccount,
  type NewApiKey,
  type NewExplanation,
  type PageRequest,
  type PageResult,
  type SaveOptions,
  type Store,
  type UsageIncrement,
  type UsageRange,
  type UsageRow,
} from './types.js';

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  /** performance.now() when the call was sent. */
  readonly sentAt: number;
}

/** One run of the thread, from its start until it ends (closed or stopped). */
class StoreThread {
  private readonly waiting = new Map<number, Waiting>();
  private nextSeq = 0;
  private ended: Error | undefined;
  /** performance.now() of the last call the thread answered with a result (not an error). */
  private lastResultAt = -Infinity;
  /** True once the thread has opened the database. */
  isReady = false;
  /** Settles when the thread is ready: with nothing, or with why it could not open the database. */
  readonly ready: Promise<void>;
  /** Settles when the thread has ended, for whatever reason. */
  readonly exited: Promise<void>;

  constructor(
    private readonly worker: Worker,
    private readonly onStopped: (thread: StoreThread, error: Error) => void,
  ) {
    let ready!: () => void;
    let failed!: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    // Nobody may await `ready` (a thread that fails after being replaced); its failure is reported through calls.
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    worker.unref();
    worker.on('message', (raw: unknown) => {
      const parsed = storeThreadMessageSchema.safeParse(raw);
      if (!parsed.success)
        return this.stop(new Error('the embedded store thread sent an unreadable message'));
      const message: StoreThreadMessage = parsed.data;
      if (message.type === 'ready') {
        this.isReady = true;
        ready();
      } else if (message.type === 'failed') failed(fromWire(message.error));
      else if (message.type === 'result' || message.type === 'error') {
        const waiting = this.waiting.get(message.seq);
        if (!waiting) return;
        this.waiting.delete(message.seq);
        if (this.waiting.size === 0) worker.unref();
        if (message.type === 'result') {
          this.lastResultAt = performance.now();
          waiting.resolve(message.value);
        } else waiting.reject(fromWire(message.error));
      }
    });
    worker.on('error', (error) => {
      failed(error);
      this.stop(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the embedded store thread ended (exit code ${code})`);
      failed(error);
      this.stop(error);
    });
  }

  /** Sends one call; its answer, or StoreUnavailableError if the thread ends first. */
  call(op: StoreOp, args: unknown[], claim?: Int32Array<SharedArrayBuffer>): Promise<unknown> {
    if (this.ended) return Promise.reject(this.unavailable(this.ended));
    const seq = this.nextSeq++;
    const message: StoreCall = claim ? { seq, op, args, claim } : { seq, op, args };
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage(message);
      } catch (error) {
        // A value that cannot be cloned: the caller's mistake, not the store's.
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.waiting.set(seq, { resolve, reject, sentAt: performance.now() });
      // While a call waits, the thread keeps the process alive (an admin command awaiting its answer).
      this.worker.ref();
    });
  }

  /**
   * Whether the thread is answering promptly: it answered a call with a result
   * within `withinMs`, and no call has waited longer than that. (Calls wait
   * in the order they were sent, so the first waiting is the oldest.)
   */
  answering(withinMs: number): boolean {
    if (this.ended) return false;
    const now = performance.now();
    if (now - this.lastResultAt > withinMs) return false;
    const oldest = this.waiting.values().next();
    return oldest.done === true || now - oldest.value.sentAt <= withinMs;
  }

  /** Asks the thread to write what it has queued and close the database; resolves when it has ended. */
  async close(): Promise<void> {
    if (!this.ended) this.worker.postMessage('close');
    this.worker.ref();
    await this.exited;
  }

  private unavailable(cause: Error): StoreUnavailableError {
    return new StoreUnavailableError(`the embedded store's thread stopped: ${cause.message}`, { cause });
  }

  private stop(error: Error): void {
    if (this.ended) return;
    this.ended = error;
    for (const waiting of this.waiting.values()) waiting.reject(this.unavailable(error));
    this.waiting.clear();
    this.onStopped(this, error);
    void this.worker.terminate();
  }
}

export interface ThreadedEmbeddedStoreOptions {
  readonly dataDir: string;
  /** Where the one-time import of an older data folder, and a stopped thread, are reported. */
  readonly logger?: Logger;
  /**
   * A ping answers at once while the thread is answering calls this promptly
   * (StoreThread.answering), and asks the database otherwise (default 1,000 ms):
   * /healthz under load then does not queue behind a batch of large saves.
   */
  readonly pingFreshMs?: number;
  /** Hears each new thread as it starts (tests stop one to see what callers get). */
  readonly onThread?: (worker: Worker) => void;
}

/** ThreadedEmbeddedStoreOptions.pingFreshMs's default. */
const PING_FRESH_MS = 1000;

class ThreadedEmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  private thread: StoreThread | undefined;
  private closed = false;

  constructor(private readonly options: ThreadedEmbeddedStoreOptions) {}

  /** Starts the first thread; fails with its reason if it cannot open the database. */
  async open(): Promise<void> {
    await this.current().ready;
  }

  /** The running thread, or a new one when the last has stopped. */
  private current(): StoreThread {
    this.thread ??= startStoreThread(this.options, (stopped, error) => this.stopped(stopped, error));
    return this.thread;
  }

  private stopped(thread: StoreThread, error: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    if (!this.closed)
      this.options.logger?.error(
        { err: error },
        'the embedded store thread stopped; calls waiting for it got 503, the next call starts another',
      );
  }

  private async call<T>(op: StoreOp, args: unknown[], claim?: Int32Array<SharedArrayBuffer>): Promise<T> {
    if (this.closed) throw new StoreUnavailableError('the embedded store is closed');
    const thread = this.current();
    // Sent before this returns when the thread is ready, so calls reach it in the order they were made (a save made
    // just before close() is written before the thread closes).
    if (!thread.isReady)
      await thread.ready.catch((error: unknown) => {
        throw new StoreUnavailableError(`the embedded store cannot be opened: ${String(error)}`, {
          cause: error,
        });
      });
    // The value is what the Store method of the same name returns over there (embedded-worker.ts).
    return (await thread.call(op, args, claim)) as T;
  }

  createAccount(account: NewAccount): Promise<AccountRecord> {
    return this.call('createAccount', [account]);
  }

  findAccountById(id: string): Promise<AccountRecord | null> {
    return this.call('findAccountById', [id]);
  }

  findAccountByEmail(email: string): Promise<AccountRecord | null> {
    return this.call('findAccountByEmail', [email]);
  }

  setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    return this.call('setAccountPlan', [id, plan]);
  }

  setAccountPassword(id: string, passwordHash: string): Promise<AccountRecord | null> {
    return this.call('setAccountPassword', [id, passwordHash]);
  }

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.call('createApiKey', [key]);
  }

  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return this.call('findApiKeysByPrefix', [prefix]);
  }

  findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.call('findApiKeyById', [id]);
  }

  listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.call('listApiKeys', [accountId]);
  }

  revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.call('revokeApiKey', [id, at]);
  }

  expireApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.call('expireApiKey', [id, at]);
  }

  touchApiKey(id: string, at: Date): Promise<void> {
    return this.call('touchApiKey', [id, at]);
  }

  async saveExplanation(
    accountId: string,
    explanation: NewExplanation,
    options: SaveOptions = {},
  ): Promise<ExplanationRecord> {
    const { signal } = options;
    if (signal?.aborted) throw withdrawnSave();
    // Encoded here: the other thread gets a few strings to write, cheap to copy.
    const save = encodeSave(explanation);
    const claim = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
    let withdrawn!: (error: Error) => void;
    const giveUp = new Promise<never>((_, reject) => {
      withdrawn = reject;
    });
    let late = false;
    const onAbort = () => {
      // Won before the batch began: it will not be written. Lost: it is being written, and is undone after.
      if (Atomics.compareExchange(claim, 0, CLAIM.PENDING, CLAIM.WITHDRAWN) === CLAIM.PENDING)
        withdrawn(withdrawnSave());
      else late = true;
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const writing = this.call<undefined>('saveEncoded', [accountId, save], claim);
    try {
      await Promise.race([writing, giveUp]);
    } catch (error) {
      writing.catch(() => undefined);
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (late || signal?.aborted) {
      // Its caller has already been told it failed, so it must not stay.
      void this.deleteExplanation(accountId, save.id).catch((error: unknown) =>
        this.options.logger?.error({ err: error, id: save.id }, 'a withdrawn save could not be undone'),
      );
      throw withdrawnSave();
    }
    return savedRecord(explanation, { id: save.id, accountId, createdAt: save.createdAt });
  }

  listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: PageRequest,
  ): Promise<PageResult<ExplanationSummary>> {
    return this.call('listExplanations', [accountId, filter, page]);
  }

  getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    return this.call('getExplanation', [accountId, id]);
  }

  deleteExplanation(accountId: string, id: string): Promise<boolean> {
    return this.call('deleteExplanation', [accountId, id]);
  }

  addUsage(increments: readonly UsageIncrement[]): Promise<void> {
    return this.call('addUsage', [increments]);
  }

  readUsage(accountId: string, range: UsageRange): Promise<UsageRow[]> {
    return this.call('readUsage', [accountId, range]);
  }

  /**
   * Answered at once while the thread is answering calls promptly (the engine
   * pool's health does the same with its parses); otherwise a round trip
   * through the thread to the database.
   */
  async ping(): Promise<boolean> {
    if (this.closed) return false;
    if (this.thread?.answering(this.options.pingFreshMs ?? PING_FRESH_MS)) return true;
    return this.call<boolean>('ping', []).catch(() => false);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    await thread?.close();
  }
}

function startStoreThread(
  options: ThreadedEmbeddedStoreOptions,
  onStopped: (thread: StoreThread, error: Error) => void,
): StoreThread {
  const worker = startThread(siblingModule('embedded-worker', import.meta.url), {
    dataDir: options.dataDir,
  });
  options.onThread?.(worker);
  return new StoreThread(worker, onStopped);
}

/**
 * Opens (creating if needed) the embedded store in `dataDir` and runs it in a
 * thread of its own. The folder is first opened here, once, so an older
 * folder is imported (and reported to the logger) before the thread starts.
 */
export async function createThreadedEmbeddedStore(options: ThreadedEmbeddedStoreOptions): Promise<Store> {
  await (await createEmbeddedStore({ dataDir: options.dataDir, logger: options.logger })).close();
  const store = new ThreadedEmbeddedStore(options);
  try {
    await store.open();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
