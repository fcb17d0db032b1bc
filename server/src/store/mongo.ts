/**
 * The store on MongoDB through mongoose: one connection of its own (no global
 * mongoose state), three models, and the indexes the queries need. Queries
 * stay within what both MongoDB and FerretDB serve: plain filters, sort, skip,
 * limit and countDocuments.
 */
import type { Plan } from '@code-explain/shared';
import mongoose, { Schema, type Connection, type Model } from 'mongoose';
import {
  DuplicateEmailError,
  type AccountRecord,
  type ApiKeyRecord,
  type ExplanationFilter,
  type ExplanationRecord,
  type NewExplanation,
  type Store,
} from './types.js';
import { accountRecord, apiKeyRecord, explanationRecord } from './records.js';

interface AccountDoc {
  _id: mongoose.Types.ObjectId;
  email: string;
  plan: Plan;
  createdAt: Date;
}

interface ApiKeyDoc {
  _id: mongoose.Types.ObjectId;
  accountId: string;
  name: string;
  prefix: string;
  hash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

type ExplanationDoc = Omit<ExplanationRecord, 'id'> & { _id: mongoose.Types.ObjectId };

const accountSchema = new Schema<AccountDoc>(
  {
    email: { type: String, required: true },
    plan: { type: String, required: true },
    createdAt: { type: Date, required: true },
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
    audience: { type: String, required: true },
    focus: { type: [String], default: [] },
    code: { type: String, required: true },
    explanation: { type: String, required: true },
    // The engine's loose objects are kept as they are, later fields included.
    sections: { type: Schema.Types.Mixed, required: true },
    suggestions: { type: Schema.Types.Mixed, required: true },
    metadata: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'explanations', versionKey: false, minimize: false },
);
// One index per filter combination of the list query, each ending in its sort
// (createdAt, then _id as the tie-breaker), so no query sorts in memory.
explanationSchema.index({ accountId: 1, createdAt: -1, _id: -1 });
explanationSchema.index({ accountId: 1, language: 1, createdAt: -1, _id: -1 });
explanationSchema.index({ accountId: 1, mode: 1, createdAt: -1, _id: -1 });
explanationSchema.index({ accountId: 1, language: 1, mode: 1, createdAt: -1, _id: -1 });

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

const toAccount = (doc: AccountDoc): AccountRecord => accountRecord(doc._id.toHexString(), doc);
const toApiKey = (doc: ApiKeyDoc): ApiKeyRecord => apiKeyRecord(doc._id.toHexString(), doc);
const toExplanation = (doc: ExplanationDoc): ExplanationRecord =>
  explanationRecord(doc._id.toHexString(), doc);

function timeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface MongoStoreOptions {
  readonly uri: string;
  /** Overrides the database named in the URI (tests use one per run). */
  readonly dbName?: string;
  readonly serverSelectionTimeoutMS?: number;
}

/** The database a URI names, or our default when it names none. */
export function databaseNameOf(uri: string): string {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]*\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : 'code_explain';
}

class MongoStore implements Store {
  readonly kind = 'mongodb' as const;

  constructor(
    private readonly connection: Connection,
    private readonly accounts: Model<AccountDoc>,
    private readonly keys: Model<ApiKeyDoc>,
    private readonly explanations: Model<ExplanationDoc>,
  ) {}

  async createAccount(account: { email: string; plan: Plan }): Promise<AccountRecord> {
    try {
      const doc = await this.accounts.create({ ...account, createdAt: new Date() });
      return toAccount(doc.toObject());
    } catch (error) {
      if (isDuplicateKey(error)) throw new DuplicateEmailError(account.email);
      throw error;
    }
  }

  async findAccountById(id: string): Promise<AccountRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.accounts.findById(id).lean<AccountDoc>();
    return doc ? toAccount(doc) : null;
  }

  async findAccountByEmail(email: string): Promise<AccountRecord | null> {
    const doc = await this.accounts.findOne({ email: String(email) }).lean<AccountDoc>();
    return doc ? toAccount(doc) : null;
  }

  async setAccountPlan(id: string, plan: Plan): Promise<AccountRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.accounts
      .findByIdAndUpdate(id, { $set: { plan: String(plan) } }, { returnDocument: 'after' })
      .lean<AccountDoc>();
    return doc ? toAccount(doc) : null;
  }

  async createApiKey(key: {
    accountId: string;
    name: string;
    prefix: string;
    hash: string;
  }): Promise<ApiKeyRecord> {
    const doc = await this.keys.create({ ...key, createdAt: new Date(), revokedAt: null });
    return toApiKey(doc.toObject());
  }

  async findApiKeysByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    const docs = await this.keys.find({ prefix: String(prefix) }).lean<ApiKeyDoc[]>();
    return docs.map(toApiKey);
  }

  async findApiKeyById(id: string): Promise<ApiKeyRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.keys.findById(id).lean<ApiKeyDoc>();
    return doc ? toApiKey(doc) : null;
  }

  async listApiKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const docs = await this.keys
      .find({ accountId: String(accountId) })
      .sort(NEWEST_FIRST)
      .lean<ApiKeyDoc[]>();
    return docs.map(toApiKey);
  }

  async revokeApiKey(id: string, at: Date): Promise<ApiKeyRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    // Only the first revocation sets the time.
    await this.keys.updateOne({ _id: id, revokedAt: null }, { $set: { revokedAt: at } });
    return this.findApiKeyById(id);
  }

  async saveExplanation(accountId: string, explanation: NewExplanation): Promise<ExplanationRecord> {
    const doc = await this.explanations.create({
      ...explanation,
      focus: [...explanation.focus],
      accountId,
      createdAt: explanation.createdAt ?? new Date(),
    });
    return toExplanation(doc.toObject());
  }

  async listExplanations(
    accountId: string,
    filter: ExplanationFilter,
    page: { skip: number; limit: number },
  ) {
    // Values are validated enums by now; String() keeps them plain strings regardless.
    const query: Record<string, string> = { accountId: String(accountId) };
    if (filter.language !== undefined) query.language = String(filter.language);
    if (filter.mode !== undefined) query.mode = String(filter.mode);
    const [docs, total] = await Promise.all([
      this.explanations
        .find(query)
        .setOptions({ sanitizeFilter: true })
        .sort(NEWEST_FIRST)
        .skip(page.skip)
        .limit(page.limit)
        .lean<ExplanationDoc[]>(),
      this.explanations.countDocuments(query).setOptions({ sanitizeFilter: true }),
    ]);
    return { items: docs.map(toExplanation), total };
  }

  async getExplanation(accountId: string, id: string): Promise<ExplanationRecord | null> {
    if (!OBJECT_ID.test(id)) return null;
    const doc = await this.explanations
      .findOne({ _id: id, accountId: String(accountId) })
      .lean<ExplanationDoc>();
    return doc ? toExplanation(doc) : null;
  }

  async deleteExplanation(accountId: string, id: string): Promise<boolean> {
    if (!OBJECT_ID.test(id)) return false;
    const result = await this.explanations.deleteOne({ _id: id, accountId: String(accountId) });
    return result.deletedCount === 1;
  }

  async ping(): Promise<boolean> {
    try {
      const db = this.connection.db;
      if (!db) return false;
      await timeout(db.admin().ping(), 2000);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}

/** Connects, builds the indexes, and returns the store; fails if MongoDB cannot be reached. */
export async function createMongoStore(options: MongoStoreOptions): Promise<Store> {
  const connection = mongoose.createConnection(options.uri, {
    dbName: options.dbName ?? databaseNameOf(options.uri),
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
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
    return new MongoStore(connection, accounts, keys, explanations);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
}
