/**
 * Real servers for the HTTP tests: createApp() with a real store (FerretDB
 * through mongoose, or the embedded store in a temporary folder), a real
 * limiter (Redis or koa-ratelimit's memory driver) and the real engine in its
 * worker pool, listening on 127.0.0.1 with an ephemeral port. Logs are
 * captured so tests can read them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Plan } from '@code-explain/shared';
import mongoose from 'mongoose';
import { buildClientBundle, type ClientBundle } from '../../../src/dashboard/bundle.js';
import { createApp } from '../../../src/app.js';
import type { ResultCache } from '../../../src/cache/result-cache.js';
import type { Config } from '../../../src/config.js';
import type { Engine } from '../../../src/engine/engine.js';
import { createEnginePool, type EnginePool } from '../../../src/engine/pool/pool.js';
import { createHttpServer, type ServerTls } from '../../../src/http/server.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../../../src/limits/limiter.js';
import { createLogger, type Logger } from '../../../src/logging.js';
import { createAccountService } from '../../../src/service/accounts.js';
import { createRedisStore, type ExpiringStore } from '../../../src/sessions/kv.js';
import { createEmbeddedStore } from '../../../src/store/embedded.js';
import { guardStore } from '../../../src/store/guard.js';
import { createMongoStore } from '../../../src/store/mongo.js';
import type { Store } from '../../../src/store/types.js';
import type { UsageRecorder } from '../../../src/usage/recorder.js';
import { serviceUrls, testNamespace } from './environment.js';

export type Backend = 'mongo+redis' | 'embedded+memory';
export const BACKENDS: readonly Backend[] = ['mongo+redis', 'embedded+memory'];

export const GENEROUS_QUOTAS = { pro: 100_000, enterprise: 100_000 } as const;

/** The store and its cleanup: a database dropped, or a folder removed. */
export interface StoreHandle {
  readonly store: Store;
  /** Embedded only: the data folder. */
  readonly dataDir?: string;
  /** Mongo only: the database name and URI. */
  readonly mongo?: { readonly uri: string; readonly dbName: string };
  dispose(): Promise<void>;
}

/** As in production (store/open.ts): every operation bounded in time, fail fast while down. */
const guarded = (store: Store) => guardStore(store, { timeoutMs: 5000 });

export async function openTestStore(kind: 'mongo' | 'embedded', label: string): Promise<StoreHandle> {
  if (kind === 'mongo') {
    const { mongoUri } = serviceUrls();
    const { dbName } = testNamespace(label);
    const store = guarded(await createMongoStore({ uri: mongoUri, dbName }));
    return {
      store,
      mongo: { uri: mongoUri, dbName },
      async dispose() {
        await store.close().catch(() => undefined);
        await dropDatabase(mongoUri, dbName);
      },
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), `cex-${label}-`));
  const store = guarded(await createEmbeddedStore({ dataDir }));
  return {
    store,
    dataDir,
    async dispose() {
      await store.close().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second connection to the store `handle` opened, as another instance of the service would open it. */
export async function openAnotherStore(handle: StoreHandle): Promise<Store> {
  const store = handle.mongo
    ? await createMongoStore({ uri: handle.mongo.uri, dbName: handle.mongo.dbName })
    : await createEmbeddedStore({ dataDir: handle.dataDir! });
  return guarded(store);
}

export async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const connection = await mongoose
    .createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}

/** The URI with its database path set, for child processes that take only MONGODB_URI. */
export function uriWithDatabase(uri: string, dbName: string): string {
  const match = /^(mongodb(?:\+srv)?:\/\/[^/?]+)(\/[^?]*)?(\?.*)?$/.exec(uri);
  if (!match) throw new Error(`cannot add a database to ${uri}`);
  return `${match[1]}/${dbName}${match[3] ?? ''}`;
}

export interface LimiterOptions {
  readonly quotas?: { pro: number; enterprise: number };
  readonly windowMs?: number;
  /** Redis only: share counters between instances by sharing this. */
  readonly namespace?: string;
  /** Redis only: another server than the suite's (one a test stops and freezes). */
  readonly redisUrl?: string;
  /** Redis only: where switches to and from memory are logged (silent by default). */
  readonly logger?: Logger;
  readonly timeoutMs?: number;
}

export async function openTestLimiter(
  kind: 'redis' | 'memory',
  options: LimiterOptions = {},
): Promise<RateLimiter> {
  const base = { quotas: options.quotas ?? GENEROUS_QUOTAS, windowMs: options.windowMs };
  if (kind === 'memory') return createMemoryRateLimiter(base);
  return createRedisRateLimiter({
    ...base,
    url: options.redisUrl ?? serviceUrls().redisUrl,
    namespace: options.namespace ?? `${testNamespace('ratelimit').keyPrefix}ratelimit`,
    logger: options.logger ?? createLogger('silent'),
    timeoutMs: options.timeoutMs,
  });
}

/** The suite's Redis as the dashboard's store, under a namespace of this run's own. */
export function openTestDashboardStore(): Promise<ExpiringStore> {
  return createRedisStore({
    url: serviceUrls().redisUrl,
    namespace: `${testNamespace('dashboard').keyPrefix}dashboard`,
    timeoutMs: 2000,
    connectTimeoutMs: 2000,
  });
}

/**
 * One engine pool for the whole test process, as main.ts wires it: its
 * workers start once. Idle workers are unref'd, so it needs no disposing.
 * Its health probe may wait longer than production's 2 s: on a two-core
 * machine shared with other jobs a probe parse can wait that long for a core,
 * and the fuzz test once saw /healthz call such an engine down. The probe's
 * own limits are pool.test.ts's subject, with pools of its own.
 */
let sharedEngine: EnginePool | undefined;
export function testEngine(): EnginePool {
  sharedEngine ??= createEnginePool({ healthTimeoutMs: 10_000 });
  return sharedEngine;
}

/** The dashboard's page scripts, bundled once for the test process rather than once per app. */
let sharedClientBundle: ClientBundle | undefined;
export function testClientBundle(): ClientBundle {
  sharedClientBundle ??= buildClientBundle();
  return sharedClientBundle;
}

export interface TestServer {
  readonly url: string;
  readonly store: Store;
  readonly limiter: RateLimiter;
  /** Every log line written so far. */
  readonly logs: string[];
  close(): Promise<void>;
}

export interface ServerOptions {
  readonly store: Store;
  readonly limiter: RateLimiter;
  readonly engine?: Engine;
  readonly authCacheTtlMs?: number;
  /** Where usage is counted (default: a recorder of the app's own, flushed every second). */
  readonly usage?: UsageRecorder;
  /** The dashboard's settings and TRUST_PROXY (defaults: open sign-up, no proxy). */
  readonly config?: Partial<Pick<Config, 'trustProxy' | 'dashboard'>>;
  /** Where sessions and sign-in failures live (default: in the app instance). */
  readonly dashboardStore?: ExpiringStore;
  /** The dashboard's clock. */
  readonly clock?: () => number;
  /** Serve HTTPS with this certificate and key (PEM), as TLS_CERT_FILE and TLS_KEY_FILE make main.ts do. */
  readonly tls?: ServerTls;
  /** The engine result cache (default: none, every explain runs the engine). */
  readonly resultCache?: ResultCache;
}

export async function startServer(options: ServerOptions): Promise<TestServer> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = createLogger('info', sink);
  const app = createApp({
    store: options.store,
    limiter: options.limiter,
    engine: options.engine ?? testEngine(),
    logger,
    config: { production: false, ...options.config },
    authCacheTtlMs: options.authCacheTtlMs,
    usage: options.usage,
    dashboardStore: options.dashboardStore,
    clock: options.clock,
    clientBundle: testClientBundle(),
    resultCache: options.resultCache,
  });
  const server = createHttpServer(app, logger, { tls: options.tls });
  const { port } = await server.listen(0, '127.0.0.1');
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    store: options.store,
    limiter: options.limiter,
    logs,
    close: () => server.close(0),
  };
}

export interface KeyedAccount {
  readonly accountId: string;
  readonly email: string;
  readonly key: string;
  readonly keyId: string;
}

let accountCounter = 0;

/** A new account on `plan` with one key (created while the plan allows it). */
export async function createKeyedAccount(store: Store, plan: Plan = 'pro'): Promise<KeyedAccount> {
  const accounts = createAccountService({ store });
  const email = `user${++accountCounter}-${Date.now().toString(36)}@example.test`;
  const keyPlan = plan === 'free' ? 'pro' : plan;
  const account = await accounts.createAccount(email, keyPlan);
  const created = await accounts.createKey(email, 'test');
  if (plan !== keyPlan) await accounts.setPlan(email, plan);
  return { accountId: account.id, email, key: created.key, keyId: created.id };
}

/** fetch with the key in X-API-Key. */
export function call(url: string, key: string | undefined, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (key !== undefined && !headers.has('x-api-key') && !headers.has('authorization')) {
    headers.set('X-API-Key', key);
  }
  return fetch(url, { ...init, headers });
}

export function postJson(url: string, key: string | undefined, body: unknown): Promise<Response> {
  return call(url, key, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
