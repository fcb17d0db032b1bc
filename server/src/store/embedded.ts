/**
 * The zero-setup store: NeDB datastores (MongoDB-style queries, pure
 * JavaScript, no native build) in a data folder that survives restarts.
 *
 * Files: `accounts.db` and `api-keys.db` (the registry) and `explanations.db`.
 * The server and the admin command are separate processes sharing the
 * registry, while NeDB assumes one process per file (it rewrites a file when
 * it loads it). So every registry access goes through a lock file shared by
 * both processes, and a process reloads the registry whenever its files
 * changed since it last read or wrote them: a key created by the admin
 * command works at once, a revocation within the authentication cache's
 * lifetime. Explanations are written by the one server process using the folder.
 */
import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plan } from '@code-explain/shared';
import nedb from '@seald-io/nedb';
import lockfile from 'proper-lockfile';
import {
  DuplicateEmailError,
  type AccountRecord,
  type ApiKeyRecord,
  type ExplanationFilter,
  type ExplanationRecord,
  type NewAccount,
  type NewApiKey,
  type NewExplanation,
  type Store,
} from './types.js';
import { accountRecord, apiKeyRecord, explanationRecord } from './records.js';

type AccountDoc = Omit<AccountRecord, 'id'>;
type ApiKeyDoc = Omit<ApiKeyRecord, 'id'>;
type ExplanationDoc = Omit<ExplanationRecord, 'id'>;
type Stored<T> = T & { _id: string };

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

// The package is CommonJS whose module.exports is the class, while its typings
// declare an ES default export; under NodeNext the default import is that class.
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

/** The typings give a find's result the wrong shape; these are the documents with their ids. */
async function all<T>(cursor: PromiseLike<unknown>): Promise<Stored<T>[]> {
  return (await cursor) as Stored<T>[];
}

/** Runs tasks one at a time, in order, within this process. */
class Queue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async idle(): Promise<void> {
    await this.tail;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { errorType?: unknown }).errorType === 'uniqueViolated'
  );
}

const toAccount = (doc: Stored<AccountDoc>): AccountRecord => accountRecord(doc._id, doc);
const toApiKey = (doc: Stored<ApiKeyDoc>): ApiKeyRecord => apiKeyRecord(doc._id, doc);
const toExplanation = (doc: Stored<ExplanationDoc>): ExplanationRecord => explanationRecord(doc._id, doc);

async function signatureOf(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.ino}:${s.size}:${s.mtimeMs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}

export interface EmbeddedStoreOptions {
  readonly dataDir: string;
  /**
   * False for the admin command: it touches only the registry, and must not
   * open (and so rewrite) the explanations file a running server appends to.
   */
  readonly explanations?: boolean;
}

/** The folder is already used by another server process. */
export class DataDirInUseError extends Error {
  constructor(dir: string) {
    super(
      `the data folder ${dir} is in use by another server process (one server per data folder; a crashed server's claim lapses after 10 s)`,
    );
    this.name = 'DataDirInUseError';
  }
}

class EmbeddedStore implements Store {
  readonly kind = 'embedded' as const;
  private readonly queue = new Queue();
  /** The registry files as this process last saw them. */
  private seen = '';
  private closed = false;
  /** Releases this process's claim on explanations.db; undefined without explanations. */
  private releaseExplanations: (() => Promise<void>) | undefined;
  private explanationsOpen = false;

  constructor(
    private readonly dir: string,
    private readonly accounts: Datastore<AccountDoc>,
    private readonly keys: Datastore<ApiKeyDoc>,
    private readonly explanations: Datastore<ExplanationDoc>,
  ) {}

  private registrySignature(): Promise<string> {
    return Promise.all([
      signatureOf(join(this.dir, 'accounts.db')),
      signatureOf(join(this.dir, 'api-keys.db')),
    ]).then((parts) => parts.join('|'));
  }

  /** Holds the cross-process registry lock for `task`. */
  private async locked<T>(task: () => Promise<T>): Promise<T> {
    // proper-lockfile tracks its locks by the locked path: each lock needs a path of its own.
    const release = await lockfile.lock(join(this.dir, 'registry'), {
      realpath: false,
      stale: 10_000,
      retries: { retries: 100, minTimeout: 10, maxTimeout: 100 },
    });
    try {
      return await task();
    } finally {
      await release();
    }
  }

  private async reloadIfChanged(): Promise<void> {
    if ((await this.registrySignature()) === this.seen) return;
    await this.accounts.loadDatabaseAsync();
    await this.keys.loadDatabaseAsync();
    // Index definitions live in the files; the first process to open a folder writes them.
    await this.accounts.ensureIndexAsync({ fieldName: 'email', unique: true });
    await this.keys.ensureIndexAsync({ fieldName: 'prefix' });
    await this.keys.ensureIndexAsync({ fieldName: 'accountId' });
    this.seen = await this.registrySignature();
  }

  /** A registry read: reloads first (under the lock) only if another process wrote. */
  private read<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      if ((await this.registrySignature()) !== this.seen) {
        await this.locked(() => this.reloadIfChanged());
      }
      return task();
    });
  }

  /** A registry write: under the lock, on fresh data, noting the files it leaves. */
  private write<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(() =>
      this.locked(async () => {
        await this.reloadIfChanged();
        try {
          return await task();
        } finally {
          this.seen = await this.registrySignature();
        }
      }),
    );
  }

  async load(withExplanations: boolean): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.locked(() => this.reloadIfChanged());
    if (!withExplanations) return;
    try {
      this.releaseExplanations = await lockfile.lock(join(this.dir, 'explanations'), {
        realpath: false,
        // Kept fresh while this process lives; a crashed holder's lock goes stale.
        stale: 10_000,
        update: 3_000,
        // A lock found stale while held (a long pause) is retaken, not fatal to the server.
        onCompromised: () => {
          this.releaseExplanations = undefined;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(this.dir);
      throw error;
    }
    await this.explanations.loadDatabaseAsync();
    await this.explanations.ensureIndexAsync({ fieldName: 'accountId' });
    this.explanationsOpen = true;
  }

  createAccount(account: NewAccount): Promise<AccountRecord> {
    return this.write(async () => {
      try {
        const doc = await this.accounts.insertAsync({ ...account, createdAt: new Date() });
        return toAccount(doc);
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateEmailError(account.email);
        throw error;
      }
    });
  }

  findAccountById(id: string): Promise<AccountRecord | null> {
    return this.read(async () => {
      const doc = await this.accounts.findOneAsync({ _id: String(id) });
      return doc ? toAccount(doc) : null;
    });
  }

  findAccountByEmail(email: string): Promise<AccountRecord | null> {
    return this.read(async () => {
      const doc = await this.accounts.findOneAsync({ email: String(email) });
      return doc ? toAccount(doc) : null;
    });
  }

  setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    return this.write(async () => {
      const { affectedDocuments } = await this.accounts.updateAsync(
        { _id: String(id) },
        { $set: { plan: String(plan) } },
        { returnUpdatedDocs: true },
      );
      return affectedDocuments ? toAccount(affectedDocuments) : null;
    });
  }

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    return this.write(async () => {
      const doc = await this.keys.insertAsync({ ...key, createdAt: new Date(), revokedAt: null });
      return toApiKey(doc);
    });
  }

  findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return this.read(async () => {
      const docs = await all<ApiKeyDoc>(this.keys.findAsync({ prefix: String(prefix) }));
      return docs.map(toApiKey);
    });
  }

  findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    return this.read(async () => {
      const doc = await this.keys.findOneAsync({ _id: String(id) });
      return doc ? toApiKey(doc) : null;
    });
  }

  listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    return this.read(async () => {
      const docs = await all<ApiKeyDoc>(
        this.keys.findAsync({ accountId: String(accountId) }).sort(NEWEST_FIRST),
      );
      return docs.map(toApiKey);
    });
  }

  revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    return this.write(async () => {
      // Only the first revocation sets the time.
      await this.keys.updateAsync({ _id: String(id), revokedAt: null }, { $set: { revokedAt: at } }, {});
      const doc = await this.keys.findOneAsync({ _id: String(id) });
      return doc ? toApiKey(doc) : null;
    });
  }

  /** The explanations datastore, only where this store opened it. */
  private get saved(): Datastore<ExplanationDoc> {
    if (!this.explanationsOpen) {
      throw new Error('this embedded store was opened without explanations');
    }
    return this.explanations;
  }

  async saveExplanation(accountId: string, explanation: NewExplanation): Promise<ExplanationRecord> {
    const doc = await this.saved.insertAsync({
      ...explanation,
      focus: [...explanation.focus],
      accountId,
      createdAt: explanation.createdAt ?? new Date(),
    });
    return toExplanation(doc);
  }

  async listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: { skip: number; limit: number },
  ) {
    const query: Record<string, string> = { accountId: String(accountId) };
    if (filter.language !== undefined) query.language = String(filter.language);
    if (filter.mode !== undefined) query.mode = String(filter.mode);
    const [docs, total] = await Promise.all([
      all<ExplanationDoc>(this.saved.findAsync(query).sort(NEWEST_FIRST).skip(page.skip).limit(page.limit)),
      this.saved.countAsync(query),
    ]);
    return { items: docs.map(toExplanation), total };
  }

  async getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    const doc = await this.saved.findOneAsync({ _id: String(id), accountId: String(accountId) });
    return doc ? toExplanation(doc) : null;
  }

  async deleteExplanation(accountId: string, id: string): Promise<boolean> {
    const removed = await this.saved.removeAsync(
      { _id: String(id), accountId: String(accountId) },
      { multi: false },
    );
    return removed === 1;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.idle();
    if (this.explanationsOpen) {
      this.explanationsOpen = false;
      // Rewrites the file without deleted and superseded lines; only this process writes it.
      await this.explanations.compactDatafileAsync();
    }
    const release = this.releaseExplanations;
    this.releaseExplanations = undefined;
    await release?.().catch(() => undefined);
  }
}

/** Opens (creating if needed) the embedded store in `dataDir`. */
export async function createEmbeddedStore(options: EmbeddedStoreOptions): Promise<Store> {
  const dir = resolve(options.dataDir);
  const store = new EmbeddedStore(
    dir,
    new Datastore<AccountDoc>({ filename: join(dir, 'accounts.db') }),
    new Datastore<ApiKeyDoc>({ filename: join(dir, 'api-keys.db') }),
    new Datastore<ExplanationDoc>({ filename: join(dir, 'explanations.db') }),
  );
  await store.load(options.explanations ?? true);
  return store;
}
