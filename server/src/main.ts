/**
 * `pnpm start`: the service, wired from the environment. With MONGODB_URI and
 * REDIS_URL unset it runs on embedded defaults (a data folder and in-process
 * rate limits) and says so. SIGTERM or SIGINT (to this process, or to its
 * process group as Ctrl-C and process managers send it): drain for
 * SHUTDOWN_DRAIN_MS if set (/healthz 503, still serving), stop accepting, let
 * in-flight requests finish, close connections and stores, exit 0. The same
 * signal delivered twice at once changes nothing; a second one a second or
 * more later exits at once.
 *
 * `pnpm start` runs this file with `node --import tsx`, not the tsx command:
 * tsx relays a signal to its child and kills the child outright (SIGKILL)
 * unless the child reports the signal within about 60 ms, which a server busy
 * with a large explain cannot do. pnpm runs it through its shell emulator
 * (`.npmrc`), which starts node with no shell between them, relays every
 * SIGTERM it gets, and exits only once node has: with sh, pnpm relayed the
 * first SIGTERM and died of the second while node was still closing.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { createRedisResults } from './cache/redis-layer.js';
import { createResultCache, type ResultCache } from './cache/result-cache.js';
import { closeInSteps, closer } from './closing.js';
import { loadConfig, type Config } from './config.js';
import { createEnginePool, type EnginePool } from './engine/pool/pool.js';
import { closeHttp1Server, createHttpServer, listenOn, type ServiceServer } from './http/server.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './limits/limiter.js';
import { createLogger, type Logger } from './logging.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { createMetricsServer } from './metrics/server.js';
import { createRedisStore, type ExpiringStore } from './sessions/kv.js';
import { createSqliteStore } from './sessions/sqlite.js';
import { SignalGate } from './signals.js';
import { lockDataFolder, type FolderLock } from './store/folder-lock.js';
import type { GuardedStore } from './store/guard.js';
import { openStore } from './store/open.js';
import type { Store } from './store/types.js';
import { createUsageRecorder, type UsageRecorder } from './usage/recorder.js';

/** How long in-flight requests get to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 15_000;
/**
 * A second SIGINT or SIGTERM at least this long after the first exits at
 * once; closer ones are the same signal delivered twice (see signals.ts).
 */
const SEPARATE_SIGNAL_MS = 1000;
const SIGNAL_BEAT_MS = 100;

function openLimiter(config: Config, logger: Logger): Promise<RateLimiter> | RateLimiter {
  const quotas = config.rateLimits;
  return config.redisUrl !== undefined
    ? createRedisRateLimiter({
        url: config.redisUrl,
        quotas,
        logger,
        timeoutMs: config.redisTimeoutMs,
        connectTimeoutMs: config.redisConnectTimeoutMs,
      })
    : createMemoryRateLimiter({ quotas });
}

/**
 * Where dashboard sessions and sign-in throttling live: Redis when configured;
 * on the embedded defaults, a file in the data folder (so a restart signs
 * nobody out); else (MongoDB without Redis) createApp keeps them in process.
 */
async function openDashboardStore(config: Config, store: Store): Promise<ExpiringStore | undefined> {
  if (config.redisUrl === undefined) {
    return store.kind === 'embedded' ? createSqliteStore({ dataDir: config.dataDir }) : undefined;
  }
  return createRedisStore({
    url: config.redisUrl,
    timeoutMs: config.redisTimeoutMs,
    connectTimeoutMs: config.redisConnectTimeoutMs,
  });
}

/**
 * The engine result cache from RESULT_CACHE_*: in this process, plus Redis
 * (shared by every instance) with REDIS_URL; none when the TTL is 0 or
 * neither layer is on.
 */
function openResultCache(
  config: Config,
  logger: Logger,
  metrics: Metrics | undefined,
): ResultCache | undefined {
  const { entries, maxBytes, ttlMs } = config.resultCache;
  if (resultCacheKind(config) === 'off') return undefined;
  const shared =
    config.redisUrl !== undefined
      ? createRedisResults({
          url: config.redisUrl,
          timeoutMs: config.redisTimeoutMs,
          connectTimeoutMs: config.redisConnectTimeoutMs,
          logger,
        })
      : undefined;
  return createResultCache({ entries, maxBytes, ttlMs, shared, metrics: metrics?.resultCache });
}

/** Where engine answers are cached, for the start-up line. */
function resultCacheKind(config: Config): 'off' | 'memory' | 'redis' | 'memory+redis' {
  const { entries, maxBytes, ttlMs } = config.resultCache;
  if (ttlMs === 0) return 'off';
  const memory = entries > 0 && maxBytes > 0;
  if (config.redisUrl === undefined) return memory ? 'memory' : 'off';
  return memory ? 'memory+redis' : 'redis';
}

function startEngine(config: Config, logger: Logger): EnginePool {
  return createEnginePool({
    workers: config.engine.workers,
    timeoutMs: config.engine.timeoutMs,
    maxQueue: config.engine.queueLimit,
    maxQueueWaitMs: config.engine.queueWaitMs,
    workerNice: config.engine.nice,
    logger,
  });
}

function urlOf(config: Config, address: AddressInfo): string {
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return `${config.tls ? 'https' : 'http'}://${host}:${address.port}`;
}

function logListening(
  logger: Logger,
  config: Config,
  address: AddressInfo,
  protocols: ServiceServer['protocols'],
  store: Store,
  limiter: RateLimiter,
  engine: EnginePool,
  dashboardStore: ExpiringStore | undefined,
): void {
  const embedded = store.kind === 'embedded';
  logger.info(
    {
      url: urlOf(config, address),
      host: address.address,
      port: address.port,
      // HTTPS in this process, or behind a TLS-terminating proxy (TRUST_PROXY), or plain HTTP.
      transport: config.tls ? 'https' : config.trustProxy ? 'behind-proxy' : 'http',
      protocols,
      // The process to signal: `pnpm start` is its parent.
      pid: process.pid,
      store: store.kind,
      rateLimits: limiter.kind,
      // Without Redis or the data folder, dashboard sessions live in this process: a restart signs everyone out.
      dashboardSessions: dashboardStore?.kind ?? 'memory',
      engineWorkers: engine.stats().workers,
      resultCache: resultCacheKind(config),
      ...(embedded ? { dataDir: resolve(config.dataDir) } : {}),
    },
    embedded || limiter.kind === 'memory'
      ? 'code-explain listening on embedded defaults: explanations, accounts and keys in the data folder, rate limits counted in this process (one server on one machine; set MONGODB_URI and REDIS_URL for production)'
      : 'code-explain listening: MongoDB store, rate limits in Redis',
  );
}

/** The metrics listener, when METRICS_PORT is set; it stops with the service. */
async function serveMetrics(
  config: Config,
  metrics: Metrics | undefined,
  logger: Logger,
): Promise<Server | undefined> {
  if (!config.metrics || !metrics) return undefined;
  const server = createMetricsServer({ metrics, token: config.metrics.token, tls: config.tls, logger });
  const address = await listenOn(server, config.metrics.port, config.metrics.host);
  logger.info(
    {
      metricsUrl: `${urlOf(config, address)}/metrics`,
      metricsPort: address.port,
      token: config.metrics.token !== undefined,
    },
    'metrics listening',
  );
  return server;
}

/** Receives SIGTERM and SIGINT from start-up on, so none ends the process before its store is closed. */
function stopSignals(logger: Logger): { readonly first: Promise<NodeJS.Signals>; requested(): boolean } {
  const gate = new SignalGate(SEPARATE_SIGNAL_MS);
  let resolveFirst: (signal: NodeJS.Signals) => void = () => undefined;
  const first = new Promise<NodeJS.Signals>((resolvePromise) => (resolveFirst = resolvePromise));
  const onSignal = (signal: NodeJS.Signals) => {
    const verdict = gate.receive(Date.now());
    if (verdict === 'first') {
      setInterval(() => gate.beat(Date.now()), SIGNAL_BEAT_MS).unref();
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      resolveFirst(signal);
    } else if (verdict === 'repeat') {
      logger.info({ signal }, 'signal repeated (the terminal and pnpm both deliver it): still finishing');
    } else {
      logger.warn({ signal }, 'second signal: exiting at once, without finishing in-flight requests');
      process.exit(signal === 'SIGINT' ? 130 : 143);
    }
  };
  // Listeners stay until the process ends: without one, a late signal would kill it outright.
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return { first, requested: () => gate.received };
}

async function run(config: Config, logger: Logger): Promise<void> {
  const signals = stopSignals(logger);
  let folderLock: FolderLock | undefined;
  let store: GuardedStore | undefined;
  let limiter: RateLimiter | undefined;
  let usage: UsageRecorder | undefined;
  let dashboardStore: ExpiringStore | undefined;
  let metricsServer: Server | undefined;
  let resultCache: ResultCache | undefined;
  let draining = false;
  // The workers start while the stores connect; listening waits for one that passed its canary parse.
  const engine = startEngine(config, logger);
  try {
    // The embedded defaults keep quotas and sessions in this process: one server per data folder.
    if (config.mongodbUri === undefined) folderLock = lockDataFolder(config.dataDir);
    // The service keeps SQLite off the event loop that serves requests (store/embedded-thread.ts).
    store = await openStore(config, logger, { thread: true });
    if (!signals.requested()) limiter = await openLimiter(config, logger);
    if (!signals.requested()) dashboardStore = await openDashboardStore(config, store);
    if (!signals.requested()) await engine.ready();
    if (store && limiter && !signals.requested()) {
      usage = createUsageRecorder({
        store,
        logger,
        flushIntervalMs: config.usageFlushMs,
        // The last flush's retries take at most half of a stop's time, leaving the rest to the closes after it.
        closeRetryMs: Math.min(5000, Math.floor(config.shutdownCloseMs / 2)),
      });
      const metrics = config.metrics
        ? createMetrics({ store, limiter, engine, processMetrics: true })
        : undefined;
      resultCache = openResultCache(config, logger, metrics);
      const app = createApp({
        store,
        limiter,
        engine,
        logger,
        config,
        dashboardStore,
        usage,
        metrics,
        resultCache,
        draining: () => draining,
      });
      // Metrics first: a taken METRICS_PORT stops the start before the service takes requests.
      metricsServer = await serveMetrics(config, metrics, logger);
      const server = createHttpServer(app, logger, {
        tls: config.tls,
        http2: config.tls?.http2,
        keepAliveTimeoutMs: config.keepAliveTimeoutMs,
      });
      const address = await server.listen(config.port, config.host);
      logListening(logger, config, address, server.protocols, store, limiter, engine, dashboardStore);
      await signals.first;
      if (config.shutdownDrainMs > 0) {
        // The balancer's health check sees `draining` and stops sending; what it sent before still
        // reaches an open port and is served. Closing first would reset connections still in the
        // kernel's accept queue, and a balancer does not resend a POST it has sent.
        draining = true;
        logger.info(
          { drainMs: config.shutdownDrainMs },
          'draining: /healthz answers 503 while requests are still served',
        );
        await new Promise((resolvePromise) => setTimeout(resolvePromise, config.shutdownDrainMs));
      }
      await server.close(SHUTDOWN_GRACE_MS);
    }
  } finally {
    // Every way out (a signal, a failed start-up) closes what was opened, so a restart can follow at
    // once, and within SHUTDOWN_CLOSE_MS: a database that stopped answering must not hold the stop.
    const deadline = Date.now() + config.shutdownCloseMs;
    const unfinished = await closeInSteps(
      [
        [
          // Scrapes are short; Prometheus sees the instance go with its last requests counted.
          ['metrics', closer(metricsServer, (opened) => closeHttp1Server(opened, SHUTDOWN_GRACE_MS))],
          // Requests have finished (or never started): their usage counts go to the store before it closes.
          ['usage', closer(usage, (opened) => opened.close())],
        ],
        [
          ['store', closer(store, (opened) => opened.close())],
          ['limiter', closer(limiter, (opened) => opened.close())],
          ['dashboard sessions', closer(dashboardStore, (opened) => opened.close())],
          ['result cache', closer(resultCache, (opened) => opened.close())],
          ['engine', () => engine.dispose()],
        ],
        // Last: the folder is this server's until its store has let go of it.
        [['data folder', closer(folderLock, async (opened) => opened.release())]],
      ],
      deadline,
    );
    if (unfinished.length > 0)
      logger.warn(
        { unfinished, shutdownCloseMs: config.shutdownCloseMs },
        `stopping without waiting longer for: ${unfinished.join(', ')} (SHUTDOWN_CLOSE_MS)`,
      );
  }
  logger.info('stopped');
}

/**
 * Once everything is closed (or never opened), the process exits at once
 * with its status, rather than by its event loop running dry: on that way out
 * Node first takes back its signal handlers, and a SIGTERM relayed a moment
 * late (pnpm relays each one it gets) then killed the process, which pnpm
 * reported as a failure (status 129). Nothing is left to wait for either: the
 * log is written synchronously, and a handle a library keeps open must not hold
 * the exit.
 */
const loaded = loadConfig(process.env);
if (!loaded.ok) {
  const logger = createLogger('info');
  logger.fatal({ errors: loaded.errors }, `invalid configuration: ${loaded.errors.join('; ')}`);
  process.exit(1);
} else {
  const logger = createLogger(loaded.config.logLevel);
  try {
    await run(loaded.config, logger);
  } catch (error) {
    logger.fatal({ err: error }, `cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
}
