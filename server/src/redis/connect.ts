/**
 * The one place an ioredis client is made from REDIS_URL, so every Redis user
 * (rate limits, dashboard sessions, and any shared cache) speaks to one server,
 * a Sentinel-managed master or a cluster alike (target.ts parses the URL).
 * Callers give the deadlines and reconnection pace; the client never queues a
 * command while disconnected (callers fail fast or fall back instead).
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { parseRedisUrl, type RedisTarget } from './target.js';

export type RedisClient = Redis | Cluster;

export interface RedisClientOptions {
  readonly connectTimeoutMs: number;
  /** How long one command may take before it fails. */
  readonly commandTimeoutMs: number;
  /** A connection silent this long is dropped and reopened (a frozen server). */
  readonly socketTimeoutMs: number;
  /** The delay before reconnection attempt `attempt` (1, 2, …). */
  readonly retryDelayMs: (attempt: number) => number;
  /** Whether a command sent before a lost connection is sent again after reconnecting (ioredis's default: yes). */
  readonly resendAfterReconnect?: boolean;
}

/** The target REDIS_URL names; throws on a URL config.ts would have refused. */
export function redisTarget(url: string): RedisTarget {
  const parsed = parseRedisUrl(url);
  if (!parsed.ok) throw new Error(`REDIS_URL ${parsed.error}`);
  return parsed.target;
}

/** A client, not yet connected (`lazyConnect`): call `connect()`, as a refused start-up should be loud. */
export function createRedisClient(url: string, options: RedisClientOptions): RedisClient {
  const target = redisTarget(url);
  const common = {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs,
    commandTimeout: options.commandTimeoutMs,
    socketTimeout: options.socketTimeoutMs,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: options.resendAfterReconnect ?? true,
  } satisfies RedisOptions;
  const retryStrategy = (attempt: number) => options.retryDelayMs(attempt);

  switch (target.kind) {
    case 'standalone':
      return new Redis(target.url, { ...common, enableOfflineQueue: false, retryStrategy });
    case 'sentinel':
      return new Redis({
        ...common,
        enableOfflineQueue: false,
        sentinels: target.sentinels.map(({ host, port }) => ({ host, port })),
        name: target.name,
        role: 'master',
        db: target.db,
        ...(target.username === undefined ? {} : { username: target.username }),
        ...(target.password === undefined ? {} : { password: target.password }),
        ...(target.sentinelUsername === undefined ? {} : { sentinelUsername: target.sentinelUsername }),
        ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
        ...(target.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
        // The master connection and the Sentinel queries back off alike; after a failover the
        // client asks the Sentinels again and reconnects to the new master.
        retryStrategy,
        sentinelRetryStrategy: retryStrategy,
        // No failoverDetector: a Sentinel that demotes a master also disconnects its clients (CLIENT KILL),
        // which sends this client back to the Sentinels; the detector's own Sentinel connections would
        // log unhandled errors for every Sentinel that is down.
      });
    case 'cluster':
      return new Cluster(
        target.nodes.map(({ host, port }) => ({ host, port })),
        {
          lazyConnect: true,
          enableOfflineQueue: false,
          clusterRetryStrategy: retryStrategy,
          slotsRefreshTimeout: options.connectTimeoutMs,
          redisOptions: {
            connectTimeout: common.connectTimeout,
            commandTimeout: common.commandTimeout,
            socketTimeout: common.socketTimeout,
            maxRetriesPerRequest: 0,
            autoResendUnfulfilledCommands: common.autoResendUnfulfilledCommands,
            ...(target.username === undefined ? {} : { username: target.username }),
            ...(target.password === undefined ? {} : { password: target.password }),
            ...(target.tls ? { tls: {} } : {}),
          },
        },
      );
  }
}

/**
 * Connects a client made by createRedisClient and checks that the server
 * answers, or disconnects it and throws: at start-up an unreachable Redis
 * looks the same as a wrong REDIS_URL, which should fail a deployment loudly.
 * Connection trouble after that is reported through failing commands, not as
 * `error` events (ioredis throws those without a listener).
 */
export async function connectOrThrow(client: RedisClient): Promise<void> {
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot reach Redis at REDIS_URL: ${reason}`, { cause: error });
  }
}
