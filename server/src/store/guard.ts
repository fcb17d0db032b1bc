/**
 * Bounds every store operation in time and stops sending work to a store that
 * is not answering.
 *
 * - Each operation gets `timeoutMs`; past it the caller gets
 *   StoreUnavailableError (the API answers 503 `store_unavailable`) and the
 *   operation's AbortSignal fires, so a save that is still in flight is undone
 *   by the store (see mongo.ts) instead of appearing later.
 * - A store that reports it cannot be reached, or that times out an
 *   operation and then a ping too, is marked down (logged once): one slow
 *   query alone does not take the store out. While down, operations fail at
 *   once rather than each waiting out the timeout, and a probe pings the store
 *   every `probeIntervalMs`; the first ping that succeeds marks it up again
 *   (logged once). Reconnecting is the driver's job; this only decides whether
 *   to send work.
 */
import type { Plan } from '@code-explain/shared';
import type { Logger } from '../logging.js';
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

export interface StoreGuardOptions {
  /** How long one operation may take before the caller is told the store is unavailable. */
  readonly timeoutMs: number;
  /** How often a store marked down is pinged. */
  readonly probeIntervalMs?: number;
  readonly logger?: Logger;
}

export interface GuardedStore extends Store {
  /** False while the store is marked down. */
  readonly available: boolean;
}

class StoreGuard implements GuardedStore {
  private up = true;
  private probe: NodeJS.Timeout | undefined;
  private probing = false;
  private verifying = false;
  private closed = false;
  private readonly probeIntervalMs: number;

  constructor(
    private readonly store: Store,
    private readonly options: StoreGuardOptions,
  ) {
    this.probeIntervalMs = options.probeIntervalMs ?? 500;
  }

  get kind() {
    return this.store.kind;
  }

  get available(): boolean {
    return this.up;
  }

  /** Runs `op` within the time limit, failing fast while the store is down. */
  private async call<T>(op: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (!this.up) throw new StoreUnavailableError(`the ${this.kind} store is not answering; retry shortly`);
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
      return await Promise.race([running, expired]);
    } catch (error) {
      if (error instanceof StoreUnavailableError) {
        // A slow operation is not yet a dead store: a ping decides. A store that
        // reports it cannot be reached (refused, no server) is down at once.
        if (timedOut) void this.verify(error);
        else this.markDown(error);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** After an operation timed out: marks the store down unless it answers a ping in time. */
  private async verify(error: StoreUnavailableError): Promise<void> {
    if (this.verifying || !this.up || this.closed) return;
    this.verifying = true;
    try {
      if (!(await this.pingWithin())) this.markDown(error);
    } finally {
      this.verifying = false;
    }
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
      if (await this.pingWithin()) {
        clearInterval(this.probe);
        this.probe = undefined;
        this.up = true;
        this.options.logger?.info({ store: this.kind }, `the ${this.kind} store answers again`);
      }
    } finally {
      this.probing = false;
    }
  }

  private async pingWithin(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.options.timeoutMs);
    });
    try {
      return await Promise.race([this.store.ping().catch(() => false), expired]);
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

  /** While marked down, the probe's verdict stands (no second wait); otherwise a real ping within the limit. */
  async ping(): Promise<boolean> {
    if (!this.up) return false;
    const answered = await this.pingWithin();
    if (!answered) this.markDown(new StoreUnavailableError(`the ${this.kind} store did not answer a ping`));
    return answered;
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
