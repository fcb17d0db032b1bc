/**
 * `pnpm start`: the service, wired from the environment. With MONGODB_URI and
 * REDIS_URL unset it runs on embedded defaults (a data folder and in-process
 * rate limits) and says so. SIGTERM or SIGINT: stop accepting, let in-flight
 * requests finish, close connections and stores, exit.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createEngine } from './engine/engine.js';
import { createHttpServer } from './http/server.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './limits/limiter.js';
import { createLogger, type Logger } from './logging.js';
import { openStore } from './store/open.js';
import type { Store } from './store/types.js';

/** How long in-flight requests get to finish before their connections are cut. */
const SHUTDOWN_GRACE_MS = 15_000;

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

function listen(server: Server, config: Config): Promise<AddressInfo> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolvePromise(server.address() as AddressInfo);
    });
  });
}

/** Stops accepting, waits for in-flight requests (closing each connection once idle), then cuts the rest. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    // Keep-alive connections become idle as their responses finish; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(deadline);
    });
  });
}

async function run(config: Config, logger: Logger): Promise<void> {
  let store: Store | undefined;
  let limiter: RateLimiter | undefined;
  try {
    store = await openStore(config);
    limiter = await openLimiter(config, logger);
  } catch (error) {
    await store?.close().catch(() => undefined);
    throw error;
  }
  const engine = createEngine();
  const app = createApp({ store, limiter, engine, logger, config });
  const server = createHttpServer(app, logger);
  const address = await listen(server, config);

  const embedded = store.kind === 'embedded';
  logger.info(
    {
      url: `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`,
      host: address.address,
      port: address.port,
      store: store.kind,
      rateLimits: limiter.kind,
      ...(embedded ? { dataDir: resolve(config.dataDir) } : {}),
    },
    embedded || limiter.kind === 'memory'
      ? 'code-explain listening on embedded defaults: explanations, accounts and keys in the data folder, rate limits counted in this process (one server on one machine; set MONGODB_URI and REDIS_URL for production)'
      : 'code-explain listening: MongoDB store, rate limits in Redis',
  );

  await new Promise<void>((resolvePromise) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down: finishing in-flight requests');
      process.removeListener('SIGTERM', stop);
      process.removeListener('SIGINT', stop);
      // A second signal while draining ends the process at once.
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolvePromise();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });

  await closeServer(server);
  await Promise.allSettled([store.close(), limiter.close()]);
  engine.dispose();
  logger.info('stopped');
}

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  const logger = createLogger('info');
  logger.fatal({ errors: loaded.errors }, `invalid configuration: ${loaded.errors.join('; ')}`);
  process.exitCode = 1;
} else {
  const logger = createLogger(loaded.config.logLevel);
  try {
    await run(loaded.config, logger);
    process.exitCode = 0;
  } catch (error) {
    logger.fatal({ err: error }, `cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
  // Nothing should be left running; if a library keeps a handle open, do not hang on it.
  setTimeout(() => process.exit(), 2000).unref();
}
