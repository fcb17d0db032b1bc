/**
 * The one storage interface the service uses. Two implementations: MongoDB
 * through mongoose (production) and an embedded store in a data folder (the
 * zero-setup default). Both pass the same contract tests.
 */
import type {
  Audience,
  FocusArea,
  LanguageId,
  Metadata,
  Mode,
  Plan,
  Section,
  Suggestion,
} from '@code-explain/shared';

export type StoreKind = 'mongodb' | 'embedded';

export interface AccountRecord {
  readonly id: string;
  /** Lower case; unique. */
  readonly email: string;
  readonly plan: Plan;
  readonly createdAt: Date;
  /**
   * The argon2id hash (PHC string) of the account's dashboard password; null
   * for an account made without one (it cannot sign in until an operator sets one).
   */
  readonly passwordHash: string | null;
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  /** The key's first characters: not secret, for lookup and display. */
  readonly prefix: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  readonly hash: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  /** When a replaced key stops working (the grace period's end); null while it has no end. */
  readonly expiresAt: Date | null;
  /** The last time a request authenticated with it, to the minute; null if never. */
  readonly lastUsedAt: Date | null;
}

export interface NewAccount {
  readonly email: string;
  readonly plan: Plan;
  readonly passwordHash?: string | null;
}

export interface NewApiKey {
  readonly accountId: string;
  readonly name: string;
  readonly prefix: string;
  readonly hash: string;
}

/** What is saved of one explanation: the request's settings and the engine's answer. */
export interface NewExplanation {
  readonly language: LanguageId;
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
  readonly code: string;
  readonly explanation: string;
  readonly sections: readonly Section[];
  readonly suggestions: readonly Suggestion[];
  readonly metadata: Metadata;
  /** Defaults to now; given by tests that need a known order. */
  readonly createdAt?: Date;
}

export interface ExplanationRecord extends NewExplanation {
  readonly id: string;
  readonly accountId: string;
  readonly createdAt: Date;
}

/**
 * What a list page carries of one saved explanation: bounded in size whatever
 * was explained (the code, sections, suggestions and per-unit metrics come
 * with the record itself).
 */
export interface ExplanationSummary {
  readonly id: string;
  readonly accountId: string;
  readonly createdAt: Date;
  readonly language: LanguageId;
  readonly mode: Mode;
  readonly audience: Audience;
  readonly focus: readonly FocusArea[];
  /** The code's first lines (see CODE_PREVIEW_* in records.ts). */
  readonly codePreview: string;
  readonly codeLines: number;
  readonly explanation: string;
  /** Set when `explanation` holds only the start of a very long one (see MAX_SUMMARY_BYTES). */
  readonly explanationClipped?: boolean;
  readonly suggestionCount: number;
  /** The record's metadata without `units`. */
  readonly metadata: Metadata;
}

export interface SaveOptions {
  /**
   * Aborted when the caller has stopped waiting (its answer is already an
   * error): a store must then not let the record become visible, now or later.
   */
  readonly signal?: AbortSignal;
}

export interface ExplanationFilter {
  readonly language?: LanguageId | undefined;
  readonly mode?: Mode | undefined;
}

/** A position in an account's newest-first list: the last record of the page before. */
export interface ListPosition {
  readonly createdAt: Date;
  readonly id: string;
}

/**
 * A page either by position (`after`: the records strictly older than it, in
 * list order, which costs O(log n + page) on every backend's index) or by
 * number (`skip`, whose cost grows with the number skipped).
 */
export interface PageRequest {
  readonly skip: number;
  readonly limit: number;
  /** Start after this record (then `skip` counts from there; the service passes 0). */
  readonly after?: ListPosition | undefined;
}

export interface PageResult<T> {
  readonly items: T[];
  readonly total: number;
}

/**
 * Counts to add to one hourly usage bucket: one account, key, hour and
 * route. Counter names are those of usage/counters.ts (letters, digits and
 * underscores only, so they are safe as MongoDB field names).
 */
export interface UsageIncrement {
  readonly accountId: string;
  readonly keyId: string;
  /** The start of the UTC hour. */
  readonly hour: Date;
  readonly route: string;
  readonly counters: Readonly<Record<string, number>>;
}

export interface UsageRange {
  /** Hours from this one (inclusive)… */
  readonly from: Date;
  /** …to this one (exclusive). */
  readonly to: Date;
  /** Only this key's counts; every key of the account otherwise. */
  readonly keyId?: string | undefined;
}

/** Counts of one hour, key and route; these may come in several rows, whose counts add up. */
export interface UsageRow {
  readonly hour: Date;
  readonly keyId: string;
  readonly route: string;
  readonly counters: Readonly<Record<string, number>>;
}

/**
 * The backing database did not answer (in time, or at all). Nothing the
 * operation would have written is visible; the caller may retry later.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/**
 * The store answers, but has as many operations in flight as it can answer in
 * time (guard.ts's bulkhead): this one was refused at once, without reaching
 * it. A kind of unavailability, so whatever handles that handles this; the
 * API answers 503 `overloaded` rather than `store_unavailable`.
 */
export class StoreBusyError extends StoreUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

/** Thrown by createAccount when the email is taken. */
export class DuplicateEmailError extends Error {
  constructor(readonly email: string) {
    super(`an account with email ${email} already exists`);
    this.name = 'DuplicateEmailError';
  }
}

export interface Store {
  readonly kind: StoreKind;

  createAccount(account: NewAccount): Promise<AccountRecord>;
  findAccountById(id: string): Promise<AccountRecord | null>;
  findAccountByEmail(email: string): Promise<AccountRecord | null>;
  setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null>;
  /** Replaces the account's password hash; null for an unknown id. */
  setAccountPassword(id: string, passwordHash: string): Promise<AccountRecord | null>;

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;
  /** Every key (revoked ones too) whose prefix is `prefix`. */
  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]>;
  findApiKeyById(id: string): Promise<ApiKeyRecord | null>;
  /** An account's keys, newest first. */
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Marks a key revoked (keeping the first revocation time); null for an unknown id. */
  revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
  /**
   * Sets when a key stops working, unless it is revoked or already ends
   * sooner (a second replacement cannot lengthen a grace period); null for an
   * unknown id.
   */
  expireApiKey(id: string, at: Date): Promise<ApiKeyRecord | null>;
  /** Records a use of the key at `at`, unless a later use is already recorded. */
  touchApiKey(id: string, at: Date): Promise<void>;

  saveExplanation(
    accountId: string,
    explanation: NewExplanation,
    options?: SaveOptions,
  ): Promise<ExplanationRecord>;
  /** Summaries, newest first (createdAt, then id, both descending), so paging is stable. */
  listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: PageRequest,
  ): Promise<PageResult<ExplanationSummary>>;
  /** Null for an unknown id or one that belongs to another account. */
  getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null>;
  /** False for an unknown id or one that belongs to another account. */
  deleteExplanation(accountId: string, id: string): Promise<boolean>;

  /**
   * Adds the counts atomically (concurrent callers, also in other processes,
   * never lose each other's increments), then deletes buckets older than the
   * retention at most once an hour.
   */
  addUsage(increments: readonly UsageIncrement[]): Promise<void>;
  /** The account's usage rows whose hour is in the range. */
  readUsage(accountId: string, range: UsageRange): Promise<UsageRow[]>;

  /** Whether the backing database answers (and, for MongoDB, any saves to undo are undone). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
