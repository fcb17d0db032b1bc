/**
 * The zero-setup store: one SQLite database in the data folder, through
 * libsql (SQLite with a prebuilt binary per platform, so nothing compiles at
 * install time).
 *
 * - Durable: write-ahead log with `synchronous=FULL`, so a save that returned
 *   is on disk (fsync) before the caller hears of it.
 * - Exact: explanation content is stored as JSON text (records.ts), which
 *   carries any JavaScript string, lone surrogates and U+2028 included.
 * - Indexed: one index per filter combination of the list query, each ending
 *   in its sort, and a per-(account, language, mode) count kept in the same
 *   transaction as every insert and delete; a page costs O(log n + page) for
 *   the rows and a handful of count rows for the total (skipping deep pages
 *   walks index entries only).
 * - Shared: SQLite locks the file itself, so the admin command and the server
 *   may use one data folder at the same time and each sees the other's writes
 *   at once. No lock file is left behind by a process that dies.
 *
 * SQLite calls are synchronous: a write either happened before this process
 * answers or not at all, so a save and its answer always agree. Saves queued
 * in one turn of the event loop share a transaction and its fsync (flushSaves).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plan } from '@code-explain/shared';
import Database from 'libsql';
import type { Logger } from '../logging.js';
import { importNedbFolder } from './nedb-import.js';
import {
  accountRecord,
  apiKeyRecord,
  decodeExplanation,
  decodeSummary,
  encodeExplanation,
  savedRecord,
} from './records.js';
import {
  DuplicateEmailError,
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
import { openSqliteUsage, type SqliteUsage } from './usage-sqlite.js';

/** The database file inside the data folder. */
export const DATABASE_FILE = 'code-explain.sqlite';

/** How long a statement waits for another process's write lock before the store counts as unavailable. */
const BUSY_TIMEOUT_MS = 5000;

/** 2: accounts.password_hash (dashboard passwords). */
const SCHEMA_VERSION = 3;

const SCHEMA = `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    plan TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    password_hash TEXT
  );
  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    prefix TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER,
    expires_at INTEGER,
    last_used_at INTEGER
  );
  CREATE INDEX api_keys_by_prefix ON api_keys (prefix);
  CREATE INDEX api_keys_by_account ON api_keys (account_id, created_at DESC, id DESC);
  CREATE TABLE explanations (
    id TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    language TEXT NOT NULL,
    mode TEXT NOT NULL,
    summary TEXT NOT NULL,
    detail TEXT NOT NULL
  );
  CREATE INDEX explanations_by_account ON explanations (account_id, created_at DESC, id DESC);
  CREATE INDEX explanations_by_language ON explanations (account_id, language, created_at DESC, id DESC);
  CREATE INDEX explanations_by_mode ON explanations (account_id, mode, created_at DESC, id DESC);
  CREATE INDEX explanations_by_both ON explanations (account_id, language, mode, created_at DESC, id DESC);
  CREATE TABLE explanation_counts (
    account_id TEXT NOT NULL,
    language TEXT NOT NULL,
    mode TEXT NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (account_id, language, mode)
  ) WITHOUT ROWID;
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** What turns a database of each older version into the next one. */
const MIGRATIONS: Readonly<Record<number, string>> = {
  1: 'ALTER TABLE accounts ADD COLUMN password_hash TEXT',
  2: 'ALTER TABLE api_keys ADD COLUMN expires_at INTEGER; ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;',
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 letters and digits (95 random bits), the shape NeDB gave, so migrated and new ids look alike. */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 16; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

interface AccountRow {
  id: string;
  email: string;
  plan: Plan;
  created_at: number;
  password_hash: string | null;
}

interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  hash: string;
  created_at: number;
  revoked_at: number | null;
  expires_at: number | null;
  last_used_at: number | null;
}

interface ExplanationRow {
  id: string;
  account_id: string;
  created_at: number;
  language: string;
  mode: string;
  summary: string;
  detail?: string;
}

const toAccount = (row: AccountRow): AccountRecord =>
  accountRecord(row.id, {
    email: row.email,
    plan: row.plan,
    createdAt: new Date(row.created_at),
    passwordHash: row.password_hash,
  });

const toApiKey = (row: ApiKeyRow): ApiKeyRecord =>
  apiKeyRecord(row.id, {
    accountId: row.account_id,
    name: row.name,
    prefix: row.prefix,
    hash: row.hash,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  });

const fieldsOf = (row: ExplanationRow) => ({
  id: row.id,
  accountId: row.account_id,
  createdAt: new Date(row.created_at),
  language: row.language,
  mode: row.mode,
});

/** SQLite's codes for a database that cannot be used right now (locked, disk trouble, gone). */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|CORRUPT|NOTADB|PROTOCOL)/;

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

type Db = InstanceType<typeof Database>;

/** A save waiting for its batch's transaction. */
interface QueuedSave {
  readonly accountId: string;
  readonly save: EncodedSave;
  /** Called once as its batch begins: false when its caller has stopped waiting, and it is then not written. */
  readonly claim: () => boolean;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** An explanation as a save writes it: encoded (records.ts), with its id and time chosen. */
export interface EncodedSave {
  readonly id: string;
  readonly createdAt: Date;
  readonly language: string;
  readonly mode: string;
  readonly summary: string;
  readonly detail: string;
}

/** The embedded store in this thread, with the save the store's own thread (embedded-thread.ts) sends it. */
export interface LocalEmbeddedStore extends Store {
  /**
   * Writes an encoded save in the next batch. `claim` is asked once, as the
   * batch begins, whether the save is still wanted; one that is not is
   * rejected with StoreUnavailableError and never written.
   */
  saveEncoded(accountId: string, save: EncodedSave, claim: () => boolean): Promise<void>;
}

/** Chooses a save's id and time and encodes it: what a save does before it reaches the database. */
export function encodeSave(explanation: NewExplanation): EncodedSave {
  const { summary, detail } = encodeExplanation(explanation);
  return {
    id: newId(),
    createdAt: explanation.createdAt ?? new Date(),
    language: explanation.language,
    mode: explanation.mode,
    summary,
    detail,
  };
}

/** Why a save was not written: its caller stopped waiting before its batch began. */
export const withdrawnSave = () => new StoreUnavailableError('the request ended before its save');

/** Trouble with the database as StoreUnavailableError (503); anything else as it is. */
function storeError(error: unknown): Error {
  if (UNAVAILABLE.test(errorCode(error)))
    return new StoreUnavailableError(`the embedded store cannot be used: ${(error as Error).message}`, {
      cause: error,
    });
  return error instanceof Error ? error : new Error(String(error));
}

/** Opens the database file, creating the schema on first use. */
function openDatabase(file: string): Db {
  const db = new Database(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.transaction(() => {
      const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      if (version === 0) {
        db.exec(SCHEMA);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      } else if (version < SCHEMA_VERSION) {
        for (let from = version; from < SCHEMA_VERSION; from++) db.exec(MIGRATIONS[from]!);
        db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
      } else if (version !== SCHEMA_VERSION) {
        throw new Error(
          `${file} has schema version ${version}; this version of Code Explain reads ${SCHEMA_VERSION}`,
        );
      }
    }).immediate();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const FILTERS = ['', 'language', 'mode', 'both'] as const;
type FilterKey = (typeof FILTERS)[number];

function filterKey(filter: ExplanationFilter): FilterKey {
  if (filter.language !== undefined && filter.mode !== undefined) return 'both';
  if (filter.language !== undefined) return 'language';
  if (filter.mode !== undefined) return 'mode';
  return '';
}

function whereFor(key: FilterKey): string {
  return {
    '': 'account_id = @account',
    language: 'account_id = @account AND language = @language',
    mode: 'account_id = @account AND mode = @mode',
    both: 'account_id = @account AND language = @language AND mode = @mode',
  }[key];
}

/**
 * The list page's SQL for a filter, from the start or after a position.
 * Rows are picked from the index alone; only the page's rows are read in full.
 * A position is a row-value bound on the index's own columns, so the search
 * starts at it (O(log n)) instead of counting its way there.
 */
export function pageSql(filter: ExplanationFilter, after: boolean): string {
  return `SELECT id, account_id, created_at, language, mode, summary FROM explanations
        WHERE rowid IN (SELECT rowid FROM explanations WHERE ${whereFor(filterKey(filter))}
          ${after ? 'AND (created_at, id) < (@afterCreatedAt, @afterId)' : ''}
          ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @skip)
        ORDER BY created_at DESC, id DESC`;
}

const FILTER_OF: Readonly<Record<FilterKey, ExplanationFilter>> = {
  '': {},
  language: { language: 'javascript' },
  mode: { mode: 'standard' },
  both: { language: 'javascript', mode: 'standard' },
};

function prepareStatements(db: Db) {
  const prepare = (sql: string) => db.prepare(sql);
  const page = (key: FilterKey, after: boolean) => prepare(pageSql(FILTER_OF[key], after));
  const total = (key: FilterKey) =>
    prepare(`SELECT coalesce(sum(n), 0) AS n FROM explanation_counts WHERE ${whereFor(key)}`);
  return {
    insertAccount: prepare(
      'INSERT INTO accounts (id, email, plan, created_at, password_hash) VALUES (?, ?, ?, ?, ?)',
    ),
    accountById: prepare('SELECT * FROM accounts WHERE id = ?'),
    accountByEmail: prepare('SELECT * FROM accounts WHERE email = ?'),
    setPlan: prepare('UPDATE accounts SET plan = ? WHERE id = ?'),
    setPassword: prepare('UPDATE accounts SET password_hash = ? WHERE id = ?'),
    insertKey: prepare(
      'INSERT INTO api_keys (id, account_id, name, prefix, hash, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, NULL)',
    ),
    keysByPrefix: prepare('SELECT * FROM api_keys WHERE prefix = ?'),
    keyById: prepare('SELECT * FROM api_keys WHERE id = ?'),
    keysByAccount: prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at DESC, id DESC'),
    revokeKey: prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    expireKey: prepare(
      'UPDATE api_keys SET expires_at = ? WHERE id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)',
    ),
    touchKey: prepare(
      'UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)',
    ),
    insertExplanation: prepare(
      'INSERT INTO explanations (id, account_id, created_at, language, mode, summary, detail) VALUES (@id, @account, @createdAt, @language, @mode, @summary, @detail)',
    ),
    countUp: prepare(
      'INSERT INTO explanation_counts (account_id, language, mode, n) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1',
    ),
    countDown: prepare(
      'UPDATE explanation_counts SET n = n - 1 WHERE account_id = ? AND language = ? AND mode = ?',
    ),
    explanationById: prepare('SELECT * FROM explanations WHERE id = ? AND account_id = ?'),
    deleteExplanation: prepare(
      'DELETE FROM explanations WHERE id = ? AND account_id = ? RETURNING language, mode',
    ),
    page: new Map(FILTERS.map((key) => [key, page(key, false)])),
    pageAfter: new Map(FILTERS.map((key) => [key, page(key, true)])),
    total: new Map(FILTERS.map((key) => [key, total(key)])),
    ping: prepare('SELECT 1 AS ok'),
    savepoint: prepare('SAVEPOINT save'),
    release: prepare('RELEASE save'),
    rollbackTo: prepare('ROLLBACK TO save'),
  };
}

class EmbeddedStore implements LocalEmbeddedStore {
  readonly kind = 'embedded' as const;
  private closed = false;
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly usage: SqliteUsage;
  /** Saves waiting for this turn's batch (flushSaves). */
  private readonly queuedSaves: QueuedSave[] = [];
  private flushScheduled = false;

  constructor(private readonly db: Db) {
    this.statements = prepareStatements(db);
    this.usage = openSqliteUsage(db);
  }

  /** Runs a synchronous database task, turning trouble with the database into StoreUnavailableError. */
  private run<T>(task: () => T): Promise<T> {
    try {
      if (this.closed) throw new StoreUnavailableError('the embedded store is closed');
      return Promise.resolve(task());
    } catch (error) {
      return Promise.reject(storeError(error));
    }
  }

  /**
   * Writes every save queued during this turn of the event loop in one
   * transaction, each inside a savepoint of its own: one commit and one fsync
   * for all of them, where a transaction each would make saves wait on one
   * another's fsync. A save that fails rolls back alone; a commit that fails
   * fails them all. Every caller hears only after the commit, so an answered
   * save is on disk as before.
   */
  private flushSaves(): void {
    this.flushScheduled = false;
    const batch = this.queuedSaves.splice(0);
    const live = batch.filter((queued) => {
      // The caller stopped waiting: its answer was an error, so nothing may be saved.
      if (queued.claim()) return true;
      queued.reject(withdrawnSave());
      return false;
    });
    if (live.length === 0) return;
    const failures: unknown[] = [];
    try {
      if (this.closed) throw new StoreUnavailableError('the embedded store is closed');
      this.db
        .transaction(() => {
          for (const queued of live) {
            this.statements.savepoint.run();
            try {
              this.write(queued.accountId, queued.save);
              this.statements.release.run();
              failures.push(undefined);
            } catch (error) {
              this.statements.rollbackTo.run();
              this.statements.release.run();
              failures.push(error ?? new Error('the save failed'));
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const queued of live) queued.reject(storeError(error));
      return;
    }
    live.forEach((queued, i) => {
      const failure = failures[i];
      if (failure === undefined) queued.resolve();
      else queued.reject(storeError(failure));
    });
  }

  /** One save's writes, inside its batch's transaction. */
  private write(accountId: string, save: EncodedSave): void {
    this.statements.insertExplanation.run({
      id: save.id,
      account: accountId,
      createdAt: save.createdAt.getTime(),
      language: save.language,
      mode: save.mode,
      summary: save.summary,
      detail: save.detail,
    });
    this.statements.countUp.run(accountId, save.language, save.mode);
  }

  createAccount(account: NewAccount): Promise<AccountRecord> {
    return this.run(() => {
      const record = accountRecord(newId(), {
        email: account.email,
        plan: account.plan,
        createdAt: new Date(),
        passwordHash: account.passwordHash ?? null,
      });
      try {
        this.statements.insertAccount.run(
          record.id,
          record.email,
          record.plan,
          record.createdAt.getTime(),
          record.passwordHash,
        );
      } catch (error) {
        if (errorCode(error).startsWith('SQLITE_CONSTRAINT')) throw new DuplicateEmailError(account.email);
        throw error;
      }
      return record;
    });
  }

  findAccountById(id: string): Promise<AccountRecord | null> {
    return this.run(() => {
      const row = this.statements.accountById.get(String(id)) as AccountRow | undefined;
      return row ? toAccount(row) : null;
    });
  }

  findAccountByEmail(email: string): Promise<AccountRecord | null> {
    return this.run(() => {
      const row = this.statements.accountByEmail.get(String(email)) as AccountRow | undefined;
      return row ? toAccount(row) : null;
    });
  }

  setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    return this.run(() => {
      this.statements.setPlan.run(String(plan), String(id));
      const row = this.statements.accountById.get(String(id)) as AccountRow | undefined;
      return row ? toAccount(row) : null;
    });
  }

  setAccountPassword(id: string, passwordHash: string): Promise<AccountRecord | null> {
    return this.run(() => {
      this.statements.setPassword.run(String(passwordHash), String(id));
      const row = this.statements.accountById.get(String(id)) as AccountRow | undefined;
      return row ? toAccount(row) : null;
    });
  }

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.run(() => {
      const record = apiKeyRecord(newId(), { ...key, createdAt: new Date(), revokedAt: null });
      this.statements.insertKey.run(
        record.id,
        record.accountId,
        record.name,
        record.prefix,
        record.hash,
        record.createdAt.getTime(),
      );
      return record;
    });
  }

  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return this.run(() => (this.statements.keysByPrefix.all(String(prefix)) as ApiKeyRow[]).map(toApiKey));
  }

  findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.run(() => {
      const row = this.statements.keyById.get(String(id)) as ApiKeyRow | undefined;
      return row ? toApiKey(row) : null;
    });
  }

  listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.run(() =>
      (this.statements.keysByAccount.all(String(accountId)) as ApiKeyRow[]).map(toApiKey),
    );
  }

  revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.run(() => {
      // Only the first revocation sets the time.
      this.statements.revokeKey.run(at.getTime(), String(id));
      const row = this.statements.keyById.get(String(id)) as ApiKeyRow | undefined;
      return row ? toApiKey(row) : null;
    });
  }

  expireApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.run(() => {
      this.statements.expireKey.run(at.getTime(), String(id), at.getTime());
      const row = this.statements.keyById.get(String(id)) as ApiKeyRow | undefined;
      return row ? toApiKey(row) : null;
    });
  }

  touchApiKey(id: string, at: Date): Promise<void> {
    return this.run(() => {
      this.statements.touchKey.run(at.getTime(), String(id), at.getTime());
    });
  }

  saveExplanation(
    accountId: string,
    explanation: NewExplanation,
    options: SaveOptions = {},
  ): Promise<ExplanationRecord> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(withdrawnSave());
    // Encoded now, so the batch's transaction holds the write lock only for the writes.
    const save = encodeSave(explanation);
    return this.saveEncoded(accountId, save, () => !signal?.aborted).then(() =>
      savedRecord(explanation, { id: save.id, accountId, createdAt: save.createdAt }),
    );
  }

  saveEncoded(accountId: string, save: EncodedSave, claim: () => boolean): Promise<void> {
    if (this.closed) return Promise.reject(new StoreUnavailableError('the embedded store is closed'));
    return new Promise((resolve, reject) => {
      this.queuedSaves.push({ accountId, save, claim, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flushSaves());
      }
    });
  }

  listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: PageRequest,
  ): Promise<PageResult<ExplanationSummary>> {
    return this.run(() => {
      const key = filterKey(filter);
      const params = {
        account: String(accountId),
        ...(filter.language !== undefined ? { language: String(filter.language) } : {}),
        ...(filter.mode !== undefined ? { mode: String(filter.mode) } : {}),
      };
      // One read transaction, so the page and the total agree.
      return this.db
        .transaction(() => {
          const rows = (
            page.after
              ? this.statements.pageAfter.get(key)!.all({
                  ...params,
                  limit: page.limit,
                  skip: page.skip,
                  afterCreatedAt: page.after.createdAt.getTime(),
                  afterId: String(page.after.id),
                })
              : this.statements.page.get(key)!.all({ ...params, limit: page.limit, skip: page.skip })
          ) as ExplanationRow[];
          const total = Number((this.statements.total.get(key)!.get(params) as { n: number }).n);
          return { items: rows.map((row) => decodeSummary(fieldsOf(row), row.summary)), total };
        })
        .deferred();
    });
  }

  getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    return this.run(() => {
      const row = this.statements.explanationById.get(String(id), String(accountId)) as
        ExplanationRow | undefined;
      return row ? decodeExplanation(fieldsOf(row), row.summary, row.detail ?? '') : null;
    });
  }

  deleteExplanation(accountId: string, id: string): Promise<boolean> {
    return this.run(() =>
      this.db
        .transaction(() => {
          const removed = this.statements.deleteExplanation.get(String(id), String(accountId)) as
            { language: string; mode: string } | undefined;
          if (!removed) return false;
          this.statements.countDown.run(String(accountId), removed.language, removed.mode);
          return true;
        })
        .immediate(),
    );
  }

  addUsage(increments: readonly UsageIncrement[]): Promise<void> {
    return this.run(() => this.usage.add(increments, Date.now()));
  }

  readUsage(accountId: string, range: UsageRange): Promise<UsageRow[]> {
    return this.run(() => this.usage.read(accountId, range));
  }

  async ping(): Promise<boolean> {
    if (this.closed) return false;
    try {
      return (this.statements.ping.get() as { ok: number } | undefined)?.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Saves already queued are written first: their callers are waiting for them.
    this.flushSaves();
    this.closed = true;
    this.db.close();
  }
}

export interface EmbeddedStoreOptions {
  readonly dataDir: string;
  /** Where the one-time import of an older (NeDB) data folder reports what it did. */
  readonly logger?: Logger;
}

/**
 * Opens (creating if needed) the embedded store in `dataDir`. A folder an
 * older version wrote (NeDB files) is imported on first open.
 */
export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<LocalEmbeddedStore> {
  const dir = resolve(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const db = openDatabase(join(dir, DATABASE_FILE));
  try {
    await importNedbFolder(dir, db, options.logger);
    return new EmbeddedStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}
