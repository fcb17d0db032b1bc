/**
 * The store on MongoDB through mongoose: one connection of its own (no global
 * mongoose state), three models, and the indexes the queries need. Queries
 * stay within what both MongoDB and FerretDB serve: plain filters, $or,
 * range operators, sort, skip, limit, $in, $inc and $group.
 *
 * The list costs O(log n + page) on MongoDB: every list query is hinted to the
 * index that holds its filter and its sort, a page after a position is an
 * index range that starts at it, and the total is one counter document per
 * account (see COUNTS_COLLECTION), not a count of the records. FerretDB v1
 * serves the same queries correctly but pushes no sort down to its backend,
 * so there a list costs a scan (server/README.md, Storage).
 *
 * A save and its answer agree even when the database stalls: a save is
 * written `pending` and then confirmed `saved` only while still `pending`;
 * if the caller stops waiting first (its answer is an error), the document is
 * deleted as soon as the database answers (an undo starts at once, in the
 * background), and before `ping()` reports it healthy again. A late insert then stays `pending` (invisible, swept after an hour)
 * and a late confirmation finds nothing to confirm.
 *
 * Errors that mean "the database is not answering" (network, server
 * selection, timeouts, a primary stepping down) become StoreUnavailableError;
 * anything else is a bug and stays what it is.
 */
import type { Plan } from '@code-explain/shared';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import {
  accountRecord,
  apiKeyRecord,
  decodeExplanation,
  decodeSummary,
  encodeExplanation,
  legacyContentSchema,
  summaryOf,
  type StoredExplanationFields,
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
  type NewExplanation,
  type PageRequest,
  type PageResult,
  type SaveOptions,
  type Store,
  type UsageIncrement,
  type UsageRange,
  type UsageRow,
} from './types.js';
import { openMongoUsage, type MongoUsage } from './usage-mongo.js';

interface AccountDoc {
  _id: mongoose.Types.ObjectId;
  email: string;
  plan: Plan;
  createdAt: Date;
  passwordHash?: string | null;
}

interface ApiKeyDoc {
  _id: mongoose.Types.ObjectId;
  accountId: string;
  name: string;
  prefix: string;
  hash: string;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt?: Date | null;
  lastUsedAt?: Date | null;
}

/**
 * An explanation as listed: the plain fields and the summary text (records.ts).
 * Its detail text lives in a collection of its own (DetailDoc, same _id), so
 * a list page never reads it, whatever a backend does with projections.
 */
interface ExplanationDoc {
  _id: mongoose.Types.ObjectId;
  accountId: string;
  createdAt: Date;
  language: string;
  mode: string;
  /**
   * `saved` is the only state anyone sees. A save inserts `pending` and then
   * turns it `saved` only if it is still `pending`; a save whose caller gave
   * up is deleted (see `undo`), so a late write can never make it visible.
   * Documents from before this field existed are marked `saved` at start-up.
   */
  state: 'pending' | 'saved';
  summary: string;
}

/** The rest of an explanation (the code, sections, suggestions, per-unit metrics), by the same _id. */
interface DetailDoc {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  detail: string;
}

const DETAILS_COLLECTION = 'explanation_details';

/**
 * One document per account (`_id` is the account id) holding how many saved
 * records it has under each filter of the list: `all`, `l:<language>`,
 * `m:<mode>` and `lm:<language>:<mode>`. A save adds one to its four fields
 * and a delete takes one off, so the total of any page is one read by `_id`
 * (the lookup every backend serves from its primary key) instead of a count
 * that visits every matching record.
 */
const COUNTS_COLLECTION = 'explanation_counts';
/** Present once the counters have been built from the records (databases from before them). */
const COUNTS_BUILT_ID = '$counts-built';
/** Where the last sweep of unfinished saves stopped looking (sweepPending). */
const SWEPT_ID = '$details-swept';

/** `_id` and counters by field name (see counterFields); other fields are the marker's. */
interface CountsDoc {
  _id: string;
}

/** Counter increments gathered for one update, and that update's outcome for whoever added to it. */
interface CounterBatch {
  readonly inc: Record<string, number>;
  readonly written: Promise<void>;
  settle(error?: unknown): void;
}

/** One account's counter updates from this instance: the sum waiting, and the end of what is in flight. */
interface AccountCounting {
  batch: CounterBatch | undefined;
  drained: Promise<void>;
}

function counterBatch(): CounterBatch {
  let settle: (error?: unknown) => void = () => undefined;
  const written = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // Every caller handles the outcome; this keeps a batch nobody awaits from being an unhandled rejection.
  written.catch(() => undefined);
  return { inc: {}, written, settle };
}

/** The default of MongoStoreOptions.undoStepTimeoutMs. */
const UNDO_STEP_TIMEOUT_MS = 5000;

/** True once `work` succeeds, false if `ms` pass first (its later outcome ignored); its failure rejects. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work.then(() => true), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first of a set's items in insertion order, or undefined when it is empty. */
function firstOf<T>(items: ReadonlySet<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}

function counterFields(language: string, mode: string): string[] {
  return ['all', `l:${language}`, `m:${mode}`, `lm:${language}:${mode}`];
}

function counterFieldFor(filter: ExplanationFilter): string {
  if (filter.language !== undefined && filter.mode !== undefined)
    return `lm:${String(filter.language)}:${String(filter.mode)}`;
  if (filter.language !== undefined) return `l:${String(filter.language)}`;
  if (filter.mode !== undefined) return `m:${String(filter.mode)}`;
  return 'all';
}

const accountSchema = new Schema<AccountDoc>(
  {
    email: { type: String, required: true },
    plan: { type: String, required: true },
    createdAt: { type: Date, required: true },
    passwordHash: { type: String, default: null },
  },
  { collection: 'accounts', versionKey: false },
);
accountSchema.index({ email: 1 }, { unique: true });

const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    accountId: { type: String, required: true },
    name: { type: String, required: true },
    prefix: { type: String, required: true },
    hash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
  },
  { collection: 'api_keys', versionKey: false },
);
// Authentication looks keys up by prefix; the admin command lists an account's keys.
apiKeySchema.index({ prefix: 1 });
apiKeySchema.index({ accountId: 1, createdAt: -1 });

const explanationSchema = new Schema<ExplanationDoc>(
  {
    accountId: { type: String, required: true },
    createdAt: { type: Date, required: true },
    language: { type: String, required: true },
    mode: { type: String, required: true },
    state: { type: String, required: true },
    summary: { type: String, required: true },
  },
  { collection: 'explanations', versionKey: false },
);
// One index per filter combination of the list query, each ending in its sort
// (createdAt, then _id as the tie-breaker), so no query sorts in memory; the
// list query names its index (hint), so MongoDB's planner cannot pick another.
const LIST_INDEXES = {
  all: { accountId: 1, state: 1, createdAt: -1, _id: -1 },
  language: { accountId: 1, state: 1, language: 1, createdAt: -1, _id: -1 },
  mode: { accountId: 1, state: 1, mode: 1, createdAt: -1, _id: -1 },
  both: { accountId: 1, state: 1, language: 1, mode: 1, createdAt: -1, _id: -1 },
} as const;
for (const key of Object.values(LIST_INDEXES)) explanationSchema.index(key);

/** The index that serves a list with this filter. */
export function listIndexFor(filter: ExplanationFilter): (typeof LIST_INDEXES)[keyof typeof LIST_INDEXES] {
  if (filter.language !== undefined && filter.mode !== undefined) return LIST_INDEXES.both;
  if (filter.language !== undefined) return LIST_INDEXES.language;
  if (filter.mode !== undefined) return LIST_INDEXES.mode;
  return LIST_INDEXES.all;
}
// The sweep of saves that never completed.
explanationSchema.index({ state: 1, createdAt: 1 });

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;
/** Saves that never completed are removed after this long. */
const PENDING_SWEEP_AGE_MS = 60 * 60 * 1000;

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** Server error codes that mean "not now" rather than "wrong": elections, shutdowns, interruptions. */
const TRANSIENT_SERVER_CODES = new Set([
  6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436, 50, 202,
]);

/** Whether an error means the database did not answer, rather than that the request was wrong. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MongoServerError') {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'number' && TRANSIENT_SERVER_CODES.has(code);
  }
  // Network, selection, timeout, pool and topology errors of the driver, and mongoose's
  // refusal to run without a connection.
  return (
    /^Mongo|^MongooseServerSelectionError$/.test(error.name) ||
    /buffering timed out|initial connection/.test(error.message)
  );
}

function unavailable(error: unknown): never {
  if (isUnavailable(error)) {
    throw new StoreUnavailableError(`MongoDB did not answer: ${(error as Error).message}`, { cause: error });
  }
  throw error;
}

/**
 * The list's filter: the account's saved records, of the language and mode
 * asked for, and, after a position, strictly older in list order. The
 * position's bound is on createdAt (an index range that starts at it) with
 * the _id tie-break as a filter on the index's own keys.
 */
export function listQuery(
  accountId: string,
  filter: ExplanationFilter,
  page: Pick<PageRequest, 'after'>,
): Record<string, unknown> {
  // Values are validated enums by now; String() keeps them plain strings regardless.
  const query: Record<string, unknown> = { accountId: String(accountId), state: 'saved' };
  if (filter.language !== undefined) query.language = String(filter.language);
  if (filter.mode !== undefined) query.mode = String(filter.mode);
  const after = page.after;
  if (after !== undefined) {
    const at = new Date(after.createdAt.getTime());
    if (OBJECT_ID.test(after.id)) {
      query.createdAt = { $lte: at };
      query.$or = [{ createdAt: { $lt: at } }, { _id: { $lt: new mongoose.Types.ObjectId(after.id) } }];
    } else {
      // Not one of ours (ids here are ObjectIds): everything older than its time.
      query.createdAt = { $lt: at };
    }
  }
  return query;
}

const toAccount = (doc: AccountDoc): AccountRecord => accountRecord(doc._id.toHexString(), doc);
const toApiKey = (doc: ApiKeyDoc): ApiKeyRecord => apiKeyRecord(doc._id.toHexString(), doc);

/** A stored explanation, new or legacy, as read. */
type ReadDoc = Omit<ExplanationDoc, 'summary'> & {
  summary?: unknown;
  [field: string]: unknown;
};

function fieldsOf(doc: ReadDoc): StoredExplanationFields {
  return {
    id: doc._id.toHexString(),
    accountId: doc.accountId,
    createdAt: doc.createdAt,
    language: doc.language,
    mode: doc.mode,
  };
}

/** A document written before summary/detail existed: every field of the record at top level. */
function legacyRecord(doc: ReadDoc): ExplanationRecord {
  const body = legacyContentSchema.parse(doc);
  const { id, accountId, createdAt, language, mode } = decodeSummary(
    fieldsOf(doc),
    JSON.stringify({
      audience: body.audience,
      focus: body.focus,
      codePreview: '',
      codeLines: 0,
      explanation: body.explanation,
      suggestionCount: 0,
      metadata: body.metadata,
    }),
  );
  return {
    id,
    accountId,
    createdAt,
    language,
    mode,
    audience: body.audience,
    focus: body.focus,
    code: body.code,
    explanation: body.explanation,
    sections: body.sections,
    suggestions: body.suggestions,
    metadata: body.metadata,
  };
}

const isLegacy = (doc: ReadDoc): boolean => typeof doc.summary !== 'string';

function toSummary(doc: ReadDoc): ExplanationSummary {
  if (isLegacy(doc)) return summaryOf(legacyRecord(doc));
  return decodeSummary(fieldsOf(doc), doc.summary as string);
}

export interface MongoStoreOptions {
  readonly uri: string;
  /** Overrides the database named in the URI (tests use one per run). */
  readonly dbName?: string;
  readonly serverSelectionTimeoutMS?: number;
  /**
   * How long one abandoned save's deletes may take before the undo under way is
   * given up and left for the next ping to start again (default 5 s).
   */
  readonly undoStepTimeoutMs?: number;
}

/** The database a URI names, or our default when it names none. */
export function databaseNameOf(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : 'code_explain';
}

class MongoStore implements Store {
  readonly kind = 'mongodb' as const;
  /** Ids of saves whose callers gave up: deleted before the store reports healthy again. */
  private readonly undo = new Set<string>();
  /** Ids of this instance's saves under way, which the sweep of unfinished saves leaves alone. */
  private readonly saving = new Set<string>();
  /** The undo under way (undoAbandoned), which a ping that comes meanwhile joins. */
  private undoing: Promise<boolean> | undefined;
  /** Each account's last counter update from this instance, so the next one waits for it. */
  private readonly counting = new Map<string, AccountCounting>();
  private closed = false;
  /** The sweep started when the store opened (createMongoStore), settled; for tests. */
  swept: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly connection: Connection,
    private readonly accounts: Model<AccountDoc>,
    private readonly keys: Model<ApiKeyDoc>,
    private readonly explanations: Model<ExplanationDoc>,
    private readonly usage: MongoUsage,
    private readonly undoStepTimeoutMs: number,
  ) {}

  async createAccount(account: NewAccount): Promise<AccountRecord> {
    try {
      const doc = await this.accounts.create({
        email: account.email,
        plan: account.plan,
        passwordHash: account.passwordHash ?? null,
        createdAt: new Date(),
      });
      return toAccount(doc.toObject());
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateEmailError(account.email);
      return unavailable(error);
    }
  }

  async findAccountById(id: string): Promise<AccountRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.accounts.findById(id).lean<AccountDoc>().catch(unavailable);
    return doc ? toAccount(doc) : null;
  }

  async findAccountByEmail(email: string): Promise<AccountRecord | null> {
    const doc = await this.accounts
      .findOne({ email: String(email) })
      .lean<AccountDoc>()
      .catch(unavailable);
    return doc ? toAccount(doc) : null;
  }

  async setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.accounts
      .findByIdAndUpdate(id, { $set: { plan: String(plan) } }, { returnDocument: 'after' })
      .lean<AccountDoc>()
      .catch(unavailable);
    return doc ? toAccount(doc) : null;
  }

  async setAccountPassword(id: string, passwordHash: string): Promise<AccountRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.accounts
      .findByIdAndUpdate(id, { $set: { passwordHash: String(passwordHash) } }, { returnDocument: 'after' })
      .lean<AccountDoc>()
      .catch(unavailable);
    return doc ? toAccount(doc) : null;
  }

  async createApiKey(key: {
    accountId: string;
    name: string;
    prefix: string;
    hash: string;
  }): Promise<ApiKeyRecord> {
    const doc = await this.keys.create({ ...key, createdAt: new Date(), revokedAt: null }).catch(unavailable);
    return toApiKey(doc.toObject());
  }

  async findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    const docs = await this.keys
      .find({ prefix: String(prefix) })
      .lean<ApiKeyDoc[]>()
      .catch(unavailable);
    return docs.map(toApiKey);
  }

  async findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.keys.findById(id).lean<ApiKeyDoc>().catch(unavailable);
    return doc ? toApiKey(doc) : null;
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const docs = await this.keys
      .find({ accountId: String(accountId) })
      .sort(NEWEST_FIRST)
      .lean<ApiKeyDoc[]>()
      .catch(unavailable);
    return docs.map(toApiKey);
  }

  async revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    // Only the first revocation sets the time.
    await this.keys.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } }).catch(unavailable);
    return this.findApiKeyById(id);
  }

  async expireApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    // A grace period only ever shortens: a key that already ends sooner keeps its end.
    await this.keys
      .updateOne(
        { _id: id, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: at } }] },
        { $set: { expiresAt: at } },
      )
      .catch(unavailable);
    return this.findApiKeyById(id);
  }

  async touchApiKey(id: string, at: Date): Promise<void> {
    if (!OBJECT_ID.test(id)) return;
    await this.keys
      .updateOne(
        { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: at } }] },
        { $set: { lastUsedAt: at } },
      )
      .catch(unavailable);
  }

  async saveExplanation(
    accountId: string,
    explanation: NewExplanation,
    options: SaveOptions = {},
  ): Promise<ExplanationRecord> {
    const { signal } = options;
    const _id = new mongoose.Types.ObjectId();
    const id = _id.toHexString();
    const createdAt = explanation.createdAt ?? new Date();
    const { summary, detail } = encodeExplanation(explanation);
    const details = this.connection.collection<DetailDoc>(DETAILS_COLLECTION);
    let confirmed = false;
    // The caller gave up (its answer is an error): whatever reached the database must not stay visible.
    // The undo starts now, in the background: a database that is only slow answers it while it serves,
    // and one that stopped has it done before a ping calls it healthy again.
    const giveUp = () => {
      if (confirmed) return;
      this.undo.add(id);
      void this.undoAbandoned().catch(() => undefined);
    };
    const stillWanted = () => {
      if (signal?.aborted) throw new StoreUnavailableError('the request ended before its save completed');
    };
    signal?.addEventListener('abort', giveUp, { once: true });
    this.saving.add(id);
    try {
      stillWanted();
      const fields = { _id, accountId, createdAt, language: explanation.language, mode: explanation.mode };
      // Pending first: if anything after it fails, the start-up sweep finds the pair by it.
      await this.explanations.collection.insertOne({ ...fields, state: 'pending', summary });
      stillWanted();
      await details.insertOne({ _id, createdAt, detail });
      stillWanted();
      const confirmation = await this.explanations.collection.updateOne(
        { _id, state: 'pending' },
        { $set: { state: 'saved' } },
      );
      stillWanted();
      if (confirmation.modifiedCount !== 1)
        throw new Error(`the pending save ${id} was not found to confirm`);
      confirmed = true;
      // The record is visible from here on, so nothing after this may hold the
      // answer: a counter update that hangs (the database froze just now) would
      // let the caller time out and answer 503 for a record that stays saved.
      // Best effort: a counter that misses this is bounded by what pages show (listExplanations).
      void this.count(accountId, explanation.language, explanation.mode, 1).catch(() => undefined);
      return savedRecord(explanation, { id, accountId, createdAt });
    } catch (error) {
      giveUp();
      return unavailable(error);
    } finally {
      signal?.removeEventListener('abort', giveUp);
      this.saving.delete(id);
    }
  }

  /**
   * Adds `by` to the account's four counters of this language and mode. One
   * account's updates leave this instance one at a time: MongoDB applies
   * `$inc` atomically, but FerretDB applies concurrent updates of one document
   * as read-modify-write and loses some (see usage-mongo.ts). What comes while
   * one is in flight is summed into the next, so an account saving faster than
   * its database applies updates costs one update in flight and one sum
   * waiting, not a queue that grows with every save (on FerretDB it grew by
   * thousands and held the store's close for minutes). Across instances on
   * FerretDB a counter can still drift; listExplanations bounds it.
   */
  private count(accountId: string, language: string, mode: string, by: 1 | -1): Promise<void> {
    const key = String(accountId);
    let state = this.counting.get(key);
    const idle = state === undefined;
    if (!state) {
      state = { batch: undefined, drained: Promise.resolve() };
      this.counting.set(key, state);
    }
    const batch = (state.batch ??= counterBatch());
    for (const field of counterFields(language, mode)) batch.inc[field] = (batch.inc[field] ?? 0) + by;
    if (idle) state.drained = this.writeCounts(key, state);
    return batch.written;
  }

  /** Sends the account's gathered increments, one update at a time, until none is left. */
  private async writeCounts(key: string, state: AccountCounting): Promise<void> {
    for (let batch = state.batch; batch !== undefined; batch = state.batch) {
      state.batch = undefined;
      const inc = Object.fromEntries(Object.entries(batch.inc).filter(([, by]) => by !== 0));
      const update = () => this.counts().updateOne({ _id: key }, { $inc: inc }, { upsert: true });
      try {
        if (Object.keys(inc).length > 0)
          // Another instance's upsert made the document first: it exists now, so once more updates it.
          await update().catch((error: unknown) =>
            isDuplicateKey(error) ? update() : Promise.reject(error),
          );
        batch.settle();
      } catch (error) {
        batch.settle(error);
      }
    }
    this.counting.delete(key);
  }

  async listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: PageRequest,
  ): Promise<PageResult<ExplanationSummary>> {
    // This instance's own counter updates for the account land first, so a list
    // right after a save or delete counts it (it never rejects; the guard bounds the wait).
    await this.counting.get(String(accountId))?.drained;
    const [docs, counts] = await Promise.all([
      this.explanations.collection
        .find<ReadDoc>(listQuery(accountId, filter, page), {
          sort: NEWEST_FIRST,
          hint: listIndexFor(filter),
          skip: page.skip,
          limit: page.limit,
        })
        .toArray(),
      this.counts().findOne({ _id: String(accountId) }),
    ]).catch(unavailable);
    const counted = (counts as Record<string, unknown> | null)?.[counterFieldFor(filter)];
    let total = typeof counted === 'number' ? Math.max(0, counted) : 0;
    // A counter can drift when a save or delete fails between its writes; what a
    // page shows bounds it, so a page and its total never contradict each other.
    if (page.after !== undefined) total = Math.max(total, docs.length);
    else if (docs.length === 0)
      total = Math.min(total, page.skip); // the end is before this page
    else if (docs.length < page.limit)
      total = page.skip + docs.length; // the end is on this page
    else total = Math.max(total, page.skip + docs.length);
    return { items: docs.map(toSummary), total };
  }

  async getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.explanations
      .findOne({ _id: id, accountId: String(accountId), state: 'saved' })
      .lean<ReadDoc>()
      .catch(unavailable);
    if (!doc) return null;
    if (isLegacy(doc)) return legacyRecord(doc);
    const detail = await this.details().findOne({ _id: doc._id }).catch(unavailable);
    return decodeExplanation(fieldsOf(doc), doc.summary as string, detail?.detail ?? '');
  }

  async deleteExplanation(accountId: string, id: string): Promise<boolean> {
    if (!OBJECT_ID.test(id)) return false;
    const removed = await this.explanations.collection
      // No projection: FerretDB v1's findAndModify does not take one.
      .findOneAndDelete({
        _id: new mongoose.Types.ObjectId(id),
        accountId: String(accountId),
        state: 'saved',
      })
      .catch(unavailable);
    if (!removed) return false;
    // The record is gone for everyone from here on; as in saveExplanation, what
    // follows must not hold the answer, or a hang here would answer 503 for a delete that happened.
    // Best effort: a counter that misses this is bounded by what pages show (listExplanations).
    void this.count(accountId, String(removed.language), String(removed.mode), -1).catch(() => undefined);
    // Its detail follows now or, if that fails, at the next ping.
    void this.details()
      .deleteOne({ _id: new mongoose.Types.ObjectId(id) })
      .catch(() => this.undo.add(id));
    return true;
  }

  private details() {
    return this.connection.collection<DetailDoc>(DETAILS_COLLECTION);
  }

  private counts() {
    return this.connection.collection<CountsDoc>(COUNTS_COLLECTION);
  }

  /**
   * Builds the counters from the saved records, once per database (one made
   * before the counters existed); afterwards saves and deletes keep them.
   */
  async buildCounts(): Promise<void> {
    if (await this.counts().findOne({ _id: COUNTS_BUILT_ID })) return;
    const groups = await this.explanations.collection
      .aggregate<{ _id: { accountId: string; language: string; mode: string }; n: number }>([
        { $match: { state: 'saved' } },
        {
          $group: { _id: { accountId: '$accountId', language: '$language', mode: '$mode' }, n: { $sum: 1 } },
        },
      ])
      .toArray();
    const byAccount = new Map<string, Record<string, number>>();
    for (const { _id, n } of groups) {
      const fields = byAccount.get(_id.accountId) ?? {};
      for (const field of counterFields(_id.language, _id.mode)) fields[field] = (fields[field] ?? 0) + n;
      byAccount.set(_id.accountId, fields);
    }
    // Instances that start together may all build; they write the same counts, and
    // the loser of an upsert race finds the document the winner wrote.
    const ignoreRace = (error: unknown) => {
      if (!isDuplicateKey(error)) throw error;
    };
    for (const [accountId, fields] of byAccount)
      await this.counts().replaceOne({ _id: accountId }, fields, { upsert: true }).catch(ignoreRace);
    await this.counts()
      .updateOne({ _id: COUNTS_BUILT_ID }, { $set: { at: new Date().toISOString() } }, { upsert: true })
      .catch(ignoreRace);
  }

  /**
   * Deletes the saves whose callers gave up (and deleted records' details); true when none is left.
   * One run at a time, which later callers join: the guard pings a struggling database every half
   * second and gives up on each ping long before a slow database finishes a long undo, and every
   * ping starting its own pass sent the same deletes again, adding to the load it was waiting out.
   */
  private undoAbandoned(): Promise<boolean> {
    this.undoing ??= this.undoEach().finally(() => {
      this.undoing = undefined;
    });
    return this.undoing;
  }

  private async undoEach(): Promise<boolean> {
    // One id at a time, by _id equality: the lookup every backend serves from its primary key.
    // Ids added meanwhile are undone in the same run.
    for (let id = firstOf(this.undo); id !== undefined; id = firstOf(this.undo)) {
      const _id = new mongoose.Types.ObjectId(id);
      const step = (async () => {
        await this.explanations.collection.deleteOne({ _id });
        await this.details().deleteOne({ _id });
      })();
      // A delete the database never answers must not hold every later ping: past the limit this run
      // ends, the id stays, and the next ping starts over (deleting twice is harmless).
      if (!(await settlesWithin(step, this.undoStepTimeoutMs))) return false;
      this.undo.delete(id);
    }
    return true;
  }

  /**
   * Removes what saves that never completed left behind (a process that died
   * between the writes, or a write that landed after its save was undone):
   * pending records older than an hour with their details, and details of that
   * age whose record does not exist. Details are checked only from where the
   * last sweep stopped (a marker in the counters' collection), so a sweep
   * costs the records saved since, not the whole history; a database's first
   * sweep sets the marker without looking back (an orphan detail is never
   * read, only stored). Each pass reads its candidates once, without a sort,
   * and checks or deletes by `_id` equality, the lookup every backend serves
   * from its primary key: FerretDB sorts and matches `$in` outside its
   * indexes, which made a batched sweep re-read 100,000 records hundreds of times.
   * Stops early, leaving the rest to the next sweep, once the store closes.
   */
  async sweepPending(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - PENDING_SWEEP_AGE_MS);
    let removed = 0;
    const pending = this.explanations.collection.find(
      { state: 'pending', createdAt: { $lt: before } },
      { projection: { _id: 1 } },
    );
    for await (const { _id } of pending) {
      if (this.closed) return removed;
      // A save under way here is pending until its confirmation, whatever the age its caller gave it.
      if (this.saving.has(String(_id))) continue;
      removed += (await this.explanations.collection.deleteOne({ _id, state: 'pending' })).deletedCount;
      await this.details().deleteOne({ _id });
    }

    const marker = await this.counts().findOne({ _id: SWEPT_ID });
    const from = (marker as { until?: unknown } | null)?.until;
    if (from instanceof Date && from < before) {
      const recent = this.details().find(
        { createdAt: { $gte: from, $lt: before } },
        { projection: { _id: 1 } },
      );
      for await (const { _id } of recent) {
        if (this.closed) return removed;
        if (await this.explanations.collection.findOne({ _id }, { projection: { _id: 1 } })) continue;
        removed += (await this.details().deleteOne({ _id })).deletedCount;
      }
    }
    if (!(from instanceof Date) || from < before)
      await this.counts().updateOne({ _id: SWEPT_ID }, { $set: { until: before } }, { upsert: true });
    return removed;
  }

  /** Abandoned saves held for undoing (for tests and health). */
  get pendingUndo(): number {
    return this.undo.size;
  }

  async addUsage(increments: readonly UsageIncrement[]): Promise<void> {
    await this.usage.add(increments, Date.now()).catch(unavailable);
  }

  async readUsage(accountId: string, range: UsageRange): Promise<UsageRow[]> {
    return this.usage.read(accountId, range).catch(unavailable);
  }

  async ping(): Promise<boolean> {
    try {
      const db = this.connection.db;
      if (!db) return false;
      await db.admin().ping();
      return await this.undoAbandoned();
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.swept;
    await Promise.all([...this.counting.values()].map((state) => state.drained));
    await this.undoAbandoned().catch(() => undefined);
    await this.connection.close();
  }
}

/** Connects, builds the indexes, and returns the store; fails if MongoDB cannot be reached. */
export async function createMongoStore(options: MongoStoreOptions): Promise<Store> {
  const connection = mongoose.createConnection(options.uri, {
    dbName: options.dbName ?? databaseNameOf(options.uri),
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
    // A connection stuck on a frozen server is given up eventually (requests have
    // long been answered by then: see guard.ts), so the pool does not fill with them.
    socketTimeoutMS: 30_000,
    // Fail fast instead of queueing requests while the database is away.
    bufferCommands: false,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    await connection.asPromise();
    const accounts = connection.model<AccountDoc>('Account', accountSchema);
    const keys = connection.model<ApiKeyDoc>('ApiKey', apiKeySchema);
    const explanations = connection.model<ExplanationDoc>('Explanation', explanationSchema);
    await Promise.all([accounts.createIndexes(), keys.createIndexes(), explanations.createIndexes()]);
    await connection.collection(DETAILS_COLLECTION).createIndex({ createdAt: 1 });
    // Documents from before the save protocol are complete saves. Once per database, with the counters'
    // build after it: an update that matches nothing still reads every record on FerretDB.
    if (!(await connection.collection<CountsDoc>(COUNTS_COLLECTION).findOne({ _id: COUNTS_BUILT_ID })))
      await explanations.collection.updateMany({ state: { $exists: false } }, { $set: { state: 'saved' } });
    const usage = await openMongoUsage(connection);
    const store = new MongoStore(
      connection,
      accounts,
      keys,
      explanations,
      usage,
      options.undoStepTimeoutMs ?? UNDO_STEP_TIMEOUT_MS,
    );
    await store.buildCounts();
    // Housekeeping, not a condition of serving: the start does not wait for it, and one that fails
    // (the database went away meanwhile) is tried again at the next start.
    store.swept = store.sweepPending().catch(() => 0);
    return store;
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
