/**
 * Bounds every store operation in time, limits how many are in flight, and
 * stops sending work to a store that is not answering. Slow is not down.
 *
 * - Each operation gets `timeoutMs`; past it the caller gets
 *   StoreUnavailableError (the API answers 503 `store_unavailable`) and the
 *   operation's AbortSignal fires, so a save that is still in flight is undone
 *   by the store (see mongo.ts) instead of appearing later.
 * - A bulkhead (bulkhead.ts) lets in as many operations at once as the store
 *   answers in time, learning the number as it goes: past it an operation
 *   waits a quarter of the timeout at most for room, then is refused with
 *   StoreBusyError (503 `overloaded`, Retry-After), so a busy database
 *   answers most requests in time instead of all of them late.
 * - The store is marked down (logged once) when it reports it cannot be
 *   reached (an operation or a ping fails outright), or when an operation
 *   times out, nothing else was answered within the timeout before it, and a
 *   ping does not answer in time either: a store that answers slowly under
 *   load is busy, not down. While down, operations
 *   fail at once rather than each waiting out the timeout, and a probe pings
 *   the store every `probeIntervalMs`; the first ping that succeeds marks it
 *   up again (logged once). Reconnecting is the driver's job; this only
 *   decides whether to send work.
 */
import type { Plan } from '@code-explain/shared';
import type { Logger } from '../logging.js';
import { createBulkhead, type Bulkhead, type BulkheadOptions } from './bulkhead.js';
import {
  StoreBusyError,
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

export interface StoreGuardOptions {
  /** How long one operation may take before the caller is told the store is unavailable. */
  readonly timeoutMs: number;
  /** How often a store marked down is pinged. */
  readonly probeIntervalMs?: number;
  /** The bulkhead's bounds (default: from 32 in flight, between 4 and 256, late past three quarters of the timeout, a quarter's wait). */
  readonly bulkhead?: Partial<BulkheadOptions>;
  readonly logger?: Logger;
}

export interface GuardedStore extends Store {
  /** False while the store is marked down. */
  readonly available: boolean;
  /** Operations in flight and the bulkhead's limit now (for metrics). */
  load(): { readonly inFlight: number; readonly limit: number };
}

/** The bulkhead unless configured: wide enough for any burst a healthy database answers in milliseconds. */
const bulkheadDefaults = (timeoutMs: number): BulkheadOptions => ({
  initial: 32,
  min: 4,
  // mongoose's own pool (maxPoolSize 100) queues beyond its connections; past a few times that, only waiting grows.
  max: 256,
  // Late: three quarters spent, still short of failing. Half made FerretDB under overload serve about half as many
  // explains (bench:service's overload row) without fewer timeouts to show for it.
  slowMs: (timeoutMs * 3) / 4,
  maxWaitMs: timeoutMs / 4,
});

/** What became of a ping: an answer, a failure (closed, refused, unreachable), or nothing in time. */
type PingResult = 'answered' | 'failed' | 'late';

class StoreGuard implements GuardedStore {
  private up = true;
  private probe: NodeJS.Timeout | undefined;
  private probing = false;
  private verifying = false;
  private closed = false;
  private readonly probeIntervalMs: number;
  private readonly bulkhead: Bulkhead;
  /** When an operation or ping last got an answer from the store (Date.now()); 0 before any. */
  private answeredAt = 0;

  constructor(
    private readonly store: Store,
    private readonly options: StoreGuardOptions,
  ) {
    this.probeIntervalMs = options.probeIntervalMs ?? 500;
    this.bulkhead = createBulkhead({ ...bulkheadDefaults(options.timeoutMs), ...options.bulkhead });
  }

  load() {
    return this.bulkhead.state();
  }

  /** Whether the store answered anything within the last timeout: evidence it is alive, if busy. */
  private answeredRecently(): boolean {
    return Date.now() - this.answeredAt <= this.options.timeoutMs;
  }

  get kind() {
    return this.store.kind;
  }

  get available(): boolean {
    return this.up;
  }

  /** Runs `op` within the time limit and the bulkhead, failing fast while the store is down. */
  private async call<T>(op: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (!this.up) throw new StoreUnavailableError(`the ${this.kind} store is not answering; retry shortly`);
    const permit = await this.bulkhead.acquire();
    if (!permit) {
      throw new StoreBusyError(`the ${this.kind} store has as much work in flight as it answers in time`);
    }
    const started = Date.now();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        // Abort first: a save still in flight learns it must not stay.
        controller.abort();
        reject(
          new StoreUnavailableError(
            `the ${this.kind} store did not answer within ${this.options.timeoutMs} ms`,
          ),
        );
      }, this.options.timeoutMs);
    });
    const running = op(controller.signal);
    // After a timeout nobody awaits the operation; its eventual failure is expected.
    running.catch(() => undefined);
    try {
      const value = await Promise.race([running, expired]);
      this.answeredAt = Date.now();
      permit.release('answered', this.answeredAt - started);
      return value;
    } catch (error) {
      if (timedOut) {
        // Late, not answered: the bulkhead learns it, and a ping decides only if nothing else is answered either.
        permit.release('late', Date.now() - started);
        // The operation may still come back: until then it holds nothing of the bulkhead's.
        if (!this.answeredRecently()) void this.verify(error as StoreUnavailableError);
      } else if (error instanceof StoreUnavailableError) {
        // It reports it cannot be reached (refused, no server): down at once.
        permit.release('failed', Date.now() - started);
        this.markDown(error);
      } else {
        // Any other error is an answer (a duplicate email, a bug): the store is there.
        this.answeredAt = Date.now();
        permit.release('answered', this.answeredAt - started);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** After an operation timed out with nothing else answered: marks the store down unless it answers a ping in time. */
  private async verify(error: StoreUnavailableError): Promise<void> {
    if (this.verifying || !this.up || this.closed) return;
    this.verifying = true;
    try {
      if (this.isDown(await this.pingWithin())) this.markDown(error);
    } finally {
      this.verifying = false;
    }
  }

  /** A ping that failed outright says down; one that came too late, only if nothing else was answered meanwhile. */
  private isDown(ping: PingResult): boolean {
    return ping === 'failed' || (ping === 'late' && !this.answeredRecently());
  }

  private markDown(error: StoreUnavailableError): void {
    if (!this.up || this.closed) return;
    this.up = false;
    this.options.logger?.warn(
      { store: this.kind, err: error },
      `the ${this.kind} store is not answering; requests that need it get 503 until it does`,
    );
    this.probe = setInterval(() => void this.probeOnce(), this.probeIntervalMs);
    this.probe.unref();
  }

  private async probeOnce(): Promise<void> {
    if (this.probing || this.up || this.closed) return;
    this.probing = true;
    try {
      if ((await this.pingWithin()) === 'answered') {
        clearInterval(this.probe);
        this.probe = undefined;
        this.up = true;
        this.options.logger?.info({ store: this.kind }, `the ${this.kind} store answers again`);
      }
    } finally {
      this.probing = false;
    }
  }

  /** A ping within the time limit, past the bulkhead: it asks whether the store is there, not for work. */
  private async pingWithin(): Promise<PingResult> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<PingResult>((resolve) => {
      timer = setTimeout(() => resolve('late'), this.options.timeoutMs);
    });
    const pinged = this.store.ping().then(
      (ok): PingResult => (ok ? 'answered' : 'failed'),
      (): PingResult => 'failed',
    );
    try {
      const result = await Promise.race([pinged, expired]);
      if (result === 'answered') this.answeredAt = Date.now();
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  createAccount(account: NewAccount): Promise<AccountRecord> {
    return this.call(() => this.store.createAccount(account));
  }

  findAccountById(id: string): Promise<AccountRecord | null> {
    return this.call(() => this.store.findAccountById(id));
  }

  findAccountByEmail(email: string): Promise<AccountRecord | null> {
    return this.call(() => this.store.findAccountByEmail(email));
  }

  setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    return this.call(() => this.store.setAccountPlan(id, plan));
  }

  setAccountPassword(id: string, passwordHash: string): Promise<AccountRecord | null> {
    return this.call(() => this.store.setAccountPassword(id, passwordHash));
  }

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.call(() => this.store.createApiKey(key));
  }

  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return this.call(() => this.store.findApiKeysByPrefix(prefix));
  }

  findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.call(() => this.store.findApiKeyById(id));
  }

  listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.call(() => this.store.listApiKeys(accountId));
  }

  revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.call(() => this.store.revokeApiKey(id, at));
  }

  expireApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.call(() => this.store.expireApiKey(id, at));
  }

  touchApiKey(id: string, at: Date): Promise<void> {
    return this.call(() => this.store.touchApiKey(id, at));
  }

  saveExplanation(
    accountId: string,
    explanation: NewExplanation,
    options: SaveOptions = {},
  ): Promise<ExplanationRecord> {
    return this.call((timedOut) =>
      this.store.saveExplanation(accountId, explanation, {
        signal: options.signal ? AbortSignal.any([options.signal, timedOut]) : timedOut,
      }),
    );
  }

  listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: PageRequest,
  ): Promise<PageResult<ExplanationSummary>> {
    return this.call(() => this.store.listExplanations(accountId, filter, page));
  }

  getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    return this.call(() => this.store.getExplanation(accountId, id));
  }

  deleteExplanation(accountId: string, id: string): Promise<boolean> {
    return this.call(() => this.store.deleteExplanation(accountId, id));
  }

  addUsage(increments: readonly UsageIncrement[]): Promise<void> {
    return this.call(() => this.store.addUsage(increments));
  }

  readUsage(accountId: string, range: UsageRange): Promise<UsageRow[]> {
    return this.call(() => this.store.readUsage(accountId, range));
  }

  /**
   * While marked down, the probe's verdict stands (no second wait); otherwise
   * a real ping within the limit, and a late one is forgiven while other
   * operations are being answered (it only queued behind them).
   */
  async ping(): Promise<boolean> {
    if (!this.up) return false;
    const down = this.isDown(await this.pingWithin());
    if (down) this.markDown(new StoreUnavailableError(`the ${this.kind} store did not answer a ping`));
    return !down;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    this.probe = undefined;
    await this.store.close();
  }
}

export function guardStore(store: Store, options: StoreGuardOptions): GuardedStore {
  return new StoreGuard(store, options);
}
